"""The Statistics screen, driven like a player would (see screens_driver)."""

from __future__ import annotations

from typing import Any

import arcade
from screens_driver import Calls, click, press, sample_stats, show, texts

import game.ui  # noqa: F401  (makes arcade.gui importable headless)
from game.i18n import Translator
from game.ui.screens import (
    StatisticsView,
)

key = arcade.key


def test_statistics_table_shows_each_variant(window: Any, calls: Calls) -> None:
    view = show(
        window,
        StatisticsView(sample_stats(), Translator("en"), calls("reset"), calls("close")),
    )
    row = {name: view.cells[("1C", name)].text for name in ("played", "won", "win_rate", "best_score", "fewest_moves")}
    assert row == {
        "played": "2",
        "won": "1",
        "win_rate": "50%",
        "best_score": "1183",
        "fewest_moves": "117",
    }
    assert view.cells[("2C", "best_score")].text == "–"
    assert {"Easy", "Medium · Classic", "Hard · Flexible"} <= set(texts(view))
    es = show(
        window,
        StatisticsView(sample_stats(), Translator("es"), calls("reset"), calls("close")),
    )
    assert es.cells[("1C", "win_rate")].text == "50 %"


def test_reset_asks_first_and_cancel_keeps_everything(window: Any, calls: Calls) -> None:
    stats = sample_stats()
    view = show(window, StatisticsView(stats, Translator("en"), calls("reset"), calls("close")))
    click(window, view.controls["reset"])
    assert "Erase all statistics for every game? This cannot be undone." in texts(view)
    assert view.focused_name == "cancel", "a stray Enter must not erase anything"
    press(window, key.ENTER)
    assert stats.total_played == 3 and calls.calls == []
    click(window, view.controls["reset"])
    press(window, key.ESCAPE)  # Esc backs out of the question, not the screen
    assert stats.total_played == 3 and calls.calls == [] and "reset" in view.controls


def test_confirmed_reset_erases_and_lets_the_caller_save(window: Any, calls: Calls) -> None:
    stats = sample_stats()
    view = show(window, StatisticsView(stats, Translator("it"), calls("reset"), calls("close")))
    click(window, view.controls["reset"])
    click(window, view.controls["erase"])
    assert calls.calls == [("reset", stats)]
    assert stats.total_played == 0
    assert view.cells[("1C", "played")].text == "0"
    assert "Statistiche cancellate." in texts(view)
