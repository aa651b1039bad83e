"""The Statistics screen, driven like a player would (see screens_driver)."""

from __future__ import annotations

from typing import Any

import arcade
import pytest
from inner_loop import one_fast

from game.records.stats import Stats
from game.ui.screens.statistics import StatisticsScreen
from game.words.i18n import LANGUAGES, Translator
from ui.screens.screens_driver import Calls, click, press, sample_stats, send, show, shown_as, shown_controls, texts
from ui.table_harness import MakeApp

key = arcade.key


def test_statistics_table_shows_each_variant(window: Any, calls: Calls) -> None:
    view = show(
        window,
        StatisticsScreen(sample_stats(), Translator("en"), calls("reset"), calls("close")),
    )
    row = {name: view.cells[("1C", name)].text for name in ("played", "won", "win_rate", "best_score", "fewest_moves")}
    assert row == {
        "played": "2",
        "won": "1",
        "win_rate": "50%",
        "best_score": "1183",
        "fewest_moves": "117",
    }
    assert view.cells[("2C", "best_score")].text == "–"
    assert {"Easy", "Medium · Classic", "Hard · Flexible", "All games"} <= set(texts(view))
    es = show(
        window,
        StatisticsScreen(sample_stats(), Translator("es"), calls("reset"), calls("close")),
    )
    assert es.cells[("1C", "win_rate")].text == "50 %"


def test_reset_asks_first_and_cancel_keeps_everything(window: Any, calls: Calls) -> None:
    stats = sample_stats()
    view = show(window, StatisticsScreen(stats, Translator("en"), calls("reset"), calls("close")))
    click(window, view.controls["reset"])
    assert "Erase all statistics for every game? This cannot be undone." in texts(view)
    assert view.focused == "cancel", "a stray Enter must not erase anything"
    press(window, key.ENTER)
    assert stats.total_played == 3 and calls.calls == []
    click(window, view.controls["reset"])
    press(window, key.ESCAPE)  # Esc backs out of the question, not the screen
    assert stats.total_played == 3 and calls.calls == [] and "reset" in shown_controls(view)


def test_confirmed_reset_erases_and_lets_the_caller_save(window: Any, calls: Calls) -> None:
    stats = sample_stats()
    view = show(window, StatisticsScreen(stats, Translator("it"), calls("reset"), calls("close")))
    click(window, view.controls["reset"])
    click(window, view.controls["erase"])
    assert calls.calls == [("reset", stats)]
    assert stats.total_played == 0
    assert view.cells[("1C", "played")].text == "0"
    assert "Statistiche cancellate." in texts(view)


@pytest.mark.parametrize("lang", one_fast(LANGUAGES))
def test_the_game_in_progress_is_shown_as_in_progress(window: Any, calls: Calls, lang: str) -> None:
    tr = Translator(lang)
    view = show(window, StatisticsScreen(sample_stats(), tr, calls("reset"), calls("close"), in_progress="2F"))
    variant = view.variant_name("2F")
    assert tr.t("screens.stats.in_progress", variant=variant) in texts(view)
    idle = show(window, StatisticsScreen(sample_stats(), tr, calls("reset"), calls("close")))
    assert not any(variant in text and text != variant for text in texts(idle))


def test_the_application_says_which_game_is_in_progress(app: MakeApp) -> None:
    t, spider = app()
    spider.show_screen("stats")
    before = shown_as(t.window, StatisticsScreen)
    assert before.in_progress is None
    send(t.window, "on_key_press", key.ESCAPE, 0)
    t.double_click(5, 4)  # the first action: the game counts from now
    spider.show_screen("stats")
    now = shown_as(t.window, StatisticsScreen)
    assert now.in_progress == "1C"
    assert now.stats["1C"].played == 0, "not counted yet"


def test_the_deal_of_the_day_has_its_own_line(window: Any, calls: Calls) -> None:
    from datetime import date

    view = show(
        window,
        StatisticsScreen(sample_stats(), Translator("en"), calls("reset"), calls("close"), today=date(2026, 11, 13)),
    )
    assert "Deal of the day: played on 4 days, won on 3 days; streak 3 days (best 3 days)." in texts(view)
    later = show(
        window,
        StatisticsScreen(sample_stats(), Translator("it"), calls("reset"), calls("close"), today=date(2026, 12, 1)),
    )
    assert (
        "Partita del giorno: giocata in 4 giorni, vinta in 3 giorni; serie di 0 giorni (migliore 3 giorni)."
        in texts(later)
    )


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "Deal of the day: played on 1 day, won on 1 day; streak 1 day (best 1 day)."),
        ("it", "Partita del giorno: giocata in 1 giorno, vinta in 1 giorno; serie di 1 giorno (migliore 1 giorno)."),
        ("es", "Partida del día: jugada 1 día, ganada 1 día; racha de 1 día (mejor 1 día)."),
    ],
)
def test_one_day_is_one_day_in_every_language(window: Any, calls: Calls, lang: str, line: str) -> None:
    from datetime import date

    stats = Stats()
    stats.daily.add_won(date(2026, 11, 12))
    view = show(window, StatisticsScreen(stats, Translator(lang), calls("r"), calls("x"), today=date(2026, 11, 12)))
    assert line in texts(view)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_article_goes_wrong_before_a_variant_and_times_read_as_hours(window: Any, calls: Calls, lang: str) -> None:
    """ "a Easy game" once; and 13 minutes shown as 13:17 under a note saying h:mm:ss read as 13 hours."""
    stats = Stats()
    stats["1C"].add_win(1183, 117, seconds=13 * 60 + 17)
    tr = Translator(lang)
    view = show(window, StatisticsScreen(stats, tr, calls("r"), calls("x"), in_progress="1C"))
    assert view.cells[("1C", "time")].text == "0:13:17"
    assert "h:mm:ss" in " ".join(texts(view))
    in_progress = tr.t("screens.stats.in_progress", variant=view.variant_name("1C"))
    assert in_progress in texts(view) and " a Easy" not in in_progress


def test_the_totals_the_averages_of_the_wins_and_the_time_played_are_shown(window: Any, calls: Calls) -> None:
    stats = sample_stats()
    stats["2F"].add_win(1001, 201, seconds=60)
    view = show(window, StatisticsScreen(stats, Translator("en"), calls("reset"), calls("close")))

    def column(name: str) -> dict[str, str]:
        rows = ("played", "won", "win_rate", "average_score", "average_moves", "time", "streak")
        return {row: view.cells[(name, row)].text for row in rows}

    assert column("all") == {
        "played": "4",
        "won": "2",
        "win_rate": "50%",
        "average_score": "1092",  # (1183 + 1001) / 2: the losses' scores are no part of it
        "average_moves": "159",
        "time": "1:20:10",  # 905 + 120 + 3725 + 60 seconds
        "streak": "–",  # a streak is a variant's
    }
    assert column("1C")["average_score"] == "1183" and column("1C")["time"] == "0:17:05"
    assert column("4F")["average_score"] == "–" and column("4F")["time"] == "1:02:05"
    assert {"Average score", "Average moves", "Time played"} <= set(texts(view))
    assert "Averages are of won games only; time played is h:mm:ss." in texts(view)
    it = show(window, StatisticsScreen(stats, Translator("it"), calls("reset"), calls("close")))
    assert {"In totale", "Punteggio medio", "Mosse medie", "Tempo di gioco"} <= set(texts(it))
    es = show(window, StatisticsScreen(stats, Translator("es"), calls("reset"), calls("close")))
    assert {"En total", "Puntuación media", "Movimientos medios", "Tiempo de juego"} <= set(texts(es))
    assert es.cells[("all", "win_rate")].text == "50 %"


@pytest.mark.parametrize("lang", one_fast(LANGUAGES))
def test_clean_wins_and_the_best_time_have_their_rows(window: Any, calls: Calls, lang: str) -> None:
    stats = Stats()
    stats["1C"].add_win(1183, 117, seconds=905, clean=True)
    stats["1C"].add_win(1000, 150, seconds=1800)
    stats["2C"].add_win(900, 190, seconds=700)
    tr = Translator(lang)
    view = show(window, StatisticsScreen(stats, tr, calls("r"), calls("x")))
    assert {tr.t("screens.stats.clean_wins"), tr.t("screens.stats.best_time")} <= set(texts(view))
    assert view.cells[("1C", "clean_wins")].text == "1" and view.cells[("2C", "clean_wins")].text == "0"
    assert view.cells[("1C", "best_time")].text == "0:15:05" and view.cells[("4F", "best_time")].text == "–"
    assert view.cells[("all", "clean_wins")].text == "1" and view.cells[("all", "best_time")].text == "0:11:40"
