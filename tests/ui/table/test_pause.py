"""The clock on the table and the player's pause (docs/RULES.md §8, §15),
through the table's own handlers with the session's clock moved by hand:
the bar shows the time played and ticks once a second at rest (one frame,
not a second of them); P stops it and hides the cards, and a key of play, a
click or P brings both back without playing anything; a calm table shows
neither score nor clock and still counts; every table laid out again
(Same deal again, New deal, Restart) counts from 0:00 and runs."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from arcade import key

from game.engine import Game, Move
from game.records.settings import Settings
from game.records.share import parse
from game.ui.app.access_state import clock_words
from game.ui.input.intents import Command
from game.ui.layout.table import TableShape, compute_layout
from game.words.i18n import Translator
from ui.table_harness import CTRL, SIMPLE, MakeApp, Table

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "shared"
WON = parse((FIXTURES / "won-1C.line").read_text(encoding="utf-8"))  # a one-suit game won in 198 actions


class Ticker:
    """The session's monotonic clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def at_table(app: MakeApp, game: Game | str = SIMPLE, settings: Settings | None = None) -> tuple[Table, Any, Ticker]:
    ticker = Ticker()
    t, spider = app(game, settings or Settings(), ticker=ticker)
    t.run(0.3)
    return t, spider, ticker


def card_whites(t: Table, col: int, index: int) -> int:
    """How many near-white pixels (a card's face) the drawn frame has over a card's place."""
    image = t.draw().convert("L")
    r = t.layout.card_rect(col, index)
    h = t.window.get_size()[1]
    box = (int(r.left) + 3, h - int(r.top) + 3, int(r.right) - 3, h - int(r.bottom) - 3)
    return sum(image.crop(box).histogram()[226:])


def test_the_bar_shows_the_time_played_and_goes_on_to_hours(app: MakeApp) -> None:
    t, _, ticker = at_table(app)
    hud = t.view.hud
    assert hud.clock_text.text == "0:00" and hud.clock_text.visible
    ticker.now += 65
    t.run(0.3)
    assert hud.clock_text.text == "1:05"
    ticker.now += 3600
    t.run(0.3)
    assert hud.clock_text.text == "1:01:05"
    assert hud.moves_text.right < hud.clock_text.left < hud.clock_text.right < t.layout.hud.code.left


def test_at_rest_the_clock_costs_one_frame_a_second(app: MakeApp) -> None:
    t, _, ticker = at_table(app)
    pacer = t.view.pacer

    def rest_for(seconds: int) -> int:
        """Updates at the resting rate (four a second) for `seconds`; the frames drawn."""
        drawn = 0
        for _ in range(seconds * 4):
            ticker.now += 0.25
            t.view.on_update(0.25)
            if pacer.owed:
                t.view.on_draw()
                drawn += 1
        return drawn

    t.view.prepare_images()  # the felt and the card images made now, not by a worker while counting
    t.run(1.0)
    rest_for(1)
    assert rest_for(5) == 5 and t.view.hud.clock_text.text == "0:06"
    t.view.on_update(0.25)
    assert pacer.resting, "back to rest after the frame that showed the second"


@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_p_stops_the_clock_hides_the_cards_and_p_brings_them_back(app: MakeApp, lang: str) -> None:
    t, spider, ticker = at_table(app, settings=Settings(language=lang))
    words = Translator(lang)
    ticker.now += 30
    assert card_whites(t, 0, 1) > 500  # the 5 of spades, face up
    t.key(key.P)
    assert t.view.paused and card_whites(t, 0, 1) == 0
    assert t.view.hud.clock_text.text == words.t("table.clock.paused")
    assert t.view.voice.heard == words.t("table.pause.on")
    ticker.now += 600  # away from the table
    t.run(0.3)
    assert spider.session.seconds == 30
    assert clock_words(t.view) == words.t("access.clock.paused", time="0:30")
    t.key(key.P)
    assert not t.view.paused and card_whites(t, 0, 1) > 500
    ticker.now += 5
    t.run(0.3)
    assert (spider.session.seconds, t.view.hud.clock_text.text) == (35, "0:35")
    assert clock_words(t.view) == words.t("access.clock", time="0:35")


@pytest.mark.parametrize(
    ("name", "press"),
    [
        ("a column's number", lambda t: t.key(key.KEY_1)),
        ("deal", lambda t: t.key(key.D)),
        ("undo", lambda t: t.key(key.Z, CTRL)),
        ("enter on the table", lambda t: t.key(key.RETURN)),
        ("a click on a card", lambda t: t.click(*t.card_point(1, 0))),
        ("a double click", lambda t: t.double_click(1, 0)),
    ],
)
def test_a_key_of_play_or_a_click_ends_the_pause_and_plays_nothing(
    app: MakeApp, name: str, press: Callable[[Table], None]
) -> None:
    t, _, _ = at_table(app)
    t.double_click(0, 1)
    record = t.game.record
    t.key(key.P)
    press(t)
    assert not t.view.paused and t.game.record == record and t.view.keys.selection is None, name


def test_the_buttons_and_window_keys_still_work_while_paused(app: MakeApp) -> None:
    t, spider, _ = at_table(app)
    t.key(key.P)
    t.key(key.M)  # the sound off: said, and still paused
    assert t.view.paused and not t.view.settings.sound
    t.key(key.F2)  # the rules open over the hidden table
    assert t.window.current_view is not t.view
    spider.back_to_table()
    assert t.view.paused, "back from a screen, the pause goes on"
    t.key(key.N, CTRL)
    spider.play(Game.from_code("SP1-S2C-AAAAAAD"))  # a new game ends the pause
    t.settle()
    assert not t.view.paused and card_whites(t, 0, 5) > 500


def test_a_won_game_has_nothing_to_pause(app: MakeApp) -> None:
    t, _, _ = one_action_from_winning(app)
    t.view.do(Move.parse(WON.record[-1]))
    t.run_to_win()
    t.key(key.P)
    assert not t.view.paused


def one_action_from_winning(app: MakeApp) -> tuple[Table, Any, Ticker]:
    game = Game.from_code(WON.code)
    game.play(WON.record[:-1])
    return at_table(app, game, Settings(animation_speed="off"))


@pytest.mark.parametrize("again", [Command.REPLAY, Command.DEAL_AGAIN], ids=["same deal again", "new deal"])
def test_the_win_panel_s_next_game_counts_from_zero_and_runs(app: MakeApp, again: Command) -> None:
    """A game after a win once kept the won game's time, standing still."""
    t, spider, ticker = one_action_from_winning(app)
    ticker.now += 300
    t.view.do(Move.parse(WON.record[-1]))
    t.run_to_win()
    ticker.now += 700  # the win panel
    assert t.view.hud.won_shown and spider.session.seconds == 300
    t.view.do(again)
    assert spider.session.game is t.view.game and not t.view.game.is_won
    t.run(0.3)
    assert spider.session.seconds == 0 and t.view.hud.clock_text.text == "0:00"
    ticker.now += 25
    t.run(0.3)
    assert spider.session.seconds == 25 and t.view.hud.clock_text.text == "0:25"


def test_restart_after_moves_counts_from_zero(app: MakeApp) -> None:
    t, spider, ticker = at_table(app)
    t.double_click(0, 1)
    ticker.now += 90
    spider.restart()  # what the Restart dialog's Yes does
    ticker.now += 4
    t.run(0.3)
    assert spider.session.seconds == 4 and t.view.hud.clock_text.text == "0:04"


def test_a_calm_table_shows_no_score_moves_or_clock_and_still_counts(app: MakeApp, tmp_path: Path) -> None:
    t, spider, ticker = one_action_from_winning(app)
    hud = t.view.hud
    wide = t.layout.hud.font_size
    t.view.apply_settings(Settings(animation_speed="off", show_score_time=False), Translator("en"))
    assert not (hud.score_text.visible or hud.moves_text.visible or hud.clock_text.visible)
    assert t.layout.hud.score.width == t.layout.hud.clock.width == 0
    calm = compute_layout(800, 600, TableShape.of(t.game), hud.text_widths).hud.font_size
    shown = compute_layout(800, 600, TableShape.of(t.game), {**hud.text_widths, "score": 7, "moves": 7, "clock": 5})
    assert calm > shown.hud.font_size and t.layout.hud.font_size >= wide  # the buttons have the room
    ticker.now += 42
    t.view.do(Move.parse(WON.record[-1]))
    t.run_to_win()
    numbers = spider.session.stats["1C"]
    assert (numbers.won, numbers.best_seconds, numbers.clean_wins) == (1, 42, 1)  # played without an undo
    assert t.view.hud.won_shown
    assert not hud.clock_text.visible
    t.view.apply_settings(Settings(animation_speed="off"), Translator("en"))
    assert hud.score_text.visible and hud.clock_text.visible and hud.clock_text.text == "0:42"


@pytest.mark.parametrize("lang", ["en", "it", "es"])
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_the_clock_and_the_pause_panel_fit_in_every_language(app: MakeApp, lang: str, size: tuple[int, int]) -> None:
    t, _, ticker = at_table(app, settings=Settings(language=lang))
    t.view.on_resize(*size)
    hud, code = t.view.hud, t.layout.hud.code
    ticker.now += 9 * 3600 + 59 * 60 + 59  # the longest time the bar keeps room for
    t.run(0.3)
    assert hud.clock_text.text == "9:59:59"
    assert hud.moves_text.right < hud.clock_text.left and hud.clock_text.right < code.left
    t.key(key.P)
    assert hud.clock_text.text == Translator(lang).t("table.clock.paused")
    assert hud.moves_text.right < hud.clock_text.left and hud.clock_text.right < code.left
    sprite = t.view.pause.panel  # the panel's edges, from its centre and size (a stretched sprite)
    left, right = sprite.center_x - sprite.width / 2, sprite.center_x + sprite.width / 2
    bottom, top = sprite.center_y - sprite.height / 2, sprite.center_y + sprite.height / 2
    assert left > 0 and right < size[0] and bottom > 0 and top < t.layout.hud.bar.bottom
    for text in (t.view.pause.title, t.view.pause.hint):
        assert left < text.left and text.right < right, text.text
        assert bottom < text.bottom and text.top < top, text.text
    t.key(key.P)
    t.view.on_resize(*t.window.get_size())
