"""The deal of the day's calendar (docs/RULES.md §14): days played and won,
the streak across month and year ends and a changed time zone, past days
played late counted apart, the first win kept, the file's bounds."""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from game.files.storage import DataFile, NoticeKind, Storage
from game.records.daily_record import MAX_DAYS, DailyRecord, DayResult, in_a_row
from game.records.stats import ImpossibleNumbers

ROME = timezone(timedelta(hours=1))
HONOLULU = timezone(timedelta(hours=-10))
TOKYO = timezone(timedelta(hours=9))
NEW_YORK = timezone(timedelta(hours=-5))


def at(day: date, hour: int = 20, zone: timezone = ROME) -> datetime:
    return datetime(day.year, day.month, day.day, hour, 0, tzinfo=zone)


def won(record: DailyRecord, day: date, hour: int = 20, zone: timezone = ROME, variant: str = "2C") -> None:
    record.add(day, variant, won=True, moves=131, seconds=462, when=at(day, hour, zone))


def test_days_played_and_won_are_marked_a_day_once_whatever_the_variants() -> None:
    record = DailyRecord()
    day = date(2026, 12, 4)
    record.add(day, "1C", won=False, moves=10, seconds=60, when=at(day, 9))
    record.add(day, "4F", won=False, moves=5, seconds=30, when=at(day, 10))
    assert record.played(day) and not record.won(day) and record.days_played == 1
    won(record, day, variant="4F")
    assert record.won(day) and record.days_won() == 1
    assert record.result(day) == record.result(day, "4F") and record.result(day, "1C") is not None
    assert record.month(2026, 12) == {day: record.result(day)} and record.month(2026, 11) == {}
    assert not record.played(day + timedelta(days=1))


def test_the_first_win_stays_the_day_s_result() -> None:
    record = DailyRecord()
    day = date(2026, 12, 4)
    record.add(day, "2C", won=False, moves=57, seconds=723, when=at(day, 8))
    won(record, day)
    record.add(day, "2C", won=True, moves=100, seconds=300, when=at(day, 22))  # the same deal again, known
    record.add(day, "2C", won=False, moves=3, seconds=10, when=at(day, 23))
    result = record.result(day, "2C")
    assert result is not None and (result.won, result.moves, result.seconds) == (True, 131, 462)


@pytest.mark.parametrize(
    "days",
    [
        [date(2026, 1, 30), date(2026, 1, 31), date(2026, 2, 1), date(2026, 2, 2)],  # a month's end
        [date(2026, 12, 30), date(2026, 12, 31), date(2027, 1, 1), date(2027, 1, 2)],  # a year's end
        [date(2028, 2, 27), date(2028, 2, 28), date(2028, 2, 29), date(2028, 3, 1)],  # a leap day
    ],
    ids=["month end", "year end", "leap day"],
)
def test_the_streak_runs_across_month_and_year_ends(days: list[date]) -> None:
    record = DailyRecord()
    for day in days:
        won(record, day)
    last = days[-1]
    assert record.best_streak == 4
    assert record.current_streak(at(last, 23)) == 4
    assert record.current_streak(at(last + timedelta(days=1), 23)) == 4  # still alive the day after
    assert record.current_streak(at(last + timedelta(days=2), 0)) == 0  # a whole day without a win ends it


def test_a_day_missed_ends_the_streak_and_the_best_is_kept() -> None:
    record = DailyRecord()
    for day in (1, 2, 3, 5, 6):
        won(record, date(2026, 12, day))
    record.add(date(2026, 12, 4), "2C", won=False, moves=80, seconds=900, when=at(date(2026, 12, 4)))
    assert (record.best_streak, record.current_streak(at(date(2026, 12, 6)))) == (3, 2)


def test_a_past_day_won_from_the_calendar_is_counted_apart_from_the_streak() -> None:
    record = DailyRecord()
    won(record, date(2026, 12, 1))
    won(record, date(2026, 12, 3))
    late_day = date(2026, 12, 2)
    record.add(late_day, "2C", won=True, moves=120, seconds=400, when=at(date(2026, 12, 3), 22), late=True)
    assert record.won(late_day) and not record.won(late_day, on_time=True)
    assert record.days_won() == 3 and record.days_won(on_time=True) == 2
    assert (record.best_streak, record.current_streak(at(date(2026, 12, 3), 23))) == (1, 1)


def test_a_flight_across_the_date_line_keeps_the_streak() -> None:
    """Honolulu, 4 December 23:00; a flight lands in Tokyo on 6 December:
    the 5th was never a day of the traveller's. The deal of the 6th, won that
    morning, is the day after the 4th in Honolulu's time zone."""
    record = DailyRecord()
    won(record, date(2026, 12, 3), 20, HONOLULU)
    won(record, date(2026, 12, 4), 23, HONOLULU)
    tokyo_morning = at(date(2026, 12, 6), 9, TOKYO)  # 5 December 14:00 in Honolulu
    record.add(date(2026, 12, 6), "2C", won=True, moves=140, seconds=500, when=tokyo_morning)
    assert record.best_streak == 3
    assert record.current_streak(tokyo_morning + timedelta(hours=12)) == 3
    # Arriving on the 6th, nothing won yet: the streak of the 4th is alive in Honolulu's date.
    landed = DailyRecord()
    won(landed, date(2026, 12, 4), 23, HONOLULU)
    assert landed.current_streak(at(date(2026, 12, 6), 8, TOKYO)) == 1


def test_a_changed_time_zone_never_makes_a_missed_day_count() -> None:
    record = DailyRecord()
    won(record, date(2026, 12, 1), 8, NEW_YORK)
    won(record, date(2026, 12, 3), 20, ROME)  # the 2nd passed in both zones without a win
    assert record.best_streak == 1
    assert not in_a_row(
        (date(2026, 12, 1), at(date(2026, 12, 1), 8, NEW_YORK)), (date(2026, 12, 3), at(date(2026, 12, 3), 20))
    )
    # Flying west repeats a date: each date still counts once.
    west = DailyRecord()
    won(west, date(2026, 12, 5), 20, TOKYO)
    won(west, date(2026, 12, 4), 22, HONOLULU)  # later in time, an earlier date: the 4th's own deal
    won(west, date(2026, 12, 5), 23, HONOLULU)  # the 5th again: already won
    assert west.days_won() == 2 and west.best_streak == 2


def test_a_deal_begun_before_midnight_and_won_after_is_its_day_s() -> None:
    record = DailyRecord()
    won(record, date(2026, 12, 4), 21)
    record.add(date(2026, 12, 5), "2C", won=True, moves=130, seconds=2000, when=at(date(2026, 12, 6), 0))
    assert record.best_streak == 2 and record.current_streak(at(date(2026, 12, 6), 10)) == 2


def test_the_calendar_keeps_its_last_days_and_the_best_streak_of_older_ones() -> None:
    record = DailyRecord()
    start = date(2020, 1, 1)
    for n in range(10):
        won(record, start + timedelta(days=n))
    for n in range(MAX_DAYS):
        day = start + timedelta(days=20 + n)
        record.add(day, "1C", won=False, moves=1, seconds=1, when=at(day))
    assert len(record.days) == MAX_DAYS and record.best_streak == 10 and record.best_before == 10
    again, problems = DailyRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert problems == [] and again.days == record.days and again.best_streak == 10


def test_what_is_written_reads_back_the_same() -> None:
    record = DailyRecord()
    won(record, date(2026, 12, 4), 21, timezone(timedelta(hours=5, minutes=30)))
    record.add(date(2026, 11, 30), "4F", won=False, moves=57, seconds=723, when=at(date(2026, 12, 1)), late=True)
    data = json.loads(json.dumps(record.to_json()))
    assert data["days"]["2026-12-04"][0]["when"] == "2026-12-04T21:00+05:30"
    again, problems = DailyRecord.from_json(data)
    assert problems == [] and again.days == record.days


GOOD = {"variant": "2C", "won": True, "moves": 131, "seconds": 462, "late": False, "when": "2026-12-04T21:05+01:00"}


@pytest.mark.parametrize(
    "change",
    [
        {"variant": "3C"},
        {"won": 1},
        {"late": "no"},
        {"moves": -1},
        {"seconds": 10**12},
        {"when": "2026-12-04T21:05"},  # no time zone
        {"when": "2026-12-04 21:05+01:00"},
        {"when": "yesterday"},
    ],
)
def test_a_result_no_play_could_leave_is_refused(change: dict[str, object]) -> None:
    DayResult.from_json(GOOD)
    with pytest.raises(ImpossibleNumbers):
        DayResult.from_json({**GOOD, **change})


def test_a_bad_calendar_file_is_moved_aside_and_the_good_days_kept(tmp_path: Path) -> None:
    days = {
        "2026-12-04": [GOOD],
        "0999-06-01": [GOOD],  # before the deal of the day existed
        "2026-02-30": [GOOD],
        "2026-12-05": [GOOD, GOOD],  # the same variant twice
        "2026-12-06": [{**GOOD, "variant": "4F"}],
    }
    (tmp_path / DataFile.DAILY).write_text(json.dumps({"version": 1, "days": days}), encoding="utf-8")
    record, notices = Storage(tmp_path, clock=lambda: datetime(2026, 12, 7, 12, 0)).load_daily()
    assert [n.kind for n in notices] == [NoticeKind.UNREADABLE] and (tmp_path / notices[0].backup).exists()
    assert sorted(record.days) == [date(2026, 12, 4), date(2026, 12, 6)]
    again, later = Storage(tmp_path).load_daily()  # written back repaired
    assert later == [] and again.days == record.days
