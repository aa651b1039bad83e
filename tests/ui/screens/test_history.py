"""The Last games screen (docs/RULES.md §15), driven like a player would."""

from __future__ import annotations

from typing import Any

import pytest

from game.records.history import History, clock_text
from game.records.settings import TABLES
from game.ui.panel.nodes import Picture, Text
from game.ui.screens.history import CHART_GAMES, LOST_BAR, WON_BAR, HistoryScreen
from game.words.i18n import Translator
from ui.screens.screens_driver import Calls, click, sample_history, show, shown_controls, texts


def test_rows_show_each_game_and_its_buttons_play_or_watch_it(window: Any, calls: Calls) -> None:
    history = sample_history()
    view = show(window, HistoryScreen(history, Translator("en"), calls("play"), calls("watch"), calls("close")))
    newest = history.games[0]
    assert {
        "2026-11-11 20:00",
        "Medium · Classic",
        "Won",
        str(newest.score),
        clock_text(newest.seconds, hours=True),
    } <= set(texts(view))
    assert "1–8 of 37" in texts(view) or "1–5 of 37" in texts(view)
    click(window, view.controls["play.1"])
    click(window, view.controls["watch.1"])
    assert calls.calls == [("play", newest.code), ("watch", newest.line)]
    assert "watch.2" not in shown_controls(view)  # a game kept without its line cannot be watched


def test_pages_go_back_in_time(window: Any, calls: Calls) -> None:
    history = sample_history()
    view = show(window, HistoryScreen(history, Translator("it"), calls("play"), calls("watch"), calls("close")))
    per_page = view.per_page
    click(window, view.controls["older"])
    assert f"{per_page + 1}–{2 * per_page} di 37" in texts(view)
    click(window, view.controls["play.1"])  # the first row of the second page
    assert calls.calls == [("play", history.games[per_page].code)]
    click(window, view.controls["newer"])
    assert "newer" not in shown_controls(view) and view.focused == "older"


def test_a_line_that_will_not_open_is_said_in_place(window: Any, calls: Calls) -> None:
    view = show(
        window,
        HistoryScreen(
            sample_history(), Translator("es"), calls("play"), lambda line: "La línea está dañada.", calls("x")
        ),
    )
    click(window, view.controls["watch.1"])
    assert "La línea está dañada." in texts(view)


def test_no_games_yet(window: Any, calls: Calls) -> None:
    view = show(window, HistoryScreen(History(), Translator("en"), calls("play"), calls("watch"), calls("close")))
    assert "No game finished or left yet." in texts(view)


def test_the_chart_holds_the_last_thirty_scores_won_and_lost(window: Any, calls: Calls) -> None:
    history = sample_history()
    view = show(window, HistoryScreen(history, Translator("en"), calls("play"), calls("watch"), calls("close")))
    chart = next(node for node in view.root.walk() if isinstance(node, Picture))
    bars = chart.shapes(600, 70)[2:]  # after the base line and the axis
    assert len(bars) == CHART_GAMES
    newest = history.games[0]
    assert bars[-1].colour == (WON_BAR if newest.result == "won" else LOST_BAR)
    assert {bar.colour for bar in bars} == {WON_BAR, LOST_BAR}
    tallest = max(bars, key=lambda bar: bar.height)
    assert tallest.height == 70 - 2 and max(g.score for g in history.games[:CHART_GAMES]) == max(
        score for score, _ in history.last_scores(CHART_GAMES)
    )


def test_time_played_reads_as_a_clock() -> None:
    assert [clock_text(s) for s in (0, 65, 3600 + 62)] == ["0:00", "1:05", "1:01:02"]
    assert [clock_text(s, hours=True) for s in (0, 13 * 60 + 17)] == ["0:00:00", "0:13:17"]


def test_the_chart_has_its_axis_values_and_reads_as_words(window: Any, calls: Calls) -> None:
    history = sample_history()
    view = show(window, HistoryScreen(history, Translator("en"), calls("play"), calls("watch"), calls("close")))
    best = max(score for score, _ in history.last_scores(CHART_GAMES))
    shown = texts(view)
    assert str(best) in shown and "0" in shown and "← older" in shown and "newest →" in shown
    chart = next(node for node in view.root.walk() if isinstance(node, Picture))
    latest = history.games[0]
    assert chart.describe() == (
        f"A bar chart of the last 30 scores, oldest first: the best {best}, the latest {latest.score} "
        f"({'Won' if latest.result == 'won' else 'Lost'})."
    )


def test_escape_and_its_button_go_back_to_statistics(app: Any) -> None:
    from game.ui.screens.statistics import StatisticsScreen
    from ui.screens.screens_driver import press, shown_as

    t, spider = app()
    spider.show_screen("stats")
    click(t.window, shown_as(t.window, StatisticsScreen).controls["history"])
    history = shown_as(t.window, HistoryScreen)
    assert "Back to Statistics" in texts(history)
    press(t.window, 65307)  # Escape
    shown_as(t.window, StatisticsScreen)
    click(t.window, shown_as(t.window, StatisticsScreen).controls["history"])
    click(t.window, shown_as(t.window, HistoryScreen).controls["close"])
    shown_as(t.window, StatisticsScreen)


def luminance(rgb: tuple[int, int, int]) -> float:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = rgb
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


@pytest.mark.parametrize("table", TABLES)
def test_won_reads_clearly_on_every_table(window: Any, calls: Calls, table: str) -> None:
    """WCAG's 4.5:1 at least, between the word as drawn and the panel under it."""
    import arcade

    from game.ui.render import tables
    from ui.screens.screens_driver import rgb

    tables.use(table)
    try:
        view = show(window, HistoryScreen(sample_history(), Translator("en"), calls("p"), calls("w"), calls("x")))
        won = next(n for n in view.root.walk() if isinstance(n, Text) and n.visible and n.text == "Won")
        r = won.rect
        image = arcade.get_image(int(r.left), int(r.bottom), int(r.width), int(r.height)).convert("RGB")
        ink = max((rgb(image, x, y) for x in range(image.width) for y in range(image.height)), key=luminance)
        panel = tables.current().panel
        ratio = (luminance(ink) + 0.05) / (luminance(panel) + 0.05)
        assert ratio >= 4.5, f"Won {ink} on {panel}: {ratio:.1f}:1"
    finally:
        tables.use(tables.DEFAULT)
