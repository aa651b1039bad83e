"""The deal of the day (docs/RULES.md §14): the same code for every player on
a date, forever; its statistics count days, not games."""

from __future__ import annotations

import json
from datetime import date, datetime
from pathlib import Path

import pytest

from game.engine import Game
from game.engine.events import GameWon
from game.files.storage import DataFile, NoticeKind, Storage
from game.play.session import Session
from game.records.daily import daily_code
from game.records.share import parse
from game.records.stats import DailyStats, ImpossibleNumbers, Stats

# Pinned: a change here would give players different deals on the same day.
PINNED = {
    date(2026, 12, 1): ["SP1-S1C-4W37QEU", "SP1-S2C-DLTJFP7", "SP1-S2F-AGNYA6O", "SP1-S4C-2YIMOMY", "SP1-S4F-EVS4QCT"],
    date(2027, 2, 28): ["SP1-S1C-OE67YRI", "SP1-S2C-A2USGYR", "SP1-S2F-53L3T7E", "SP1-S4C-ARTDDE2", "SP1-S4F-2PMNC3C"],
    date(2028, 2, 29): ["SP1-S1C-QLXJI6N", "SP1-S2C-TEEDXF4", "SP1-S2F-LJLRP5E", "SP1-S4C-GQEZ5M2", "SP1-S4F-M3LB35S"],
}
VARIANTS = ("1C", "2C", "2F", "4C", "4F")


@pytest.mark.parametrize("day", list(PINNED))
def test_the_codes_of_three_days_are_pinned(day: date) -> None:
    assert [daily_code(day, v) for v in VARIANTS] == PINNED[day]


def test_every_day_and_variant_has_its_own_deal() -> None:
    days = [date(2026, 1, 1).fromordinal(date(2026, 1, 1).toordinal() + n) for n in range(366)]
    codes = {daily_code(day, v) for day in days for v in VARIANTS}
    assert len(codes) == 366 * 5
    for code in codes:
        Game.from_code(code)  # each names a deal


def test_days_are_counted_once_and_the_streak_follows_the_calendar() -> None:
    d = DailyStats()
    d.add_played(date(2026, 12, 1))
    d.add_played(date(2026, 12, 1))  # another variant the same day
    assert (d.played_days, d.won_days, d.streak) == (1, 0, 0)
    d.add_won(date(2026, 12, 1))
    d.add_won(date(2026, 12, 1))
    d.add_won(date(2026, 12, 2))
    assert (d.played_days, d.won_days, d.streak, d.best_streak) == (2, 2, 2, 2)
    assert d.current_streak(date(2026, 12, 3)) == 2  # still alive the day after
    assert d.current_streak(date(2026, 12, 4)) == 0  # a whole day without a win ends it
    d.add_won(date(2026, 12, 5))
    assert (d.won_days, d.streak, d.best_streak) == (3, 1, 2)
    again = DailyStats.from_json(json.loads(json.dumps(d.to_json())))
    assert again == d


@pytest.mark.parametrize(
    "data",
    [
        {"played_days": 1, "won_days": 2, "streak": 0, "best_streak": 0, "last_played": "2026-12-01"},
        {"played_days": 1, "won_days": 0, "streak": 0, "best_streak": 0, "last_played": None},
        {"played_days": 1, "last_played": "2026-13-01"},
        {"played_days": -1},
        {"played_days": True},
        {
            "played_days": 1,
            "won_days": 1,
            "streak": 1,
            "best_streak": 1,
            "last_played": "2026-12-01",
            "last_won": "2026-12-02",
        },
        "many",
    ],
)
def test_impossible_daily_numbers_are_refused(data: object) -> None:
    with pytest.raises(ImpossibleNumbers):
        DailyStats.from_json(data)


def test_a_bad_daily_part_moves_the_file_aside_and_keeps_the_variants(tmp_path: Path) -> None:
    stats = Stats()
    stats["2C"].add_win(900, 150)
    data = stats.to_json()
    data["daily"] = {"played_days": "lots"}
    (tmp_path / "stats.json").write_text(json.dumps({"version": 1, **data}), encoding="utf-8")
    loaded, notices = Storage(tmp_path, clock=lambda: datetime(2026, 12, 1, 9)).load_stats()
    assert [n.kind for n in notices] == [NoticeKind.UNREADABLE] and notices[0].backup
    assert loaded["2C"].won == 1 and loaded.daily == DailyStats()


def test_a_stats_file_from_before_the_deal_of_the_day_loads() -> None:
    data = Stats().to_json()
    del data["daily"]
    loaded, problems = Stats.from_json(data)
    assert problems == [] and loaded.daily == DailyStats()


NEARLY_WON = "\n".join(
    ["Variant: S1C", "Stock:", "Removed: S S S S S S S", "Score: 400", "Moves: 40"]
    + ["1: | KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "2: | AS"]
    + [f"{n}: |" for n in range(3, 11)]
)


def open_at(folder: Path, when: datetime) -> Session:
    session, _ = Session.open(folder, clock=lambda: when, environ={"LANG": "en_GB.UTF-8"})
    return session


def test_today_s_deal_counts_its_day_when_played_and_resumes_as_the_day_s(tmp_path: Path) -> None:
    s = open_at(tmp_path, datetime(2026, 12, 1, 23, 50))
    game = s.todays_deal("2F")
    assert game.code == daily_code(date(2026, 12, 1), "2F")
    s.begin(game, daily=s.today())
    assert s.stats.daily.played_days == 0  # not before the first action
    s.record(game.move(next(game.legal_moves())))
    assert s.stats.daily.played_days == 1
    saved = json.loads((tmp_path / DataFile.GAME).read_text(encoding="utf-8"))
    assert saved["daily"] == "2026-12-01"
    s.close()
    # After midnight the game is still the first of December's.
    later = open_at(tmp_path, datetime(2026, 12, 2, 0, 10))
    assert later.daily == date(2026, 12, 1) and later.game.record == game.record
    later.close()


def test_a_won_daily_counts_the_day_won(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A game known to be won stands for the day's deal.
    won = parse((Path(__file__).parents[1] / "fixtures" / "shared" / "won-1C.line").read_text(encoding="utf-8"))
    monkeypatch.setattr("game.play.session.daily_code", lambda day, variant: won.code)
    s = open_at(tmp_path, datetime(2026, 12, 1, 12))
    game = Game.from_code(won.code)
    game.play(won.record[:-1])
    s.begin(game, daily=date(2026, 12, 1))
    assert s.daily == date(2026, 12, 1)
    events = game.play(won.record[-1:])
    assert any(isinstance(e, GameWon) for e in events)
    s.record(events)
    on_disk = json.loads((tmp_path / DataFile.STATS).read_text(encoding="utf-8"))["daily"]
    assert (on_disk["played_days"], on_disk["won_days"], on_disk["streak"]) == (1, 1, 1)
    s.close()


def test_only_the_day_s_own_deal_counts_as_the_day_s(tmp_path: Path) -> None:
    s = open_at(tmp_path, datetime(2026, 12, 1, 12))
    s.begin(Game.from_code("SP1-S1C-AAAAAAD"), daily=date(2026, 12, 1))
    assert s.daily is None
    s.begin(Game.from_text(NEARLY_WON), daily=date(2026, 12, 1))
    assert s.daily is None
    s.close()


def test_a_saved_game_that_is_not_the_day_s_deal_is_a_bad_file(tmp_path: Path) -> None:
    data = {"version": 1, "code": "SP1-S1C-AAAAAAD", "record": "", "started": False, "daily": "2026-12-01"}
    (tmp_path / DataFile.GAME).write_text(json.dumps(data), encoding="utf-8")
    saved, notices = Storage(tmp_path).load_game()
    assert saved is None and [n.kind for n in notices] == [NoticeKind.UNREADABLE]
