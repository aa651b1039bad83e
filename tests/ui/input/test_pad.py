"""Playing with a game controller.

GIVEN a table with its application in the shared headless window and a pad
plugged in, WHEN the player presses the pad's buttons, THEN the table and
the screens answer as they answer the keys. The pad is a real pyglet
`Controller` over a device whose buttons and axes are set here: its events
come through pyglet's own controller code, as a plugged-in pad's do.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pyglet.input
import pytest
from pyglet.input import AbsoluteAxis, Button, Control
from pyglet.input.base import ControllerManager
from pyglet.input.controller import Relation

from game.engine import Game, Move
from game.files.storage import Storage
from game.play.session import Session
from game.records.settings import Settings
from game.records.stats import Stats
from game.ui.app.controller import SpiderApp
from game.ui.input.intents import Command
from game.ui.input.keyboard import STOCK
from game.ui.input.keymap import lookup
from game.ui.input.pad import PAD_BUTTONS, PAD_DIRECTIONS, Pads, Stick, key_for
from game.words.i18n import Translator
from ui.table_harness import Table

BUTTONS = (
    "a",
    "b",
    "x",
    "y",
    "back",
    "guide",
    "start",
    "leftshoulder",
    "rightshoulder",
    "leftstick",
    "dpup",
    "dpdown",
    "dpleft",
)
AXIS_MAX = 32767


class PadDevice(pyglet.input.Device):
    """A pad's device: thirteen buttons (the d-pad's right is the hat's x
    axis, as on many pads) and a left stick."""

    def __init__(self) -> None:
        super().__init__(None, "Test Pad")  # type: ignore[arg-type]
        self.buttons = {name: Button(f"btn_{name}") for name in BUTTONS}
        self.hat_x = AbsoluteAxis("hat_x", -1, 1)
        self.stick_x = AbsoluteAxis("x", -AXIS_MAX - 1, AXIS_MAX)
        self.stick_y = AbsoluteAxis("y", -AXIS_MAX - 1, AXIS_MAX)
        self.connected = True
        self.window: Any = None

    def get_controls(self) -> list[Control]:
        return [*self.buttons.values(), self.hat_x, self.stick_x, self.stick_y]

    def get_guid(self) -> str:
        return "0" * 32

    def press(self, name: str) -> None:
        self.buttons[name].value = True
        self.buttons[name].value = False
        self.delivered()

    def hold(self, name: str, down: bool) -> None:
        """Press a button and keep it down (`down`), or let it go."""
        self.buttons[name].value = down
        self.delivered()

    def tilt(self, axis: AbsoluteAxis, value: int) -> None:
        """Push an axis to `value` and let it go back to the middle."""
        axis.value = value
        axis.value = 0
        self.delivered()

    def delivered(self) -> None:
        """Outside its event loop a pyglet window queues the events sent to
        it; in the loop (the game) they are dispatched at once."""
        if self.window is not None:
            self.window.dispatch_events()


def make_pad(window: Any = None) -> tuple[pyglet.input.Controller, PadDevice]:
    device = PadDevice()
    device.window = window
    mapping: dict[str, Any] = {"name": "Test Pad", "guid": "0" * 32}
    mapping.update({name: Relation("button", i) for i, name in enumerate(BUTTONS)})
    mapping["dpright"] = Relation("hat0", 2)
    mapping["leftx"] = Relation("axis", 0)
    mapping["lefty"] = Relation("axis", 1)
    return pyglet.input.Controller(device, mapping), device


class Manager(ControllerManager):
    """The system's list of pads, with pads plugged in and out by the test."""

    def __init__(self, *pads: pyglet.input.Controller) -> None:
        self.pads = list(pads)

    def get_controllers(self) -> list[pyglet.input.Controller]:
        return list(self.pads)

    def plug(self, pad: pyglet.input.Controller) -> None:
        self.pads.append(pad)
        self.dispatch_event("on_connect", pad)

    def unplug(self, pad: pyglet.input.Controller) -> None:
        self.pads.remove(pad)
        self.dispatch_event("on_disconnect", pad)


@pytest.fixture
def played(window: Any, tmp_path: Path, cards: Any) -> Any:
    """A table and its application with one pad plugged in: (table, app, device, manager)."""

    def make(game: str = "SP1-S1C-AAAAAAD") -> tuple[Table, SpiderApp, PadDevice, Manager]:
        t = Table(window, Game.from_code(game), Settings(), cards=cards)
        app = SpiderApp(t.view, Session(Storage(tmp_path), t.settings, Stats(), t.game))
        pad, device = make_pad(window)
        manager = Manager(pad)
        app.start_pads(lambda: manager)
        return t, app, device, manager

    return make


def settle(window: Any) -> None:
    window.dispatch_events()
    window.current_view.on_update(1 / 60)


def test_each_pad_command_is_a_key_the_keyboard_map_knows() -> None:
    for command in (*PAD_BUTTONS.values(), *PAD_DIRECTIONS.values()):
        assert lookup(*key_for(command)) is command


def test_a_stick_steps_once_per_push_and_not_while_resting_near_the_edge() -> None:
    stick = Stick()
    assert stick.push(0.4, 0.0) is None  # not far enough yet
    assert stick.push(0.9, 0.1) == "right"
    assert stick.push(1.0, 0.0) is None  # held: one step only
    assert stick.push(0.45, 0.0) is None  # eased off, not back in the middle
    assert stick.push(0.9, 0.0) is None
    assert stick.push(0.1, 0.0) is None  # back in the middle
    assert stick.push(-0.8, 0.7) == "left"  # mostly sideways goes sideways
    assert stick.push(0.0, -0.9) == "down"


def test_a_pad_plays_a_move_a_deal_and_an_undo(played: Any) -> None:
    t, _app, device, _ = played()
    game = t.game
    move = next(m for m in game.legal_moves() if m.count == game.movable_count(m.src))
    device.press("dpleft")  # the first press shows the cursor, on the first column
    assert t.view.keys.cursor == 0
    for _ in range(move.src):
        device.tilt(device.hat_x, 1)  # the d-pad's right, on the hat axis
    assert t.view.keys.cursor == move.src
    device.press("a")
    assert t.view.keys.selection is not None and t.view.keys.selection.col == move.src
    for _ in range(abs(move.dst - move.src)):  # the stick to the destination
        device.tilt(device.stick_x, AXIS_MAX if move.dst > move.src else -AXIS_MAX - 1)
    assert t.view.keys.cursor == move.dst
    device.press("a")
    assert game.moves == 1 and game.can_undo
    left = game.deals_left
    device.press("x")
    assert game.deals_left == left - 1
    device.press("y")
    assert game.deals_left == left and game.moves == 1  # the deal undone


def test_b_lets_go_and_up_and_down_take_one_card_more_or_fewer(played: Any) -> None:
    from ui.table_harness import position

    t, _app, device, _ = played()
    g = Game.from_text(position(["| 9S 8S 7S", *(f"| {c}S" for c in "KQJ234565")], stock=50))
    t.view.start_game(g)
    device.press("dpleft")
    device.press("a")
    assert t.view.keys.selection is not None and t.view.keys.selection.count == 3
    device.press("dpdown")
    assert t.view.keys.selection.count == 2
    device.press("dpup")
    assert t.view.keys.selection.count == 3
    device.press("b")
    assert t.view.keys.selection is None
    device.press("dpleft")  # left of the first column: round to the stock
    assert t.view.keys.cursor == STOCK
    device.press("a")
    assert g.deals_left == 4


def test_the_bumpers_walk_the_buttons_as_tab_does(played: Any) -> None:
    t, _app, device, _ = played()
    device.press("rightshoulder")
    assert t.view.keys.focused == "new"
    device.press("rightshoulder")
    assert t.view.keys.focused == "restart"
    device.press("leftshoulder")
    device.press("leftshoulder")  # round to the last: the game code
    assert t.view.keys.focused == "code"
    device.press("leftshoulder")
    assert t.view.keys.focused == "stats"
    device.press("a")  # pressed as Enter presses it
    settle(t.window)
    from game.ui.screens.statistics import StatisticsScreen
    from ui.screens.screens_driver import shown_as

    shown_as(t.window, StatisticsScreen)


def test_start_opens_options_walked_with_the_dpad_and_back_or_a_stick_the_table_in_words(played: Any) -> None:
    from game.ui.screens.description import DescriptionScreen
    from game.ui.screens.options import OptionsScreen
    from ui.screens.screens_driver import shown_as

    t, _app, device, _ = played()
    device.press("start")
    settle(t.window)
    screen = shown_as(t.window, OptionsScreen)
    first = screen.focused
    device.press("dpdown")
    settle(t.window)
    assert screen.focused != first
    device.press("b")
    settle(t.window)
    assert t.window.current_view is t.view
    for button in ("back", "leftstick"):
        device.press(button)
        settle(t.window)
        shown_as(t.window, DescriptionScreen)
        device.press("b")
        settle(t.window)
        assert t.window.current_view is t.view


class Clock:
    """The pad's clock, turned by hand: what is due, and when it was asked for."""

    def __init__(self) -> None:
        self.due: list[tuple[Any, float]] = []

    def schedule(self, callback: Any, delay: float) -> None:
        self.due.append((callback, delay))

    def unschedule(self, callback: Any) -> None:
        self.due = [(c, d) for c, d in self.due if c != callback]

    def fire(self, window: Any) -> float:
        """Run what is due next (the keys it sends reach `window`); answer
        the delay it was scheduled with."""
        callback, delay = self.due.pop(0)
        callback(delay)
        window.dispatch_events()
        return delay


def test_a_held_direction_repeats_after_a_moment_and_stops_when_let_go(played: Any) -> None:
    from game.ui.input.pad import REPEAT_AFTER, REPEAT_EVERY

    t, app, device, _ = played()
    clock = Clock()
    app.pads.input.schedule, app.pads.input.unschedule = clock.schedule, clock.unschedule
    device.press("dpleft")  # the cursor shows, on the first column
    assert t.view.keys.cursor == 0 and clock.due == []  # pressed and let go: nothing repeats
    device.tilt(device.hat_x, 1)
    assert t.view.keys.cursor == 1 and clock.due == []
    device.hat_x.value = 1  # the d-pad's right, held down
    device.delivered()
    assert t.view.keys.cursor == 2
    assert clock.fire(t.window) == REPEAT_AFTER and t.view.keys.cursor == 3  # after a moment, a step
    assert clock.fire(t.window) == REPEAT_EVERY and t.view.keys.cursor == 4  # and then at a key's pace
    assert clock.fire(t.window) == REPEAT_EVERY and t.view.keys.cursor == 5
    device.hat_x.value = 0  # let go
    device.delivered()
    assert clock.due == [] and t.view.keys.cursor == 5
    device.hold("dpup", True)  # the d-pad's up held: one card more, repeated (there are none here to add)
    assert clock.due and clock.due[0][1] == REPEAT_AFTER
    device.hold("dpup", False)
    assert clock.due == []


def test_a_pad_plugged_in_while_playing_plays_and_is_told(played: Any) -> None:
    t, _app, first, manager = played()
    pad, device = make_pad(t.window)
    manager.plug(pad)
    assert t.view.hud.toast_message == Translator("en").t("access.pad.connected", name="Test Pad")
    device.press("dpleft")
    assert t.view.keys.cursor == 0
    manager.unplug(pad)
    assert t.view.hud.toast_message is not None
    device.press("dpleft")  # unplugged: no longer heard
    assert t.view.keys.cursor == 0
    first.press("dpleft")  # the other pad still plays
    assert t.view.keys.cursor == STOCK


def test_no_pad_system_means_nothing_happens_and_nothing_is_printed(
    window: Any, capfd: pytest.CaptureFixture[str]
) -> None:
    def missing() -> Any:
        raise FileNotFoundError("/dev/input")

    assert Pads(window, missing).start() is False
    # And the system's own answer on this machine (no /dev/input here, or no pads).
    pads = Pads(window)
    pads.start()
    assert pads.connected == [] or all(c.device.connected for c in pads.connected)
    assert capfd.readouterr() == ("", "")


def test_a_move_the_pad_cannot_make_is_refused_like_a_key(played: Any) -> None:
    t, _app, device, _ = played()
    game = t.game
    src = next(c for c in range(10) if game.columns[c])
    dst = next(d for d in range(10) if d != src and not game.can_move(Move(src, game.movable_count(src), d)))
    t.view.keys.cursor = src
    device.press("a")
    t.view.keys.cursor = dst
    device.press("a")
    assert game.moves == 0
    assert t.view.keys.selection is not None  # still held, as with the keys


def test_commands_reach_the_window_only_through_keys(played: Any) -> None:
    t, _app, device, _ = played()
    seen: list[tuple[int, int]] = []
    t.window.push_handlers(on_key_press=lambda s, m: seen.append((s, m)))
    try:
        device.press("y")
    finally:
        t.window.pop_handlers()
    assert seen == [key_for(Command.UNDO)]


@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_the_rules_show_the_pads_buttons_in_the_players_language(lang: str) -> None:
    from game.ui.screens.rules import rules_page

    t = Translator(lang).t
    page = "\n".join(p.text for p in rules_page(t, 900))
    assert t("access.pad.title") in page
    assert f"Y\t{t('rules.keys.undo')}" in page
    assert f"{t('access.pad.start')}\t{t('rules.keys.options')}" in page
    assert f"{t('access.pad.back')} / {t('access.pad.leftstick')} / {t('access.pad.rightstick')}\t" in page
    assert f"{t('access.pad.rightshoulder')}\t{t('rules.keys.focus-next')}" in page
    assert f"{t('access.pad.dpad')} {t('access.pad.up')}\t{t('rules.keys.widen')}" in page
