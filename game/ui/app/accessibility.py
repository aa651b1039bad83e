"""The window's accessibility tree, kept up to date while a screen reader listens.

`Accessibility` reads what the window shows (the table view, and the screen
open over it) into the pure `game.ui.access.tree` values, and hands them to
the `Bridge` (AccessKit). Until a screen reader asks for the tree nothing
runs at all; then the tree is looked at after each input and once a second
(for a notice that comes later), and sent when it changed; and the screen
reader's actions (press, focus) are carried out as the keys would. While a
screen reader listens, our own voice keeps quiet: the player never hears two
voices; each sentence reaches it the way it listens (`reader_speech`), keys
reach it first (`reader_keys`), and the window's place and size on the
screen follow the window (the nodes' screen positions).

On Windows and macOS the adapter needs the native window: `native_handle`
takes it from pyglet (its HWND, its content NSView) through
game/system/internals.py; that code runs only there, and is untried
(docs/ACCESSIBILITY.md).
"""

from __future__ import annotations

import sys
import threading
from typing import TYPE_CHECKING, Any, TypeGuard

import arcade
import pyglet
from pyglet.event import EventDispatcher

from game.engine.identity import CardPlaces
from game.engine.numbers import COLUMNS
from game.system import internals
from game.system.atspi import Registry
from game.ui.access.adapter import Bridge, Platform
from game.ui.access.dialog import Dialog
from game.ui.access.nodes import Tree
from game.ui.access.tree import CARD_IDS, CODE, COLUMN_IDS, DIALOG_IDS, FACE_DOWN_IDS, STOCK, build_tree
from game.ui.app.access_state import CONTROL_NAMES, replay_state, table_state
from game.ui.app.reader_keys import ReaderKeys
from game.ui.app.reader_speech import Said, Sentences
from game.ui.input.intents import Command
from game.ui.input.keyboard import STOCK as KEYS_STOCK
from game.ui.layout.table import WIN_BUTTONS
from game.ui.panel.nodes import Button
from game.words.i18n import catalogue

if TYPE_CHECKING:
    from game.ui.table.replay import ReplayView
    from game.ui.table.view import GameView

REFRESH_S = 1.0  # how often the tree is looked at anyway while a screen reader listens (late notices)
# After these the tree is looked at at once (the view has handled the event by then).
INPUT_EVENTS = ("on_key_press", "on_mouse_release", "on_mouse_press", "on_text", "on_resize")
# The win panel's buttons: each is the command its name carries ("win-new" …).
_WIN_COMMANDS = {f"win-{name}": Command(f"win-{name}") for name in WIN_BUTTONS}


def is_replay(screen: object) -> TypeGuard[ReplayView]:
    """A replay open over the table (imported only once one has opened)."""
    replay = sys.modules.get("game.ui.table.replay")
    return replay is not None and isinstance(screen, replay.ReplayView)


def dialogs_shown(current: object) -> Any:
    """The screens' view if `current` is it (imported only once one has opened), else None."""
    host = sys.modules.get("game.ui.screens.host")
    return current if host is not None and isinstance(current, host.ScreensView) else None


def native_handle(window: Any, platform: Platform | None) -> int | None:
    """The address AccessKit's Windows or macOS adapter takes for `window`
    (a pyglet window): its HWND, or its content NSView; None elsewhere (AT-SPI
    needs none) or when pyglet has none."""
    if platform == "windows":
        hwnd = internals.get(window, internals.WIN32_HWND)
        return _address(hwnd)
    if platform == "macos":
        view = internals.get(window, internals.COCOA_NSVIEW)
        return None if view is None else _address(getattr(view, "ptr", None))  # an ObjCInstance's c_void_p
    return None


def _address(value: object) -> int | None:
    """An int from a ctypes pointer or handle (or an int); None for NULL."""
    value = getattr(value, "value", value)
    return value if isinstance(value, int) and value else None


def _tell_focus(hwnd: int) -> None:
    """Windows: AccessKit's subclassing adapter learns the focus from
    WM_SETFOCUS, and starts believing the window unfocused; made after the
    window took the focus, it is told by the same message (pyglet answers it
    as the focus it already has)."""
    if sys.platform == "win32":  # Linux never reaches windll
        import ctypes

        user32 = ctypes.windll.user32
        if user32.GetFocus() == hwnd:
            user32.SendMessageW(hwnd, 0x0007, 0, 0)  # WM_SETFOCUS


class _Wake(EventDispatcher):
    """Brings AccessKit's news to the game's thread (pyglet posts events thread-safely)."""


_Wake.register_event_type("on_accessibility")


class Accessibility:
    """The window's tree and the screen reader's actions (see the module docstring)."""

    def __init__(self, view: GameView) -> None:
        self.view = view
        self.window = view.window
        self.registry = Registry()
        self.sentences = Sentences(self.registry, self._voice)
        self.bridge = Bridge(self.tree, wake=self._wake, stage=self.sentences.stage)
        self._waker = _Wake()
        self._waker.push_handlers(on_accessibility=self._on_main_thread)
        self._refreshing = False
        self._bases: dict[int, int] = {}  # each dialog's first id, for the life of the window
        self.places = CardPlaces()  # the table's cards
        self.replay_places = CardPlaces()  # a replay's
        self._building = threading.Lock()  # AccessKit's thread builds the first tree, the game's the others
        view.voice.quiet_when = lambda: self.bridge.active

    def start(self) -> bool:
        """Offer the tree to the system (nothing happens with no accessibility bus)."""
        platform = self.bridge.platform
        handle = native_handle(self.window, platform)
        if not self.bridge.start(handle):
            return False
        if platform == "windows" and handle is not None:
            _tell_focus(handle)
        self._placed()
        self.bridge.focus_changed(True)
        self.window.push_handlers(
            on_activate=self._activated, on_deactivate=self._deactivated, on_move=self._placed, on_resize=self._placed
        )
        if platform == "unix" and hasattr(self.window, "key_filter"):
            self.window.key_filter = ReaderKeys.for_window(self.window, self.registry, lambda: self.bridge.active)
        return True

    def _placed(self, *_args: object) -> None:
        """The window moved or changed size: where its client area is on the screen."""
        x, y = self.window.get_location()
        self.bridge.set_bounds(x, y, *self.window.get_size())

    def _voice(self) -> Said:
        current = self.window.current_view
        return current.voice if is_replay(current) else self.view.voice

    def _activated(self) -> None:
        self.bridge.focus_changed(True)

    def _deactivated(self) -> None:
        self.bridge.focus_changed(False)

    def tree(self) -> Tree:
        with self._building:
            view = self.view
            current = self.window.current_view
            if is_replay(current):
                state = replay_state(current, self.replay_places.sync(current.game))
                return build_tree(state, catalogue(view.t.lang))
            return build_tree(table_state(view, self.places.sync(view.game)), catalogue(view.t.lang), self.dialog())

    def dialog(self) -> Dialog | None:
        """The dialog open over the table, as a screen reader reads it."""
        host = dialogs_shown(self.window.current_view)
        screen = None if host is None else host.screen
        if screen is None:
            return None
        from game.ui.panel.reading import SPAN, dialog_of

        base = self._bases.setdefault(id(screen), DIALOG_IDS + SPAN * len(self._bases))
        return dialog_of(screen.root, screen.t(screen.title), base, screen.focused, screen.size[1])

    def refresh(self, _dt: float = 0.0) -> None:
        """Carry out the screen reader's requests, then send the tree if it changed."""
        for action, target in self.bridge.take_actions():
            self.act(action, target)
        self.bridge.update()
        if not self.bridge.active and self._refreshing:
            arcade.unschedule(self.refresh)
            self._refreshing = False  # the input handlers stay, and do nothing

    def act(self, action: str, target: int) -> None:
        """A screen reader's press or focus on node `target`."""
        view = self.view
        current = self.window.current_view
        name = CONTROL_NAMES.get(target, "")
        if is_replay(current):
            if name.startswith("replay-"):
                current.strip.focus(name[7:])
                if action == "CLICK":
                    current.pressed(name[7:])
                current.wake()
            return
        if current is not view:
            self._act_on_control(action, target)
            return
        if name and not name.startswith("replay-"):
            if action == "CLICK":
                view.do(_WIN_COMMANDS.get(name) or Command(name))
        elif target == CODE and action == "CLICK":
            view.do(Command.COPY_CODE)
        elif target == STOCK:
            self._point_at(KEYS_STOCK, press=action == "CLICK")
        else:
            col = self._column_of(target)
            if col is not None:
                self._point_at(col, press=action == "CLICK")

    def _column_of(self, target: int) -> int | None:
        """The column a node belongs to: a column, its face-down item, or one of its cards."""
        if COLUMN_IDS <= target < COLUMN_IDS + COLUMNS:
            return target - COLUMN_IDS
        if FACE_DOWN_IDS <= target < FACE_DOWN_IDS + COLUMNS:
            return target - FACE_DOWN_IDS
        place = target - CARD_IDS
        with self._building:
            columns = self.places.sync(self.view.game).columns
        return next((col for col, ids in enumerate(columns) if place in ids), None)

    def _point_at(self, place: int, press: bool) -> None:
        """The keyboard cursor to a column or the stock, shown; with `press`,
        Enter pressed there (the keyboard's own path: take, drop or deal)."""
        view = self.view
        view.keys.focus, view.keys.cursor = None, place
        if press:
            view.on_key_press(arcade.key.RETURN, 0)
            return
        view.hud.focus(None)
        view.hud.show_cursor(view.layout.cursor_bar(place))
        view.wake()

    def _act_on_control(self, action: str, target: int) -> None:
        """A screen reader's press or focus on a dialog's control, as a click would."""
        dialog = self.dialog()
        host = dialogs_shown(self.window.current_view)
        widget = None if dialog is None else next((w for w in dialog.widgets if w.id == target and w.name), None)
        if widget is None or host is None or host.screen is None:
            return
        control = host.screen.controls.get(widget.name)
        if control is None or not control.available:
            return
        host.screen.focus(widget.name)
        if action == "CLICK" and isinstance(control, Button):
            control.press()
        host.after_input()

    def _wake(self) -> None:  # AccessKit's thread
        pyglet.app.platform_event_loop.post_event(self._waker, "on_accessibility")

    def _on_main_thread(self) -> None:
        if self.bridge.active and not self._refreshing:
            self.sentences.forget()  # a screen reader (re)started: ask what it listens to
            self._refreshing = True
            arcade.schedule(self.refresh, REFRESH_S)
            self.window.push_handlers(**dict.fromkeys(INPUT_EVENTS, self._after_input))
        self.refresh()
        self.view.wake()

    def _after_input(self, *_args: object) -> None:
        """Any input: look at the tree once the view has handled it (never handles it itself)."""
        if self._refreshing:
            arcade.schedule_once(self.refresh, 0)
