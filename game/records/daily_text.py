"""The deal of the day in words (docs/RULES.md §14), in the player's language.

Each function takes a translator's `t` (``Translator(lang).t``) and a value
of `game.records.daily_record`:

- `date_text`: ``4 Dec 2026``, ``4 dic 2026``;
- `month_title`: ``December 2026`` over a month's calendar, and
  `weekday_initials`, Monday first;
- `result_text`: today's result, ``Won in 7:42, 131 moves``;
- `result_line`: the line *Copy result* puts on the clipboard,
  ``Spider · 4 Dec 2026 · Medium · won · 131 moves · 7:42``: the day, the
  variant, the outcome, the moves and the time, and nothing of the deal
  itself (no code, no card), so it spoils nothing for a friend who has not
  played the day yet;
- `days_text`: ``1 day``, ``5 days`` (a streak).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from game.records.daily_record import DayResult
from game.records.history import clock_text

Translate = Callable[..., str]


def _count(t: Translate, key: str, n: int) -> str:
    return t(f"{key}.{'one' if n == 1 else 'other'}", n=n)


def date_text(t: Translate, day: date) -> str:
    """A date as the calendar and the result line write it: ``4 Dec 2026``."""
    return t("daily.date", day=day.day, month=t(f"daily.month.short.{day.month}"), year=day.year)


def month_title(t: Translate, year: int, month: int) -> str:
    """The title over a month's calendar: ``December 2026``, ``dicembre 2026``."""
    return t("daily.month.title", month=t(f"daily.month.{month}"), year=year)


def weekday_initials(t: Translate) -> list[str]:
    """The columns of a month's calendar, Monday first: ``Mo`` … ``Su``."""
    return [t(f"daily.weekday.{n}") for n in range(7)]


def variant_text(t: Translate, variant: str) -> str:
    """A variant as the result line names it: ``Medium`` (Classic, the
    usual rule), ``Medium, Flexible``; ``Easy`` at one suit."""
    level = t(f"screens.new.level.{variant[0]}")
    return t("daily.variant.flexible", level=level) if variant[1] == "F" and variant[0] != "1" else level


def days_text(t: Translate, n: int) -> str:
    """``1 day``, ``5 days``: a streak, a count of days."""
    return _count(t, "daily.days", n)


def result_text(t: Translate, result: DayResult) -> str:
    """Today's result: ``Won in 7:42, 131 moves``; ``Won on a later day
    in …`` when played from the calendar; ``Not won yet: 57 moves, 12:03``."""
    moves, time = _count(t, "words.moves", result.moves), clock_text(result.seconds)
    if not result.won:
        return t("daily.result.played", moves=moves, time=time)
    return t("daily.result.won.late" if result.late else "daily.result.won", moves=moves, time=time)


def result_line(t: Translate, day: date, result: DayResult) -> str:
    """The day's result as one line to share (*Copy result*), no spoiler."""
    outcome = "daily.line.late" if result.won and result.late else "daily.line.won" if result.won else "daily.line.lost"
    return t(
        "daily.line",
        date=date_text(t, day),
        variant=variant_text(t, result.variant),
        outcome=t(outcome),
        moves=_count(t, "words.moves", result.moves),
        time=clock_text(result.seconds),
    )
