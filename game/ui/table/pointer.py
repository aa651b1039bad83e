"""The mouse at the table: the pointer's four handlers of `GameView`.

A part of the view, kept in a file of its own so the view stays one screen
of wiring: press, drag, release and motion hand the pointer to the HUD's
buttons (`hud.buttons`), the gestures (`input.gestures`: a drag, a double
click) and the keyboard's selection (click to move), and end in the view's
`do` like every other way of asking. `PointerInput` is mixed into
`GameView` (before `arcade.View`, whose empty handlers it replaces); what it
uses of the view is the `Table` protocol below.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import arcade

from game.engine import Game
from game.records.settings import Settings
from game.ui.hud.bar import Hud
from game.ui.hud.buttons import HudInput
from game.ui.input.gestures import Gestures
from game.ui.input.intents import Command, Intent
from game.ui.input.keyboard import KeyboardPlay, Say
from game.ui.layout.table import TableLayout
from game.ui.render.pacing import Pacer
from game.ui.table.scene import TableScene
from game.ui.table.sprites import CardSprite


class Table(Protocol):
    """What the pointer uses of the table view."""

    game: Game
    settings: Settings
    clock: Callable[[], float]
    pacer: Pacer
    scene: TableScene
    hud: Hud
    buttons: HudInput
    keys: KeyboardPlay
    gestures: Gestures[CardSprite]

    @property
    def layout(self) -> TableLayout: ...
    @property
    def paused(self) -> bool: ...
    def do(self, intent: Intent) -> None: ...
    def _answer(self, outcome: Intent | Say | None) -> None: ...
    def _show_keys(self) -> None: ...
    def _forget_selection(self) -> None: ...
    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None: ...


class PointerInput:
    """The pointer's handlers (see the module docstring)."""

    def on_mouse_press(self: Table, x: int, y: int, button: int, modifiers: int) -> None:
        self.pacer.wake()
        self.scene.finish()
        if button != arcade.MOUSE_BUTTON_LEFT:
            return
        if self.buttons.press(x, y, self.layout):
            return
        if self.hud.won_shown:
            return  # the table is empty; only the buttons answer
        if self.paused:  # the cards are hidden: a click on the table brings them back
            self.do(Command.PAUSE)
            return
        col, held = self.layout.column_at(x, y), self.keys.selection
        if self.settings.click_to_move and held is not None and col != held.col:
            self._answer(self.keys.click(col, self.game))
            self._show_keys()
            return
        columns = self.scene.sprites.columns
        intent = self.gestures.press(x, y, self.clock(), self.layout, self.game, columns, self.settings.double_click)
        if intent is not None:
            self.do(intent)

    def on_mouse_drag(self: Table, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        grab = self.gestures.grab
        if grab is None:
            self.on_mouse_motion(x, y, dx, dy)
            return
        self.pacer.wake()
        if self.gestures.drag(x, y, self.game):
            self._forget_selection()
            self.scene.lift(grab, self.settings.placement_help)
        if grab.dragging:
            self.scene.carry(grab, x, y)

    def on_mouse_release(self: Table, x: int, y: int, button: int, modifiers: int) -> None:
        self.pacer.wake()
        if button != arcade.MOUSE_BUTTON_LEFT:
            return
        if self.buttons.holding:
            command = self.buttons.release(x, y, self.layout)
            if command is not None:
                self.do(command)
            return
        grab = self.gestures.grab
        intent = self.gestures.release(self.layout, self.game, self.settings.auto_placement)
        if grab is not None and grab.dragging:
            self.scene.sprites.drop_group(grab.cards)
        elif grab is not None and self.settings.click_to_move:
            self.keys.pick(grab.col, grab.count)  # a click on a movable group picks it up (or puts it down)
            self._show_keys()
        if intent is not None:
            self.do(intent)

    def on_mouse_motion(self: Table, x: int, y: int, dx: int, dy: int) -> None:
        if self.keys.cursor is not None or self.keys.focus is not None:
            self.keys.hide()  # the mouse is back: no keyboard cursor
            self._show_keys()
        if self.buttons.motion(x, y, self.layout):
            self.pacer.wake()
