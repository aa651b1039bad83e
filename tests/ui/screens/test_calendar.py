"""The deal of the day's calendar, as a player uses it: the month with the
days played and won marked, the streak, a day's result, Copy result, a past
day played from here, and the months that can be turned to."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

import pytest

from game.records.daily_record import aware
from game.ui.render import clipboard
from game.ui.screens.calendar import CalendarScreen
from game.words.i18n import Translator
from tools.screens_sample import sample_calendar
from ui.screens.screens_driver import Calls, click, show, texts

TODAY = date(2026, 11, 12)


def calendar(window: Any, calls: Calls, lang: str = "en", today: date = TODAY, on_play: Any = None) -> CalendarScreen:
    record = sample_calendar()  # won 9-12 November on their days, 3rd played, 5th won late
    screen = CalendarScreen(
        Translator(lang),
        lambda: record,
        lambda: today,
        lambda: "2C",
        on_play or calls("play"),
        calls("back"),
        window=window,
        now=lambda: aware(datetime(today.year, today.month, today.day, 21, 0)),
    )
    return show(window, screen)


def slot_of(screen: CalendarScreen, day: date) -> str:
    return next(f"day.{n}" for n in range(42) if screen.date_at(n) == day)


def test_the_month_marks_the_days_won_and_played_and_opens_on_today(window: Any, calls: Calls) -> None:
    screen = calendar(window, calls)
    assert "November 2026" in texts(screen)
    kinds = {n: screen.day_kind(n) for n in range(42) if screen.date_at(n) is not None}
    by_day = {screen.date_at(n).day: kind for n, kind in kinds.items()}  # type: ignore[union-attr]
    assert by_day[12] == "selected", "today is chosen"
    assert [by_day[d] for d in (9, 10, 11)] == ["won"] * 3
    assert by_day[3] == "played" and by_day[5] == "played", "not won, or won only on a later day: no gold"
    assert by_day[4] == "day" and by_day[20] == "day"
    assert "Streak: 4 days (best 4 days)" in texts(screen)
    assert any(text.startswith("Today, ") and "Won in 7:54, 143 moves" in text for text in texts(screen))


def test_a_day_to_come_cannot_be_chosen_nor_a_month_after_this_one(window: Any, calls: Calls) -> None:
    screen = calendar(window, calls)
    later = screen.controls[slot_of(screen, date(2026, 11, 20))]
    assert not later.enabled()
    assert not screen.controls["next"].enabled()
    click(window, later)
    assert screen.day == TODAY


def test_a_past_day_shows_its_result_and_is_played_from_here(window: Any, calls: Calls) -> None:
    played: list[tuple[str, date]] = []
    screen = calendar(window, calls, on_play=lambda variant, day: played.append((variant, day)))
    click(window, screen.controls[slot_of(screen, date(2026, 11, 3))])
    assert any("Not won yet: 57 moves, 12:03" in text for text in texts(screen))
    click(window, screen.controls["play"])
    assert played == [("2C", date(2026, 11, 3))], "New game's variant, that day's deal"


def test_turning_back_a_month_and_forward_again(window: Any, calls: Calls) -> None:
    screen = calendar(window, calls, lang="it")
    click(window, screen.controls["previous"])
    assert "ottobre 2026" in [text.lower() for text in texts(screen)]
    assert screen.controls["next"].enabled()
    click(window, screen.controls["next"])
    assert "novembre 2026" in [text.lower() for text in texts(screen)]


def test_copy_result_puts_the_day_s_line_without_the_deal(
    window: Any, calls: Calls, monkeypatch: pytest.MonkeyPatch
) -> None:
    copied: list[str] = []

    def write(_window: Any, text: str) -> bool:
        copied.append(text)
        return True

    monkeypatch.setattr(clipboard, "write", write)
    screen = calendar(window, calls, lang="es")
    click(window, screen.controls["copy"])
    assert copied == ["Spider · 12 nov 2026 · Medio · ganada · 143 movimientos · 7:54"], "no code, no cards"
    assert "El resultado está en el portapapeles: nada del reparto." in texts(screen)


def test_an_unplayed_day_has_nothing_to_copy_and_says_so(window: Any, calls: Calls) -> None:
    screen = calendar(window, calls)
    click(window, screen.controls[slot_of(screen, date(2026, 11, 4))])
    assert "4 Nov 2026: Not played yet." in texts(screen)
    assert not screen.controls["copy"].enabled()


@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_a_screen_reader_hears_each_day_with_its_result(window: Any, calls: Calls, lang: str) -> None:
    screen = calendar(window, calls, lang=lang)
    t = Translator(lang).t
    label = screen.controls[slot_of(screen, date(2026, 11, 9))].label
    assert callable(label)
    won = t("daily.result.won", time="7:51", moves=t("words.moves.other", n=140))
    assert label() == f"9 {t('daily.month.short.11')} 2026: {won}"
