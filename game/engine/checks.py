"""What the rules allow on a whole table: refusals with their reason, and
listings of what is legal. Built from the predicates of `rules` (`can_place`,
`moves_with` through `movable_count`, `takes_nothing`), so a rule is written
once; `Game` answers these for its own table, and adds that a won game takes
no action.

Columns are 0-based; `columns` lists each column from its first card dealt to
its playable last card. `movable(col)` is `rules.movable_count` of that
column: `Game` keeps those counts between actions, as the view asks for them
on every press, drag and hover.

>>> from .cards import Card
>>> from .rules import Rule, movable_count
>>> columns = [[Card.of(5, "S")], [Card.of(6, "H")], [Card.of(1, "D")]] + [[Card.of(13, "S")]] * 7
>>> def movable(col: int) -> int:
...     return movable_count(columns[col], Rule.CLASSIC)
>>> [str(move) for move in legal_moves(columns, movable)]
['1>2']
>>> why_nowhere(columns, movable, 2, 1)
<Reason.NEEDS_TWO: 'needs-two'>
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import pairwise
from typing import NoReturn

from .cards import Card
from .errors import IllegalMove, Reason
from .moves import Move
from .numbers import ACE, COLUMNS, KING
from .rules import Rule, can_place, moves_with, suited, takes_nothing

Columns = Sequence[Sequence[Card]]
Movable = Callable[[int], int]
"""How many cards at the end of a column move together (`rules.movable_count`)."""


def is_column(value: object) -> bool:
    """A column number the engine accepts: a plain int from 0 to 9."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < COLUMNS


def _is_group(columns: Columns, src: int, count: int) -> bool:
    return is_column(src) and isinstance(count, int) and 1 <= count <= len(columns[src])


def group_fault(columns: Columns, movable: Movable, src: int, count: int) -> Reason | None:
    """What keeps the last `count` cards of column `src` from moving as one
    group, in the order the player should hear it; None if nothing."""
    if count <= movable(src):
        return None
    group = columns[src][-count:]
    if not all(card.face_up for card in group):
        return Reason.FACE_DOWN
    if not all(moves_with(upper, lower, Rule.FLEXIBLE) for upper, lower in pairwise(group)):
        return Reason.NOT_DESCENDING
    return Reason.MIXED_SUITS  # face up and descending: only the suits keep them apart


_GROUP_FAULTS = {
    Reason.FACE_DOWN: "a face-down card cannot move",
    Reason.NOT_DESCENDING: "a group must descend by one",
    Reason.MIXED_SUITS: "in Classic a group must be one suit",
}


def check_move(columns: Columns, movable: Movable, src: int, count: int, dst: int, *, won: bool = False) -> None:
    """None if the move is legal; otherwise `IllegalMove` with the first reason
    that applies: bad-index, game-over (when `won`), same-column, face-down,
    not-descending, mixed-suits, then ace or rank for the target column."""
    move = (src, count, dst)  # made a Move only for a refusal: the legal path stays cheap
    if not (is_column(src) and is_column(dst) and isinstance(count, int) and 1 <= count <= len(columns[src])):
        if is_column(src) and is_column(dst) and isinstance(count, int):
            _refuse(Reason.BAD_INDEX, f"column {src + 1} holds {len(columns[src])} cards, cannot move {count}", move)
        _refuse(Reason.BAD_INDEX, f"columns are 0-9 and count a whole number: {src!r}, {count!r}, {dst!r}", move)
    if won:
        _refuse(Reason.GAME_OVER, "the game is won and over", move)
    if src == dst:
        _refuse(Reason.SAME_COLUMN, "moving onto the same column is not a move", move)
    fault = group_fault(columns, movable, src, count)
    if fault is not None:
        _refuse(fault, _GROUP_FAULTS[fault], move)
    target, head = columns[dst], columns[src][-count]
    if takes_nothing(target):
        _refuse(Reason.ACE, "nothing goes on an ace", move)
    if not can_place(target, head):
        _refuse(Reason.RANK, f"{head} needs a card one rank higher, not {target[-1]}", move)


def check_deal(columns: Columns, stock: int, *, won: bool = False) -> None:
    """None if a deal is allowed with `stock` cards left; otherwise
    `IllegalMove`: `GAME_OVER` (when `won`), `STOCK_EMPTY`, `DEAD_END` (a
    column is empty and fewer than ten cards are on the table, so no deal
    can ever follow) or `EMPTY_COLUMN`."""
    if won:
        raise IllegalMove(Reason.GAME_OVER, "the game is won and over")
    if not stock:
        raise IllegalMove(Reason.STOCK_EMPTY, "the stock is empty")
    on_table = sum(map(len, columns))
    if on_table < COLUMNS:
        raise IllegalMove(Reason.DEAD_END, f"{on_table} cards cannot fill {COLUMNS} columns: no deal can follow")
    for i, column in enumerate(columns):
        if not column:
            raise IllegalMove(Reason.EMPTY_COLUMN, f"column {i + 1} is empty: no deal while a column is empty")


def _refuse(reason: Reason, message: str, move: tuple[int, int, int]) -> NoReturn:
    raise IllegalMove(reason, message, move=Move(*move))


def legal_destinations(columns: Columns, movable: Movable, src: int, count: int) -> list[int]:
    """Every column that can take the last `count` cards of column `src`, left to right."""
    if not (is_column(src) and isinstance(count, int) and 1 <= count <= movable(src)):
        return []
    head = columns[src][-count]
    return [dst for dst, target in enumerate(columns) if dst != src and can_place(target, head)]


def legal_moves(columns: Columns, movable: Movable) -> Iterator[Move]:
    """Every legal move once, by source column, then group size, then target."""
    for src, source in enumerate(columns):
        for count in range(1, movable(src) + 1):
            head = source[-count]
            for dst, target in enumerate(columns):
                if dst != src and can_place(target, head):
                    yield Move(src, count, dst)


def best_destination(columns: Columns, movable: Movable, src: int, count: int) -> int | None:
    """The double-click choice (docs/RULES.md §8): one rank higher of the same suit,
    then one rank higher of another suit, then an empty column (not when the
    group is its whole column); the leftmost among equals; None if none."""
    legal = legal_destinations(columns, movable, src, count)
    if not legal:
        return None
    head = columns[src][-count]
    other: int | None = None
    empty: int | None = None
    for dst in legal:
        target = columns[dst]
        if not target:
            if empty is None and count < len(columns[src]):
                empty = dst
        elif suited(target[-1], head):
            return dst
        elif other is None:
            other = dst
    return other if other is not None else empty


def why_nowhere(columns: Columns, movable: Movable, src: int, count: int) -> Reason | None:
    """Why the double-click has nowhere to send the last `count` cards of column
    `src` (None when `best_destination` finds a column): the group's own fault
    first, else what the table lacks for it."""
    if not _is_group(columns, src, count):
        return Reason.BAD_INDEX
    fault = group_fault(columns, movable, src, count)
    if fault is not None:
        return fault
    if best_destination(columns, movable, src, count) is not None:
        return None
    others = [target for dst, target in enumerate(columns) if dst != src]
    head = columns[src][-count]
    if not all(others):
        return Reason.WHOLE_COLUMN  # an empty column would take it, but it is alone in its own already
    # (Every other column ending with an ace would need nine aces; a deck has eight.)
    if head.rank == KING:
        return Reason.KING_NEEDS_EMPTY
    if head.rank == ACE:
        return Reason.NEEDS_TWO
    return Reason.NEEDS_HIGHER
