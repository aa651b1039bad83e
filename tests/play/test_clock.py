"""The time played (docs/RULES.md §15): a clock held for each reason apart,
from zero on every table laid out, kept at a win, saved with the game."""

from __future__ import annotations

from pathlib import Path

from game.engine import Game
from game.engine.events import TableDealt
from game.files.storage import Storage
from game.play.clock import MAX_SECONDS, Hold, PlayClock
from game.play.session import Session
from game.records.settings import Settings
from game.records.stats import Stats

WON_AT_LAST = "\n".join(
    ["Variant: S1C", "Stock:", "Removed: S S S S S S S", "Score: 1100", "Moves: 150"]
    + ["1: | KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "2: | AS"]
    + [f"{n}: |" for n in range(3, 11)]
)


class Ticker:
    """A monotonic clock the test moves."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_holds_add_up_and_the_clock_runs_only_when_none_is_left() -> None:
    ticker = Ticker()
    clock = PlayClock(ticker)
    ticker.now += 10
    clock.hold(Hold.SCREEN)
    clock.hold(Hold.MINIMIZED)
    ticker.now += 50
    clock.release(Hold.SCREEN)  # the screen closed, the window still minimized
    ticker.now += 50
    assert (clock.seconds, clock.running, clock.holds) == (10, False, frozenset({Hold.MINIMIZED}))
    clock.release(Hold.MINIMIZED)
    ticker.now += 5
    assert (clock.seconds, clock.running) == (15, True)
    clock.hold(Hold.PAUSED)
    clock.hold(Hold.PAUSED)  # twice is once
    clock.release(Hold.PAUSED)
    ticker.now += 1
    assert clock.seconds == 16


def test_a_reset_starts_from_zero_forgets_the_win_and_keeps_the_other_holds() -> None:
    ticker = Ticker()
    clock = PlayClock(ticker, seconds=600)
    ticker.now += 30
    clock.hold(Hold.OVER)
    clock.hold(Hold.SCREEN)
    ticker.now += 30
    assert clock.seconds == 630
    clock.reset()
    ticker.now += 30
    assert (clock.seconds, clock.holds) == (0, frozenset({Hold.SCREEN}))  # begun from a screen: counts once it closes
    clock.release(Hold.SCREEN)
    ticker.now += 7
    assert clock.seconds == 7


def test_the_clock_never_goes_back_nor_past_its_bound() -> None:
    ticker = Ticker()
    clock = PlayClock(ticker, seconds=MAX_SECONDS - 1)
    ticker.now -= 50  # a monotonic clock does not, but the count must not either
    assert clock.seconds == MAX_SECONDS - 1
    ticker.now += 1000
    assert clock.seconds == MAX_SECONDS


def session(folder: Path, game: Game, ticker: Ticker) -> Session:
    return Session(Storage(folder), Settings(), Stats(), game, ticker=ticker)


def test_a_win_stops_the_clock_and_the_same_deal_again_counts_from_zero(tmp_path: Path) -> None:
    """The bug this pins: "Same deal again" after a win kept the won game's
    time and left the clock standing still."""
    ticker = Ticker()
    game = Game.from_text(WON_AT_LAST)
    s = session(tmp_path, game, ticker)
    ticker.now += 42
    s.record(game.move(1, 1, 0))
    ticker.now += 1000  # the win panel shows
    assert game.is_won and s.seconds == 42 and s.stats["1C"].best_seconds == 42
    s.record(game.restart())  # the win panel's Same deal again lays the table out again
    assert s.seconds == 0 and s.clock.running
    ticker.now += 25
    assert s.seconds == 25


def test_a_new_game_begun_from_a_screen_counts_from_zero_once_the_table_shows(tmp_path: Path) -> None:
    ticker = Ticker()
    s = session(tmp_path, Game.from_code("SP1-S1C-AAAAAAD"), ticker)
    ticker.now += 300
    s.clock.hold(Hold.SCREEN)  # New game opens
    ticker.now += 20
    s.begin(Game.from_code("SP1-S2C-AAAAAAD"))
    ticker.now += 20
    assert s.seconds == 0
    s.clock.release(Hold.SCREEN)
    ticker.now += 3
    assert s.seconds == 3


def test_the_time_is_saved_with_each_action_and_at_close(tmp_path: Path) -> None:
    ticker = Ticker()
    game = Game.from_code("SP1-S1C-AAAAAAD")
    s = session(tmp_path, game, ticker)
    ticker.now += 30
    s.record(game.deal())
    ticker.now += 90  # thinking, then quitting
    s.close()
    saved, _ = Storage(tmp_path).load_game()
    assert saved is not None and saved.seconds == 120
    again = Session(Storage(tmp_path), Settings(), Stats(), saved.game, ticker=ticker, seconds=saved.seconds)
    ticker.now += 5
    assert again.seconds == 125


def test_a_table_dealt_event_is_a_fresh_start_whatever_its_origin(tmp_path: Path) -> None:
    ticker = Ticker()
    game = Game.from_code("SP1-S1C-AAAAAAD")
    s = session(tmp_path, game, ticker)
    ticker.now += 60
    events = game.restart()
    assert isinstance(events[0], TableDealt)
    s.record(events)
    assert s.seconds == 0
