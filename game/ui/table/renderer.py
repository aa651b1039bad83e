"""One frame of the table, drawn whole: the felt (`render.felt`), the slot marks, the cards,
the HUD, the confetti, the win panel and the status line, in that order; during the
player's pause, the felt, the HUD, the pause panel and the status line only.

Every frame is drawn from nothing and shown by the window's ordinary swap,
so what is on screen never depends on an earlier frame: a resize, a
maximize, an expose, fullscreen or another view in between cannot leave
anything stale. (docs/PERFORMANCE.md has what such a frame costs.) After the
first frame the `FirstFrame` signal is given (for launch benchmarks).
"""

from __future__ import annotations

import arcade

from game.ui.hud.bar import Hud
from game.ui.hud.pause_panel import PausePanel
from game.ui.hud.status_line import StatusLine
from game.ui.render import tables
from game.ui.render.felt import Felt
from game.ui.render.first_frame import FirstFrame
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
            self.first_frame.drawn(self.window.ctx)
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
        if win:
            confetti.draw(pixelated=sharp)
            hud.draw_win()
        status.draw()
        self.first_frame.drawn(self.window.ctx)
