"""Colours, fonts and widget styles shared by the screens.

The screens sit on the same felt as the table, with content on a dark,
translucent panel so text stays readable; gold marks what is selected or
focused, like the brass trim of a card table.
"""

from __future__ import annotations

from arcade.gui import UIFlatButton
from arcade.types import Color

from game.ui.render import style, tables

# The table's font (Liberation Sans, shipped inside arcade and registered by
# `style.load_fonts`), so every machine shows the same letters on every screen.
FONT = style.FONT_FALLBACKS
style.load_fonts()

TEXT = Color(245, 240, 225)
TEXT_DIM = Color(200, 214, 200)
GOLD = Color(236, 196, 92)
ERROR = Color(255, 150, 120)
INK = Color(28, 24, 14)
DANGER = Color(168, 52, 40)


# The felt, the panel and the buttons follow the table the player chose
# (`render.tables`), so a screen feels like part of the same table rather
# than a separate window.
def felt() -> Color:
    return Color(*tables.current().felt)


def panel() -> Color:
    """A screen's panel: opaque, so nothing of the table shows through text."""
    return Color(*tables.current().panel)


def border() -> Color:
    """The rim of a panel."""
    return Color(*tables.current().border)


TITLE_SIZE = 28
HEADING_SIZE = 17
BODY_SIZE = 14
SMALL_SIZE = 12

_Style = UIFlatButton.UIStyle
# Per state: text colour, background, border (None for none), border width.
_States = dict[str, tuple[Color, Color, Color | None, int]]


def _styles(font_size: int, states: _States) -> dict[str, UIFlatButton.UIStyle]:
    return {
        state: _Style(font_size=font_size, font_name=FONT, font_color=fg, bg=bg, border=border, border_width=width)
        for state, (fg, bg, border, width) in states.items()
    }


_DISABLED = (TEXT_DIM, Color(60, 70, 60), None, 0)


def button_style(font_size: int = BODY_SIZE) -> dict[str, UIFlatButton.UIStyle]:
    """A plain button: the table's colour on the panel, lighter with a gold rim when hovered or focused."""
    table = tables.current()
    return _styles(
        font_size,
        {
            "normal": (TEXT, Color(*table.button), TEXT_DIM, 1),
            "hover": (TEXT, Color(*table.button_hover), GOLD, 2),
            "press": (INK, GOLD, GOLD, 2),
            "disabled": _DISABLED,
        },
    )


def selected_style(font_size: int = BODY_SIZE) -> dict[str, UIFlatButton.UIStyle]:
    """The chosen one of a set of choices (and a toggle that is on): gold."""
    return _styles(
        font_size,
        {
            "normal": (INK, GOLD, TEXT, 1),
            "hover": (INK, Color(250, 216, 120), TEXT, 2),
            "press": (INK, TEXT, GOLD, 2),
            "disabled": (INK, Color(150, 130, 80), None, 0),
        },
    )


def danger_style(font_size: int = BODY_SIZE) -> dict[str, UIFlatButton.UIStyle]:
    """A button that destroys something (erasing the statistics)."""
    return _styles(
        font_size,
        {
            "normal": (TEXT, DANGER, TEXT_DIM, 1),
            "hover": (TEXT, Color(200, 70, 52), GOLD, 2),
            "press": (INK, GOLD, GOLD, 2),
            "disabled": _DISABLED,
        },
    )


# The looks a screen's button can have, by name.
STYLES = {"plain": button_style, "selected": selected_style, "danger": danger_style}
