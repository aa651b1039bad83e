"""Playing with a game controller: a pad plays like the keyboard.

Each pad button and direction stands for one of the keyboard's commands
(`PAD_BUTTONS`, `PAD_DIRECTIONS`), and a press becomes that command's key
(`key_for`) sent to the window as a key press, so the table, the screens and
the dialogs answer a pad exactly as they answer the keys, with no second
path to keep in step: the d-pad or the left stick moves the column cursor
(up and down take one card more or fewer, and walk a dialog's widgets), and
a direction held down repeats after `REPEAT_AFTER` seconds; A picks up and
drops (Enter), B lets go or closes a dialog (Esc), X deals, Y undoes, the
bumpers walk the buttons as Tab and Shift+Tab do (New game, Restart, Undo,
Options, Rules, Statistics, the code), Start opens Options (the menu), and
Back or a stick's click the table in words (F1).

`PadInput` is the handler a controller's events go to (pyglet's
`on_button_press`, `on_dpad_motion`, `on_stick_motion`). `Pads` is the
boundary with the system: it finds the pads plugged in, follows pads
plugged in or out while playing, and does nothing at all (prints nothing)
where there is no pad, no ``/dev/input`` or no display.
"""

from __future__ import annotations

import contextlib
import sys
import warnings
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import pyglet

from game.ui.input.intents import Command
from game.ui.input.keymap import KEY_MAP

PAD_BUTTONS: Mapping[str, Command] = {
    "a": Command.ACTIVATE,
    "b": Command.CANCEL,
    "x": Command.DEAL,
    "y": Command.UNDO,
    "leftshoulder": Command.FOCUS_PREVIOUS,
    "rightshoulder": Command.FOCUS_NEXT,
    "start": Command.OPTIONS,
    "back": Command.DESCRIBE,
    "leftstick": Command.DESCRIBE,
    "rightstick": Command.DESCRIBE,
}
PAD_DIRECTIONS: Mapping[str, Command] = {
    "left": Command.CURSOR_LEFT,
    "right": Command.CURSOR_RIGHT,
    "up": Command.WIDEN,
    "down": Command.NARROW,
}
# The left stick counts as pushed past PRESS, and as back in the middle
# under RELEASE (between the two it keeps what it was, so a stick resting
# near the edge does not flicker between pushes).
INPUT_DEVICES = "/proc/bus/input/devices"  # what pyglet's Linux manager watches for plugging
PRESS = 0.6
RELEASE = 0.3
# A direction held down steps again after REPEAT_AFTER seconds, then every REPEAT_EVERY (a key's auto-repeat).
REPEAT_AFTER = 0.4
REPEAT_EVERY = 0.1


def key_for(command: Command) -> tuple[int, int]:
    """The keyboard's key (symbol, modifiers) for `command`: its first in the key map."""
    for (symbol, modifiers), action in KEY_MAP.items():
        if action is command:
            return symbol, modifiers
    raise KeyError(command)


@dataclass(slots=True)
class Stick:
    """One direction control (the d-pad or a stick): which way it is pushed."""

    held: str | None = None

    def push(self, x: float, y: float) -> str | None:
        """The direction newly pushed by this position (x right, y up), or
        None (back in the middle, or still the same direction)."""
        strength = max(abs(x), abs(y))
        if strength < RELEASE or (self.held is None and strength < PRESS):
            self.held = None if strength < RELEASE else self.held
            return None
        # Mostly sideways goes sideways (the cursor is what a pad moves most).
        way = ("right" if x > 0 else "left") if abs(x) >= abs(y) else ("up" if y > 0 else "down")
        if way == self.held:
            return None
        self.held = way
        return way


class Window(Protocol):
    """What the pad needs of the window: to send it a key."""

    def dispatch_event(self, *args: Any) -> Any: ...


class PadInput:
    """A controller's events as the keyboard's key presses on `window`.
    `schedule(callback, delay)` and `unschedule(callback)` time a held
    direction's repeats (pyglet's clock; tests give their own)."""

    def __init__(
        self,
        window: Window,
        schedule: Callable[[Callable[[float], None], float], None] = pyglet.clock.schedule_once,
        unschedule: Callable[[Callable[[float], None]], None] = pyglet.clock.unschedule,
    ) -> None:
        self.window = window
        self.dpad = Stick()
        self.stick = Stick()
        self.schedule = schedule
        self.unschedule = unschedule
        self._holding: Stick | None = None  # the control whose held direction repeats

    def command(self, command: Command) -> None:
        """Send `command`'s key to the window, pressed and released."""
        symbol, modifiers = key_for(command)
        self.window.dispatch_event("on_key_press", symbol, modifiers)
        self.window.dispatch_event("on_key_release", symbol, modifiers)

    # pyglet's Controller events (a controller's handlers are pushed here).

    def on_button_press(self, controller: object, button: str) -> None:
        command = PAD_BUTTONS.get(button)
        if command is not None:
            self.command(command)

    def on_dpad_motion(self, controller: object, vector: Any) -> None:
        self._moved(self.dpad, float(vector.x), float(vector.y))

    def on_stick_motion(self, controller: object, stick: str, vector: Any) -> None:
        if stick == "leftstick":
            self._moved(self.stick, float(vector.x), float(vector.y))

    def _moved(self, control: Stick, x: float, y: float) -> None:
        way = control.push(x, y)
        if way is not None:
            self.command(PAD_DIRECTIONS[way])
            self.let_go()
            self._holding = control
            self.schedule(self._repeat, REPEAT_AFTER)
        elif control.held is None and self._holding is control:
            self.let_go()

    def _repeat(self, _dt: float) -> None:
        control = self._holding
        if control is None or control.held is None:
            return
        self.command(PAD_DIRECTIONS[control.held])
        self.schedule(self._repeat, REPEAT_EVERY)

    def let_go(self) -> None:
        """No direction repeats any more (released, another pushed, the pad gone)."""
        if self._holding is not None:
            self.unschedule(self._repeat)
            self._holding = None


def pad_table(words: Mapping[str, str]) -> list[tuple[str, str]]:
    """The pad's buttons as the Rules screen shows them: one row per action
    (its catalogue key's last part), its buttons joined ("Back / Left stick click").
    `words` names the directions and the bumpers in the player's language
    (`PAD_WORDS`)."""
    rows: dict[str, list[str]] = {}
    for way, command in PAD_DIRECTIONS.items():
        label = f"{words['dpad']} {words[way]}"
        if way in ("left", "right"):
            label += f" / {words['stick']} {words[way]}"
        rows.setdefault(str(command), []).append(label)
    for button, command in PAD_BUTTONS.items():
        rows.setdefault(str(command), []).append(words.get(button, button.upper()))
    return [(" / ".join(labels), name) for name, labels in rows.items()]


PAD_WORDS = (
    "dpad",
    "stick",
    "left",
    "right",
    "up",
    "down",
    "leftshoulder",
    "rightshoulder",
    "start",
    "back",
    "leftstick",
    "rightstick",
)


def pad_words(t: Callable[[str], str]) -> dict[str, str]:
    """The names of the pad's parts from a translator (`access.pad.<name>`)."""
    return {name: t(f"access.pad.{name}") for name in PAD_WORDS}


class Pads:
    """The pads plugged in, each playing through one `PadInput`.

    `start()` asks the system (pyglet's `ControllerManager`, or `manager`
    for tests and other platforms): with no pad, no ``/dev/input`` or no
    display it answers False and nothing else happens. `told` hears a pad
    plugged in (True) or out (False) by its name."""

    def __init__(
        self,
        window: Window,
        manager: Callable[[], Any] | None = None,
        told: Callable[[str, bool], None] | None = None,
    ) -> None:
        self.input = PadInput(window)
        self._make_manager = manager
        self._told = told
        self.manager: Any = None
        self.connected: list[Any] = []

    def start(self) -> bool:
        """Find the pads and follow the plugging; False where there can be none."""
        try:
            with warnings.catch_warnings():  # pyglet warns about controls it cannot map: not the player's business
                warnings.simplefilter("ignore")
                self.manager = self._make_manager() if self._make_manager else _system_manager()
                found: Iterable[Any] = self.manager.get_controllers()
                for controller in found:
                    self._attach(controller)
        except Exception:  # NoSuchDisplayException, FileNotFoundError (no /dev/input), PermissionError, …
            self.manager = None
            return False
        self.manager.push_handlers(on_connect=self.on_connect, on_disconnect=self.on_disconnect)
        return True

    def on_connect(self, controller: Any) -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            if self._attach(controller) and self._told is not None:
                self._told(_name(controller), True)

    def on_disconnect(self, controller: Any) -> None:
        if controller not in self.connected:
            return
        self.connected.remove(controller)
        controller.remove_handlers(self.input)
        self.input.let_go()
        self.input.dpad.held = self.input.stick.held = None
        if self._told is not None:
            self._told(_name(controller), False)

    def _attach(self, controller: Any) -> bool:
        if controller in self.connected:
            return False
        with contextlib.suppress(Exception):  # already open (a pad plugged back in), or the device went away meanwhile
            controller.open()
        controller.push_handlers(self.input)
        self.connected.append(controller)
        return True


def _system_manager() -> Any:
    if sys.platform.startswith("linux") and not (Path("/dev/input").is_dir() and Path(INPUT_DEVICES).exists()):
        # pyglet's manager would fail half-made, and its clean-up print a traceback.
        raise FileNotFoundError("/dev/input")
    import pyglet.input

    return pyglet.input.ControllerManager()


def _name(controller: Any) -> str:
    name = getattr(controller, "name", None)
    return name if isinstance(name, str) and name else "?"
