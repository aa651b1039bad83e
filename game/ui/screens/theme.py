"""Colours, fonts and widget styles shared by the screens.

The screens sit on the same felt as the table, with content on a dark,
translucent panel so text stays readable; gold marks what is selected or
focused, like the brass trim of a card table.
"""

from __future__ import annotations

from arcade.gui import UIFlatButton
from arcade.types import Color

# DejaVu Sans ships with most Linux desktops and has every accented letter we
# need; pyglet tries the next names in turn on Windows and macOS.
FONT = ("DejaVu Sans", "Segoe UI", "Helvetica Neue", "Arial")

# The table's green (game/ui/chrome.py FELT), so a screen feels like part of
# the same table rather than a separate window.
FELT = Color(14, 94, 50)
TEXT = Color(245, 240, 225)
TEXT_DIM = Color(200, 214, 200)
GOLD = Color(236, 196, 92)
ERROR = Color(255, 150, 120)
PANEL = Color(8, 38, 22, 235)
BUTTON = Color(24, 78, 46)
BUTTON_HOVER = Color(38, 112, 66)
INK = Color(28, 24, 14)
DANGER = Color(168, 52, 40)

TITLE_SIZE = 28
HEADING_SIZE = 17
BODY_SIZE = 14
SMALL_SIZE = 12

_Style = UIFlatButton.UIStyle


def button_style(font_size: int = BODY_SIZE) -> dict[str, UIFlatButton.UIStyle]:
    """A plain button: green on the panel, lighter with a gold rim when hovered or focused."""
    return {
        "normal": _Style(
            font_size=font_size,
            font_name=FONT,
            font_color=TEXT,
            bg=BUTTON,
            border=TEXT_DIM,
            border_width=1,
        ),
        "hover": _Style(
            font_size=font_size,
            font_name=FONT,
            font_color=TEXT,
            bg=BUTTON_HOVER,
            border=GOLD,
            border_width=2,
        ),
        "press": _Style(
            font_size=font_size,
            font_name=FONT,
            font_color=INK,
            bg=GOLD,
            border=GOLD,
            border_width=2,
        ),
        "disabled": _Style(
            font_size=font_size,
            font_name=FONT,
            font_color=TEXT_DIM,
            bg=Color(60, 70, 60),
            border=None,
        ),
    }


def selected_style(font_size: int = BODY_SIZE) -> dict[str, UIFlatButton.UIStyle]:
    """The chosen one of a set of choices (and a toggle that is on): gold."""
    return {
        "normal": _Style(
            font_size=font_size,
            font_name=FONT,
            font_color=INK,
            bg=GOLD,
            border=TEXT,
            border_width=1,
        ),
        "hover": _Style(
            font_size=font_size,
            font_name=FONT,
            font_color=INK,
            bg=Color(250, 216, 120),
            border=TEXT,
            border_width=2,
        ),
        "press": _Style(
            font_size=font_size,
            font_name=FONT,
            font_color=INK,
            bg=TEXT,
            border=GOLD,
            border_width=2,
        ),
        "disabled": _Style(
            font_size=font_size,
            font_name=FONT,
            font_color=INK,
            bg=Color(150, 130, 80),
            border=None,
        ),
    }


def danger_style(font_size: int = BODY_SIZE) -> dict[str, UIFlatButton.UIStyle]:
    """A button that destroys something (erasing the statistics)."""
    return {
        "normal": _Style(
            font_size=font_size,
            font_name=FONT,
            font_color=TEXT,
            bg=DANGER,
            border=TEXT_DIM,
            border_width=1,
        ),
        "hover": _Style(
            font_size=font_size,
            font_name=FONT,
            font_color=TEXT,
            bg=Color(200, 70, 52),
            border=GOLD,
            border_width=2,
        ),
        "press": _Style(
            font_size=font_size,
            font_name=FONT,
            font_color=INK,
            bg=GOLD,
            border=GOLD,
            border_width=2,
        ),
        "disabled": _Style(
            font_size=font_size,
            font_name=FONT,
            font_color=TEXT_DIM,
            bg=Color(60, 70, 60),
            border=None,
        ),
    }
