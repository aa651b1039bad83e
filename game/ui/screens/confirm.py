"""A small question before something that cannot be undone (Restart).

Cancel has the focus, so Enter keeps things as they are, and so do Escape
and Cancel; only the confirming button itself (clicked, or reached with Tab
and pressed) goes ahead.
"""

from __future__ import annotations

from collections.abc import Callable

from game.ui.panel import look
from game.ui.panel.boxes import Box
from game.ui.panel.nodes import Text
from game.ui.screens.base import Screen
from game.words.i18n import Translator

WIDTH = 520  # design pixels: a small dialog, not a screen


class ConfirmScreen(Screen):
    """Asks `screens.<topic>.question` with `screens.<topic>.title` above it
    and `screens.<topic>.yes` and Cancel below; ``on_yes()`` or ``on_no()``."""

    first = "no"

    def __init__(
        self,
        translator: Translator,
        topic: str,
        on_yes: Callable[[], None],
        on_no: Callable[[], None],
    ) -> None:
        self.topic = topic
        self.title = f"screens.{topic}.title"
        self._on_yes = on_yes
        self._on_no = on_no
        super().__init__(translator)

    def on_back(self) -> None:
        self._on_no()

    def build(self) -> Box:
        return self.panel(
            Text(self.say(self.title), size=look.HEADING_SIZE + 5, bold=True, heading=True),
            Text(self.say(f"screens.{self.topic}.question"), wrap=True, width=WIDTH, align="center"),
            Box(
                self.button("yes", f"screens.{self.topic}.yes", lambda: self._on_yes(), kind="danger"),
                self.button("no", "screens.cancel", lambda: self._on_no(), kind="selected"),
                row=True,
                gap=16,
            ),
            gap=18,
        )
