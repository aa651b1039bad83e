"""What is drawn over the cards: the top bar, the message box, the win panel.

The bar: buttons (Undo, Redo greyed out when idle), score, moves, the clock
(time played, or "Paused"), the code; a calm table has no numbers nor clock.

Sprites for the panels (one `SpriteList` each layer) and `arcade.Text`s in a
pyglet batch, all made once; a text is changed only when what it says
changes. Geometry comes from the table layout; this module only places and
colours things and says which button is under the pointer.
"""

from __future__ import annotations

import arcade
import pyglet

from game.records.history import clock_text
from game.ui.hud.texts import make_text, put
from game.ui.hud.win_panel import WIN_TEXTS as WIN_TEXTS  # where the accessibility tree reads it
from game.ui.hud.win_panel import WinPanel
from game.ui.layout.table import BUTTONS, Rect, TableLayout, win_layout
from game.ui.render import chrome, tables
from game.ui.render.style import (
    BUTTON,
    BUTTON_DOWN,
    BUTTON_FOCUS,
    BUTTON_HOVER,
    BUTTON_OFF,
    CURSOR,
    FONT_NAME,
    TEXT,
    TEXT_DIM,
    TEXT_OFF,
    TOAST_BG,
    WIN_BUTTON,
    WIN_BUTTON_HOVER,
    load_fonts,
)
from game.words.i18n import Translator

# Texts are measured at this size: glyphs are rasterised to measure them, and
# big ones cost tens of milliseconds at start-up.
PROBE_SIZE = 16
TOAST_S = 3.0
TOAST_FADE_S = 0.6
UNDO = "undo"
GREYED = ("undo", "redo")  # the buttons that can have nothing to do
CLOCK_SAMPLE = "8:88:88"  # the clock keeps room for this; ten hours and more take the gap after it


class Hud(WinPanel):
    """The top bar (buttons, score, moves, code), the message box, the win panel."""

    def __init__(self, translator: Translator) -> None:
        load_fonts()
        WinPanel.__init__(self)
        self.t = translator
        self.layout: TableLayout | None = None
        self.toast_until = 0.0
        self._hover: str | None = None
        self._pressed: str | None = None
        self._shown: tuple[int, int, str | None] | None = None
        self.enabled = dict.fromkeys(GREYED, True)
        self.numbers_shown = True  # off: a calm table, no score, moves or clock

        self.sprites: arcade.SpriteList[arcade.BasicSprite] = arcade.SpriteList()
        self.batch = pyglet.graphics.Batch()
        table = tables.current()
        self.bar = chrome.panel_sprite(table.bar)
        # A hairline under the bar, in the table's rim colour, sets it off the felt.
        self.bar_rim = chrome.panel_sprite((*table.border, 110))
        self.button_sprites = {name: chrome.panel_sprite(BUTTON) for name in BUTTONS}
        self.code_sprite = chrome.panel_sprite(BUTTON)
        self.toast_sprite = chrome.panel_sprite(TOAST_BG)
        self.toast_sprite.visible = False
        self.cursor_sprite = chrome.panel_sprite(CURSOR)
        self.cursor_sprite.visible = False
        self.cursor_place: int | None = None  # where `show_cursor_at` put it
        self.focused: str | None = None
        sprites = [
            self.bar,
            self.bar_rim,
            *self.button_sprites.values(),
            self.code_sprite,
            self.toast_sprite,
            self.cursor_sprite,
        ]
        self.sprites.extend(sprites)
        self.button_texts = {name: make_text(self.batch) for name in BUTTONS}
        # Both packed to the right of the room the layout keeps for them
        # (see `_pack_numbers`), so their gap never depends on the digits.
        self.score_text = make_text(self.batch, bold=True, anchor_x="right")
        self.moves_text = make_text(self.batch, bold=True, anchor_x="right")
        self.clock_text = make_text(self.batch, bold=True, anchor_x="left")
        self.code_text = make_text(self.batch, TEXT_DIM)
        self.toast_text = make_text(self.batch, multiline=True)
        self.toast_text.visible = False

        self.text_widths: dict[str, float] = {}
        self._labels: dict[str, str] = {}
        self.set_translator(translator)

    # ---------------------------------------------------------------- texts

    def set_translator(self, translator: Translator) -> None:
        """Label everything in another language and measure the new texts'
        widths per point of font size (the layout scales them to the font it
        picks). The caller lays out again and calls `place`. The same
        language again (another option changed) changes nothing."""
        if self.text_widths and translator.lang == self.t.lang:
            self.t = translator
            return
        self.t = translator
        t = translator.t
        labels = {name: t(f"table.button.{name}") for name in BUTTONS}
        # The texts take their words in `place`, once sized: glyphs are drawn
        # into a texture for each font size, so never at a size not shown.
        self._labels = labels
        probe = arcade.Text("", 0, 0, font_size=PROBE_SIZE, font_name=FONT_NAME, bold=True)
        samples = {
            **labels,
            "score": t("table.score", score=8888),
            "moves": t("table.moves", moves=8888),
            "clock": CLOCK_SAMPLE,
            "paused": t("table.clock.paused"),
            "code": "SP1-S4C-WWWWWWW",
        }
        for name, sample in samples.items():
            probe.text = sample
            self.text_widths[name] = probe.content_width / PROBE_SIZE
        self.text_widths["clock"] = max(self.text_widths["clock"], self.text_widths.pop("paused"))
        if not self.numbers_shown:  # a calm table: they take no room
            self.text_widths.update(dict.fromkeys(("score", "moves", "clock"), 0.0))
        self._shown = None
        self.clock_text.text = ""

    def show_score_time(self, shown: bool) -> None:
        """*Show score and time*: off, a calm table (no score, moves or clock).
        The caller lays out again (`set_translator` measures the room) and calls `place`."""
        self.numbers_shown = shown
        for text in (self.score_text, self.moves_text, self.clock_text):
            text.visible = shown
        self.text_widths.clear()  # measured again, in the same language too (the scene holds this dict)
        self.set_translator(self.t)

    def show_clock(self, seconds: int, paused: bool) -> bool:
        """The time played on the bar ("4:05", "1:02:09"), or "Paused" (`paused`:
        the player's pause, the window away); True when what it says changed."""
        words = self.t.t("table.clock.paused") if paused else clock_text(seconds)
        if words == self.clock_text.text:
            return False
        self.clock_text.text = words
        self.clock_text.color = TEXT_DIM if paused else TEXT
        self._pack_numbers()
        return self.numbers_shown

    def show_numbers(self, score: int, moves: int, code: str | None, undo: bool = True, redo: bool = True) -> None:
        """Show the game's numbers and code; `undo` (`redo`) False greys Undo
        (Redo) out, nothing to undo (redo) or the game won: it is then no button at all."""
        if (undo, redo) != (self.enabled[UNDO], self.enabled["redo"]):
            self.enabled.update(undo=undo, redo=redo)
            self._paint()
        if (score, moves, code) == self._shown:
            return
        self._shown = (score, moves, code)
        self.score_text.text = self.t.t("table.score", score=score)
        self.moves_text.text = self.t.t("table.moves", moves=moves)
        self.code_text.text = code or self.t.t("table.code.none")
        self._pack_numbers()

    def _pack_numbers(self) -> None:
        """Moves end where the room kept for them ends and the score ends one
        fixed gap before the moves begin: "Score 500  Moves 0" and "Score
        1189  Moves 111" are spaced alike; the clock begins one gap after the
        moves, so its digits never push them."""
        if self.layout is None:
            return
        hud = self.layout.hud
        y = round(hud.moves.center_y)
        self.moves_text.position = (round(hud.moves.right), y)
        gap = hud.moves.left - hud.score.right
        self.score_text.position = (round(hud.moves.right - self.moves_text.content_width - gap), y)
        self.clock_text.position = (round(hud.clock.left), y)

    # ------------------------------------------------------------- geometry

    def place(self, layout: TableLayout) -> None:
        self.layout = layout
        hud = layout.hud
        fs = hud.font_size
        radius = hud.bar.height * 0.18
        chrome.place_panel(self.bar, hud.bar.left, hud.bar.bottom, hud.bar.width, hud.bar.height, 0)
        chrome.place_panel(self.bar_rim, hud.bar.left, hud.bar.bottom - 1, hud.bar.width, 1, 0)
        for name, rect in hud.buttons.items():
            chrome.place_panel(self.button_sprites[name], rect.left, rect.bottom, rect.width, rect.height, radius)
            put(self.button_texts[name], fs, rect.center_x, rect.center_y, self._labels[name])
        code = hud.code
        chrome.place_panel(self.code_sprite, code.left, code.bottom, code.width, code.height, radius)
        put(self.code_text, fs, code.center_x, code.center_y)
        for text in (self.score_text, self.moves_text, self.clock_text):
            text.font_size = fs
        self._pack_numbers()
        self._place_toast()
        if self.cursor_place is not None:
            self.show_cursor_at(self.cursor_place)  # the bar follows its column's new place
        if self.won_shown:
            self._place_win()

    def button_at(self, x: float, y: float) -> str | None:
        """The button under the point: a HUD button's name, or "win-new",
        "win-again", "win-copy"… on the win panel. A greyed-out Undo or Redo is no button."""
        if self.layout is None:
            return None
        if self.won_shown:
            for name, rect in win_layout(self.layout).buttons.items():
                if rect.contains(x, y):
                    return "win-" + name
        button = self.layout.button_at(x, y)
        return None if button is not None and not self.enabled.get(button, True) else button

    def hover(self, hover: str | None, pressed: str | None) -> None:
        """Light the button under the pointer, the one held down, the one focused."""
        self._hover, self._pressed = hover, pressed
        self._paint()

    def clear_hover(self) -> None:
        """Light no button (the pointer left the table for another screen)."""
        self.hover(None, None)

    def _paint(self) -> None:
        hover, pressed = self._hover, self._pressed
        for name, sprite in (*self.button_sprites.items(), ("code", self.code_sprite)):
            off = not self.enabled.get(name, True)  # lit only by the keyboard's focus
            sprite.color = (
                BUTTON_DOWN
                if name == pressed
                else BUTTON_FOCUS
                if name == self.focused
                else BUTTON_OFF
                if off
                else BUTTON_HOVER
                if name == hover
                else BUTTON
            )
        for name, enabled in self.enabled.items():
            self.button_texts[name].color = TEXT if enabled else TEXT_OFF
        for name, sprite in self.win_buttons.items():
            sprite.color = WIN_BUTTON_HOVER if "win-" + name in (hover, self.focused) else WIN_BUTTON
        self._ring_win_focus()

    def repaint(self) -> None:
        """Take the colours of the table now in use (`tables.use`)."""
        table = tables.current()
        self.bar.color = table.bar
        self.bar_rim.color = (*table.border, 110)
        self.win_panel.color = (*table.panel, 255)
        self._paint()

    def focus(self, name: str | None) -> None:
        """Mark the button the keyboard's Tab reached (None: no focus)."""
        if name != self.focused:
            self.focused = name
            self._paint()

    def hide_bar(self) -> None:
        """No top bar (a replay puts its strip in its place; the bar must not show through)."""
        for sprite in (self.bar, self.bar_rim, *self.button_sprites.values(), self.code_sprite):
            sprite.visible = False
        for text in (*self.button_texts.values(), self.score_text, self.moves_text, self.clock_text, self.code_text):
            text.visible = False

    def show_cursor_at(self, place: int | None, layout: TableLayout | None = None) -> None:
        """The keyboard's column cursor on column `place` of `layout` (the
        table's now; `COLUMNS`: the stock; None hides it), kept on that
        column when the table is laid out again (`place`: a resize)."""
        layout = layout or self.layout
        self.show_cursor(None if place is None or layout is None else layout.cursor_bar(place), place)

    def show_cursor(self, rect: Rect | None, place: int | None = None) -> None:
        """The keyboard's column cursor: a bar over `rect` (None hides it)."""
        self.cursor_place = place
        self.cursor_sprite.visible = rect is not None
        if rect is not None:
            chrome.place_panel(self.cursor_sprite, rect.left, rect.bottom, rect.width, rect.height, rect.height / 2)

    # ---------------------------------------------------------------- toast

    def toast(self, message: str, now: float) -> None:
        """Show a short message that fades after a few seconds."""
        self.toast_text.text = message
        self.toast_until = now + TOAST_S
        self._place_toast()
        self.toast_sprite.visible = True
        self.toast_text.visible = True
        self._set_toast_alpha(1.0)

    @property
    def toast_message(self) -> str | None:
        return self.toast_text.text if self.toast_sprite.visible else None

    def update(self, now: float) -> None:
        """Fade the message out near its end."""
        if not self.toast_sprite.visible:
            return
        left = self.toast_until - now
        if left <= 0:
            self.toast_sprite.visible = False
            self.toast_text.visible = False
        elif left < TOAST_FADE_S:
            self._set_toast_alpha(left / TOAST_FADE_S)

    def _place_toast(self) -> None:
        if self.layout is None:
            return
        area = self.layout.toast
        fs = self.layout.hud.font_size * 1.1
        self.toast_text.font_size = fs
        wrap = int(max(area.width - 2 * fs, 100))
        self.toast_text.width = wrap
        text_w = min(self.toast_text.content_width, wrap)
        text_h = self.toast_text.content_height
        w = text_w + 2.4 * fs
        h = text_h + 1.4 * fs
        cx, cy = area.center
        chrome.place_panel(self.toast_sprite, cx - w / 2, cy - h / 2, w, h, fs * 0.7)
        self.toast_text.position = (round(cx), round(cy))

    def _set_toast_alpha(self, a: float) -> None:
        self.toast_sprite.alpha = int(TOAST_BG[3] * a)
        self.toast_text.color = (*TEXT[:3], int(255 * a))

    # --------------------------------------------------------------- drawing

    def draw(self) -> None:
        self.sprites.draw()
        self.batch.draw()
