"""The application wiring: the table autosaves, counts statistics, and swaps
to the screens and back, in the shared headless window.

GIVEN a table with its `SpiderApp` on a temporary data folder, WHEN the player
acts, THEN the files on disk and the screen shown are what they expect.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import arcade
import pytest
from engine.tables import run_text
from engine.tables import table as engine_table

from game.engine import Game
from game.files.storage import DataFile, Notice, NoticeKind, Storage
from game.play.session import Session
from game.records.settings import Settings
from game.system.geometry import Geometry
from game.ui.app.controller import SpiderApp
from game.ui.app.notices import notice_text
from game.ui.hud.bar import TOAST_S
from game.ui.input.intents import Command
from game.ui.panel.nodes import Button
from game.ui.screens.appearance import AppearanceScreen
from game.ui.screens.base import Screen
from game.ui.screens.confirm import ConfirmScreen
from game.ui.screens.description import DescriptionScreen
from game.ui.screens.new_game import NewGameScreen
from game.ui.screens.options import OptionsScreen
from game.ui.screens.rules import RulesScreen
from game.ui.screens.statistics import StatisticsScreen
from game.words.i18n import Translator, catalogue
from ui.screens.screens_driver import shown_as
from ui.table_harness import CTRL, MakeApp, Table


def saved(tmp_path: Path, name: str) -> Any:
    return json.loads((tmp_path / name).read_text(encoding="utf-8"))


def test_every_action_is_saved_at_once_and_resumes_with_its_undo_history(app: MakeApp, tmp_path: Path) -> None:
    t, _ = app("SP1-S1C-AAAAAAD")
    t.double_click(5, 4)  # the ace of spades goes onto the 2 of spades
    t.click(*t.layout.stock_area.center)  # a deal
    assert saved(tmp_path, "game.json")["record"] == "6>1 deal"
    t.key(arcade.key.Z, CTRL)
    assert saved(tmp_path, "game.json")["record"] == "6>1"
    saved_game, notices = Storage(tmp_path).load_game()
    assert notices == [] and saved_game is not None
    assert saved_game.game.to_text() == t.game.to_text() and saved_game.game.can_undo


def press(screen: Screen, name: str) -> None:
    """Press a dialog's control as a click would."""
    button = screen.controls[name]
    assert isinstance(button, Button) and button.press()


def test_restarting_after_a_move_counts_a_lost_game(app: MakeApp, tmp_path: Path) -> None:
    t, _ = app("SP1-S1C-AAAAAAD")
    t.key(arcade.key.R, CTRL)  # no move yet: nothing to count
    assert not (tmp_path / "stats.json").exists()
    t.double_click(5, 4)
    t.key(arcade.key.R, CTRL)  # now it asks first (docs/RULES.md §7): the player confirms
    press(shown_as(t.window, ConfirmScreen), "yes")
    one_suit = saved(tmp_path, "stats.json")["variants"]["1C"]
    assert (one_suit["played"], one_suit["won"]) == (1, 0)
    assert saved(tmp_path, "game.json")["record"] == ""


def test_a_win_is_counted_once_with_its_score_and_moves(app: MakeApp, tmp_path: Path) -> None:
    g = engine_table({1: "| " + run_text("S", 13, 2), 2: "| AS"}, removed="S S S S S S S", moves=40, score=400)
    t, spider = app(g)
    t.double_click(1, 0)
    assert t.game.is_won
    one_suit = saved(tmp_path, "stats.json")["variants"]["1C"]
    assert (one_suit["played"], one_suit["won"], one_suit["best_score"], one_suit["fewest_moves"]) == (
        1,
        1,
        499,
        41,
    )
    spider.leaving_game(t.game)  # leaving a won game adds no loss
    assert saved(tmp_path, "stats.json")["variants"]["1C"]["played"] == 1


def test_same_deal_again_after_a_win_then_new_game_counts_no_loss(app: MakeApp, tmp_path: Path) -> None:
    # A fault once seen: the saved game held "record": "", "started": true,
    # and the next New game counted a loss and ended the streak.
    g = engine_table({1: "| " + run_text("S", 13, 2), 2: "| AS"}, removed="S S S S S S S", moves=40, score=400)
    t, spider = app(g)
    t.double_click(1, 0)
    assert t.game.is_won
    t.view.do(Command.REPLAY)  # the win panel's "Same deal again"
    assert saved(tmp_path, "game.json")["started"] is False and not spider.session.in_progress
    t.view.do(Command.DEAL_AGAIN)  # New game, not a card touched
    one_suit = saved(tmp_path, "stats.json")["variants"]["1C"]
    assert (one_suit["played"], one_suit["won"], one_suit["current_streak"]) == (1, 1, 1)


def test_new_game_screen_starts_a_typed_code_and_counts_the_game_left(app: MakeApp, tmp_path: Path) -> None:
    t, _ = app("SP1-S1C-AAAAAAD")
    t.double_click(5, 4)
    t.click(*t.layout.hud.buttons["new"].center)
    screen = shown_as(t.window, NewGameScreen)
    screen.code_text = "sp1-s4f-spider2"
    screen.play()
    press(shown_as(t.window, ConfirmScreen), "yes")  # the game left counts: asked first
    assert t.window.current_view is t.view and t.view.game.code == "SP1-S4F-SPIDER2"
    assert saved(tmp_path, "game.json")["code"] == "SP1-S4F-SPIDER2"
    assert saved(tmp_path, "stats.json")["variants"]["1C"]["played"] == 1


def test_options_apply_at_once_and_are_saved(app: MakeApp, tmp_path: Path) -> None:
    t, _ = app("SP1-S4C-AAAAAAD")
    t.key(arcade.key.O, CTRL)
    screen = shown_as(t.window, OptionsScreen)
    screen.choose_language("es")
    screen.toggle("double_click")
    press(screen, "appearance")  # the deck is chosen in Appearance, from Options
    look = shown_as(t.window, AppearanceScreen)
    look.choose("deck", "four_colour")
    spanish = Translator("es")
    assert t.view.hud.moves_text.text == spanish.t("table.moves", moves=0)
    assert t.view.hud.button_texts["new"].text == spanish.t("table.button.new") != "New game"
    on_disk = saved(tmp_path, "settings.json")
    assert on_disk["language"] == "es" and on_disk["four_colour"] is True and on_disk["double_click"] is False
    diamonds = [s for col in t.sprites.columns for s in col if s.card.face_up and s.card.suit == "D"]
    assert diamonds and all(s.texture is t.atlas.textures[f"{s.card}-4c"] for s in diamonds)
    look.on_back()
    screen = shown_as(t.window, OptionsScreen)  # Appearance goes back to Options
    screen.on_back()
    assert t.window.current_view is t.view


def test_the_caption_follows_a_language_chosen_in_options(app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    t, _ = app()
    captions: list[str] = []
    monkeypatch.setattr(t.window, "set_caption", captions.append)  # a headless window has no title bar
    t.key(arcade.key.O, CTRL)
    screen = shown_as(t.window, OptionsScreen)
    screen.choose_language("it")
    assert captions[-1] == Translator("it").t("table.title") == "Solitario Spider"
    screen.choose_language("en")
    assert captions[-1] == "Spider Solitaire"


def test_quitting_keeps_the_window_geometry_with_the_settings(app: MakeApp, tmp_path: Path) -> None:
    _, spider = app()
    spider.quit(Geometry(120, 80, 1000, 640, maximized=True))
    on_disk = saved(tmp_path, "settings.json")
    assert (on_disk["window"], on_disk["window_maximized"]) == ("1000x640+120+80", True)


@pytest.mark.parametrize(
    ("ask", "screen_type"),
    [
        (lambda t: t.key(arcade.key.F1), DescriptionScreen),
        (lambda t: t.key(arcade.key.F2), RulesScreen),
        (lambda t: t.click(*t.layout.hud.buttons["rules"].center), RulesScreen),
        (lambda t: t.click(*t.layout.hud.buttons["stats"].center), StatisticsScreen),
    ],
)
def test_each_screen_opens_from_the_table_and_goes_back(app: MakeApp, ask: Any, screen_type: type[Screen]) -> None:
    t, _ = app("SP1-S2C-AAAAAAD", Settings(language="it"))
    ask(t)
    screen = shown_as(t.window, screen_type)
    if isinstance(screen, DescriptionScreen):
        # The table in words, then the keys that ask without looking.
        assert screen.description.startswith(t.game.describe(catalogue("it")) + "\nPer chiedere senza guardare: L:")
    screen.on_back()
    assert t.window.current_view is t.view


def test_a_failing_disk_is_reported_once_not_on_every_move(
    app: MakeApp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the data folder should be")
    t, _ = app(storage=Storage(blocked))
    notes: list[str] = []
    monkeypatch.setattr(t.view, "notify", notes.append)
    t.double_click(5, 4)
    t.click(*t.layout.stock_area.center)
    assert len(notes) == 1 and "game.json" in notes[0]
    assert blocked.read_text() == "a file where the data folder should be"


def test_a_save_failing_in_the_background_is_reported_once_soon_after(
    app: MakeApp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The game's window saves on a thread: the player is told when the
    # failure is known, once, and plays on.
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the data folder should be")
    storage = Storage(blocked)
    storage.write_in_background()
    later: list[tuple[float, Any]] = []
    t, _ = app(storage=storage, schedule=lambda fn, delay: later.append((delay, fn)), clock=lambda: 100.0)
    notes: list[str] = []
    monkeypatch.setattr(t.view, "notify", notes.append)
    t.double_click(5, 4)
    t.click(*t.layout.stock_area.center)
    storage.flush()
    assert later and all(delay <= 1.0 for delay, _ in later)
    for _, fn in later:
        fn(0.0)
    assert len(notes) == 1 and "game.json" in notes[0]
    assert t.game.moves == 2 and blocked.read_text() == "a file where the data folder should be"


def test_notices_at_launch_take_turns_each_shown_in_full(
    window: Any, cards: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # GIVEN three unusable files, WHEN Spider opens on them, THEN the player
    # reads each notice in turn, not three squeezed into one box.
    for name in DataFile:
        (tmp_path / name).write_bytes(b"[" * 100_000)
    session, notices = Session.open(tmp_path, environ={})
    try:
        t = Table(window, session.game, cards=cards)
        shown: list[str] = []
        later: list[tuple[float, Any]] = []
        monkeypatch.setattr(t.view, "notify", shown.append)
        spider = SpiderApp(t.view, session, schedule=lambda fn, delay: later.append((delay, fn)), clock=lambda: 100.0)
        spider.show_notices(notices)
        assert len(shown) == 1 and "settings.json" in shown[0]
        assert [delay for delay, _ in later] == [TOAST_S, 2 * TOAST_S]
        for _, fn in later:
            fn(0.0)
        assert ["settings.json" in shown[0], "stats.json" in shown[1], "game.json" in shown[2]] == [True] * 3
        assert all(".bad-" in text for text in shown)
    finally:
        session.close()


def test_moves_all_undone_then_a_new_deal_counts_a_loss(app: MakeApp, tmp_path: Path) -> None:
    t, spider = app("SP1-S1C-AAAAAAD")
    t.double_click(5, 4)
    t.key(arcade.key.Z, CTRL)
    assert saved(tmp_path, "game.json") | {"code": None} == {
        "version": 1,
        "code": None,
        "start": None,
        "record": "",
        "started": True,
        "redo": "6>1",  # what Redo can make again, and the undo that makes the win no clean one
        "undos": 1,
    }
    t.view.do(Command.DEAL_AGAIN)  # the win panel's New game: the view deals it itself
    assert saved(tmp_path, "stats.json")["variants"]["1C"]["played"] == 1
    assert spider.session.game is t.view.game and saved(tmp_path, "game.json")["started"] is False


@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_every_notice_has_words_naming_the_file_and_the_backup(lang: str) -> None:
    translator = Translator(lang)
    for kind in NoticeKind:
        for file in DataFile:
            text = notice_text(Notice(kind, file, f"{file}.bad-20261130-231500"), translator)
            assert str(file) in text and f"{file}.bad-20261130-231500" in text
            assert "{" not in text


def test_fullscreen_from_the_table_keeps_the_variant_begun_since(app: MakeApp, tmp_path: Path) -> None:
    t, spider = app("SP1-S1C-AAAAAAD")
    stale = t.view.settings
    spider.play(Game.from_code("SP1-S4F-SPIDER2"))
    spider.settings_changed(replace(stale, fullscreen=True))  # what F11 reports
    on_disk = saved(tmp_path, "settings.json")
    assert on_disk["fullscreen"] is True and on_disk["variant"] == "4F"


@pytest.mark.parametrize("lang", ["it", "es"])
def test_a_language_chosen_in_options_shows_at_once_on_the_table_behind(app: MakeApp, lang: str) -> None:
    """The bar and the variant line behind the dialog speak the new language
    while Options is still open, as a dialog opened afresh shows them."""
    t, _ = app()
    t.key(arcade.key.O, CTRL)
    screen = shown_as(t.window, OptionsScreen)
    english = _behind(t.window)
    screen.choose_language(lang)
    switched = _behind(t.window)
    screen.on_back()
    t.key(arcade.key.O, CTRL)
    shown_as(t.window, OptionsScreen)
    assert switched.tobytes() != english.tobytes(), "the table behind the dialog is still in English"
    assert switched.tobytes() == _behind(t.window).tobytes()


def _behind(window: Any) -> Any:
    """The top bar's left and the bottom strip's middle (the variant's name)
    as the dialog shows them, dimmed behind it."""
    window.clear()
    window.current_view.on_draw()
    window.ctx.finish()
    width, height = window.get_size()
    bar, strip = height // 16, height // 20
    top = arcade.get_image(0, height - bar, width // 4, bar)
    bottom = arcade.get_image(width // 3, 0, width // 3, strip)
    both = bottom.resize((width // 3, bar + strip))
    both.paste(top, (0, 0))
    both.paste(bottom, (0, bar))
    return both
