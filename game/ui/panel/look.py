"""How a panel looks: colours, font sizes, the panel's background and shadow,
and each kind of button in each of its states.

The screens sit on the same felt as the table, with content on a dark panel
so text stays readable; gold marks what is selected or focused, like the
brass trim of a card table. The panel, its rim and the plain buttons follow
the table the player chose (`render.tables`), so a dialog feels like part
of the same table rather than a separate window.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import arcade
from arcade.hitbox import algo_bounding_box
from PIL import Image, ImageDraw, ImageFilter

from game.ui.panel.nodes import Kind
from game.ui.render import style, tables

# The table's font (Liberation Sans, shipped inside arcade and registered by
# `style.load_fonts`), so every machine shows the same letters on every screen.
FONT = style.FONT_FALLBACKS

Rgba = tuple[int, int, int, int]

TEXT: Rgba = (245, 240, 225, 255)
TEXT_DIM: Rgba = (200, 214, 200, 255)
GOLD: Rgba = (236, 196, 92, 255)
ERROR: Rgba = (255, 150, 120, 255)
INK: Rgba = (28, 24, 14, 255)
DANGER: Rgba = (168, 52, 40, 255)
FIELD: Rgba = (0, 0, 0, 90)
FIELD_INVALID: Rgba = (120, 30, 20, 120)

TITLE_SIZE = 28
HEADING_SIZE = 17
BODY_SIZE = 14
SMALL_SIZE = 12

PANEL_RADIUS = 14  # design pixels: a panel's rounded corner
PANEL_BORDER = 2  # and its rim
SHADOW_BLUR = 9  # design pixels: how soft a panel's shadow is
SHADOW_DROP = 6  # lit from above: the shadow falls a little lower
SHADOW_SCALE = 4  # the shadow is made at 1/4 of its size and stretched: it is all soft edges
DIM = 0.45  # how much of the table's light is left behind a dialog


def felt() -> Rgba:
    return (*tables.current().felt, 255)


class State(NamedTuple):
    """A button's look in one state: its text, its fill, its rim (None for
    none) and the rim's width in pixels."""

    text: Rgba
    fill: Rgba
    rim: Rgba | None
    rim_width: int


_DISABLED = State(TEXT_DIM, (60, 70, 60, 255), None, 0)


def button_look(kind: Kind, state: str) -> State:
    """What a button of `kind` looks like in `state` (normal, hover, press, disabled)."""
    table = tables.current()
    looks: dict[str, dict[str, State]] = {
        "plain": {
            "normal": State(TEXT, (*table.button, 255), TEXT_DIM, 1),
            "hover": State(TEXT, (*table.button_hover, 255), GOLD, 2),
            "press": State(INK, GOLD, GOLD, 2),
            "disabled": _DISABLED,
        },
        "selected": {
            "normal": State(INK, GOLD, TEXT, 1),
            "hover": State(INK, (250, 216, 120, 255), TEXT, 2),
            "press": State(INK, TEXT, GOLD, 2),
            "disabled": State(INK, (150, 130, 80, 255), None, 0),
        },
        "danger": {
            "normal": State(TEXT, DANGER, TEXT_DIM, 1),
            "hover": State(TEXT, (200, 70, 52, 255), GOLD, 2),
            "press": State(INK, GOLD, GOLD, 2),
            "disabled": _DISABLED,
        },
    }
    return looks[kind][state]


@lru_cache(maxsize=8)
def _panel_image(
    width: int, height: int, fill: tuple[int, ...], rim: tuple[int, ...], radius: int, border: int
) -> arcade.Texture:
    k = 2  # drawn at twice the size and reduced: smooth corners
    big = Image.new("RGBA", (width * k, height * k), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.rounded_rectangle((0, 0, width * k - 1, height * k - 1), radius * k, fill=(*rim[:3], 255))
    b = border * k
    d.rounded_rectangle((b, b, width * k - 1 - b, height * k - 1 - b), max(0, radius * k - b), fill=(*fill[:3], 255))
    image = big.resize((width, height), Image.Resampling.BOX)
    return arcade.Texture(
        image, hash=f"spider-panel-{width}x{height}-{fill}-{rim}-{radius}-{border}", hit_box_algorithm=algo_bounding_box
    )


def panel_texture(width: int, height: int, scale: float) -> arcade.Texture:
    """A panel `width` x `height` pixels on the table in use: rounded, opaque,
    with a rim in the table's trim colour (made once per size and table)."""
    table = tables.current()
    radius, border = round(PANEL_RADIUS * scale), max(1, round(PANEL_BORDER * scale))
    return _panel_image(max(width, 2), max(height, 2), table.panel, table.border, radius, border)


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
    return arcade.Texture(
        image, hash=f"spider-panel-shadow-{width}x{height}-{blur}", hit_box_algorithm=algo_bounding_box
    )
