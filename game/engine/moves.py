"""A move as a value with its own notation (python-chess's `Move` and `uci()`).

A move takes the last `count` cards of column `src` onto column `dst`;
columns are 0-based here and 1-based in the record token, the notation of
`Game.record` and of saved games:

>>> str(Move(2, 1, 6)), str(Move(2, 4, 6))
('3>7', '3:4>7')
>>> Move.parse("3:4>7")
Move(src=2, count=4, dst=6)
>>> Move.parse("deal")
Traceback (most recent call last):
...
game.engine.errors.InvalidMove: 'deal' is not a move (like 3>7 or 3:4>7)
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import InvalidMove
from .numbers import COLUMNS


@dataclass(frozen=True, slots=True)
class Move:
    """The last `count` cards of column `src` go onto column `dst` (0-based).

    A `Move` says nothing of legality: ask `Game.check_move` or pick one from
    `Game.legal_moves`."""

    src: int
    count: int
    dst: int

    def __str__(self) -> str:
        """The record token: ``3>7`` for one card, ``3:4>7`` for a group."""
        return Move.token(self.src, self.count, self.dst)

    @staticmethod
    def token(src: int, count: int, dst: int) -> str:
        """The record token of a move given by its numbers, without making the `Move`."""
        return f"{src + 1}>{dst + 1}" if count == 1 else f"{src + 1}:{count}>{dst + 1}"

    @classmethod
    def parse(cls, token: str) -> Move:
        """The move a record token names; `InvalidMove` if it names none.

        ``3>7`` and ``3:1>7`` are the same move; a count below 1 reads, and
        the rules refuse it (`Reason.BAD_INDEX`) when it is played."""
        source, arrow, target = token.partition(">")
        column, colon, count_text = source.partition(":")
        try:
            src, dst = int(column) - 1, int(target) - 1
            count = int(count_text) if colon else 1
        except ValueError:
            raise InvalidMove(token, f"{token!r} is not a move (like 3>7 or 3:4>7)") from None
        if not arrow or not (0 <= src < COLUMNS and 0 <= dst < COLUMNS):
            raise InvalidMove(token, f"{token!r} is not a move: columns are 1-10, like 3>7 or 3:4>7")
        return cls(src, count, dst)


def move_numbers(src: int | Move, count: int | None, dst: int | None) -> tuple[int, int, int]:
    """A move's three numbers, given as a `Move` or as numbers; a missing one
    passes as it is, for `checks.check_move` to refuse."""
    if isinstance(src, Move):
        return src.src, src.count, src.dst
    return src, count, dst  # type: ignore[return-value]
