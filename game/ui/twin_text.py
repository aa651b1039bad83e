"""A text whose next words are known beforehand, laid out ahead of time.

Pyglet lays a text out afresh whenever its words change (~0.1-0.3 ms of
Python for a short one, on the frame of the click that changed them). The
score and the moves mostly change by one: while the table rests, a hidden
twin is laid out with the likely next words (`prepare`), and when they come
(`set`) the twin is shown in place of the other, which costs no layout.
Other words are laid out on the spot, as before. Both twins are made alike
(same batch, font, colour and anchors), so what is drawn is the same.
"""

from __future__ import annotations

from collections.abc import Callable

import arcade


class TwinText:
    """One text on screen (`shown`) and its hidden twin (`spare`)."""

    def __init__(self, make: Callable[[], arcade.Text]) -> None:
        self.shown = make()
        self.spare = make()
        self.spare.visible = False

    def set(self, words: str) -> None:
        """Show `words` (a swap when the twin already holds them at this size)."""
        shown, spare = self.shown, self.spare
        if shown.text == words:
            return
        if spare.text == words and spare.font_size == shown.font_size:
            spare.position = shown.position
            spare.visible, shown.visible = shown.visible, False
            self.shown, self.spare = spare, shown
        else:
            shown.text = words

    def set_font_size(self, size: float) -> None:
        """The size of the text on show (the twin follows in `prepare`)."""
        if self.shown.font_size != size:
            self.shown.font_size = size

    def prepare(self, words: str) -> bool:
        """Lay the twin out with `words`, likely next; True if that took a layout."""
        shown, spare = self.shown, self.spare
        if spare.text == words and spare.font_size == shown.font_size:
            return False
        label = spare.label
        label.begin_update()  # one layout for the words and the size
        try:
            spare.text = words
            if spare.font_size != shown.font_size:
                spare.font_size = shown.font_size
        finally:
            label.end_update()
        return True
