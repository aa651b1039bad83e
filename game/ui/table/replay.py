"""Watching a game again (docs/RULES.md §13): the table's own animations,
driven by a `Replay` rather than by the player.

`ReplayView` is the table view with its own game (the replay's, never the
game in progress) and no hooks: nothing it does reaches the session, so a
replay saves nothing and counts nothing, and a crash during one leaves the
saved game as it was. The engine steps through the record; each step's
events are animated by the table's choreography, as in play.

Keys: Space plays or pauses, Left and Right step back and forward, Up and
Down (or + and −) change the speed, Home and End go to the deal and the last
action, Esc leaves. Tab and Shift+Tab walk the strip's controls (a gold
ring shows which); Enter or Space then press the one reached; the mouse
moving drops that focus, as at the table. The mouse: the strip's buttons, and the bar of actions
pressed or dragged to go anywhere. Cards do not answer: a replay is watched.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import arcade

from game.engine import Move
from game.engine.events import Event
from game.engine.replay import Replay
from game.records.settings import Settings
from game.ui.cards.atlas import CardAtlas
from game.ui.cards.loading import CardPipeline
from game.ui.hud.replay_strip import SPEEDS, ReplayStrip
from game.ui.input import keymap
from game.ui.input.intents import Command
from game.ui.layout.replay import CONTROLS, ReplayLayout
from game.ui.table.view import GameView
from game.words.i18n import Translator

STEP_S = 0.9  # between two actions played at ×1 (and never before the last one has landed)
NORMAL_SPEED = SPEEDS.index(1.0)
PREPARE_ACTIONS = 300  # actions played ahead each frame (a few ms) until every checkpoint is kept


class ReplayView(GameView):
    """A replay at the table; `on_leave()` is called by Esc and Leave."""

    def __init__(
        self,
        replay: Replay,
        settings: Settings,
        translator: Translator,
        on_leave: Callable[[], None],
        *,
        window: arcade.Window | None = None,
        atlas: CardAtlas | None = None,
        clock: Callable[[], float] = time.monotonic,
        cards: CardPipeline | None = None,
    ) -> None:
        self.replay = replay
        self.strip = ReplayStrip(translator)
        self.on_leave = on_leave
        self.playing = False
        self.speed_index = NORMAL_SPEED
        self.wait = 0.0  # until the next action while playing
        self.scrubbing = False
        self.wanted: int | None = None  # the action the bar was dragged to, sought on the next frame
        self.preparing = True  # games kept ahead, a little each frame, until the record is gone through
        super().__init__(replay.game, settings, translator, atlas=atlas, window=window, clock=clock, cards=cards)
        self.hud.hide_win()
        self.hud.hide_bar()  # the strip takes its place
        self.place_strip()

    # ---- what the player sees -------------------------------------------------

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    @property
    def strip_layout(self) -> ReplayLayout:
        assert self.strip.layout is not None  # placed in __init__
        return self.strip.layout

    def place_strip(self) -> None:
        self.strip.place(*self.window.get_size())
        self._show_state()

    def _show_state(self) -> None:
        self.strip.show(self.replay.at, self.replay.total, self.speed, self.playing)
        self.pacer.wake()

    @property
    def _speed(self) -> float:
        """The table's animations, quicker as the replay goes faster."""
        return self.settings.animation_factor / self.speed

    # ---- stepping -------------------------------------------------------------

    def step_forward(self) -> bool:
        """The next action, animated; False at the end."""
        self.scene.finish()
        token = self.replay.tokens[self.replay.at] if not self.replay.at_end else ""
        events = self.replay.forward()
        if events is None:
            return False
        intent: object = Command.DEAL if token == "deal" else Move.parse(token)
        self.voice.applied(intent, events, self.game.deals_left)
        self._show(events)
        self._stepped(events)
        return True

    def step_back(self) -> bool:
        """Take back the last action (animated when the engine can undo it); False at the deal."""
        self.scene.finish()
        self.celebration.stop()
        events = self.replay.back()
        if events is None:
            return False
        if events:
            self.voice.applied(Command.UNDO, events, self.game.deals_left)
            self._show(events)
            self._stepped(events)
        else:
            self._laid_anew()
        return True

    def seek(self, at: int) -> None:
        """The table after `at` actions, at once."""
        if at == self.replay.at:
            return
        self.replay.seek(at)
        self._laid_anew()

    def _laid_anew(self) -> None:
        self.scene.finish()
        self.celebration.stop()
        self.game = self.replay.game
        self.scene.rebuild(self.game)
        self.scene.place(marks=True)
        self._stepped([])

    def _stepped(self, events: list[Event]) -> None:
        self._after_action(events)  # no hooks are set: the HUD only
        if self.replay.at_end:
            self.playing = False
        self._show_state()

    def toggle(self) -> None:
        """Play or pause; playing from the end starts again from the deal."""
        self.playing = not self.playing
        if self.playing and self.replay.at_end:
            self.seek(0)
        self.wait = 0.0
        self._show_state()

    def change_speed(self, step: int) -> None:
        self.speed_index = min(max(self.speed_index + step, 0), len(SPEEDS) - 1)
        self._show_state()

    def cycle_speed(self) -> None:
        self.speed_index = (self.speed_index + 1) % len(SPEEDS)
        self._show_state()

    def leave(self) -> None:
        self.playing = False
        self.scene.finish()
        self.celebration.stop()
        self.on_leave()

    def _celebrate(self) -> None:
        # The cards bounce as after a win, without the win panel's buttons: a replay is not a game to go on with.
        self.pacer.wake()
        if self._speed > 0:
            self.celebration.start(self.scene.sprites.removed, self.time)

    # ---- input ----------------------------------------------------------------

    def pressed(self, name: str) -> None:
        """A button of the strip (mouse or key)."""
        actions: dict[str, Callable[[], object]] = {
            "leave": self.leave,
            "back": self._step_back_paused,
            "play": self.toggle,
            "forward": self._step_forward_paused,
            "speed": self.cycle_speed,
        }
        actions[name]()

    def _step_back_paused(self) -> None:
        self.playing = False
        self.step_back()
        self._show_state()

    def _step_forward_paused(self) -> None:
        self.playing = False
        self.step_forward()
        self._show_state()

    def move_focus(self, step: int) -> None:
        """Tab (1) or Shift+Tab (-1): the next or previous control of the strip, round."""
        at = self.strip.focused
        start = -1 if step > 0 else 0
        index = (CONTROLS.index(at) if at in CONTROLS else start) + step
        self.strip.focus(CONTROLS[index % len(CONTROLS)])

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        self.pacer.wake()
        k = arcade.key
        focused = self.strip.focused
        if symbol == k.TAB and not modifiers & (k.MOD_CTRL | k.MOD_COMMAND | k.MOD_ALT):
            self.move_focus(-1 if modifiers & k.MOD_SHIFT else 1)
            return
        if focused is not None and symbol in (k.SPACE, k.ENTER, k.RETURN, k.NUM_ENTER) and not modifiers & k.MOD_CTRL:
            self.pressed(focused)  # the control reached with Tab
            self._show_state()
            return
        keys: dict[int, Callable[[], object]] = {
            k.SPACE: self.toggle,
            k.LEFT: self._step_back_paused,
            k.RIGHT: self._step_forward_paused,
            k.UP: lambda: self.change_speed(1),
            k.DOWN: lambda: self.change_speed(-1),
            k.PLUS: lambda: self.change_speed(1),
            k.EQUAL: lambda: self.change_speed(1),
            k.NUM_ADD: lambda: self.change_speed(1),
            k.MINUS: lambda: self.change_speed(-1),
            k.NUM_SUBTRACT: lambda: self.change_speed(-1),
            k.HOME: lambda: self.seek(0),
            k.END: lambda: self.seek(self.replay.total),
            k.ESCAPE: self.leave,
        }
        if not modifiers & (k.MOD_CTRL | k.MOD_COMMAND) and symbol in keys:
            keys[symbol]()
            self._show_state()
            return
        action = keymap.lookup(symbol, modifiers)
        if action in (Command.FULLSCREEN, Command.QUIT):  # the window's keys work as at the table
            self._window_command(action)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.pacer.wake()
        if button != arcade.MOUSE_BUTTON_LEFT:
            return
        lay = self.strip_layout
        name = lay.button_at(x, y)
        if name is not None:
            self.strip.set_pointer(name, name)
            return
        if lay.on_track(x, y):
            self.scrubbing = True
            self.playing = False
            self.seek(lay.action_at(x, self.replay.total))
            self._show_state()

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        if self.scrubbing:
            # Sought on the next frame, once: a drag sends far more events than
            # frames, and each seek waiting its turn would hold every key behind it.
            self.wanted = self.strip_layout.action_at(x, self.replay.total)
            self.pacer.wake()
        else:
            self.on_mouse_motion(x, y, dx, dy)

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.pacer.wake()
        if self.scrubbing:
            self.scrubbing = False
            self._seek_wanted()
            return
        held = self.strip.pressed
        name = self.strip_layout.button_at(x, y)
        self.strip.set_pointer(name, None)
        if held is not None and name == held:
            self.pressed(name)

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        if self.strip.focused is not None:
            self.strip.focus(None)  # the mouse is back: no keyboard focus
            self.pacer.wake()
        name = self.strip_layout.button_at(x, y)
        if name != self.strip.hover:
            self.strip.set_pointer(name, self.strip.pressed)
            self.pacer.wake()

    # ---- the window and frames --------------------------------------------------

    def on_resize(self, width: int, height: int) -> None:
        super().on_resize(width, height)
        self.place_strip()

    def _seek_wanted(self) -> None:
        if self.wanted is not None:
            self.seek(self.wanted)
            self.wanted = None
            self._show_state()

    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        self._seek_wanted()
        if self.preparing:  # a few milliseconds a frame: later seeks play few actions
            self.preparing = self.replay.prepare(PREPARE_ACTIONS)
        if not self.playing:
            return
        self.pacer.wake()
        self.wait -= min(delta_time, 1 / 20)
        if self.wait <= 0 and not self.scene.animator.busy:
            self.step_forward()
            self.wait = STEP_S / self.speed

    def on_draw(self) -> None:
        super().on_draw()
        self.strip.draw()
