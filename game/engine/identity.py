"""Which card is which: every card's place in the deck, followed through a game.

Cards are values (the two 7 of spades of a two-deck game are equal), so
something that must name one card wherever it goes — a screen reader's node,
which has to stay the same node across a move and its undo — needs a number
that travels with the card: its place in the deck, 0 to 103. For a dealt game
that is the shuffled deck's order as the deal lays it out (docs/RULES.md §1):
card i of the first 54 lands on column i mod 10, then the stock in deal order.
A table written as text numbers its cards in the same order: round by round
over the columns, then the stock, then the removed runs.

`CardPlaces` follows one `Game` by its record (the actions since its first
table): `sync(game)` plays the actions it has not seen on a copy of the game
and moves the places as the events say; after an undo or a restart it goes
back to the places it had then. The game itself is never touched.

>>> from .game import Game
>>> g = Game.from_code("SP1-S1C-AAAAAAD")
>>> places = CardPlaces()
>>> places.sync(g).columns[0], places.sync(g).stock[:3]
((0, 10, 20, 30, 40, 50), (54, 55, 56))
>>> _ = g.move(0, 1, 7)
>>> places.sync(g).columns[7][-1]
50
>>> _ = g.undo()
>>> places.sync(g).columns[0][-1]
50
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import Card
from .errors import IllegalMove, InvalidMove
from .events import (
    CardFlipped,
    CardsMoved,
    Event,
    GameWon,
    RunRemoved,
    RunRestored,
    StockDealt,
    StockReturned,
    TableDealt,
)
from .game import Game
from .numbers import COLUMNS, RANKS, UNDO_LIMIT

__all__ = ["CardPlaces", "Places", "first_places", "follow"]


@dataclass(frozen=True, slots=True)
class Places:
    """The deck places of a table's cards, laid out as the table is:
    `columns[col][index]`, the stock in deal order, the removed runs in the
    order they left (king first)."""

    columns: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]
    removed: tuple[tuple[int, ...], ...]


def first_places(columns: Sequence[Sequence[Card]], stock: int, removed: int) -> Places:
    """The places of a first table: round by round over the columns (the
    deal's own order), then `stock` cards, then `removed` runs of 13."""
    ids = [[0] * len(column) for column in columns]
    n = 0
    for index in range(max(map(len, columns), default=0)):
        for col, column in enumerate(columns):
            if index < len(column):
                ids[col][index] = n
                n += 1
    pile = tuple(range(n, n + stock))
    n += stock
    runs = tuple(tuple(range(n + RANKS * i, n + RANKS * (i + 1))) for i in range(removed))
    return Places(tuple(map(tuple, ids)), pile, runs)


def follow(places: Places, events: Iterable[Event]) -> Places:
    """The places after `events` (an action's, or an undo's)."""
    columns = [list(column) for column in places.columns]
    stock = list(places.stock)
    removed = list(places.removed)
    for event in events:
        match event:
            case CardsMoved(src, src_index, dst, dst_index, cards):
                group = columns[src][src_index : src_index + len(cards)]
                del columns[src][src_index : src_index + len(cards)]
                columns[dst][dst_index:dst_index] = group
            case StockDealt(indices=indices):
                for col in range(COLUMNS):
                    columns[col].insert(indices[col], stock.pop(0))
            case StockReturned(indices=indices):
                for col in reversed(range(COLUMNS)):
                    stock.insert(0, columns[col].pop(indices[col]))
            case RunRemoved(column=column, index=index, pile=pile):
                removed.insert(pile, tuple(columns[column][index : index + RANKS]))
                del columns[column][index : index + RANKS]
            case RunRestored(column=column, index=index, pile=pile):
                columns[column][index:index] = removed.pop(pile)
            case CardFlipped() | GameWon() | TableDealt():
                pass  # no card changes place (a table laid out again is a restart: `CardPlaces` starts over)
    return Places(tuple(map(tuple, columns)), tuple(stock), tuple(removed))


class CardPlaces:
    """Follows one game's cards by its record (see the module docstring).
    It keeps the places of the last `UNDO_LIMIT` tables, so an undo costs
    nothing and memory stays flat however long the game."""

    def __init__(self) -> None:
        self._game: Game | None = None
        self._work: Game | None = None
        self._tokens: list[str] = []
        self._start = Places((), (), ())
        self._recent: deque[Places] = deque(maxlen=UNDO_LIMIT + 1)  # the last ones, newest last
        self._lost = False  # the record would not replay: the cards are numbered as they lie

    def sync(self, game: Game) -> Places:
        """The places of `game`'s table as it is now."""
        if game is not self._game:
            self._begin(game)
        if self._lost:
            return first_places(game.columns, len(game.stock), len(game.removed))
        tokens = game.record.split()
        same = 0
        for ours, theirs in zip(self._tokens, tokens, strict=False):
            if ours != theirs:
                break
            same += 1
        if same < len(self._tokens):
            self._back_to(same)
        try:
            for token in tokens[len(self._tokens) :]:
                assert self._work is not None
                events = self._work.play([token])
                self._recent.append(follow(self._now, events))
                self._tokens.append(token)
        except (IllegalMove, InvalidMove):  # never seen: a record is the game's own by construction
            self._lost = True
            return self.sync(game)
        return self._now

    @property
    def _now(self) -> Places:
        return self._recent[-1] if self._tokens else self._start

    def _begin(self, game: Game) -> None:
        self._game = game
        self._lost = False
        self._tokens = []
        self._recent.clear()
        self._work = Game.from_code(game.code) if game.code else Game.from_text(game.start_text())
        self._start = first_places(self._work.columns, len(self._work.stock), len(self._work.removed))

    def _back_to(self, count: int) -> None:
        """Back to the table after the record's first `count` actions (an undo, a restart)."""
        assert self._work is not None and self._game is not None
        back = len(self._tokens) - count
        if count == 0 or back >= len(self._recent):
            tokens = self._tokens[:count]
            self._begin(self._game)
            self._replay(tokens)
            return
        for _ in range(back):
            self._work.undo()
            self._recent.pop()
        del self._tokens[count:]

    def _replay(self, tokens: Sequence[str]) -> None:
        assert self._work is not None
        for token in tokens:
            self._recent.append(follow(self._now, self._work.play([token])))
            self._tokens.append(token)
