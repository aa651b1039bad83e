"""The deal of the day's calendar (docs/RULES.md §14): which days were played
and won, and the streak of days won in a row.

`DailyRecord` keeps, for each date whose deal was played, one `DayResult` per
variant: won or not, the moves and the time played, whether it was played
late (begun after its day, from the calendar: counted apart, never in the
streak) and when the result was recorded, with the clock's time zone. It is
saved in ``daily.json`` like the other records (`game.files.storage`: atomic
writes, a bad file moved aside with the good days kept, a size bound).

- **A day's result**, per variant: the first win stays the day's (a deal won
  once is known: playing it again proves nothing); until then the latest
  attempt, with its moves and time as it was left.
- **The streak** counts the days whose deal was won on its day, in a row. A
  day in a row is the next date; or, when the clock's time zone moved east
  between two wins (a flight across the date line), the date that the later
  win had in the earlier win's zone: a traveller who never had the day in
  between keeps the streak, and a time zone never makes a day count twice.
  The streak stands until a whole day passes without a win (`current_streak`
  asks the date now, in the last win's zone as well as the local one).
- **Bounds**: the `MAX_DAYS` most recent days are kept (over four years of
  daily play); the best streak among days left out is carried
  (`best_before`), so the best streak never shrinks.

>>> from datetime import timezone
>>> rome = timezone(timedelta(hours=1))
>>> record = DailyRecord()
>>> evening = datetime(2026, 12, 4, 21, 5, tzinfo=rome)
>>> record.add(date(2026, 12, 4), "2C", won=True, moves=131, seconds=462, when=evening)
>>> record.result(date(2026, 12, 4)).won, record.current_streak(evening + timedelta(hours=12))
(True, 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from game.records.stats import MAX_COUNT, VARIANTS, ImpossibleNumbers

MAX_DAYS = 1500
ONE_DAY = timedelta(days=1)
FIRST_DAY = date(2000, 1, 1)  # the calendar's first day: a deal of the day is played from then on


def aware(moment: datetime) -> datetime:
    """`moment` with its time zone: a naive time is the computer's local time."""
    return moment if moment.tzinfo is not None else moment.astimezone()


@dataclass(frozen=True, slots=True)
class DayResult:
    """How the deal of one day went in one variant."""

    variant: str  # "2C"
    won: bool
    moves: int
    seconds: int  # time played
    late: bool  # begun after its day (from the calendar): not in the streak
    when: datetime  # when recorded, with its time zone, to the minute

    def to_json(self) -> dict[str, object]:
        return {
            "variant": self.variant,
            "won": self.won,
            "moves": self.moves,
            "seconds": self.seconds,
            "late": self.late,
            "when": self.when.isoformat(timespec="minutes"),
        }

    @classmethod
    def from_json(cls, data: object) -> DayResult:
        """One result from a file; `ImpossibleNumbers` for anything play cannot write."""
        if not isinstance(data, Mapping):
            raise ImpossibleNumbers(f"expected an object, found {type(data).__name__}")
        variant, won, late, when = data.get("variant"), data.get("won"), data.get("late"), data.get("when")
        if variant not in VARIANTS:
            raise ImpossibleNumbers(f"variant: {variant!r:.40} is not one of {', '.join(VARIANTS)}")
        if not isinstance(won, bool) or not isinstance(late, bool):
            raise ImpossibleNumbers("won, late: expected true or false")
        counts = {}
        for name in ("moves", "seconds"):
            value = data.get(name)
            if not (isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_COUNT):
                raise ImpossibleNumbers(f"{name}: {value!r:.40} is not a count")
            counts[name] = value
        return cls(variant, won, late=late, when=_moment(when), **counts)


def _moment(value: object) -> datetime:
    """A time with its zone from a file (``2026-12-04T21:05+01:00``)."""
    try:
        moment = datetime.fromisoformat(value) if isinstance(value, str) and len(value) == 22 else None
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None or moment.isoformat(timespec="minutes") != value:
        raise ImpossibleNumbers(f"when: {value!r:.40} is not a time like 2026-12-04T21:05+01:00")
    return moment


def _day(value: str) -> date:
    """A date key from a file (``2026-12-04``), from `FIRST_DAY` on."""
    try:
        day = date.fromisoformat(value) if len(value) == 10 else None
    except ValueError:
        day = None
    if day is None or day < FIRST_DAY or day.isoformat() != value:
        raise ImpossibleNumbers(f"{value!r:.40} is not a day like 2026-12-04")
    return day


def in_a_row(before: tuple[date, datetime], after: tuple[date, datetime]) -> bool:
    """Whether the day won `after` follows the day won `before` (each: the
    deal's date and when it was won): the next date, or the date the later
    win had in the earlier win's time zone (see the module docstring)."""
    (day, won_at), (next_day, next_won_at) = before, after
    if next_day - day == ONE_DAY:
        return True
    there = next_won_at.astimezone(won_at.tzinfo).date()
    return next_day - day > ONE_DAY and there - day <= ONE_DAY and next_won_at > won_at


class DailyRecord:
    """Every day whose deal was played, and the streaks (see the module docstring)."""

    def __init__(self, days: Mapping[date, Mapping[str, DayResult]] | None = None, best_before: int = 0) -> None:
        self.days: dict[date, dict[str, DayResult]] = {day: dict(results) for day, results in (days or {}).items()}
        self.best_before = best_before  # the best streak among days no longer kept
        self._trim()

    # ---- what is recorded ---------------------------------------------------

    def add(
        self,
        day: date,
        variant: str,
        *,
        won: bool,
        moves: int,
        seconds: int,
        when: datetime,
        late: bool = False,
    ) -> None:
        """A result for the deal of `day`: its first action, a win, or the game
        left. A win already recorded stays the day's result for that variant."""
        results = self.days.setdefault(day, {})
        known = results.get(variant)
        if known is not None and known.won:
            return
        moment = aware(when).replace(second=0, microsecond=0)
        moves, seconds = min(max(moves, 0), MAX_COUNT), min(max(seconds, 0), MAX_COUNT)
        results[variant] = DayResult(variant, won, moves, seconds, late, moment)
        self._trim()

    def _trim(self) -> None:
        if len(self.days) <= MAX_DAYS:
            return
        kept = sorted(self.days)[-MAX_DAYS:]
        self.best_before = max(self.best_before, self.best_streak)
        self.days = {day: self.days[day] for day in kept}

    # ---- what the calendar shows -------------------------------------------

    def result(self, day: date, variant: str | None = None) -> DayResult | None:
        """The result of `day` (of `variant`, else the day's best: a win on
        its day first, then any win, then the latest attempt), None if unplayed."""
        results = self.days.get(day, {})
        if variant is not None:
            return results.get(variant)
        return max(results.values(), key=lambda r: (r.won and not r.late, r.won, r.when), default=None)

    def played(self, day: date) -> bool:
        return day in self.days

    def won(self, day: date, *, on_time: bool = False) -> bool:
        """Whether a deal of `day` was won (`on_time`: won on its day, as the streak counts)."""
        return any(r.won and not (on_time and r.late) for r in self.days.get(day, {}).values())

    def month(self, year: int, month: int) -> dict[date, DayResult]:
        """The days of a month that were played, each with its result (`result`)."""
        return {
            day: r for day in sorted(self.days) if (day.year, day.month) == (year, month) if (r := self.result(day))
        }

    @property
    def days_played(self) -> int:
        return len(self.days)

    def days_won(self, *, on_time: bool = False) -> int:
        return sum(1 for day in self.days if self.won(day, on_time=on_time))

    # ---- streaks ---------------------------------------------------------------

    def _wins(self) -> list[tuple[date, datetime]]:
        """Each day won on its day with when it was first won on its day, in order."""
        wins = []
        for day in sorted(self.days):
            times = [r.when for r in self.days[day].values() if r.won and not r.late]
            if times:
                wins.append((day, min(times)))
        return wins

    def _runs(self) -> list[int]:
        """The lengths of the streaks, oldest first."""
        runs: list[int] = []
        wins = self._wins()
        for i, win in enumerate(wins):
            if i and in_a_row(wins[i - 1], win):
                runs[-1] += 1
            else:
                runs.append(1)
        return runs

    @property
    def best_streak(self) -> int:
        return max([self.best_before, *self._runs()])

    def current_streak(self, now: datetime) -> int:
        """The streak as it stands at `now`: alive until a whole day has passed
        without a win, in the local date or in the last win's time zone."""
        wins = self._wins()
        if not wins:
            return 0
        last_day, won_at = wins[-1]
        now = aware(now)
        here, there = now.date(), now.astimezone(won_at.tzinfo).date()
        return self._runs()[-1] if min(here, there) - last_day <= ONE_DAY else 0

    # ---- the file -------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "best_before": self.best_before,
            "days": {
                day.isoformat(): [r.to_json() for _, r in sorted(results.items())]
                for day, results in sorted(self.days.items())
            },
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> tuple[DailyRecord, list[str]]:
        """The days of a decoded file and what was wrong: a day that cannot be
        read is left out, the others are kept."""
        days, best = data.get("days"), data.get("best_before", 0)
        problems: list[str] = []
        if not (isinstance(best, int) and not isinstance(best, bool) and 0 <= best <= MAX_COUNT):
            best, problems = 0, [f"best_before: {best!r:.40} is not a count"]
        if not isinstance(days, Mapping):
            return cls(best_before=best), [*problems, f"days: expected an object, found {type(days).__name__}"]
        if len(days) > MAX_DAYS:
            problems.append(f"days: {len(days)} is more than {MAX_DAYS}")
        good: dict[date, dict[str, DayResult]] = {}
        for key, items in list(days.items())[-MAX_DAYS:]:
            try:
                day = _day(key)
                if not isinstance(items, list) or len(items) > len(VARIANTS):
                    raise ImpossibleNumbers("expected a list of at most one result per variant")
                results = [DayResult.from_json(item) for item in items]
                if len({r.variant for r in results}) != len(results):
                    raise ImpossibleNumbers("a variant twice")
                good[day] = {r.variant: r for r in results}
            except ImpossibleNumbers as err:
                problems.append(f"{key!r:.20}: {err}")
        return cls(good, best), problems
