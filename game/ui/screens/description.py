"""Description: the table in words (the engine's `describe()`), with a Copy button.

Useful with a screen reader, or to paste a position into a message. Where
there is no clipboard (headless, some remote sessions) Copy says so instead
of failing.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from arcade.gui import UIBoxLayout

from game.ui.render import clipboard
from game.ui.screens import theme
from game.ui.screens.base import Built, ScreenView
from game.ui.screens.text import RichText, ScrollText
from game.words.i18n import Translator

COLUMN_START = re.compile(r"(?<=[.;])\s+(?=\w+ \d+:)")


class DescriptionView(ScreenView):
    """The table in words. `line` is the game as one line to share
    (docs/RULES.md §12), copied by its own button; None (a game typed as a
    position has no code) leaves the button out."""

    def __init__(
        self, text: str, translator: Translator, on_close: Callable[[], None], *, line: str | None = None
    ) -> None:
        self.description = text
        self.line = line
        self.status = ""
        self._on_close = on_close
        self.text: ScrollText | None = None
        super().__init__(translator)

    def copy(self) -> bool:
        """Copy the description; True if it reached the clipboard."""
        copied = clipboard.write(self.window, self.description)
        self.status = self.t("screens.describe.copied" if copied else "screens.describe.no_clipboard")
        self.rebuild(focus="copy")
        return copied

    def copy_line(self) -> bool:
        """Copy the game as one line; True if it reached the clipboard."""
        copied = self.line is not None and clipboard.write(self.window, self.line)
        self.status = self.t("replay.share.copied" if copied else "replay.share.no_clipboard")
        self.rebuild(focus="copy_line")
        return copied

    def on_back(self) -> None:
        self._on_close()

    def build(self) -> Built:
        t = self.t
        title = self.label(t("screens.describe.title"), size=theme.TITLE_SIZE, bold=True)
        copy = self.button(t("screens.describe.copy"), self.copy)
        close = self.button(t("screens.close"), self.on_back, kind="selected", size=16)
        buttons = UIBoxLayout(vertical=False, space_between=self.px(16))
        buttons.add(copy)
        controls = {"copy": copy}
        if self.line is not None:
            controls["copy_line"] = self.button(t("replay.describe.copy_line"), self.copy_line)
            buttons.add(controls["copy_line"])
        buttons.add(close)
        # The status line keeps its place, said or not, so nothing moves when Copy answers.
        self.status_label = self.label(self.status, size=theme.SMALL_SIZE, color=theme.TEXT_DIM)
        status = self.fixed_lines(self.status_label, 1, theme.SMALL_SIZE)
        # The text takes whatever height the rest of the panel leaves.
        height = self.text_height([title.height, close.height, status.height], 10)
        # One column per line reads far better than one long paragraph: break
        # before every "column 3:" / "colonna 3:" / "columna 3:".
        doc = RichText(self.scale)
        for part in COLUMN_START.split(self.description):
            doc.add(part, space_after=6)
        self.text = ScrollText(doc.document, width=self.content_width, height=height)
        return Built(
            self.panel(title, self.text, buttons, status, space_between=10),
            {"text": self.text, **controls, "close": close},
            first="text",
        )
