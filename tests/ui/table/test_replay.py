"""Watching a game again in the window (docs/RULES.md §13): the table's own
animations driven by the engine's replay; nothing saved, nothing counted, and
the game in progress comes back exactly as it was."""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import arcade
import pytest

from game.engine import Game, Move
from game.files.storage import Storage
from game.play.session import Session
from game.records.settings import Settings
from game.records.share import SharedGame, parse
from game.records.stats import Stats
from game.ui.app.controller import SpiderApp
from game.ui.layout.table import win_layout
from game.ui.table.replay import ReplayView
from game.ui.table.view import GameView
from game.words.i18n import LANGUAGES, Translator
from ui.table_harness import Table
from ui.table_harness import run_frames as frames

FIXTURES = Path(__file__).resolve().parents[3] / "tests" / "fixtures" / "shared"
WON = parse((FIXTURES / "won-1C.line").read_text(encoding="utf-8"))  # a one-suit game won in 198 actions
key = arcade.key


@pytest.fixture
def app(window: Any, tmp_path: Path, cards: Any) -> Any:
    def make(game: Game, ticker: Callable[[], float] = time.monotonic) -> tuple[Table, SpiderApp]:
        t = Table(window, game, Settings(), cards=cards)
        session = Session(Storage(tmp_path), t.settings, Stats(), game, ticker=ticker)
        return t, SpiderApp(t.view, session)

    return make


def files(folder: Path) -> dict[str, bytes]:
    """Every file of the data folder, byte for byte."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def cards_shown(view: GameView) -> list[list[Any]]:
    view.scene.finish()
    return [[s.card for s in column] for column in view.scene.sprites.columns]


def table_at(shared: SharedGame, at: int) -> Game:
    game = Game.from_code(shared.code)
    game.play(shared.record[:at])
    return game


def test_a_replay_plays_the_record_with_the_table_s_animations_and_saves_nothing(
    app: Any, tmp_path: Path, window: Any
) -> None:
    game = Game.from_code("SP1-S2C-AAAAAAD")
    t, spider = app(game)
    t.double_click(*next((m.src, len(game.columns[m.src]) - m.count) for m in game.legal_moves()))
    t.click(*t.layout.stock_area.center)  # a deal: the game is in progress, and saved
    before, record = files(tmp_path), game.record
    assert "game.json" in before

    spider.watch(WON)
    view = window.current_view
    assert isinstance(view, ReplayView) and view.replay.total == 198 and view.replay.at == 0
    assert cards_shown(view) == [list(c) for c in table_at(WON, 0).columns]
    view.on_key_press(key.RIGHT, 0)  # one step: the card glides as in play
    assert view.scene.animator.busy
    assert cards_shown(view) == [list(c) for c in table_at(WON, 1).columns]
    view.on_key_press(key.LEFT, 0)
    assert view.replay.at == 0 and cards_shown(view) == [list(c) for c in table_at(WON, 0).columns]

    for _ in range(2):
        view.on_key_press(key.UP, 0)  # ×4
    view.on_key_press(key.SPACE, 0)
    assert view.playing
    frames(view, 8, until=lambda: view.replay.at >= 6)  # played by itself, action after action
    assert view.replay.at < view.replay.total
    view.on_key_press(key.SPACE, 0)  # pause
    at = view.replay.at
    frames(view, 1)
    assert view.replay.at == at and not view.playing
    assert cards_shown(view) == [list(c) for c in table_at(WON, at).columns]
    assert view.strip.label_text.text == f"Action {at} of 198"

    view.on_key_press(key.END, 0)  # the win
    assert view.game.is_won and not view.hud.won_shown  # no "new deal" panel over a replay
    view.on_key_press(key.LEFT, 0)  # a won game cannot be undone: laid anew one action before
    assert view.replay.at == 197 and not view.game.is_won
    assert cards_shown(view) == [list(c) for c in table_at(WON, 197).columns]

    view.on_key_press(key.ESCAPE, 0)
    assert window.current_view is t.view and t.view.game is game and game.record == record
    assert files(tmp_path) == before  # nothing written: not the game, not the statistics


def test_the_bar_of_actions_is_dragged_to_any_action(app: Any, window: Any) -> None:
    _, spider = app(Game.from_code("SP1-S1C-AAAAAAD"))
    spider.watch(WON)
    view = window.current_view
    assert isinstance(view, ReplayView)
    track = view.strip_layout.track
    y = track.center_y
    view.on_mouse_press(round(track.left + track.width / 2), round(y), arcade.MOUSE_BUTTON_LEFT, 0)
    assert view.replay.at == 99
    for x in (track.left + track.width / 4, track.right + 50):
        view.on_mouse_drag(round(x), round(y), 1, 0, arcade.MOUSE_BUTTON_LEFT, 0)
    view.on_mouse_release(round(track.right + 50), round(y), arcade.MOUSE_BUTTON_LEFT, 0)
    assert view.replay.at == 198 and view.game.is_won
    assert cards_shown(view) == [list(c) for c in table_at(WON, 198).columns]
    view.on_mouse_drag(10, 10, 1, 0, arcade.MOUSE_BUTTON_LEFT, 0)  # the drag is over: nothing moves
    assert view.replay.at == 198


def test_the_strip_s_buttons_answer_the_mouse(app: Any, window: Any) -> None:
    t, spider = app(Game.from_code("SP1-S1C-AAAAAAD"))
    spider.watch(WON)
    view = window.current_view
    assert isinstance(view, ReplayView)

    def click(name: str) -> None:
        x, y = view.strip_layout.buttons[name].center
        view.on_mouse_press(round(x), round(y), arcade.MOUSE_BUTTON_LEFT, 0)
        view.on_mouse_release(round(x), round(y), arcade.MOUSE_BUTTON_LEFT, 0)

    click("forward")
    click("forward")
    click("back")
    assert view.replay.at == 1
    click("speed")
    assert view.speed == 2.0 and view.strip.speed_text.text == "×2"
    click("play")
    assert view.playing
    click("play")
    assert not view.playing
    cards = [list(c) for c in table_at(WON, view.replay.at).columns]
    assert cards_shown(view) == cards
    t.click(*t.card_point(0, len(view.game.columns[0]) - 1))  # a card does not answer: a replay is watched
    assert cards_shown(view) == cards
    click("leave")
    assert window.current_view is t.view


def test_watch_again_from_the_win_panel_awards_nothing(app: Any, tmp_path: Path, window: Any) -> None:
    game = Game.from_code(WON.code)
    game.play(WON.record[:-1])
    t, _ = app(game)
    t.view.do(Move.parse(WON.record[-1]))  # the winning action, played at the table: counted once
    t.run_to_win()
    assert game.is_won and t.view.hud.won_shown
    stats = json.loads((tmp_path / "stats.json").read_text(encoding="utf-8"))
    assert (stats["variants"]["1C"]["played"], stats["variants"]["1C"]["won"]) == (1, 1)
    before = files(tmp_path)
    t.click(*win_layout(t.layout).buttons["watch"].center)
    view = window.current_view
    assert isinstance(view, ReplayView) and view.replay.tokens == WON.record
    view.on_key_press(key.END, 0)
    frames(view, 3, until=lambda: view.game.is_won and not view.scene.animator.busy)
    view.on_key_press(key.ESCAPE, 0)
    assert files(tmp_path) == before  # the replay's win is no second win
    assert window.current_view is t.view and t.view.hud.won_shown


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_the_strip_fits_the_window(window: Any, lang: str, size: tuple[int, int]) -> None:
    from game.ui.hud.replay_strip import ReplayStrip

    strip = ReplayStrip(Translator(lang))
    lay = strip.place(*size)
    strip.show(198, 198, 0.5, True)
    w, h = size
    rects = [*lay.buttons.values(), lay.track, lay.label]
    for rect in rects:
        assert rect.left >= 0 and rect.right <= w and lay.strip.bottom <= rect.bottom and rect.top <= h
    ordered = sorted(rects, key=lambda r: r.left)
    for a, b in itertools.pairwise(ordered):
        assert a.right <= b.left, f"{a} overlaps {b}"
    assert lay.track.width >= 80
    leave = lay.buttons["leave"]
    assert strip.leave_text.content_width <= leave.width - 8
    assert strip.speed_text.content_width <= lay.buttons["speed"].width - 8
    assert strip.label_text.content_width <= lay.label.width


def test_today_s_deal_from_new_game_is_begun_as_the_day_s(app: Any, tmp_path: Path) -> None:
    from game.records.daily import daily_code

    t, spider = app(Game.from_code("SP1-S1C-AAAAAAD"))
    spider.play_daily("2C")
    today = spider.session.today()
    assert t.view.game.code == daily_code(today, "2C") and spider.session.daily == today
    assert json.loads((tmp_path / "game.json").read_text(encoding="utf-8"))["daily"] == today.isoformat()


def test_the_game_s_clock_stops_while_a_dialog_or_a_replay_shows_or_the_window_is_minimized(app: Any) -> None:
    now = [500.0]
    t, spider = app(Game.from_code("SP1-S1C-AAAAAAD"), ticker=lambda: now[0])
    session = spider.session
    now[0] += 10
    spider.show_screen("rules")
    now[0] += 100  # reading the rules
    spider.back_to_table()
    now[0] += 5
    spider.watch(WON)
    now[0] += 100  # watching a replay
    spider.back_to_table()
    t.window.dispatch_event("on_hide")  # minimized
    t.window.dispatch_events()
    now[0] += 100
    t.window.dispatch_event("on_show")
    t.window.dispatch_events()
    now[0] += 1
    assert session.seconds == 16


def test_the_history_s_watch_and_play_again(app: Any, window: Any) -> None:
    from game.ui.panel.nodes import Button
    from game.ui.screens.history import HistoryScreen
    from game.ui.screens.statistics import StatisticsScreen
    from ui.screens.screens_driver import shown_as

    def press(control: object) -> None:
        assert isinstance(control, Button) and control.press()

    game = Game.from_code(WON.code)
    t, spider = app(game)
    spider.session.record(game.play(WON.record[:3]))
    spider.session.new_deal()  # the game left goes into the history
    spider.show_screen("stats")
    press(shown_as(window, StatisticsScreen).controls["history"])
    press(shown_as(window, HistoryScreen).controls["watch.1"])
    replay = window.current_view
    assert isinstance(replay, ReplayView) and replay.replay.tokens == WON.record[:3]
    replay.on_key_press(key.ESCAPE, 0)
    spider.show_screen("history")
    press(shown_as(window, HistoryScreen).controls["play.1"])
    assert window.current_view is t.view and t.view.game.code == WON.code and t.view.game.record == ""


def test_the_win_panel_copies_the_game_as_one_line(app: Any, monkeypatch: Any) -> None:
    copied: list[str] = []
    game = Game.from_code("SP1-S1C-AAAAAAD")
    t, _ = app(game)
    monkeypatch.setattr(t.window, "set_clipboard_text", copied.append, raising=False)
    game.play(["1>8", "8:2>7", "deal", "10>8"])
    t.view.hud.show_win(game.score, game.moves)  # the panel, as after a win
    t.click(*win_layout(t.layout).buttons["copy"].center)
    assert copied == ["SP1-S1C-AAAAAAD:4:18b87+08"]
    assert t.view.hud.toast_text.text == "The game is on the clipboard as one line: paste it to a friend."


def test_a_won_game_typed_as_a_position_says_it_cannot_be_shared(app: Any) -> None:
    from ui.table_harness import position

    t, _ = app(Game.from_text(position(["| KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "| AS"], removed="S S S S S S S")))
    t.double_click(1, 0)
    t.settle()
    t.click(*win_layout(t.layout).buttons["copy"].center)
    assert t.view.hud.toast_text.text == "A game typed as a position has no code, so it cannot be shared."


def _plays_at_once(window: Any) -> None:
    view = window.current_view
    assert isinstance(view, ReplayView) and view.playing, "the replay opened paused"
    assert view.strip.label_text.text == "Action 0 of 198"
    frames(view, 4, until=lambda: view.replay.at > 0)  # "the replay did not play by itself"


def test_watch_again_opens_the_replay_playing(app: Any, window: Any) -> None:
    game = Game.from_code(WON.code)
    game.play(WON.record[:-1])
    t, _ = app(game)
    t.view.do(Move.parse(WON.record[-1]))
    t.run_to_win()
    t.click(*win_layout(t.layout).buttons["watch"].center)
    _plays_at_once(window)


def test_a_line_pasted_into_new_game_opens_its_replay_playing(app: Any, window: Any) -> None:
    from game.records.share import share_line
    from game.ui.screens.new_game import CodeField, NewGameScreen
    from ui.screens.screens_driver import shown_as

    t, _ = app(Game.from_code("SP1-S1C-AAAAAAD"))
    t.key(key.N, arcade.key.MOD_CTRL)
    screen = shown_as(window, NewGameScreen)
    field = screen.controls["code"]
    assert isinstance(field, CodeField)
    field.paste(share_line(WON.code, " ".join(WON.record)))
    screen.play()
    _plays_at_once(window)
