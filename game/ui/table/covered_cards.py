"""Covered cards drawn as the strip that shows: fewer pixels for software GL.

In a fanned column each card but the last is covered by the next one, except
for a strip along its top. Software OpenGL (llvmpipe) pays for every pixel of
every card it draws, so a column of eleven cards costs nearly eleven whole
cards although about three show. The table's card list therefore draws with
its own program: arcade's sprite geometry shader, plus one number per
sprite, the height of the strip to draw from the card's top edge (0: the
whole card). The number travels in the sprite's `depth`, which arcade passes
to the shader and the table never uses otherwise (no depth test).

`strips(sprites)` says which cards may be cut, from where they are drawn this
very frame, so the picture is exactly the uncut one: a card is cut only where
the card drawn next over it is opaque (card images are opaque but for their
rounded corners, `OPAQUE_INSET` of their height at the top and bottom). Every
frame is still drawn whole; nothing depends on an earlier frame.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from game.system import internals, resources

if TYPE_CHECKING:
    import arcade
    from arcade.gl import Program

_log = logging.getLogger(__name__)

# The rows at the top (and at the bottom) of a card image that its rounded
# corners leave partly transparent, as a share of its height; every other
# row is opaque edge to edge (tests/ui/table/test_covered_cards.py reads the atlas).
OPAQUE_INSET = 16 / 280
# Pixels of margin for filtering and rounding.
MARGIN = 2.0


def strip_height(card: arcade.BasicSprite, over: arcade.BasicSprite) -> float:
    """How much of `card`, from its top edge, must be drawn when `over` is
    drawn after it: 0 for all of it. `over` hides the rest only when it is
    a card of the same size in the same place across, opaque, lower by at
    least its corner rows (so its own bottom corners fall below `card`)."""
    if not over.visible or over.alpha != 255:
        return 0.0
    if abs(card.width - over.width) > 0.01 or abs(card.height - over.height) > 0.01:
        return 0.0
    if abs(card.center_x - over.center_x) > 0.01:
        return 0.0
    gap = card.center_y - over.center_y  # how far lower `over` lies
    corner = math.ceil(OPAQUE_INSET * card.height) + MARGIN
    if gap < corner:
        return 0.0
    shown = gap + corner
    return shown if shown < card.height - 1 else 0.0


def cut_columns(columns: Sequence[Sequence[arcade.BasicSprite]], in_order: bool) -> None:
    """Set each column card's strip for this frame. `in_order`: the card list
    is drawn in column order (a card after the one it lies on); else, while
    it is being restacked, nothing is cut."""
    for column in columns:
        last = len(column) - 1
        for i, card in enumerate(column):
            shown = strip_height(card, column[i + 1]) if in_order and i < last else 0.0
            if card.depth != shown:
                card.depth = shown


def reset(cards: Sequence[arcade.BasicSprite]) -> None:
    """No strip for `cards` (they left the columns)."""
    for card in cards:
        if card.depth:
            card.depth = 0.0


# ------------------------------------------------------------------ the program

# arcade's own sprite-list shaders, with ours between them.
VERTEX = ":system:shaders/sprites/sprite_list_geometry_vs.glsl"
FRAGMENT = ":system:shaders/sprites/sprite_list_geometry_fs.glsl"
GEOMETRY = "shaders/covered_card_geo.glsl"


def program(ctx: arcade.ArcadeContext) -> Program:
    made = ctx.load_program(vertex_shader=VERTEX, geometry_shader=resources.path(GEOMETRY), fragment_shader=FRAGMENT)
    made["sprite_texture"] = 0
    made["uv_texture"] = 1
    return made


def install(cards: arcade.SpriteList[Any]) -> bool:
    """Draw `cards` with the strip program; False (and nothing cut) if
    arcade no longer draws a sprite list with `data.program`."""
    data = internals.get(cards, internals.SPRITE_LIST_DATA)
    if data is None or not hasattr(data, internals.SPRITE_LIST_PROGRAM.name):
        internals.missing(internals.SPRITE_LIST_PROGRAM)
        return False
    try:
        made = program(cards.ctx)
    except Exception as error:  # a driver without geometry shaders, say
        _log.warning("spider: covered cards are drawn whole (%s)", error)
        return False
    return internals.put(data, internals.SPRITE_LIST_PROGRAM, made)
