"""Rules: how to play, in the player's language, scrollable, with the score table."""

from __future__ import annotations

from collections.abc import Callable

from arcade.gui import UIWidget

from game.ui.input.keymap import key_table, key_words
from game.ui.input.pad import pad_table, pad_words
from game.ui.screens import theme
from game.ui.screens.base import Built, ScreenView
from game.ui.screens.text import RichText, ScrollText
from game.words.i18n import Translator

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
    "keys",
    "codes",
)
SCORE_ROWS = (("start", "500"), ("move", "−1"), ("deal", "−1"), ("run", "+100"))


def rules_document(translator: Translator, width: int, scale: float = 1.0) -> RichText:
    """The whole rules page as one formatted document, `width` design pixels wide."""
    t = translator.t
    text = RichText(scale)
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
        if section == "keys":
            _key_rows(text, t, min(300, width // 3))
            _pad_rows(text, t, min(300, width // 3))
            continue
        text.add_paragraphs(t(f"rules.{section}.body"))
    return text


def _key_rows(text: RichText, t: Callable[..., str], column: int) -> None:
    """The key map itself, so the page always shows the keys the table obeys."""
    rows = key_table(key_words(t))
    for i, (keys, action) in enumerate(rows):
        text.add(
            f"{keys}\t{t(f'rules.keys.{action}')}",
            tab_stops=[column],
            space_after=14 if i == len(rows) - 1 else 2,
            margin_left=column,  # with the negative indent, a long description
            indent=-column,  # wraps under itself, not under the keys
        )


def _pad_rows(text: RichText, t: Callable[..., str], column: int) -> None:
    """The game controller's buttons, from the pad's own map (after the keys)."""
    text.add(t("access.pad.title"), size=theme.HEADING_SIZE, bold=True, color=theme.GOLD, space_before=10)
    for buttons, action in pad_table(pad_words(t)):
        text.add(
            f"{buttons}\t{t(f'rules.keys.{action}')}",
            tab_stops=[column],
            space_after=2,
            margin_left=column,
            indent=-column,
        )
    text.add_paragraphs(t("access.pad.dialogs"))


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
        title = self.label(t("rules.title"), size=theme.TITLE_SIZE, bold=True)
        close = self.button(t("screens.close"), self.on_back, kind="selected", size=16)
        hint = self.label(t("screens.rules.scroll_hint"), size=theme.SMALL_SIZE, color=theme.TEXT_DIM)
        parts: list[UIWidget] = [title, close, hint] if self.hints else [title, close]
        # The text takes whatever height the rest of the panel leaves.
        width = self.content_width
        height = self.text_height([w.height for w in parts], 10)
        document = rules_document(self.translator, round(width / self.scale), self.scale).document
        self.text = ScrollText(document, width=width, height=height)
        parts.insert(1, self.text)
        return Built(self.panel(*parts, space_between=10), {"text": self.text, "close": close}, first="text")
