"""One frame of the table: the resting layer (cached while cards move), the
live cards, the HUD, the confetti and the win panel, in that order.

The felt is flat: on software OpenGL a full-window textured quad (a vignette)
costs as much as a third of the whole table. The HUD, the message and the win
panel are drawn live over every card (moving ones too), so hovering or a
fading message costs no redraw of the cache. After the first frame the
`FirstFrame` signal is given (for launch benchmarks).
"""

from __future__ import annotations

import arcade

from .first_frame import FirstFrame
from .hud import Hud
from .static_layer import StaticLayer
from .style import FELT
from .table_scene import TableScene


class TableRenderer:
    """Draws the table of one window."""

    def __init__(self, window: arcade.Window) -> None:
        self.window = window
        # While things move, the resting table is drawn from an offscreen
        # copy and only moving cards are drawn each frame (see static_layer).
        self.static = StaticLayer(window.ctx)
        self.first_frame = FirstFrame()
        self.drawn_once = False

    def draw(self, scene: TableScene, hud: Hud, confetti: arcade.SpriteList[arcade.BasicSprite]) -> None:
        # One texel per pixel once the images are scaled: nearest is exact.
        sharp = scene.images.sharp_size is not None
        sprites = scene.sprites
        slots, cards = sprites.slots, sprites.cards
        # The first frame is drawn the plain way: the offscreen copy (a
        # window-sized image and its shader) is made on the next one, after
        # the table is on screen.
        first, self.drawn_once = not self.drawn_once, True
        if first or not self.static.draw(FELT, slots, cards, sprites.live(scene.animator.moving), sharp):
            self.window.clear(color=FELT)
            slots.draw(pixelated=sharp)
            cards.draw(pixelated=sharp)
        hud.draw()
        confetti.draw(pixelated=sharp)
        hud.draw_win()
        self.first_frame.drawn(self.window.ctx)

    def finish(self) -> None:
        """The frame is drawn (the status line too): bring the resting
        layer's cache up to date for the next frames."""
        self.static.catch_up()

    def release(self) -> None:
        """Free the offscreen image (another screen shows)."""
        self.static.release()
