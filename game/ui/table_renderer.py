"""One frame of the table: the resting layer (cached while cards move), the
live cards, the HUD, the confetti and the win panel, in that order.

The felt is flat: on software OpenGL a full-window textured quad (a vignette)
costs as much as a third of the whole table. The HUD, the message and the win
panel are drawn live over every card (moving ones too), so hovering or a
fading message costs no redraw of the cache. After the first frame the
`FirstFrame` signal is given (for launch benchmarks).
"""

from __future__ import annotations

from collections.abc import Hashable

import arcade

from .first_frame import FirstFrame
from .hud import Hud
from .partial_frame import Layer, sprite_box
from .static_layer import StaticLayer
from .status_line import StatusLine
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
        self._mark: tuple[int, object] = (-2, None)  # the presenter's mark at this renderer's last frame
        self._layers: list[Layer] = []  # the HUD's and status line's looks and boxes at the last frame
        self._scale = 0.0

    def draw(
        self, scene: TableScene, hud: Hud, confetti: arcade.SpriteList[arcade.BasicSprite], status: StatusLine
    ) -> None:
        # One texel per pixel once the images are scaled: nearest is exact.
        sharp = scene.images.sharp_size is not None
        sprites = scene.sprites
        slots, cards = sprites.slots, sprites.cards
        # The first frame is drawn the plain way: the offscreen copy (a
        # window-sized image and its shader) is made on the next one, after
        # the table is on screen.
        first, self.drawn_once = not self.drawn_once, True
        drawn = "plain"
        if not first:
            live = sprites.live(scene.animator.moving)
            last_frame, layers, scale = self._last_frame(hud, status, confetti)
            drawn = self.static.draw(FELT, slots, cards, live, sharp, last_frame, layers, scale)
        if drawn == "plain":
            self.window.clear(color=FELT)
            slots.draw(pixelated=sharp)
            cards.draw(pixelated=sharp)
        # After a "part" frame, a layer is drawn only when it changed or
        # something under it did (else it is on screen already); only the
        # boxes it changed need showing.
        hud_again, status_again = self.static.layers_again if drawn == "part" else (True, True)
        if drawn == "part":
            self.window.presenter.damage = self.static.changed
        if hud_again:
            hud.draw()
        if drawn != "part":
            confetti.draw(pixelated=sharp)
            hud.draw_win()
        if status_again:
            status.draw()
        self.first_frame.drawn(self.window.ctx)

    def _last_frame(
        self, hud: Hud, status: StatusLine, confetti: arcade.SpriteList[arcade.BasicSprite]
    ) -> tuple[Hashable, list[Layer], float]:
        """What the static layer needs to draw only what changed (see
        partial_frame): the state of the frame, the layers drawn over the
        cards (the HUD, the status line: their looks, and their boxes in
        framebuffer pixels), and framebuffer pixels per window unit."""
        presenter = getattr(self.window, "presenter", None)
        if presenter is None or not presenter.keeps_frames or len(confetti) or hud.won_shown:
            return None, [], 1.0
        # Shown exactly once since this renderer's last frame, into the same
        # buffer: the screen holds that frame (nothing else drew and was
        # shown in between).
        (flips, surface), self._mark = self._mark, presenter.mark()
        if self._mark != (flips + 1, surface):
            self.static.memory.forget()
        size = self.window.ctx.screen.size
        scale = size[0] / max(self.window.width, 1)
        layers: list[Layer] = []
        parts: tuple[Hud | StatusLine, ...] = (hud, status)
        for n, part in enumerate(parts):
            look = part.look()
            last = self._layers[n] if n < len(self._layers) and self._scale == scale else None
            if last is not None and last[0] == look:
                layers.append(last)  # the same sprites: the same boxes (its panels hold its texts)
            else:
                boxes = (sprite_box(s, scale, size) for s in part.sprites)
                layers.append((look, [b for b in boxes if b is not None]))
        self._layers, self._scale = layers, scale
        return (size, scale), layers, scale

    def finish(self) -> None:
        """The frame is drawn (the status line too): bring the resting
        layer's cache up to date for the next frames."""
        self.static.catch_up()

    def release(self) -> None:
        """Free the offscreen image (another screen shows)."""
        self.static.release()
