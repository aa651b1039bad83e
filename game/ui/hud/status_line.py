"""The status line: the newest action in words, at the bottom of the table.

One line of text on a dark band in the middle of the bottom row, under the
message box (the layout gives it its own strip, `TableLayout.status`, so the
two never overlap). A sentence stays `SHOW_S` seconds, then fades out over
`FADE_S`; a new one replaces it at once.

Between sentences the strip quietly names the game being played ("Hard ·
Classic", `resting`): small, dim, without a band, so it never competes with
the cards.

Made once: two `arcade.Text`s and one panel sprite. The text is laid out when
the sentence or the window size changes, never per frame; while fading only
the alpha changes. A sentence too wide for the strip is set smaller (down to
`MIN_FONT`), then cut with an ellipsis (it is spoken whole).
"""

from __future__ import annotations

import arcade
import pyglet

from game.ui.layout.rect import Rect
from game.ui.render import chrome, tables
from game.ui.render.style import FONT_NAME, TEXT, load_fonts

SHOW_S = 6.0
FADE_S = 0.8
MIN_FONT = 9.0
BAND_ALPHA = 190  # the band is the top bar's colour (the table's), quiet and readable on the felt
RESTING_ALPHA = 120  # the variant's name between sentences: there when looked for, easy to ignore
RESTING_SCALE = 0.85  # and a little smaller than a sentence


class StatusLine:
    """Shows one sentence at a time and fades it."""

    def __init__(self) -> None:
        load_fonts()
        self.area = Rect(0, 0, 0, 0)
        self.font_size = 12.0
        self.until = 0.0
        self.sentence = ""
        self.sprites: arcade.SpriteList[arcade.BasicSprite] = arcade.SpriteList()
        self.band = chrome.panel_sprite((*tables.current().bar[:3], BAND_ALPHA))
        self.band.visible = False
        self.sprites.append(self.band)
        self.batch = pyglet.graphics.Batch()
        self.text = arcade.Text(
            "",
            0,
            0,
            TEXT,
            self.font_size,
            font_name=FONT_NAME,
            anchor_x="center",
            anchor_y="center",
            batch=self.batch,
        )
        self.text.visible = False
        self.resting = arcade.Text(
            "",
            0,
            0,
            (*TEXT[:3], RESTING_ALPHA),
            self.font_size * RESTING_SCALE,
            font_name=FONT_NAME,
            anchor_x="center",
            anchor_y="center",
        )

    def rest_on(self, text: str) -> None:
        """What the strip says between sentences (the variant's name)."""
        if self.resting.text != text:
            self.resting.text = text
            self._lay_out_resting()

    def _lay_out_resting(self) -> None:
        area = self.area
        size = round(self.font_size * RESTING_SCALE * 2) / 2
        if self.resting.font_size != size:
            self.resting.font_size = size
        self.resting.position = (round(area.center_x), round(area.center_y))
        # Where the strip is too narrow for it (a tiny window), it is left out.
        self.resting.visible = self.resting.content_width <= area.width

    @property
    def message(self) -> str | None:
        """The sentence on show (whole, even when the line cuts it), or None."""
        return self.sentence if self.band.visible else None

    def place(self, area: Rect, font_size: float) -> None:
        """Put the line in `area` (the layout's status strip) at about `font_size`."""
        self.area, self.font_size = area, font_size
        if self.band.visible:
            self._lay_out()
        self._lay_out_resting()

    def show(self, sentence: str, now: float) -> None:
        """Show `sentence` from `now` on, replacing the one before."""
        self.sentence = sentence
        self.until = now + SHOW_S + FADE_S
        if not sentence:
            self.hide()
            return
        self.band.visible = self.text.visible = True
        self.band.color = (*tables.current().bar[:3], BAND_ALPHA)
        self._lay_out(alpha=1.0)

    def hide(self) -> None:
        self.band.visible = self.text.visible = False

    def update(self, now: float) -> bool:
        """Fade near the end; True while fading (the window must keep drawing)."""
        if not self.band.visible:
            return False
        left = self.until - now
        if left <= 0:
            self.hide()
            return True  # one more frame, to clear it
        if left < FADE_S:
            self._set_alpha(left / FADE_S)
            return True
        return False

    def draw(self) -> None:
        if self.band.visible:
            self.sprites.draw()
            self.batch.draw()
        elif self.resting.text and self.resting.visible:
            self.resting.draw()

    def _lay_out(self, alpha: float | None = None) -> None:
        area = self.area
        room = max(area.width - self.font_size * 1.5, 1.0)
        size = self.font_size
        # One layout for the sentence, its size and its colour (pyglet lays
        # a text out afresh on each change, each on the click frame).
        label = self.text.label
        label.begin_update()
        try:
            self.text.text = self.sentence
            if self.text.font_size != size:
                self.text.font_size = size
            if alpha is not None:
                self._set_alpha(alpha)
        finally:
            label.end_update()
        if self.text.content_width > room:
            size = max(size * room / self.text.content_width, MIN_FONT)
            self.text.font_size = size
        if self.text.content_width > room:
            self.text.text = _cut(self.text, self.sentence, room)
        pad = size * 0.75
        width = min(self.text.content_width + 2 * pad, area.width)
        height = min(size * 1.7, area.height)
        cx, cy = area.center_x, area.center_y
        chrome.place_panel(self.band, cx - width / 2, cy - height / 2, width, height, height / 2)
        self.text.position = (round(cx), round(cy))

    def _set_alpha(self, a: float) -> None:
        self.band.alpha = int(BAND_ALPHA * a)
        color = (*TEXT[:3], int(TEXT[3] * a))
        if tuple(self.text.color) != color:
            self.text.color = color


def _cut(text: arcade.Text, sentence: str, room: float) -> str:
    """The longest start of `sentence` (whole words) that fits `room` with an ellipsis."""
    words = sentence.split()
    low, high = 0, len(words)
    while low < high:  # binary search: a handful of layouts, once per sentence
        mid = (low + high + 1) // 2
        text.text = " ".join(words[:mid]) + " …"
        if text.content_width <= room:
            low = mid
        else:
            high = mid - 1
    return " ".join(words[:low]) + " …"
