"""Playing with the keys: a column cursor, a selected group, the HUD's focus.

`KeyboardPlay` is the keyboard's state between key presses, and turns each
key's action (from `keymap`) into an `Intent` for the view (a move, a deal,
a button's command), a `Say` (a note for the player), or None (only the
state changed: the view shows the cursor, the selection and the focus as
they now are). It reads the game but never changes it; the view applies
what it answers. The selection is the one a mouse click can make too (click
to move), and the view forgets it when a drag or a double-click starts.

Keys (docs/RULES.md §8): a number key selects the movable group at the end of that
column (1 … 9, 0 for the tenth), or drops the selected group there (the same
column again cancels); Left/Right move the cursor over the ten columns and
the stock, Enter or Space act where it is; Up/Down take one card more or
fewer within the movable group; Escape cancels the selection, then the
focus, then leaves fullscreen; Tab/Shift+Tab walk the HUD's buttons, and
while the win panel shows its buttons first (Enter or Space presses the
one focused; a focus on them is dropped when the panel goes).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import Game, Move
from game.engine.numbers import COLUMNS
from game.ui.input.intents import ColumnKey, Command, Intent
from game.ui.layout.hud import BUTTONS
from game.ui.layout.table import WIN_BUTTONS

STOCK = COLUMNS  # the cursor's place after the tenth column
FOCUS_ORDER = (*BUTTONS, "code")  # what Tab walks through, left to right
# While the win panel shows: its buttons ("win-new" …, each a Command's value), then the bar's.
WON_ORDER = (*(f"win-{name}" for name in WIN_BUTTONS), *FOCUS_ORDER)


@dataclass(frozen=True, slots=True)
class Selection:
    """The last `count` cards of column `col`, picked up to be dropped elsewhere."""

    col: int
    count: int


@dataclass(frozen=True, slots=True)
class Say:
    """Something to tell the player (a text key of the catalogues)."""

    key: str


class KeyboardPlay:
    """The cursor, the selection and the focus (see the module docstring)."""

    def __init__(self) -> None:
        self.cursor: int | None = None  # a column, or STOCK; None while hidden
        self.selection: Selection | None = None
        self.focus: int | None = None  # index into `order`
        self.order: tuple[str, ...] = FOCUS_ORDER

    @property
    def focused(self) -> str | None:
        """The HUD button (or "code", or "win-new" … on the win panel) Enter would press."""
        return None if self.focus is None else self.order[self.focus]

    def handle(self, action: Command | ColumnKey, game: Game, panel: bool = False) -> Intent | Say | None:
        """What a key asks for, given the game as it is; `panel`: the win panel shows."""
        order = WON_ORDER if panel else FOCUS_ORDER
        if order != self.order:  # the panel came or went: the focus stays on the same button, if it still shows
            name, self.order = self.focused, order
            self.focus = order.index(name) if name in order else None
        match action:
            case ColumnKey(col):
                self.focus = None
                return self.choose(col, game)
            case Command.CURSOR_LEFT | Command.CURSOR_RIGHT:
                self.focus = None
                self._move_cursor(-1 if action is Command.CURSOR_LEFT else 1)
                return None
            case Command.ACTIVATE:
                return self._activate(game)
            case Command.WIDEN | Command.NARROW:
                self._resize(1 if action is Command.WIDEN else -1, game)
                return None
            case Command.FOCUS_NEXT | Command.FOCUS_PREVIOUS:
                step = 1 if action is Command.FOCUS_NEXT else -1
                start = -1 if step > 0 else 0
                self.focus = ((start if self.focus is None else self.focus) + step) % len(self.order)
                return None
            case Command.DEAL:
                self.selection = None
                return Command.DEAL
            case Command.CANCEL:
                return self._cancel()
        return action

    def choose(self, col: int, game: Game) -> Move | Say | None:
        """A column chosen (number key, Enter on the cursor, a click with
        click-to-move): select its group, or drop the selection there."""
        if self.cursor is not None:
            self.cursor = col
        held = self.selection
        if held is None:
            if not game.columns[col]:
                return Say("table.keys.nothing-there")
            self.selection = Selection(col, game.movable_count(col))
            return None
        if held.col == col:
            self.selection = None  # the same column again: never mind
            return None
        return Move(held.col, held.count, col)

    def click(self, col: int | None, game: Game) -> Move | Say | None:
        """Click to move, with a group held: a click on a column drops it
        there (`choose`), anywhere else (None) lets it go."""
        if col is None:
            self.selection = None
            return None
        return self.choose(col, game)

    def pick(self, col: int, count: int) -> None:
        """A click (click to move) on the last `count` cards of `col`: pick
        them up, or put them down if they are the ones held."""
        picked = Selection(col, count)
        self.selection = None if self.selection == picked else picked

    def forget(self) -> None:
        """Drop the selection (an action was made, a drag started)."""
        self.selection = None

    def hide(self) -> None:
        """The mouse moved: no cursor and no focus until the next key."""
        self.cursor = None
        self.focus = None

    def _activate(self, game: Game) -> Intent | Say | None:
        if self.focused is not None:
            name = self.focused
            return Command.COPY_CODE if name == "code" else Command(name)
        if self.cursor is None:
            self.cursor = self.selection.col if self.selection else 0
            return None
        if self.cursor == STOCK:
            self.selection = None
            return Command.DEAL
        return self.choose(self.cursor, game)

    def _move_cursor(self, step: int) -> None:
        if self.cursor is None:  # the first press shows it
            self.cursor = self.selection.col if self.selection else 0
            return
        self.cursor = (self.cursor + step) % (STOCK + 1)

    def _resize(self, step: int, game: Game) -> None:
        held = self.selection
        if held is None:
            return
        count = min(max(held.count + step, 1), game.movable_count(held.col))
        self.selection = Selection(held.col, count)

    def _cancel(self) -> Command | None:
        if self.selection is not None:
            self.selection = None
            return None
        if self.focus is not None:
            self.focus = None
            return None
        return Command.CANCEL
