"""The player's pause (P) over the table: the cards hidden, one panel that
says so and how to go on.

While it shows, the table draws the felt, the bar and this panel only
(`table.renderer`): no card can be studied while the clock stands still.
Made once, a panel sprite and two texts; worded and placed when shown.
"""

from __future__ import annotations

import arcade
import pyglet

from game.ui.hud.texts import make_text, put
from game.ui.layout.table import TableLayout
from game.ui.render import chrome, tables
from game.ui.render.style import TEXT_DIM, WIN_TITLE
from game.words.i18n import Translator


class PausePanel:
    """The panel of the player's pause, hidden until `show`."""

    def __init__(self) -> None:
        self.shown = False
        self.sprites: arcade.SpriteList[arcade.BasicSprite] = arcade.SpriteList()
        self.panel = chrome.panel_sprite((*tables.current().panel, 255))
        self.sprites.append(self.panel)
        self.batch = pyglet.graphics.Batch()
        self.title = make_text(self.batch, WIN_TITLE, bold=True)
        self.hint = make_text(self.batch, TEXT_DIM, multiline=True)

    def show(self, shown: bool, layout: TableLayout, translator: Translator) -> None:
        """Show (or hide) the panel, in the words of `translator`."""
        self.shown = shown
        if shown:
            self.place(layout, translator)

    def place(self, layout: TableLayout, translator: Translator) -> None:
        """Centre the panel over the table (a resize, another language)."""
        if not self.shown:
            return
        self.panel.color = (*tables.current().panel, 255)
        w = min(layout.width * 0.6, layout.card_width * 5.2)
        title_size, hint_size = w * 0.07, max(w * 0.034, 11.0)
        self.hint.width = round(w * 0.86)
        put(self.hint, hint_size, 0, 0, translator.t("table.pause.hint"))
        h = w * 0.2 + self.hint.content_height
        cx = layout.width / 2
        cy = layout.table_bottom + (layout.slots[0].top - layout.table_bottom) * 0.55
        chrome.place_panel(self.panel, cx - w / 2, cy - h / 2, w, h, layout.card_width * 0.12)
        put(self.title, title_size, cx, cy + h / 2 - w * 0.09, translator.t("table.pause.title"))
        put(self.hint, hint_size, cx, cy - w * 0.05)

    def draw(self) -> None:
        if self.shown:
            self.sprites.draw()
            self.batch.draw()
