"""The table's resting layer, kept in an offscreen image while things move.

On software OpenGL every card drawn costs its pixels: a full table is about
one and a half screens of overdraw, redrawn every frame of a drag or a deal
although almost nothing in it changes. While something moves, the felt, the
slot marks and the resting cards are drawn once into a window-sized
framebuffer; each frame then copies that image to the screen (one
full-window quad that samples texel (x, y) for pixel (x, y): 1:1, nearest,
no blending) and draws only the moving sprites over it. (A
glBlitFramebuffer costs llvmpipe the same; copying only where cards lie
and filling the rest with the felt colour costs more: on llvmpipe every
pixel a shader writes costs about the same, only a clear is cheaper.)

Correctness does not rest on the view announcing changes. Each frame the
resting layer's contents are compared with what the cache holds (which
sprites, where, how large, with which image) and redrawn when they differ.
The set of sprites drawn live only grows while the cache stays valid: a card
that has landed stays live until the cache is next redrawn (otherwise every
landing in a deal would redraw the cache). Drawing the live sprites after
the resting ones is only right when no resting sprite lies above a live one
where they overlap; when one does, `draw` says so and the caller draws the
frame the plain way.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Sequence
from typing import Any, Literal

import arcade

from .partial_frame import Box, FrameMemory, Layer
from .screen_image import ScreenImage

# What a sprite of the resting layer looks like to the cache.
_Entry = tuple[arcade.BasicSprite, Any, Any, Any]


def _entries(sprites: Collection[arcade.BasicSprite]) -> tuple[_Entry, ...]:
    # The sprites themselves (not their ids) so that a new sprite can never
    # pass for a freed one that had the same id.
    return tuple((s, s.position, s.size, s.texture) for s in sprites)


class StaticLayer:
    """The cached resting layer of one window (see the module docstring)."""

    def __init__(self, ctx: arcade.ArcadeContext) -> None:
        self.ctx = ctx
        self.image = ScreenImage(ctx)
        self._key: tuple[Any, ...] | None = None
        self._live_set: set[arcade.BasicSprite] = set()
        self.live: arcade.SpriteList[arcade.BasicSprite] = arcade.SpriteList()
        # What `catch_up` draws at the end of a frame whose `draw` found the cache out of date.
        self._pending: tuple[Any, ...] | None = None
        # The last frame, for drawing only what changed (see partial_frame).
        self.memory = FrameMemory()
        self._version = 0  # counts the cache's contents
        # After a "part" frame: which of the layers given to `draw` the
        # caller must draw again (the others are on screen, unchanged), and
        # the boxes of the screen that frame changed.
        self.layers_again: list[bool] = []
        self.changed: list[Box] = []

    def draw(
        self,
        felt: tuple[int, int, int],
        slots: arcade.SpriteList[Any],
        cards: arcade.SpriteList[Any],
        moving: Collection[arcade.BasicSprite],
        pixelated: bool,
        last_frame: Hashable = None,
        layers: Sequence[Layer] = (),
        scale: float = 1.0,
    ) -> Literal["plain", "whole", "part"]:
        """Draw the felt, `slots` and `cards` (in list order) to the screen,
        the cards in `moving` live over the cached rest: "whole". "plain"
        (and nothing drawn to the screen) when the caller must draw the frame
        the plain way: when that order would be wrong (a resting card covers
        a moving one), or when the cache was drawn afresh this frame. "part"
        when only what changed since the last frame was drawn (see
        partial_frame; `last_frame`, `layers` and `scale` are its `state`,
        `layers` and `scale`): the screen kept the rest, and the caller
        draws again only the layers `layers_again` says."""
        size = self.ctx.screen.size
        if self.image.size != size:
            self.forget()  # a new image holds nothing yet
        self.image.framebuffer()
        live_set = self._live_set
        stale = self._key is None or not all(s in live_set for s in moving)
        if stale:
            live_set = set(moving)
        resting, live, covered = _split(cards, live_set)
        if covered:
            self.memory.forget()
            return "plain"
        key = (size, pixelated, felt, _entries(slots), resting)
        _keep(self.live, live)
        if stale or key != self._key:
            # Drawn afresh at the end of this frame (`catch_up`), and not
            # copied in it: sampling an image just drawn makes llvmpipe wait
            # on the calling thread until its rasteriser has finished it
            # (6 ms of Python's time at 1280x800, on the deal click), and
            # its threads rasterising the cache while the rest of the frame
            # is built take the cores from Python. The caller draws this
            # frame the plain way; the copy is ready long before the next.
            self._pending = (felt, slots, cards, live, pixelated, key, live_set)
            self.memory.forget()
            return "plain"
        state = None if last_frame is None else (last_frame, self._version)
        plan = self.memory.plan(state, live, layers, scale, size)
        if plan is None:
            self.image.copy_to_screen()
            self.live.draw(pixelated=pixelated)
            return "whole"
        boxes, self.layers_again = plan
        self.changed = boxes
        if boxes:
            self.image.copy_boxes_to_screen(boxes)
            self.live.draw(pixelated=pixelated)
        return "part"

    def catch_up(self) -> None:
        """Draw the cache now if this frame's `draw` found it out of date
        (call it once everything else of the frame is drawn)."""
        if self._pending is None or self.image.size is None:
            return
        felt, slots, cards, live, pixelated, key, live_set = self._pending
        self._pending = None
        self._render(felt, slots, cards, live, pixelated)
        self._key = key
        self._live_set = live_set
        self._version += 1

    def forget(self) -> None:
        """Drop what the cache holds (it is drawn afresh next time), keeping
        the image; and let go of the live sprites."""
        self._pending = None
        self._key = None
        self._live_set = set()
        self._version += 1
        self.memory.forget()
        _keep(self.live, [])  # (a clear would make its buffers anew)

    def release(self) -> None:
        """Free the offscreen image (a resize, or the view going away)."""
        self.forget()
        self.image.release()

    @property
    def size(self) -> tuple[int, int] | None:
        """The size of the offscreen image (None before the first frame)."""
        return self.image.size

    def _render(
        self,
        felt: tuple[int, int, int],
        slots: arcade.SpriteList[Any],
        cards: arcade.SpriteList[Any],
        live: list[arcade.BasicSprite],
        pixelated: bool,
    ) -> None:
        # The whole card list with the live sprites hidden for a moment:
        # cheaper in Python than copying ~100 resting sprites into a list of
        # their own, and a hidden sprite (alpha 0) leaves every pixel as it was.
        shown = [s for s in live if s.visible]
        for s in shown:
            s.visible = False
        try:
            with self.image.framebuffer().activate() as fbo:
                fbo.clear(color=felt)
                slots.draw(pixelated=pixelated)
                cards.draw(pixelated=pixelated)
        finally:
            for s in shown:
                s.visible = True


def _split(
    cards: arcade.SpriteList[Any], live_set: set[arcade.BasicSprite]
) -> tuple[tuple[_Entry, ...], list[arcade.BasicSprite], bool]:
    """In one pass over `cards` (this runs every frame): the resting ones as
    the cache sees them (`_entries`), the live ones in drawing order, and
    whether a resting sprite drawn after a live one overlaps it (then
    drawing every live sprite over the resting layer would be wrong)."""
    resting: list[_Entry] = []
    live: list[arcade.BasicSprite] = []
    boxes: list[tuple[float, float, float, float]] = []
    covered = False
    for s in cards:
        position, size = s.position, s.size
        if s in live_set:
            live.append(s)
            x, y = position
            w, h = size
            # A pixel of margin: a shared edge pixel must not be missed.
            boxes.append((x - w / 2 - 1, x + w / 2 + 1, y - h / 2 - 1, y + h / 2 + 1))
            continue
        resting.append((s, position, size, s.texture))
        if boxes and not covered:
            x, y = position
            w, h = size
            b_left, b_right, b_bottom, b_top = x - w / 2 - 1, x + w / 2 + 1, y - h / 2 - 1, y + h / 2 + 1
            for left, right, bottom, top in boxes:
                if b_left < right and left < b_right and b_bottom < top and bottom < b_top:
                    covered = True
                    break
    return tuple(resting), live, covered


def _keep(sprites: arcade.SpriteList[Any], wanted: list[arcade.BasicSprite]) -> None:
    """Make `sprites` hold `wanted`, in order, keeping arcade's buffers
    (a clear makes them anew, ~0.2 ms): sprites that leave are removed,
    new ones appended, and the order, when it changed (a card starts to
    fly), is only a new index order."""
    if len(sprites) == len(wanted) and all(a is b for a, b in zip(sprites, wanted, strict=True)):
        return
    wanted_set = set(wanted)
    for sprite in [s for s in sprites if s not in wanted_set]:
        sprites.remove(sprite)
    present = set(sprites)
    sprites.extend([s for s in wanted if s not in present])
    if any(a is not b for a, b in zip(sprites, wanted, strict=True)):
        rank = {s: i for i, s in enumerate(wanted)}
        sprites.sort(key=rank.__getitem__)
