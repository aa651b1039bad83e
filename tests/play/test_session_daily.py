"""The deal of the day through the session (docs/RULES.md §14), its clock
and date injected: today's deal marks the calendar when begun and won,
today's result and the line to share follow it, a past day played from
the calendar counts apart from the streak (and stays so after a relaunch),
no day to come is a deal of the day, and a changed time zone keeps a streak."""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from game.engine import Game
from game.files.storage import DataFile, Storage
from game.play.session import Session
from game.records import daily
from game.records.daily_text import result_line, result_text
from game.records.share import parse
from game.words.i18n import Translator

WON = parse((Path(__file__).parents[1] / "fixtures" / "shared" / "won-1C.line").read_text(encoding="utf-8"))
ROME = timezone(timedelta(hours=1))


class Clock:
    """The wall clock (with its zone) and the monotonic ticker, moved together."""

    def __init__(self, when: datetime) -> None:
        self.when = when
        self.ticks = 0.0

    def now(self) -> datetime:
        return self.when

    def tick(self) -> float:
        return self.ticks

    def wait(self, seconds: float) -> None:
        self.when += timedelta(seconds=seconds)
        self.ticks += seconds


@pytest.fixture
def every_day_is_the_won_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game known to be won stands for every day's deal of 1C."""
    real = daily.daily_code

    def code(day: date, variant: str) -> str:
        return WON.code if variant == "1C" else real(day, variant)

    monkeypatch.setattr("game.play.session.daily_code", code)
    monkeypatch.setattr("game.records.daily.daily_code", code)


def open_session(folder: Path, clock: Clock) -> Session:
    storage = Storage(folder, clock=clock.now)
    saved, _ = storage.load_game()
    game = saved.game if saved else Game.from_code("SP1-S2C-AAAAAAD")
    return Session(
        storage,
        storage.load_settings()[0],
        storage.load_stats()[0],
        game,
        started=saved.started if saved else False,
        daily=saved.daily if saved else None,
        late=saved.late if saved else False,
        seconds=saved.seconds if saved else 0,
        clock=clock.now,
        ticker=clock.tick,
    )


def play_to_the_win(s: Session, clock: Clock, day: date, seconds: float = 462) -> Game:
    game = s.todays_deal("1C", day)
    s.begin(game, daily=day)
    tokens = WON.record
    s.record(game.play(tokens[:1]))
    clock.wait(seconds)
    s.record(game.play(tokens[1:]))
    assert game.is_won
    return game


@pytest.mark.usefixtures("every_day_is_the_won_game")
def test_today_s_deal_marks_the_calendar_and_gives_today_s_result_and_line(tmp_path: Path) -> None:
    clock = Clock(datetime(2026, 12, 4, 20, 0, tzinfo=ROME))
    s = open_session(tmp_path, clock)
    today = s.today()
    game = s.todays_deal("1C")
    s.begin(game, daily=today)
    assert s.day_result() is None  # not before its first action
    s.record(game.play(WON.record[:3]))
    clock.wait(120)
    playing = s.day_result()
    assert playing is not None and (playing.won, playing.moves, playing.seconds) == (False, 3, 120)
    calendar, _ = s.calendar()
    assert calendar.played(today) and not calendar.won(today)
    s.record(game.play(WON.record[3:]))
    result = s.day_result()
    assert result is not None and (result.won, result.moves, result.seconds, result.late) == (True, 198, 120, False)
    t = Translator("en").t
    assert result_text(t, result) == "Won in 2:00, 198 moves"
    assert result_line(t, today, result) == "Spider · 4 Dec 2026 · Easy · won · 198 moves · 2:00"
    assert calendar.current_streak(clock.now()) == 1 and s.stats.daily.won_days == 1
    on_disk, _ = Storage(tmp_path).load_daily()
    assert on_disk.days == calendar.days


@pytest.mark.usefixtures("every_day_is_the_won_game")
def test_a_daily_game_left_unfinished_keeps_its_moves_and_time(tmp_path: Path) -> None:
    clock = Clock(datetime(2026, 12, 4, 9, 0, tzinfo=ROME))
    s = open_session(tmp_path, clock)
    game = s.todays_deal("1C")
    s.begin(game, daily=s.today())
    s.record(game.play(WON.record[:5]))
    clock.wait(300)
    s.new_deal()
    result = s.calendar()[0].result(date(2026, 12, 4), "1C")
    assert result is not None and (result.won, result.moves, result.seconds) == (False, 5, 300)


@pytest.mark.usefixtures("every_day_is_the_won_game")
def test_a_past_day_from_the_calendar_is_played_late_apart_from_the_streak(tmp_path: Path) -> None:
    clock = Clock(datetime(2026, 12, 4, 20, 0, tzinfo=ROME))
    s = open_session(tmp_path, clock)
    play_to_the_win(s, clock, date(2026, 12, 3))  # yesterday, from the calendar
    calendar, _ = s.calendar()
    result = calendar.result(date(2026, 12, 3))
    assert result is not None and result.won and result.late
    assert calendar.current_streak(clock.now()) == 0 and calendar.best_streak == 0
    assert s.stats.daily.won_days == 0 and s.stats["1C"].won == 1  # still a game won of its variant
    assert "won on a later day" in result_line(Translator("en").t, date(2026, 12, 3), result)


@pytest.mark.usefixtures("every_day_is_the_won_game")
def test_a_late_game_is_still_late_after_a_relaunch_and_a_game_begun_before_midnight_is_its_day_s(
    tmp_path: Path,
) -> None:
    clock = Clock(datetime(2026, 12, 4, 23, 50, tzinfo=ROME))
    s = open_session(tmp_path, clock)
    game = s.todays_deal("1C", date(2026, 12, 2))
    s.begin(game, daily=date(2026, 12, 2))
    s.record(game.play(WON.record[:1]))
    s.close()
    assert json.loads((tmp_path / DataFile.GAME).read_text(encoding="utf-8"))["late"] is True
    again = open_session(tmp_path, clock)
    assert again.daily == date(2026, 12, 2) and again.late
    # Today's deal begun at 23:50 and won after midnight: the 4th's, on time.
    play_to_the_win(again, clock, date(2026, 12, 4), seconds=1200)
    calendar, _ = again.calendar()
    result = calendar.result(date(2026, 12, 4))
    assert result is not None and result.won and not result.late and result.when.date() == date(2026, 12, 5)
    assert calendar.current_streak(clock.now()) == 1


def test_no_day_to_come_is_a_deal_of_the_day(tmp_path: Path) -> None:
    clock = Clock(datetime(2026, 12, 4, 12, 0, tzinfo=ROME))
    s = open_session(tmp_path, clock)
    tomorrow = date(2026, 12, 5)
    s.begin(s.todays_deal("2C", tomorrow), daily=tomorrow)
    assert s.daily is None
    s.begin(s.todays_deal("2C", date(1999, 12, 31)), daily=date(1999, 12, 31))
    assert s.daily is None


@pytest.mark.usefixtures("every_day_is_the_won_game")
def test_a_flight_across_the_date_line_keeps_the_streak_through_the_session(tmp_path: Path) -> None:
    honolulu, tokyo = timezone(timedelta(hours=-10)), timezone(timedelta(hours=9))
    clock = Clock(datetime(2026, 12, 4, 21, 0, tzinfo=honolulu))
    s = open_session(tmp_path, clock)
    play_to_the_win(s, clock, s.today(), seconds=60)
    clock.when = datetime(2026, 12, 6, 8, 0, tzinfo=tokyo)  # landed: the 5th never was
    calendar, _ = s.calendar()
    assert calendar.current_streak(clock.now()) == 1
    play_to_the_win(s, clock, s.today(), seconds=60)
    assert s.today() == date(2026, 12, 6) and calendar.current_streak(clock.now()) == 2
