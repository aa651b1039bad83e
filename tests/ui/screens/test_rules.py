"""The Rules screen, driven like a player would (see screens_driver)."""

from __future__ import annotations

from typing import Any

import arcade
import pytest

from game.ui.screens.keys import LINE_STEP
from game.ui.screens.rules import RulesScreen
from game.words.i18n import LANGUAGES, Translator
from ui.screens.screens_driver import Calls, page_text, press, send, show, texts

key = arcade.key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_show_every_section_and_the_score_table(window: Any, calls: Calls, lang: str) -> None:
    t = Translator(lang).t
    view = show(window, RulesScreen(Translator(lang), calls("close")))
    page = page_text(view).page
    for section in ("goal", "cards", "group", "empty", "stock", "runs", "end", "score", "mouse", "codes"):
        assert t(f"rules.{section}.title") in page
    assert t("rules.score.run") + "\t+100" in page
    assert t("rules.title") in texts(view)


def test_rules_scroll_by_wheel_and_keys(window: Any, calls: Calls) -> None:
    view = show(window, RulesScreen(Translator("en"), calls("close")))
    text = page_text(view)
    assert text.scroll == 0 and text.max_scroll > 1000, "the rules are longer than the window"
    send(window, "on_mouse_scroll", int(text.rect.center_x), int(text.rect.center_y), 0, -3)
    assert text.scroll == 3 * LINE_STEP
    press(window, key.DOWN)  # the text has the focus when the page opens
    assert text.scroll == 4 * LINE_STEP
    press(window, key.PAGEDOWN)
    assert text.scroll > 4 * LINE_STEP + 300
    press(window, key.END)
    assert text.scroll == text.max_scroll
    press(window, key.HOME)
    assert text.scroll == 0
    press(window, key.TAB)
    assert view.focused == "close"
    press(window, key.ENTER)
    assert calls.names() == ["close"]


def test_the_page_opens_again_at_its_top(window: Any, calls: Calls) -> None:
    view = show(window, RulesScreen(Translator("en"), calls("close")))
    press(window, key.END)
    assert page_text(view).scroll > 0
    show(window, view)
    assert page_text(view).scroll == 0 and view.focused == "text"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_list_every_key_of_the_key_map_in_the_players_words(window: Any, calls: Calls, lang: str) -> None:
    t = Translator(lang).t
    view = show(window, RulesScreen(Translator(lang), calls("close")))
    page = page_text(view).page
    assert t("rules.keys.title") in page
    assert f"Ctrl+Z\t{t('rules.keys.undo')}" in page
    assert f"D\t{t('rules.keys.deal')}" in page
    assert f"{t('rules.key.enter')} / {t('rules.key.space')}\t{t('rules.keys.activate')}" in page
    assert f"1 … 9, 0\t{t('rules.keys.column')}" in page
    assert f"Ctrl+Q\t{t('rules.keys.quit')}" in page
