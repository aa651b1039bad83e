"""The confirmation dialog, and Restart asking first (docs/RULES.md §7)."""

from __future__ import annotations

from typing import Any

import arcade
import pytest

from game.engine import Game
from game.ui.screens.calendar import CalendarScreen
from game.ui.screens.confirm import ConfirmScreen
from game.words.i18n import LANGUAGES, Translator
from ui.screens.screens_driver import Calls, click, press, show, shown_as, shown_screen, texts
from ui.table_harness import CTRL, MakeApp, Table

key = arcade.key


def confirm(calls: Calls, lang: str = "en") -> ConfirmScreen:
    return ConfirmScreen(Translator(lang), "restart", calls("yes"), calls("no"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_question_is_asked_in_the_players_language(window: Any, calls: Calls, lang: str) -> None:
    t = Translator(lang).t
    view = show(window, confirm(calls, lang))
    assert set(texts(view)) == {
        t("screens.restart.title"),
        t("screens.restart.question"),
        t("screens.restart.yes"),
        t("screens.cancel"),
    }


@pytest.mark.parametrize("keys", [[key.ENTER], [key.RETURN], [key.SPACE], [key.ESCAPE], [key.TAB, key.TAB, key.ENTER]])
def test_enter_space_and_escape_keep_things_as_they_are(window: Any, calls: Calls, keys: list[int]) -> None:
    view = show(window, confirm(calls))
    assert view.focused == "no", "Cancel is the default"
    for symbol in keys:
        press(window, symbol)
    assert calls.names() == ["no"]


def test_only_the_confirming_button_goes_ahead(window: Any, calls: Calls) -> None:
    view = show(window, confirm(calls))
    press(window, key.TAB)
    assert view.focused == "yes"
    press(window, key.ENTER)
    click(window, view.controls["yes"])
    assert calls.names() == ["yes", "yes"]


# ---- Restart through the application -------------------------------------------


def restart_button(t: Table) -> None:
    t.click(*t.layout.hud.buttons["restart"].center)


@pytest.mark.parametrize("ask", ["ctrl-r", "button"])
def test_a_game_with_no_action_restarts_at_once(app: MakeApp, ask: str) -> None:
    t, spider = app()
    start = t.game.to_text()
    t.key(key.R, CTRL) if ask == "ctrl-r" else restart_button(t)
    assert t.window.current_view is t.view, "no question"
    assert t.game.to_text() == start and spider.stats.total_played == 0


@pytest.mark.parametrize("answer", [[key.ENTER], [key.ESCAPE], [key.SPACE]])
@pytest.mark.parametrize("ask", ["ctrl-r", "button"])
def test_restart_after_an_action_asks_and_cancel_keeps_the_game(app: MakeApp, ask: str, answer: list[int]) -> None:
    t, spider = app()
    t.double_click(5, 4)  # the ace of spades goes onto the 2 of spades
    played = t.game.to_text()
    t.key(key.R, CTRL) if ask == "ctrl-r" else restart_button(t)
    dialog = shown_as(t.window, ConfirmScreen)
    assert dialog.focused == "no"
    assert t.window.current_view.backdrop.view is t.view, "asked over the table"
    for symbol in answer:
        press(t.window, symbol)
    assert t.window.current_view is t.view
    assert t.game.to_text() == played and t.game.record == "6>1"
    assert spider.stats.total_played == 0


def test_confirmed_restart_deals_the_same_game_again_and_counts_a_loss(app: MakeApp) -> None:
    t, spider = app()
    start = t.game.to_text()
    t.double_click(5, 4)
    t.key(key.R, CTRL)
    dialog = shown_as(t.window, ConfirmScreen)
    click(t.window, dialog.controls["yes"])
    assert t.window.current_view is t.view
    t.settle()
    assert t.game.to_text() == start and t.game.record == ""
    assert spider.stats["1C"].played == 1 and spider.stats["1C"].won == 0


def test_a_game_whose_actions_were_all_undone_still_asks(app: MakeApp) -> None:
    # It counts from its first action (docs/RULES.md §11), so restarting it costs a loss.
    t, _ = app()
    t.double_click(5, 4)
    t.key(key.Z, CTRL)
    assert t.game.record == ""
    t.key(key.R, CTRL)
    assert isinstance(shown_screen(t.window), ConfirmScreen)


# ---- leaving a game that counts: New game, Today's deal, Play again ------------


def ask_to_leave(t: Table, spider: Any, how: str) -> None:
    """New game's Play, its Today's deal, or Last games' Play again."""
    from game.ui.screens.history import HistoryScreen
    from game.ui.screens.new_game import NewGameScreen
    from ui.screens.screens_driver import shown_as

    if how == "history":
        spider.leaving_game(t.view.game)  # the game left goes into the history, to play again
        spider.play(Game.from_code("SP1-S1C-AAAAAAD"))  # nothing in progress now: no question
        t.double_click(5, 4)  # and this one counts
        spider.show_screen("history")
        click(t.window, shown_as(t.window, HistoryScreen).controls["play.1"])
        return
    spider.show_screen("new")
    click(t.window, shown_as(t.window, NewGameScreen).controls["play" if how == "play" else "daily"])
    if how == "daily":  # the calendar opens on today: Play this day
        click(t.window, shown_as(t.window, CalendarScreen).controls["play"])


@pytest.mark.parametrize("how", ["play", "daily", "history"])
def test_leaving_a_game_in_progress_asks_first_and_cancel_goes_back(app: MakeApp, how: str) -> None:
    from game.ui.screens.history import HistoryScreen
    from game.ui.screens.new_game import NewGameScreen

    t, spider = app()
    t.double_click(5, 4)  # a game that counts
    played = t.game.to_text()
    ask_to_leave(t, spider, how)
    dialog = shown_as(t.window, ConfirmScreen)
    assert dialog.topic == "leave" and dialog.focused == "no", "Cancel is the default, as for Restart"
    assert set(texts(dialog)) >= {"Leave this game?", "Leave it", "Cancel"}
    press(t.window, key.ENTER)
    asked = {"history": HistoryScreen, "daily": CalendarScreen}.get(how, NewGameScreen)
    shown_as(t.window, asked)  # back where it was asked
    assert t.game.to_text() == played and spider.stats.total_played == (1 if how == "history" else 0)


@pytest.mark.parametrize("how", ["play", "daily"])
def test_leaving_it_deals_the_new_game_and_counts_the_one_left(app: MakeApp, how: str) -> None:
    t, spider = app()
    t.double_click(5, 4)
    ask_to_leave(t, spider, how)
    click(t.window, shown_as(t.window, ConfirmScreen).controls["yes"])
    assert t.window.current_view is t.view and t.view.game.moves == 0 and t.view.game is not t.game
    assert spider.stats["1C"].played == 1 and spider.stats["1C"].won == 0


def test_with_no_game_in_progress_nothing_is_asked(app: MakeApp) -> None:
    t, spider = app()
    ask_to_leave(t, spider, "play")
    assert t.window.current_view is t.view and spider.stats.total_played == 0
