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
from game.ui.render import chrome, style, tables

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
        # A calendar's days: not played (no rim), won on its day (gold words on a
        # gold rim), played (a white rim).
        "day": {
            "normal": State(TEXT, (*table.button, 255), None, 0),
            "hover": State(TEXT, (*table.button_hover, 255), GOLD, 2),
            "press": State(INK, GOLD, GOLD, 2),
            "disabled": _DISABLED,
        },
        "won": {
            "normal": State(GOLD, (*table.button, 255), GOLD, 2),
            "hover": State(GOLD, (*table.button_hover, 255), GOLD, 3),
            "press": State(INK, GOLD, GOLD, 2),
            "disabled": _DISABLED,
        },
        "played": {
            "normal": State(TEXT, (*table.button, 255), TEXT, 2),
            "hover": State(TEXT, (*table.button_hover, 255), GOLD, 2),
            "press": State(INK, GOLD, GOLD, 2),
            "disabled": _DISABLED,
        },
        "danger": {
            "normal": State(TEXT, DANGER, TEXT_DIM, 1),
            "hover": State(TEXT, (200, 70, 52, 255), GOLD, 2),
            "press": State(INK, GOLD, GOLD, 2),
            "disabled": _DISABLED,
        },
    }
    return looks[kind][state]


Piece = tuple[arcade.Texture, float, float, float, float, Rgba]  # a texture at (left, bottom, width, height), tinted


@lru_cache(maxsize=16)
def _corner(fill: tuple[int, ...], rim: tuple[int, ...], radius: int, border: int) -> tuple[arcade.Texture, ...]:
    """A panel's four corners (top left, top right, bottom left, bottom right),
    `radius` pixels square, the rim's arc `border` wide, drawn at 4x and reduced."""
    k = 4
    size = radius * k
    big = Image.new("RGBA", (2 * size + 2, 2 * size + 2), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.rounded_rectangle((0, 0, 2 * size + 1, 2 * size + 1), size, fill=(*rim[:3], 255))
    b = border * k
    d.rounded_rectangle((b, b, 2 * size + 1 - b, 2 * size + 1 - b), max(0, size - b), fill=(*fill[:3], 255))
    top_left = big.crop((0, 0, size, size)).resize((radius, radius), Image.Resampling.BOX)
    turns = {
        "tl": top_left,
        "tr": top_left.transpose(Image.Transpose.FLIP_LEFT_RIGHT),
        "bl": top_left.transpose(Image.Transpose.FLIP_TOP_BOTTOM),
        "br": top_left.transpose(Image.Transpose.ROTATE_180),
    }
    return tuple(
        arcade.Texture(
            image, hash=f"spider-panel-{where}-{fill}-{rim}-{radius}-{border}", hit_box_algorithm=algo_bounding_box
        )
        for where, image in turns.items()
    )


@lru_cache(maxsize=16)
def _edges(
    fill: tuple[int, ...], rim: tuple[int, ...], radius: int, border: int
) -> tuple[arcade.Texture, arcade.Texture]:
    """A panel's top edge (a column `radius` high: rim above fill) and left
    edge (a row: rim then fill), stretched along their length only."""
    top = Image.new("RGBA", (1, radius), (*fill[:3], 255))
    for y in range(border):
        top.putpixel((0, y), (*rim[:3], 255))
    left = top.transpose(Image.Transpose.ROTATE_90).transpose(Image.Transpose.FLIP_TOP_BOTTOM)
    return (
        arcade.Texture(
            top, hash=f"spider-panel-top-{fill}-{rim}-{radius}-{border}", hit_box_algorithm=algo_bounding_box
        ),
        arcade.Texture(
            left, hash=f"spider-panel-left-{fill}-{rim}-{radius}-{border}", hit_box_algorithm=algo_bounding_box
        ),
    )


def panel_pieces(left: float, bottom: float, width: float, height: float, scale: float) -> list[Piece]:
    """A panel on the table in use, as nine pieces: rounded corners, edges with
    the rim in the table's trim colour, an opaque middle. Tiny textures,
    stretched: a panel of any size costs the same to make."""
    table = tables.current()
    r = max(2, min(round(PANEL_RADIUS * scale), int(width) // 2, int(height) // 2))
    b = max(1, round(PANEL_BORDER * scale))
    tl, tr, bl, br = _corner(table.panel, table.border, r, b)
    top, side = _edges(table.panel, table.border, r, b)
    white: Rgba = (255, 255, 255, 255)
    fill: Rgba = (*table.panel, 255)
    x, y, w, h = round(left), round(bottom), round(width), round(height)
    right, up = x + w - r, y + h - r
    flat = chrome.rounded_texture(4, 4, 0)
    flip_y, flip_x = top.flip_top_bottom(), side.flip_left_right()
    return [
        (tl, x, up, r, r, white),
        (tr, right, up, r, r, white),
        (bl, x, y, r, r, white),
        (br, right, y, r, r, white),
        (top, x + r, up, w - 2 * r, r, white),
        (flip_y, x + r, y, w - 2 * r, r, white),
        (side, x, y + r, r, h - 2 * r, white),
        (flip_x, right, y + r, r, h - 2 * r, white),
        (flat, x + r, y + r, w - 2 * r, h - 2 * r, fill),
    ]


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
