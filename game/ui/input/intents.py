"""What a player asks of the table, as values.

Gestures (mouse), the key map and the HUD buttons each turn input into one
of these (a move is the engine's own `Move`); `commands.apply` turns those that concern the engine into what
happened, and the view does the rest (screens, fullscreen, quitting). No
behaviour here: just the vocabulary the parts share.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from game.engine import Move


@dataclass(frozen=True, slots=True)
class SendToBest:
    """Send the last `count` cards of `src` to the best column (double-click, auto-placement)."""

    src: int
    count: int


@dataclass(frozen=True, slots=True)
class Take:
    """The player took hold of cards that cannot move as a group (a face-down
    card, or cards above a break in the run): refused with the reason."""

    src: int
    count: int


@dataclass(frozen=True, slots=True)
class PutBack:
    """A dragged group let go where nothing takes it: it flies home, silently."""

    src: int
    count: int


@dataclass(frozen=True, slots=True)
class ColumnKey:
    """A column chosen by its number key (1 … 9, 0 for the tenth): select
    its group, or drop the selected group there."""

    col: int


class Command(StrEnum):
    """Everything a key or a button can ask for."""

    DEAL = "deal"
    UNDO = "undo"
    REDO = "redo"  # the last action undone, made again (docs/RULES.md §7)
    RESTART = "restart"
    NEW_GAME = "new"
    DEAL_AGAIN = "win-new"  # the win panel: a new deal of the same variant
    REPLAY = "win-again"  # the win panel: this deal again
    WATCH = "win-watch"  # the win panel: watch this game again (docs/RULES.md §13)
    COPY_LINE = "win-copy"  # the win panel: the game as one line to share (docs/RULES.md §12)
    OPTIONS = "options"
    RULES = "rules"
    STATS = "stats"
    DESCRIBE = "describe"
    COPY_CODE = "copy-code"
    FULLSCREEN = "fullscreen"
    CANCEL = "cancel"  # Escape: drop what is held, then leave fullscreen
    QUIT = "quit"
    MUTE = "mute"  # M: the sound off, or back on
    PAUSE = "pause"  # P: the clock stops and the cards hide, or both come back
    # Keyboard play (docs/RULES.md §8).
    CURSOR_LEFT = "cursor-left"
    CURSOR_RIGHT = "cursor-right"
    ACTIVATE = "activate"  # Enter or Space: on the cursor's column or the stock, or the focused button
    WIDEN = "widen"  # one card more in the selection
    NARROW = "narrow"  # one card fewer
    FOCUS_NEXT = "focus-next"  # Tab: the next HUD button
    FOCUS_PREVIOUS = "focus-previous"
    # Questions a player asks without looking (docs/RULES.md §8): the answer is said.
    REPEAT = "repeat"  # the last sentence again
    SAY_SCORE = "say-score"  # score, moves, deals left, runs removed, time
    READ_COLUMN = "read-column"  # the cursor's column, card by card


Intent = Move | SendToBest | Take | PutBack | Command
