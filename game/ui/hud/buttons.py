"""The HUD's buttons as input: what the pointer is over, what it holds down.

A press on a button is only a choice once released over the same button, as
with any desktop button. `HudInput` keeps that state, lights the buttons
through the `Hud`, shows a pointing hand over what can be clicked, and
answers a release with the `Command` the button stands for (or None).
"""

from __future__ import annotations

import contextlib

import arcade

from game.ui.hud.bar import Hud
from game.ui.input.intents import Command
from game.ui.layout.table import TableLayout


class HudInput:
    """Hover and press state of the HUD's buttons (and the code) in one window."""

    def __init__(self, hud: Hud, window: arcade.Window) -> None:
        self.hud = hud
        self.window = window
        self.pressed: str | None = None  # the button held down
        self.hover: str | None = None  # the button (or "code") under the pointer
        self._hand = False

    @property
    def holding(self) -> bool:
        return self.pressed is not None

    def press(self, x: float, y: float, layout: TableLayout) -> bool:
        """A press: True when it went to a button (nothing else may take it)."""
        self.pressed = self.hud.button_at(x, y)
        if self.pressed is None:
            return False
        self.motion(x, y, layout)
        return True

    def release(self, x: float, y: float, layout: TableLayout) -> Command | None:
        """The held button's command if released over it; None otherwise."""
        pressed, self.pressed = self.pressed, None
        if not self.motion(x, y, layout):
            self.hud.hover(self.hover, None)  # let go: lit as under the pointer, no longer held
        if pressed is not None and pressed == self.hud.button_at(x, y):
            return Command(pressed)
        return None

    def motion(self, x: float, y: float, layout: TableLayout) -> bool:
        """The pointer moved: light what it is over. True when anything changed."""
        hover = self.hud.button_at(x, y) or ("code" if layout.on_code(x, y) else None)
        if hover == self.hover and self.pressed is None:
            return False
        self.hover = hover
        self.hud.hover(hover, self.pressed)
        self._set_hand(hover is not None or layout.on_stock(x, y))
        return True

    def clear(self) -> None:
        """Forget the pointer: no button lit or held, the usual cursor (the
        pointer left the table for another screen)."""
        self.pressed = self.hover = None
        self.hud.clear_hover()
        self._set_hand(False)

    def _set_hand(self, hand: bool) -> None:
        """A pointing hand over what can be clicked (where the platform has cursors)."""
        if hand == self._hand:
            return
        self._hand = hand
        with contextlib.suppress(Exception):  # headless windows have no cursor
            cursor = self.window.get_system_mouse_cursor(self.window.CURSOR_HAND) if hand else None
            self.window.set_mouse_cursor(cursor)
