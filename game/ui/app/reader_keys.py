"""Keys for the screen reader first, as a GTK application's bridge hands them (X11).

On X11 Orca 43 hears the keyboard only through the application that has it:
its flat review (the keypad), where-am-I (keypad Enter), read the status bar
and every Orca-modifier command are swallowed by a window that does not hand
them on, and the game would act on them instead (keypad Enter picks up). While
a screen reader reads the window, `ReaderKeys` gives each key press and
release to the accessibility registry before any view sees it
(`game.system.atspi.Registry.key`), and the window drops the keys the screen
reader takes (`SpiderWindow.key_filter`). Orca 44 and later on X11 grab their
keys from the X server themselves and take no key this way; nothing is lost.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pyglet

from game.system.atspi import X_CONTROL, X_LOCK, X_MOD1, X_MOD2, X_MOD4, X_SHIFT, KeyStroke, Registry
from game.ui.app import desktop_x11

key = pyglet.window.key
# pyglet's modifier bits → X11's state mask.
X_MODIFIERS = (
    (key.MOD_SHIFT, X_SHIFT),
    (key.MOD_CAPSLOCK, X_LOCK),
    (key.MOD_CTRL, X_CONTROL),
    (key.MOD_ALT, X_MOD1),
    (key.MOD_NUMLOCK, X_MOD2),
    (key.MOD_WINDOWS, X_MOD4),
)
USER_KEYS = 1 << 32  # pyglet names a keysym it does not know by its keycode, shifted (`key.user_key`)


def x_modifiers(modifiers: int) -> int:
    return sum(x for ours, x in X_MODIFIERS if modifiers & ours)


def typed(keysym: int) -> str:
    """The character a Latin-1 keysym types ("" for the others: Enter, F1, the keypad)."""
    return chr(keysym) if 0x20 <= keysym <= 0x7E or 0xA0 <= keysym <= 0xFF else ""


class ReaderKeys:
    """The window's key filter while a screen reader reads it (see the module docstring).
    `active` says whether one does; `keycode` finds a keysym's key (X11)."""

    def __init__(
        self,
        registry: Registry,
        active: Callable[[], bool],
        keycode: Callable[[int], int],
    ) -> None:
        self.registry = registry
        self.active = active
        self.keycode = keycode
        self._codes: dict[int, int] = {}

    @classmethod
    def for_window(cls, window: Any, registry: Registry, active: Callable[[], bool]) -> ReaderKeys:
        return cls(registry, active, lambda keysym: desktop_x11.keycode(window, keysym))

    def __call__(self, event: str, symbol: int, modifiers: int) -> bool:
        """True if the screen reader took this key (the game must not see it)."""
        if not self.active() or not self.registry.usable:
            return False
        if symbol >= USER_KEYS:
            keysym, code = 0, symbol >> 32
        else:
            keysym = symbol
            if symbol not in self._codes:
                self._codes[symbol] = self.keycode(symbol)
            code = self._codes[symbol]
        stroke = KeyStroke(event == "on_key_press", keysym, code, x_modifiers(modifiers), typed(keysym))
        return self.registry.key(stroke)
