"""What happened during an action, in order, so the view can animate it.

Every call that changes a `Game` returns a list of these. They carry all an
animation needs (columns, indices, cards), so the view never has to diff the
table. Columns are numbered 0-9; an index is a position in a column, 0 for the
first card dealt (the one at the top of the screen).

`undo()` returns the events that take an action back: the action's events,
inverted (`Event.inverse`) and in reverse order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card


@dataclass(frozen=True, slots=True)
class CardsMoved:
    """`cards` left column `src` (the first of them was at `src_index`) and now
    end column `dst` (the first of them at `dst_index`)."""

    src: int
    src_index: int
    dst: int
    dst_index: int
    cards: tuple[Card, ...]

    def inverse(self) -> CardsMoved:
        return CardsMoved(self.dst, self.dst_index, self.src, self.src_index, self.cards)


@dataclass(frozen=True, slots=True)
class CardFlipped:
    """The card at (`column`, `index`) turned over; `card.face_up` is how it lies now."""

    column: int
    index: int
    card: Card

    def inverse(self) -> CardFlipped:
        return CardFlipped(self.column, self.index, self.card.turned(not self.card.face_up))


@dataclass(frozen=True, slots=True)
class StockDealt:
    """One card from the stock onto each column, column 0 first: `cards[i]`
    lands face up on column i at index `indices[i]`. `deals_left` is the count
    after this deal (the stock pile shows that many backs)."""

    cards: tuple[Card, ...]
    indices: tuple[int, ...]
    deals_left: int

    def inverse(self) -> StockReturned:
        return StockReturned(self.cards, self.indices, self.deals_left + 1)


@dataclass(frozen=True, slots=True)
class StockReturned:
    """Undo of a deal: `cards[i]` leaves column i (index `indices[i]`) and goes
    back on the stock, face down, column 9's card first. `deals_left` is the
    count after the return."""

    cards: tuple[Card, ...]
    indices: tuple[int, ...]
    deals_left: int

    def inverse(self) -> StockDealt:
        return StockDealt(self.cards, self.indices, self.deals_left - 1)


@dataclass(frozen=True, slots=True)
class RunRemoved:
    """The 13 `cards` (king first) at the end of `column`, from `index`, went
    to the removed-runs pile at slot `pile` (0 for the first run removed)."""

    column: int
    index: int
    suit: str
    cards: tuple[Card, ...]
    pile: int

    def inverse(self) -> RunRestored:
        return RunRestored(self.column, self.index, self.suit, self.cards, self.pile)


@dataclass(frozen=True, slots=True)
class RunRestored:
    """Undo of a removal: the run in pile slot `pile` goes back to the end of
    `column`, its king at `index`."""

    column: int
    index: int
    suit: str
    cards: tuple[Card, ...]
    pile: int

    def inverse(self) -> RunRemoved:
        return RunRemoved(self.column, self.index, self.suit, self.cards, self.pile)


@dataclass(frozen=True, slots=True)
class GameWon:
    """All eight runs are removed; the game is over."""

    score: int
    moves: int

    def inverse(self) -> GameWon:  # a won game cannot be undone; kept for symmetry
        return self


@dataclass(frozen=True, slots=True)
class TableDealt:
    """The whole table was (re)laid out: a new game, or a restart.
    `placements` lists (column, index, card) in dealing order (round by round
    for a fresh deal), so the view can fly them from the stock one by one.
    The stock, removed pile, score and moves are read from the game."""

    placements: tuple[tuple[int, int, Card], ...]

    @classmethod
    def of(cls, columns: Sequence[Sequence[Card]]) -> TableDealt:
        """The table `columns` laid out round by round: every column's first card, then every second …"""
        placements = []
        for index in range(max(map(len, columns), default=0)):
            for col, column in enumerate(columns):
                if index < len(column):
                    placements.append((col, index, column[index]))
        return cls(tuple(placements))

    def inverse(self) -> TableDealt:
        return self


Event = CardsMoved | CardFlipped | StockDealt | StockReturned | RunRemoved | RunRestored | GameWon | TableDealt
