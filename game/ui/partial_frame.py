"""Which part of the screen a frame of moving cards must draw again.

On software OpenGL every pixel drawn costs time: a frame that copies the
whole cached table (`static_layer`) and draws the HUD over it costs about
three clears of the window, although only the cards in flight changed.
When the window keeps its last frame (`presenter`), such a frame needs only
the boxes where something changed: they are copied back from the cache of
the resting table and what lies in them drawn again; every other pixel is
already right.

`FrameMemory.plan` decides it from what the last frame drew. The frame is
drawn whole unless the last one was drawn by the same table into the same
window and shown once since (the caller's `state`). Otherwise:

- nothing changed: nothing is drawn;
- else the live sprites (the few the cache does not hold) are all drawn
  again, each over its box copied back (a sprite drawn twice over itself
  would blend its soft edges twice), with the boxes they left;
- a layer drawn over the cards (the HUD, the status line) is drawn again
  when it changed or a box touches it, over its boxes (old and new) copied
  back; those boxes may touch another layer, which is then drawn again too.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence
from typing import Any

import arcade

# left, bottom, right, top in framebuffer pixels (right and top excluded)
Box = tuple[int, int, int, int]
# What a live sprite looked like to the last frame.
_Look = tuple[Any, Any, Any, Any, bool]


def _look(sprite: arcade.BasicSprite) -> _Look:
    # (`visible` is apart from the colour's alpha in arcade)
    return (sprite.position, sprite.size, sprite.texture, sprite.color, sprite.visible)


def layer_look(sprites: Iterable[arcade.BasicSprite]) -> tuple[_Look, ...]:
    """The sprites of a layer drawn over the cards as a value (equal: they
    draw the same pixels)."""
    return tuple(_look(s) for s in sprites)


def sprite_box(sprite: arcade.BasicSprite, scale: float, size: tuple[int, int]) -> Box | None:
    """Every framebuffer pixel `sprite` may touch (a pixel of margin), or
    None when it draws nothing on screen."""
    if sprite.alpha == 0 or not sprite.visible:
        return None
    x, y, w, h = sprite.center_x, sprite.center_y, sprite.width, sprite.height
    return _clip(
        (
            math.floor((x - w / 2) * scale) - 1,
            math.floor((y - h / 2) * scale) - 1,
            math.ceil((x + w / 2) * scale) + 1,
            math.ceil((y + h / 2) * scale) + 1,
        ),
        size,
    )


def _clip(box: Box, size: tuple[int, int]) -> Box | None:
    left, bottom, right, top = max(box[0], 0), max(box[1], 0), min(box[2], size[0]), min(box[3], size[1])
    return (left, bottom, right, top) if left < right and bottom < top else None


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def merge(boxes: Iterable[Box]) -> list[Box]:
    """Overlapping boxes joined into their bounding box (fewer, larger
    boxes: each is one quad to copy, and no pixel is copied twice)."""
    merged: list[Box] = []
    for box in boxes:
        while True:
            for i, other in enumerate(merged):
                if overlap(box, other):
                    del merged[i]
                    box = (min(box[0], other[0]), min(box[1], other[1]), max(box[2], other[2]), max(box[3], other[3]))
                    break
            else:
                break
        merged.append(box)
    return merged


# A layer drawn over the cards: what it looks like (a value) and where it draws.
Layer = tuple[Hashable, Sequence[Box]]


class FrameMemory:
    """What the last frame drew, to plan the next one (see the module docstring)."""

    def __init__(self) -> None:
        self._state: Hashable = None
        self._looks: dict[arcade.BasicSprite, _Look] = {}
        self._boxes: dict[arcade.BasicSprite, Box | None] = {}
        self._order: Sequence[arcade.BasicSprite] = ()
        self._layers: Sequence[Layer] = ()

    def forget(self) -> None:
        """The next frame is drawn whole."""
        self._state = None
        self._looks = {}
        self._boxes = {}
        self._order = ()
        self._layers = ()

    def plan(
        self,
        state: Hashable,
        live: Sequence[arcade.BasicSprite],
        layers: Sequence[Layer],
        scale: float,
        size: tuple[int, int],
    ) -> tuple[list[Box], list[bool]] | None:
        """The boxes to copy back (then every live sprite is drawn again) and,
        for each of `layers`, whether to draw it again; None when the frame
        must be drawn whole. `state` is everything else the last frame must
        share with this one (None: never the same); `scale` is framebuffer
        pixels per window unit, `size` the framebuffer's. Remembers this
        frame for the next one either way."""
        last_state, last_looks, last_boxes = self._state, self._looks, self._boxes
        last_order, last_layers = self._order, self._layers
        same = state is not None and state == last_state and len(layers) == len(last_layers)
        if not same:
            last_looks, last_boxes = {}, {}
        looks: dict[arcade.BasicSprite, _Look] = {}
        boxes: dict[arcade.BasicSprite, Box | None] = {}
        dirty: list[Box] = []
        for sprite in live:
            look = looks[sprite] = _look(sprite)
            if last_looks.get(sprite) == look:
                boxes[sprite] = last_boxes[sprite]  # (the same state: the same scale and size)
                continue
            box = boxes[sprite] = sprite_box(sprite, scale, size)
            dirty.extend(b for b in (last_boxes.get(sprite), box) if b is not None)
        self._state, self._looks, self._boxes, self._order, self._layers = state, looks, boxes, live, layers
        if not same:
            return None
        dirty.extend(b for s, b in last_boxes.items() if s not in looks and b is not None)
        # A change of drawing order among the sprites that stayed (a card
        # taken to the top) changes the picture where they overlap.
        stayed = zip([s for s in live if s in last_looks], [s for s in last_order if s in looks], strict=True)
        for now, before in stayed:
            if now is not before:
                dirty.extend(b for b in (last_boxes[now], boxes[now]) if b is not None)
        again = [look != last[0] for (look, _), last in zip(layers, last_layers, strict=True)]
        if not dirty and not any(again):
            return [], again  # the screen holds this frame already
        dirty.extend(b for b in boxes.values() if b is not None)
        for i, redraw in enumerate(again):
            if redraw:
                dirty.extend((*last_layers[i][1], *layers[i][1]))
        merged = merge(dirty)
        grown = True
        while grown:
            grown = False
            for i, (_, where) in enumerate(layers):
                if not again[i] and any(overlap(a, b) for a in where for b in merged):
                    again[i] = grown = True
                    merged = merge([*merged, *where])
        return merged, again
