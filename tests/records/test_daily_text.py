"""The deal of the day in words (docs/RULES.md §14): today's result and the
line *Copy result* shares, in English, Italian and Spanish, with nothing of
the deal in it."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import pytest

from game.records.daily import daily_code
from game.records.daily_record import DayResult
from game.records.daily_text import date_text, days_text, month_title, result_line, result_text, weekday_initials
from game.words.i18n import LANGUAGES, Translator

DAY = date(2026, 12, 4)
WHEN = datetime(2026, 12, 4, 21, 5, tzinfo=timezone(timedelta(hours=1)))
WON = DayResult("2C", won=True, moves=131, seconds=462, late=False, when=WHEN)

LINES = {
    "en": "Spider · 4 Dec 2026 · Medium · won · 131 moves · 7:42",
    "it": "Spider · 4 dic 2026 · Medio · vinta · 131 mosse · 7:42",
    "es": "Spider · 4 dic 2026 · Medio · ganada · 131 movimientos · 7:42",
}
RESULTS = {
    "en": "Won in 7:42, 131 moves",
    "it": "Vinta in 7:42, 131 mosse",
    "es": "Ganada en 7:42, 131 movimientos",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_copy_result_line_and_today_s_result(lang: str) -> None:
    t = Translator(lang).t
    assert result_line(t, DAY, WON) == LINES[lang]
    assert result_text(t, WON) == RESULTS[lang]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_line_spoils_nothing_of_the_deal(lang: str) -> None:
    t = Translator(lang).t
    line = result_line(t, DAY, WON)
    shuffle = daily_code(DAY, "2C").rsplit("-", 1)[1]
    assert shuffle not in line and "SP1" not in line and "\n" not in line


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_day_not_won_a_day_won_late_a_flexible_game_and_one_move(lang: str) -> None:
    t = Translator(lang).t
    lost = DayResult("4F", won=False, moves=1, seconds=3723, late=False, when=WHEN)
    late = DayResult("1C", won=True, moves=150, seconds=59, late=True, when=WHEN)
    words = {
        "en": ("Not won yet: 1 move, 1:02:03", "Hard, Flexible", "not won", "Won on a later day in 0:59, 150 moves"),
        "it": ("Non ancora vinta: 1 mossa, 1:02:03", "Difficile, flessibile", "non vinta", "Vinta in un giorno"),
        "es": ("Aún sin ganar: 1 movimiento, 1:02:03", "Difícil, flexible", "no ganada", "Ganada otro día en 0:59"),
    }[lang]
    assert result_text(t, lost) == words[0]
    line = result_line(t, DAY, lost)
    assert words[1] in line and f" · {words[2]} · " in line
    assert result_text(t, late).startswith(words[3])
    assert t("screens.new.level.1") in result_line(t, DAY, late)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_dates_months_weekdays_and_days_in_every_language(lang: str) -> None:
    t = Translator(lang).t
    assert [date_text(t, date(2027, m, 1)) for m in (1, 5)] == {
        "en": ["1 Jan 2027", "1 May 2027"],
        "it": ["1 gen 2027", "1 mag 2027"],
        "es": ["1 ene 2027", "1 may 2027"],
    }[lang]
    assert month_title(t, 2026, 12) == {"en": "December 2026", "it": "dicembre 2026", "es": "diciembre de 2026"}[lang]
    assert len(set(weekday_initials(t))) == 7  # seven columns, each its own
    assert (days_text(t, 1), days_text(t, 5)) == {
        "en": ("1 day", "5 days"),
        "it": ("1 giorno", "5 giorni"),
        "es": ("1 día", "5 días"),
    }[lang]
