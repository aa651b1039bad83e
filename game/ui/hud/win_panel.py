"""The win panel over the emptied table: the score, the record, and what to do next.

`WinPanel` is the part of the HUD (`game.ui.hud.bar.Hud` is one) that shows
it: a panel sprite, its buttons and a focus ring in one `SpriteList`, its
texts in one pyglet batch, all made once and worded only when shown (their
sizes' glyphs are not drawn at launch). Geometry comes from
`game.ui.layout.table.win_layout`; its texts are made and placed as the
HUD's (`game.ui.hud.texts`).
"""

from __future__ import annotations

import arcade
import pyglet

from game.records.history import duration_text, variant_name
from game.records.stats import WinFacts
from game.ui.hud.texts import make_text, put
from game.ui.layout.table import WIN_BUTTONS, WIN_NOTES, TableLayout, win_layout
from game.ui.render import chrome, tables
from game.ui.render.style import CURSOR, TEXT_DIM, WIN_BUTTON, WIN_BUTTON_TEXT, WIN_TITLE
from game.words.i18n import Translator, catalogue
from game.words.narration import count

# Each win panel button's text (the later ones from the replay's catalogue, replay.json).
WIN_TEXTS = {"new": "table.win.new", "again": "table.win.again", "copy": "replay.win.copy", "watch": "replay.win.watch"}


class WinPanel:
    """The win panel's sprites and texts, placed in `layout` when shown."""

    t: Translator
    layout: TableLayout | None
    focused: str | None

    def __init__(self) -> None:
        self.won_shown = False
        self.win_sprites: arcade.SpriteList[arcade.BasicSprite] = arcade.SpriteList()
        self.win_batch = pyglet.graphics.Batch()
        self.win_panel = chrome.panel_sprite((*tables.current().panel, 255))
        self.win_buttons = {name: chrome.panel_sprite(WIN_BUTTON) for name in WIN_BUTTONS}
        self.win_ring = chrome.ring_sprite(CURSOR)  # around the button the keyboard reached
        self.win_sprites.extend([self.win_panel, *self.win_buttons.values(), self.win_ring])
        self.win_title = make_text(self.win_batch, WIN_TITLE, bold=True)
        self.win_detail = make_text(self.win_batch)
        self.win_notes = [make_text(self.win_batch, TEXT_DIM) for _ in range(WIN_NOTES)]
        self.win_facts: WinFacts | None = None
        self.win_button_texts = {name: make_text(self.win_batch, WIN_BUTTON_TEXT, bold=True) for name in WIN_BUTTONS}
        self._win_words = ""

    def show_win(self, score: int, moves: int, facts: WinFacts | None = None) -> None:
        """The win panel; `facts` (when the application keeps statistics) adds the record and the time."""
        self.won_shown = True
        self.win_facts = facts
        moves_text = count(catalogue(self.t.lang), "moves", moves)  # "1 move", "2 moves"
        self._win_words = self.t.t("table.win.detail", score=score, moves=moves_text)
        self._place_win()

    def hide_win(self) -> None:
        self.won_shown = False

    def _place_win(self) -> None:
        if self.layout is None:
            return
        w = win_layout(self.layout)
        panel = w.panel
        chrome.place_panel(
            self.win_panel, panel.left, panel.bottom, panel.width, panel.height, self.layout.card_width * 0.12
        )
        put(self.win_title, w.title_size, *w.title, self.t.t("table.win.title"))
        put(self.win_detail, w.detail_size, *w.detail, self._win_words)
        for text, where, words in zip(self.win_notes, w.notes, self.win_note_words(), strict=True):
            put(text, w.detail_size, *where, words)
        for name, rect in w.buttons.items():
            chrome.place_panel(
                self.win_buttons[name], rect.left, rect.bottom, rect.width, rect.height, rect.height * 0.25
            )
            put(self.win_button_texts[name], w.detail_size, rect.center_x, rect.center_y, self.t.t(WIN_TEXTS[name]))
        self._ring_win_focus()

    def _ring_win_focus(self) -> None:
        """The focus ring around the win panel's button the keyboard reached (none otherwise)."""
        name = (self.focused or "")[4:] if (self.focused or "").startswith("win-") else None
        self.win_ring.visible = False
        if name and self.won_shown and self.layout is not None:
            b = win_layout(self.layout).buttons[name]
            chrome.place_ring(self.win_ring, b.left, b.bottom, b.width, b.height, b.height * 0.25)

    def win_note_words(self) -> tuple[str, ...]:
        """The lines under the score, in the language in use now: the
        variant's won of played, the streak, the time played ("" without facts)."""
        facts, t = self.win_facts, self.t.t
        if facts is None:
            return ("",) * WIN_NOTES
        return (
            t("replay.win.record", variant=variant_name(t, facts.variant), won=facts.won, played=facts.played),
            t("replay.win.streak", streak=facts.streak),
            t("replay.win.time", time=duration_text(t, facts.seconds)),
        )

    def draw_win(self) -> None:
        if self.won_shown:
            self.win_sprites.draw()
            self.win_batch.draw()
