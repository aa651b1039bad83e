"""The Description screen, driven like a player would (see screens_driver)."""

from __future__ import annotations

from typing import Any

import arcade

from game.engine import Game
from game.ui.screens.description import DescriptionScreen
from game.words.i18n import Translator, catalogue
from ui.screens.screens_driver import Calls, click, page_text, press, show, shown_controls, texts

key = arcade.key


def test_description_shows_the_engine_text_and_copies_it(window: Any, calls: Calls, monkeypatch: Any) -> None:
    game = Game.random(2, seed=3)
    text = game.describe(catalogue("es"))
    copied: list[str] = []
    monkeypatch.setattr(window, "set_clipboard_text", copied.append, raising=False)
    view = show(window, DescriptionScreen(text, Translator("es"), calls("close")))
    shown = page_text(view).page
    assert "columna 10" in shown and shown.replace("\n", " ").split() == text.split()
    click(window, view.controls["copy"])
    assert copied == [text]
    assert "Copiado al portapapeles." in texts(view)
    press(window, key.ESCAPE)
    assert calls.names() == ["close"]


def test_copy_without_a_clipboard_says_so(window: Any, calls: Calls) -> None:
    view = show(window, DescriptionScreen("Stock: 50 cards.", Translator("en"), calls("close")))
    assert view.copy() is False  # the headless window has no clipboard
    assert "There is no clipboard here: the text could not be copied." in texts(view)


def test_the_game_line_is_copied_with_one_click(window: Any, calls: Calls, monkeypatch: Any) -> None:
    copied: list[str] = []
    monkeypatch.setattr(window, "set_clipboard_text", copied.append, raising=False)
    line = "SP1-S1C-AAAAAAD:4:18b87+08"
    view = show(window, DescriptionScreen("Stock: 50 cards.", Translator("it"), calls("close"), line=line))
    click(window, view.controls["copy_line"])
    assert copied == [line]
    assert "La partita è negli appunti in una riga: incollala a un amico." in texts(view)


def test_a_game_without_a_code_has_no_line_to_copy(window: Any, calls: Calls) -> None:
    view = show(window, DescriptionScreen("Stock: 50 cards.", Translator("en"), calls("close")))
    assert "copy_line" not in shown_controls(view)


def test_opened_again_it_shows_the_table_as_it_is_now(window: Any, calls: Calls) -> None:
    view = show(window, DescriptionScreen("Stock: 50 cards.", Translator("en"), calls("close")))
    view.copy()
    view.reset("Stock: 40 cards.", "SP1-S1C-AAAAAAD:0:")
    show(window, view)
    assert page_text(view).page == "Stock: 40 cards." and "copy_line" in shown_controls(view)
    assert not any("clipboard" in text for text in texts(view)), "the last open's answer is gone"
