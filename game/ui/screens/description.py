"""Description: the table in words (the engine's `describe()`), with a Copy button.

Useful with a screen reader, or to paste a position into a message. Where
there is no clipboard (headless, some remote sessions) Copy says so instead
of failing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from game.ui.panel import look
from game.ui.panel.boxes import Box
from game.ui.panel.nodes import Paragraph, Scroll, Text
from game.ui.render import clipboard
from game.ui.screens.base import Screen
from game.words.i18n import Translator

COLUMN_START = re.compile(r"(?<=[.;])\s+(?=\w+ \d+:)")


class DescriptionScreen(Screen):
    """The table in words. `line` is the game as one line to share
    (docs/RULES.md §12), copied by its own button; None (a game typed as a
    position has no code) leaves the button out."""

    title = "screens.describe.title"
    first = "text"

    def __init__(
        self,
        text: str,
        translator: Translator,
        on_close: Callable[[], None],
        *,
        line: str | None = None,
        window: Any = None,
    ) -> None:
        self._on_close = on_close
        self.window = window  # the clipboard's (None: the current window)
        self.description = ""
        self.line: str | None = None
        self.status = ""
        super().__init__(translator)
        self.reset(text, line)

    def reset(self, text: str, line: str | None) -> None:
        """Opened again: the table as it is now."""
        self.description = text
        self.line = line
        self.status = ""
        self.text.scroll = 0.0
        self.touch()

    def page(self) -> list[Paragraph]:
        """One paragraph per column reads far better than one long one: a
        break before every "column 3:" / "colonna 3:" / "columna 3:"."""
        return [Paragraph(part, "line") for part in COLUMN_START.split(self.description)]

    def copy(self) -> bool:
        """Copy the description; True if it reached the clipboard."""
        copied = clipboard.write(self._window(), self.description)
        self.status = self.t("screens.describe.copied" if copied else "screens.describe.no_clipboard")
        self.touch()
        return copied

    def copy_line(self) -> bool:
        """Copy the game as one line; True if it reached the clipboard."""
        copied = self.line is not None and clipboard.write(self._window(), self.line)
        self.status = self.t("replay.share.copied" if copied else "replay.share.no_clipboard")
        self.touch()
        return copied

    def _window(self) -> Any:
        if self.window is not None:
            return self.window
        import arcade

        return arcade.get_window()

    def on_back(self) -> None:
        self._on_close()

    def build(self) -> Box:
        self.text = Scroll("text", self.say("screens.describe.title"), self.page, width=lambda: self.content_width)
        copy_line = self.button("copy_line", "replay.describe.copy_line", lambda: self.copy_line())
        copy_line.shown = lambda: self.line is not None
        return self.panel(
            self.title_text(),
            self.text,
            Box(
                self.button("copy", "screens.describe.copy", lambda: self.copy()),
                copy_line,
                self.button("close", "screens.close", lambda: self.on_back(), kind="selected", size=16),
                row=True,
                gap=16,
            ),
            # The status line keeps its place, said or not, so nothing moves when Copy answers.
            Text(lambda: self.status, size=look.SMALL_SIZE, colour=look.TEXT_DIM, lines=1),
            gap=10,
        )
