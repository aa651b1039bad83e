"""One frame of the table, drawn whole: the felt (`render.felt`), the slot marks, the cards,
the HUD, the confetti, the win panel and the status line, in that order; during the
player's pause, the felt, the HUD, the pause panel and the status line only.

At rest the clock on the bar changes once a second and nothing else does:
such a frame (`bar_only`) copies a still of the whole table, drawn into an
offscreen image by the first of them, and draws only the clock's place on the
bar again over it, so the clock costs a copy, not a table (docs/PERFORMANCE.md). Any
other frame is drawn whole and forgets the still, so a change anywhere can
never leave an old picture behind.

Every frame is drawn from nothing and shown by the window's ordinary swap,
so what is on screen never depends on an earlier frame: a resize, a
maximize, an expose, fullscreen or another view in between cannot leave
anything stale. (docs/PERFORMANCE.md has what such a frame costs.) After the
first frame the `FirstFrame` signal is given (for launch benchmarks).
"""

from __future__ import annotations

import math

import arcade

from game.ui.hud.bar import Hud
from game.ui.hud.pause_panel import PausePanel
from game.ui.hud.status_line import StatusLine
from game.ui.render import tables
from game.ui.render.felt import Felt
from game.ui.render.first_frame import FirstFrame
from game.ui.render.offscreen import Offscreen
from game.ui.table import covered_cards
from game.ui.table.scene import TableScene
from game.ui.table.sprites import CardSprite


class TableRenderer:
    """Draws the table of one window."""

    def __init__(self, window: arcade.Window, table: str = tables.DEFAULT) -> None:
        self.window = window
        self.first_frame = FirstFrame()
        self.felt = Felt(window.ctx)
        tables.use(table)
        # The card list drawing covered cards as strips, if it could be set up.
        self._cutting: tuple[arcade.SpriteList[CardSprite], bool] | None = None
        # The whole table as last drawn for a frame in which only the bar changed.
        self._still = Offscreen(window.ctx)
        self._still_valid = False

    def use_table(self, name: str) -> bool:
        """Draw on the table `name` from now on, its felt made at once (the
        player is looking at the table change). True when it changed."""
        if not tables.use(name):
            return False
        self.prepare()
        return True

    def update(self) -> bool:
        """Between frames: the felt made for the window's size. True when it changed."""
        return self.felt.update(tables.current(), self.window.get_framebuffer_size())

    def prepare(self) -> None:
        """Make the felt for the window's size now (a screenshot, a change of table)."""
        self.felt.prepare(tables.current(), self.window.get_framebuffer_size())

    def draw(
        self,
        scene: TableScene,
        hud: Hud,
        confetti: arcade.SpriteList[arcade.BasicSprite],
        status: StatusLine,
        win: bool = True,
        pause: PausePanel | None = None,
        bar_only: bool = False,
    ) -> None:
        """Draw one frame (`win` and `pause`: `_draw_whole`). `bar_only`:
        nothing but the bar's clock changed since the last frame (its second,
        at rest): the still of the table kept then is copied back and only the
        clock drawn again over it; the first such frame draws the whole table
        into the still. Any other frame is drawn whole and forgets the still."""
        if not bar_only:
            self._still_valid = False
            self._draw_whole(scene, hud, confetti, status, win, pause)
        elif self._still_valid and self._still.size == self.window.ctx.screen.size:
            self._still.copy_to_screen()
            self._draw_clock(hud)
        else:
            with self._still.framebuffer().activate():
                self._draw_whole(scene, hud, confetti, status, win, pause)
            self._still.copy_to_screen()
            self._still_valid = True
        self.first_frame.drawn(self.window.ctx)

    def _draw_whole(
        self,
        scene: TableScene,
        hud: Hud,
        confetti: arcade.SpriteList[arcade.BasicSprite],
        status: StatusLine,
        win: bool,
        pause: PausePanel | None,
    ) -> None:
        """The whole table; without the win panel (and its confetti) behind a
        dialog (`win`), which takes the panel's place; during the player's
        pause (`pause` shown), the felt, the bar, the pause panel and the status line."""
        # One texel per pixel once the images are scaled: nearest is exact.
        sharp = scene.images.sharp_size is not None
        self.felt.draw(tables.current(), self.window.get_framebuffer_size())
        if pause is not None and pause.shown:  # no card can be studied while the clock stands still
            hud.draw()
            pause.draw()
            status.draw()
            return
        scene.sprites.slots.draw(pixelated=sharp)
        cards = scene.sprites.cards
        if self._cutting is None or self._cutting[0] is not cards:
            self._cutting = (cards, covered_cards.install(cards))
        if self._cutting[1]:
            scene.sprites.cut_covered()
        cards.color = (*tables.current().cards, 255)
        cards.draw(pixelated=sharp)
        hud.draw()
        status.draw()  # under the win's cascade of cards: the cards are its show
        if win:
            confetti.draw(pixelated=sharp)
            hud.draw_win()

    def _draw_clock(self, hud: Hud) -> None:
        """The clock's place on the bar (from its room to the code, where ten
        hours and more reach) drawn again over the still: the felt and the
        HUD as a whole frame draws them there, nothing else."""
        if hud.layout is None:
            return
        layout = hud.layout.hud
        width, height = self.window.get_size()
        fb_width, fb_height = self.window.get_framebuffer_size()
        sx, sy = fb_width / max(width, 1), fb_height / max(height, 1)
        left, right = math.floor(layout.clock.left * sx) - 2, math.ceil(layout.code.left * sx)
        bottom, top = math.floor(layout.bar.bottom * sy), math.ceil(layout.bar.top * sy)
        ctx = self.window.ctx
        ctx.scissor = (left, bottom, max(right - left, 1), max(top - bottom, 1))
        try:
            self.felt.draw(tables.current(), (fb_width, fb_height))
            hud.draw()
        finally:
            ctx.scissor = None
