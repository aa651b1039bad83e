"""The game's clock runs only while its table shows in a window the player is
at (docs/RULES.md §15): another window taking the focus or the window
minimized stops it and the bar says "Paused"; a screen open stops it with
its time shown; each reason is released on its own. The accessibility tree
has the clock as a label beside the score and the moves, paused or not."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from game.engine.identity import CardPlaces
from game.play.clock import Hold
from game.records.settings import Settings
from game.ui.access.nodes import ROOT, check
from game.ui.access.tree import CLOCK, MOVES, SCORE, TOOLBAR, build_tree
from game.ui.app.access_state import table_state
from game.words.i18n import Translator, catalogue
from ui.table_harness import MakeApp, Table


class Ticker:
    def __init__(self) -> None:
        self.now = 50.0

    def __call__(self) -> float:
        return self.now


def window_event(t: Table, name: str) -> None:
    """What the window system tells the window, dispatched as pyglet does."""
    t.window.dispatch_event(name)
    t.window.dispatch_events()


@pytest.fixture
def playing(app: MakeApp) -> Iterator[tuple[Table, Any, Ticker]]:
    ticker = Ticker()
    t, spider = app("SP1-S1C-AAAAAAD", Settings(language="it"), ticker=ticker)
    t.run(0.3)
    yield t, spider, ticker
    window_event(t, "on_activate")  # the shared window is left as the next test expects it
    window_event(t, "on_show")


def test_focus_lost_stops_the_clock_and_says_paused_until_it_comes_back(playing: tuple[Table, Any, Ticker]) -> None:
    t, spider, ticker = playing
    ticker.now += 20
    window_event(t, "on_deactivate")  # another window has the keyboard
    ticker.now += 500
    t.run(0.3)
    assert spider.session.seconds == 20 and spider.session.clock.holds == {Hold.UNFOCUSED}
    assert t.view.hud.clock_text.text == Translator("it").t("table.clock.paused")
    window_event(t, "on_activate")
    ticker.now += 3
    t.run(0.3)
    assert spider.session.seconds == 23 and t.view.hud.clock_text.text == "0:23"


def test_minimized_and_unfocused_both_must_end_before_the_clock_runs(playing: tuple[Table, Any, Ticker]) -> None:
    t, spider, ticker = playing
    window_event(t, "on_deactivate")
    window_event(t, "on_hide")
    window_event(t, "on_show")  # shown again, but another window still has the focus
    ticker.now += 100
    assert spider.session.seconds == 0 and not spider.session.clock.running
    window_event(t, "on_activate")
    ticker.now += 8
    assert spider.session.seconds == 8


def test_a_screen_stops_the_clock_with_its_time_shown_behind(playing: tuple[Table, Any, Ticker]) -> None:
    t, spider, ticker = playing
    ticker.now += 61
    spider.show_screen("rules")
    ticker.now += 300
    assert spider.session.clock.holds == {Hold.SCREEN}
    t.view.on_update(0.25)  # the table behind the screen keeps its time, not "Paused"
    assert t.view.hud.clock_text.text == "1:01"
    window_event(t, "on_deactivate")
    spider.back_to_table()
    ticker.now += 300
    assert spider.session.seconds == 61, "still away: the focus is elsewhere"
    window_event(t, "on_activate")
    ticker.now += 1
    assert spider.session.seconds == 62


def test_the_clock_is_a_label_of_the_accessibility_tree_beside_score_and_moves(
    playing: tuple[Table, Any, Ticker],
) -> None:
    t, _spider, ticker = playing
    words = catalogue("it")
    ticker.now += 65
    tree = build_tree(table_state(t.view, CardPlaces().sync(t.game)), words)
    assert tree.node(CLOCK).label == Translator("it").t("access.clock", time="1:05")
    assert tree.node(ROOT).children[:4] == (TOOLBAR, SCORE, MOVES, CLOCK)
    window_event(t, "on_deactivate")
    tree = build_tree(table_state(t.view, CardPlaces().sync(t.game)), words)
    assert tree.node(CLOCK).label == Translator("it").t("access.clock.paused", time="1:05")
    check(tree)
