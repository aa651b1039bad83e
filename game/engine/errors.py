"""The engine's errors and the reasons it gives for a refusal.

All errors are `ValueError`s, so a caller can catch them together. As in
python-chess (`InvalidMoveError` / `IllegalMoveError`), a record token that is
not an action at all (`InvalidMove`) is told apart from an action the rules
refuse (`IllegalMove`); both carry a `Reason` the view turns into words
(``table.rule.<reason>``) and, when there is one, the `Move` and the record
token at fault.

>>> Reason.ACE == "ace", f"table.rule.{Reason.DEAD_END}"
(True, 'table.rule.empty-column-few')
"""

from __future__ import annotations

from enum import StrEnum
from typing import Protocol


class Reason(StrEnum):
    """Why the engine refused something. A `StrEnum`: each equals (and formats
    as) the short key the engine has always used, so ``reason == "ace"`` holds."""

    # a call the engine cannot read (a developer's fault or a damaged record)
    BAD_INDEX = "bad-index"
    BAD_TOKEN = "bad-token"
    # any action
    GAME_OVER = "game-over"
    # a move: the group itself (in the order checked) …
    SAME_COLUMN = "same-column"
    FACE_DOWN = "face-down"
    NOT_DESCENDING = "not-descending"
    MIXED_SUITS = "mixed-suits"
    # … then the column it would go on
    ACE = "ace"
    RANK = "rank"
    # a group that no column can take (`Game.why_nowhere`, after the group's own faults)
    WHOLE_COLUMN = "whole-column"
    """It already fills its column, and only an empty column could take it."""
    KING_NEEDS_EMPTY = "king-needs-empty"
    """A king goes only on an empty column, and none is empty."""
    NEEDS_TWO = "needs-two"
    """An ace goes only on a two or an empty column, and there is neither."""
    NEEDS_HIGHER = "needs-higher"
    """No column ends with a card one rank higher than the group's first card, and none is empty."""
    # a deal
    STOCK_EMPTY = "stock-empty"
    EMPTY_COLUMN = "empty-column"
    DEAD_END = "empty-column-few"
    """A column is empty and fewer than ten cards are on the table: no deal can ever follow."""
    # undo and redo
    NOTHING_TO_UNDO = "nothing-to-undo"
    NOTHING_TO_REDO = "nothing-to-redo"


class MoveNumbers(Protocol):
    """A move as an error knows it: a `Move` (game.engine.moves), whose
    parsing raises these errors, so this module cannot import it."""

    @property
    def src(self) -> int: ...
    @property
    def count(self) -> int: ...
    @property
    def dst(self) -> int: ...


class MoveError(ValueError):
    """A refused or unreadable action: `reason` for the view, the message for
    developers; `move` (the `Move`, None for a deal, an undo or an unreadable
    token), `token` (the record token, when the action came from a record) and
    `action` (its 1-based place in that record) locate it."""

    def __init__(
        self,
        reason: str,
        message: str,
        *,
        move: MoveNumbers | None = None,
        token: str | None = None,
        action: int | None = None,
    ) -> None:
        super().__init__(message)
        self.reason = Reason(reason)
        self.move = move
        self.token = token
        self.action = action


class IllegalMove(MoveError):
    """An action the rules refuse (every `Reason` but `BAD_TOKEN`)."""


class InvalidMove(MoveError):
    """A record token that is not an action at all (``Reason.BAD_TOKEN``): not
    ``deal`` nor a move like ``3>7`` or ``3:4>7`` between columns 1 and 10."""

    def __init__(self, token: str, message: str, *, action: int | None = None) -> None:
        super().__init__(Reason.BAD_TOKEN, message, token=token, action=action)


def at_action(err: MoveError, n: int, token: str) -> MoveError:
    """`err` named at its place in a record: action `n`, `token`."""
    message = f"action {n} {token!r}: {err}"
    if isinstance(err, InvalidMove):
        return InvalidMove(token, message, action=n)
    return IllegalMove(err.reason, message, move=err.move, token=token, action=n)


class InvalidCode(ValueError):
    """A game code that names no game; the message says which part is wrong.
    `part` is one of `format`, `version`, `suits`, `rule`, `shuffle`."""

    def __init__(self, part: str, message: str) -> None:
        super().__init__(message)
        self.part = part


class InvalidPosition(ValueError):
    """A position text that is not a legal table; the message names the line
    (1-based, `line` attribute, 0 when the fault is not on one line) and the fault."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line
