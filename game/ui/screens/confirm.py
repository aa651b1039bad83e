"""A small question before something that cannot be undone (Restart).

Cancel has the focus, so Enter keeps things as they are, and so do Escape
and Cancel; only the confirming button itself (clicked, or reached with Tab
and pressed) goes ahead.
"""

from __future__ import annotations

from collections.abc import Callable

from arcade.gui import UIBoxLayout

from game.ui.screens import theme
from game.ui.screens.base import Built, ScreenView
from game.words.i18n import Translator

WIDTH = 520  # design pixels: a small dialog, not a screen


class ConfirmView(ScreenView):
    """Asks `screens.<topic>.question` with `screens.<topic>.title` above it
    and `screens.<topic>.yes` and Cancel below; ``on_yes()`` or ``on_no()``."""

    def __init__(
        self,
        translator: Translator,
        topic: str,
        on_yes: Callable[[], None],
        on_no: Callable[[], None],
    ) -> None:
        self.topic = topic
        self._on_yes = on_yes
        self._on_no = on_no
        super().__init__(translator)

    def on_back(self) -> None:
        self._on_no()

    def build(self) -> Built:
        t = self.t
        width = min(self.px(WIDTH), self.content_width)
        yes = self.button(t(f"screens.{self.topic}.yes"), self._on_yes, kind="danger")
        no = self.button(t("screens.cancel"), self._on_no, kind="selected")
        buttons = UIBoxLayout(vertical=False, space_between=self.px(16))
        buttons.add(yes)
        buttons.add(no)
        return Built(
            self.panel(
                self.label(t(f"screens.{self.topic}.title"), size=theme.HEADING_SIZE + 5, bold=True),
                self.label(t(f"screens.{self.topic}.question"), width=width, align="center"),
                buttons,
                space_between=18,
            ),
            {"yes": yes, "no": no},
            first="no",
        )
