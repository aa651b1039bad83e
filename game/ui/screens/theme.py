"""Colours, fonts and widget styles shared by the screens.

The screens sit on the same felt as the table, with content on a dark,
translucent panel so text stays readable; gold marks what is selected or
focused, like the brass trim of a card table.
"""

from __future__ import annotations

from functools import lru_cache

import arcade
from arcade.gui import NinePatchTexture, UIFlatButton
from arcade.types import Color
from PIL import Image, ImageDraw, ImageFilter

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


PANEL_RADIUS = 14  # design pixels: a panel's rounded corner
PANEL_BORDER = 2  # and its rim


@lru_cache(maxsize=8)
def panel_texture(fill: tuple[int, int, int], rim: tuple[int, int, int], radius: int, border: int) -> NinePatchTexture:
    """A panel's background, stretched to any size without blurring its
    corners: rounded, opaque, with a rim in the table's trim colour. Drawn
    at 4x and reduced, so the curve is smooth."""
    k = 4
    size = 2 * radius + 4
    big = Image.new("RGBA", (size * k, size * k), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.rounded_rectangle((0, 0, size * k - 1, size * k - 1), radius * k, fill=(*rim, 255))
    b = border * k
    d.rounded_rectangle((b, b, size * k - 1 - b, size * k - 1 - b), radius * k - b, fill=(*fill, 255))
    image = big.resize((size, size), Image.Resampling.LANCZOS)
    texture = arcade.Texture(image, hash=f"spider-panel-{fill}-{rim}-{radius}-{border}")
    edge = radius + 1
    return NinePatchTexture(edge, edge, edge, edge, texture)


def panel_background(scale: float) -> NinePatchTexture:
    """The background of a screen's panel on the table in use, at the screens' `scale`."""
    table = tables.current()
    return panel_texture(table.panel, table.border, round(PANEL_RADIUS * scale), max(1, round(PANEL_BORDER * scale)))


SHADOW_BLUR = 9  # design pixels: how soft a panel's shadow is


SHADOW_SCALE = 4  # the shadow is made at 1/4 of its size and stretched: it is all soft edges


@lru_cache(maxsize=8)
def shadow_texture(width: int, height: int, blur: int) -> arcade.Texture:
    """A soft shadow for a panel of `width` x `height` pixels: a dark
    rounded block blurred `blur` pixels, in an image 2 * 2 * `blur` larger
    each way (drawn stretched to that size). Made once per panel size."""
    k = SHADOW_SCALE
    pad = 2 * blur
    w, h = max(1, (width + 2 * pad) // k), max(1, (height + 2 * pad) // k)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (pad // k, pad // k, w - 1 - pad // k, h - 1 - pad // k), blur // k, fill=235
    )
    mask = mask.filter(ImageFilter.GaussianBlur(max(1, blur // k)))
    image = Image.new("RGBA", (w, h), (0, 0, 0, 255))
    image.putalpha(mask)
    return arcade.Texture(image, hash=f"spider-panel-shadow-{width}x{height}-{blur}")


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
