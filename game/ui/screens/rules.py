"""Rules: how to play, in the player's language, scrollable, with the score table."""

from __future__ import annotations

from collections.abc import Callable

from ...i18n import Translator
from . import theme
from .base import Built, ScreenView
from .text import RichText, ScrollText

# Reading order of the rules page (keys ``rules.<section>.title`` / ``.body``);
# the score table comes after "end", where the score is first mentioned.
SECTIONS = (
    "goal",
    "cards",
    "deal",
    "single",
    "group",
    "empty",
    "stock",
    "runs",
    "end",
    "score",
    "mouse",
    "codes",
)
SCORE_ROWS = (("start", "500"), ("move", "−1"), ("deal", "−1"), ("run", "+100"))


def rules_document(translator: Translator, width: int) -> RichText:
    """The whole rules page as one formatted document."""
    t = translator.t
    text = RichText()
    for section in SECTIONS:
        text.add(
            t(f"rules.{section}.title"),
            size=theme.HEADING_SIZE,
            bold=True,
            color=theme.GOLD,
            space_before=10,
        )
        if section == "score":
            column = min(460, width - 120)
            text.add(
                f"{t('rules.score.action')}\t{t('rules.score.points')}",
                bold=True,
                tab_stops=[column],
                space_after=4,
            )
            for key, points in SCORE_ROWS:
                text.add(
                    f"{t(f'rules.score.{key}')}\t{points}",
                    tab_stops=[column],
                    # a wider gap after the last row sets the table off
                    space_after=14 if key == "run" else 2,
                )
        text.add_paragraphs(t(f"rules.{section}.body"))
    return text


class RulesView(ScreenView):
    """The rules page. Wheel, arrows, Page Up/Down, Home/End scroll; Esc or Close leave."""

    def __init__(self, translator: Translator, on_close: Callable[[], None]) -> None:
        self._on_close = on_close
        self.text: ScrollText | None = None
        super().__init__(translator)

    def on_back(self) -> None:
        self._on_close()

    def build(self) -> Built:
        t = self.t
        width = self.panel_width - 48
        height = max(200, self.panel_height - 200)
        self.text = ScrollText(rules_document(self.translator, width).document, width=width, height=height)
        close = self.button(t("screens.close"), self.on_back, style=theme.selected_style(16))
        return Built(
            self.panel(
                self.label(t("rules.title"), size=theme.TITLE_SIZE, bold=True),
                self.text,
                close,
                self.label(
                    t("screens.rules.scroll_hint"),
                    size=theme.SMALL_SIZE,
                    color=theme.TEXT_DIM,
                ),
                space_between=10,
            ),
            {"text": self.text, "close": close},
            first="text",
        )
