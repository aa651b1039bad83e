"""Rules: how to play, in the player's language, scrollable, with the score table."""

from __future__ import annotations

from collections.abc import Callable

from game.ui.input.keymap import key_table, key_words
from game.ui.input.pad import pad_table, pad_words
from game.ui.panel import look
from game.ui.panel.boxes import Box
from game.ui.panel.nodes import Paragraph, Scroll, Text
from game.ui.screens.base import Screen
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


def rules_page(t: Callable[..., str], width: int) -> list[Paragraph]:
    """The whole rules page as paragraphs, for a page `width` design pixels wide."""
    page: list[Paragraph] = []
    for section in SECTIONS:
        page.append(Paragraph(t(f"rules.{section}.title"), "heading"))
        if section == "score":
            column = min(460, width - 120)
            page.append(Paragraph(f"{t('rules.score.action')}\t{t('rules.score.points')}", "head_row", column))
            for key, points in SCORE_ROWS:
                # a wider gap after the last row sets the table off
                page.append(
                    Paragraph(f"{t(f'rules.score.{key}')}\t{points}", "last_row" if key == "run" else "row", column)
                )
        if section == "keys":
            page += _key_rows(t, min(300, width // 3))
            page += _pad_rows(t, min(300, width // 3))
            continue
        page += paragraphs(t(f"rules.{section}.body"))
    return page


def paragraphs(body: str) -> list[Paragraph]:
    """Each line of a catalogue text is a paragraph; a line starting with a bullet is indented."""
    return [Paragraph(line, "bullet" if line.startswith("•") else "body") for line in body.split("\n")]


def _key_rows(t: Callable[..., str], column: int) -> list[Paragraph]:
    """The key map itself, so the page always shows the keys the table obeys.
    A long description wraps under itself, not under the keys."""
    rows = key_table(key_words(t))
    return [
        Paragraph(
            f"{keys}\t{t(f'rules.keys.{action}')}", "last_row" if i == len(rows) - 1 else "row", column, hang=True
        )
        for i, (keys, action) in enumerate(rows)
    ]


def _pad_rows(t: Callable[..., str], column: int) -> list[Paragraph]:
    """The game controller's buttons, from the pad's own map (after the keys)."""
    rows = [Paragraph(t("access.pad.title"), "heading")]
    rows += [
        Paragraph(f"{buttons}\t{t(f'rules.keys.{action}')}", "row", column, hang=True)
        for buttons, action in pad_table(pad_words(t))
    ]
    return rows + paragraphs(t("access.pad.dialogs"))


class RulesScreen(Screen):
    """The rules page. Wheel, arrows, Page Up/Down, Home/End scroll; Esc or Close leave."""

    title = "rules.title"
    first = "text"

    def __init__(self, translator: Translator, on_close: Callable[[], None]) -> None:
        self._on_close = on_close
        super().__init__(translator)

    def opened(self) -> None:
        super().opened()
        self.text.scroll = 0.0

    def on_back(self) -> None:
        self._on_close()

    def build(self) -> Box:
        self.text = Scroll(
            "text",
            self.say("rules.title"),
            lambda: rules_page(self.t, round(self.content_width / self.flow.scale)),
            width=lambda: self.content_width,
        )
        return self.panel(
            self.title_text(),
            self.text,
            self.button("close", "screens.close", lambda: self.on_back(), kind="selected", size=16),
            Text(self.say("screens.rules.scroll_hint"), size=look.SMALL_SIZE, colour=look.TEXT_DIM, hint=True),
            gap=10,
        )
