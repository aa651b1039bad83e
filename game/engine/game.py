"""The game: a table, its rules, score, history and record.

>>> g = Game.from_code("SP1-S1C-AAAAAAD")
>>> g.score, g.moves, g.deals_left
(500, 0, 5)
>>> _ = g.deal()
>>> g.score, g.moves, g.record
(499, 1, 'deal')
>>> _ = g.undo()
>>> g.moves, g.record
(0, '')
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise

from .cards import Card
from .codes import SHUFFLE_LIMIT, format_code, parse_code, shuffled_deck
from .describe import describe_table
from .errors import IllegalMove
from .events import (
    CardFlipped,
    CardsMoved,
    Event,
    GameWon,
    RunRemoved,
    StockDealt,
    TableDealt,
)
from .position import COLUMNS, Position, format_position, parse_position
from .rules import Rule, completes_run, movable_count

START_SCORE = 500
RUN_BONUS = 100
UNDO_LIMIT = 100
RUNS_TO_WIN = 8
TABLEAU_CARDS = 54


@dataclass(frozen=True, slots=True)
class _Snapshot:
    """The whole mutable state, immutable, so undo restores it in one step."""

    columns: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    removed: tuple[str, ...]
    score: int
    moves: int


@dataclass(frozen=True, slots=True)
class _Done:
    """One action in the undo history: the state before it and what it did."""

    before: _Snapshot
    events: tuple[Event, ...]


class Game:
    """One game of Spider. Build it with `from_code`, `random` or `from_text`."""

    def __init__(self, suits: int, rule: Rule, code: str | None, start: _Snapshot) -> None:
        self._suits = suits
        self._rule = Rule.CLASSIC if suits == 1 else rule
        self._code = code
        self._start = start
        self._history: deque[_Done] = deque(maxlen=UNDO_LIMIT)
        self._record: list[str] = []
        self._columns: list[list[Card]] = []
        self._stock: tuple[Card, ...] = ()
        self._removed: list[str] = []
        self._score = 0
        self._moves = 0
        self._restore(start)

    # ---- construction -------------------------------------------------

    @classmethod
    def from_code(cls, code: str) -> Game:
        """The game a code names (SPEC §2); `InvalidCode` names the bad part."""
        suits, rule, shuffle = parse_code(code)
        return cls._dealt(suits, rule, shuffle)

    @classmethod
    def random(cls, suits: int = 1, rule: Rule | str = Rule.CLASSIC, seed: int | None = None) -> Game:
        """A new game; `seed` is the shuffle number (0 … 2^35−1), random when None."""
        if suits not in (1, 2, 4):
            raise ValueError(f"suits must be 1, 2 or 4, not {suits!r}")
        if seed is None:
            seed = random.randrange(SHUFFLE_LIMIT)
        elif not 0 <= seed < SHUFFLE_LIMIT:
            raise ValueError(f"seed must be from 0 to 2^35-1, not {seed}")
        return cls._dealt(suits, Rule(rule), seed)

    @classmethod
    def _dealt(cls, suits: int, rule: Rule, shuffle: int) -> Game:
        deck = shuffled_deck(suits, shuffle)
        columns: list[list[Card]] = [[] for _ in range(COLUMNS)]
        for i, card in enumerate(deck[:TABLEAU_CARDS]):
            columns[i % COLUMNS].append(card)
        for column in columns:
            column[-1] = column[-1].turned(True)
        start = _Snapshot(tuple(map(tuple, columns)), tuple(deck[TABLEAU_CARDS:]), (), START_SCORE, 0)
        return cls(suits, rule, format_code(suits, rule, shuffle), start)

    @classmethod
    def from_text(cls, text: str) -> Game:
        """The game of a position text; `InvalidPosition` names the line and the fault."""
        p = parse_position(text)
        start = _Snapshot(p.columns, p.stock, p.removed, p.score, p.moves)
        return cls(p.suits, p.rule, None, start)

    # ---- reading the table --------------------------------------------

    @property
    def code(self) -> str | None:
        """The canonical game code, or None for a game made from text."""
        return self._code

    @property
    def suits(self) -> int:
        return self._suits

    @property
    def rule(self) -> Rule:
        return self._rule

    @property
    def columns(self) -> tuple[tuple[Card, ...], ...]:
        """The 10 columns, each from the first card dealt to the playable last card."""
        return tuple(map(tuple, self._columns))

    def column(self, col: int) -> Sequence[Card]:
        """One column, read-only by convention (cheaper than `columns`)."""
        return self._columns[col]

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock in deal order: the next ten cards first."""
        return self._stock

    @property
    def deals_left(self) -> int:
        return len(self._stock) // COLUMNS

    @property
    def removed(self) -> tuple[str, ...]:
        """Suits of the removed runs, in removal order."""
        return tuple(self._removed)

    @property
    def score(self) -> int:
        return self._score

    @property
    def moves(self) -> int:
        """Moves and deals made (a removed run is not a move)."""
        return self._moves

    @property
    def is_won(self) -> bool:
        return len(self._removed) == RUNS_TO_WIN

    @property
    def cards_on_table(self) -> int:
        return sum(map(len, self._columns))

    def movable_count(self, col: int) -> int:
        """Length of the longest group that can move from the end of column `col`."""
        return movable_count(self._columns[col], self._rule)

    # ---- moves ----------------------------------------------------------

    def check_move(self, src: int, count: int, dst: int) -> None:
        """None if the move is legal; otherwise `IllegalMove` with the first reason that applies."""
        if not (_is_column(src) and _is_column(dst) and isinstance(count, int)):
            raise IllegalMove("bad-index", f"columns are 0-9 and count a whole number: {src!r}, {count!r}, {dst!r}")
        source = self._columns[src]
        if not 1 <= count <= len(source):
            raise IllegalMove("bad-index", f"column {src + 1} holds {len(source)} cards, cannot move {count}")
        if self.is_won:
            raise IllegalMove("game-over", "the game is won and over")
        if src == dst:
            raise IllegalMove("same-column", "moving onto the same column is not a move")
        self._check_group(source, count)
        target = self._columns[dst]
        if target:
            under = target[-1]
            if under.rank == 1:
                raise IllegalMove("ace", "nothing goes on an ace")
            head = source[-count]
            if under.rank != head.rank + 1:
                raise IllegalMove("rank", f"{head} needs a card one rank higher, not {under}")

    def _check_group(self, source: Sequence[Card], count: int) -> None:
        group = source[len(source) - count :]
        if not all(card.face_up for card in group):
            raise IllegalMove("face-down", "a face-down card cannot move")
        for upper, lower in pairwise(group):
            if upper.rank != lower.rank + 1:
                raise IllegalMove("not-descending", f"a group must descend by one: {upper} then {lower}")
        if self._rule is Rule.CLASSIC and any(card.suit != group[0].suit for card in group):
            raise IllegalMove("mixed-suits", "in Classic a group must be one suit")

    def can_move(self, src: int, count: int, dst: int) -> bool:
        try:
            self.check_move(src, count, dst)
        except IllegalMove:
            return False
        return True

    def legal_destinations(self, src: int, count: int) -> list[int]:
        """Every column that can take the last `count` cards of column `src`."""
        # The same rules as check_move, without raising: the view asks this for
        # every drag and the placement help, so it must stay cheap.
        if not (_is_column(src) and isinstance(count, int)) or self.is_won:
            return []
        source = self._columns[src]
        if not 1 <= count <= len(source) or movable_count(source, self._rule) < count:
            return []
        wanted = source[-count].rank + 1
        return [
            dst for dst, target in enumerate(self._columns) if dst != src and (not target or target[-1].rank == wanted)
        ]

    def best_destination(self, src: int, count: int) -> int | None:
        """The double-click choice (SPEC §8): one rank higher of the same suit,
        then one rank higher of another suit, then an empty column (not when the
        group is its whole column); the leftmost among equals; None if none."""
        legal = self.legal_destinations(src, count)
        if not legal:
            return None
        head = self._columns[src][-count]
        other: int | None = None
        empty: int | None = None
        for dst in legal:
            target = self._columns[dst]
            if not target:
                if empty is None and count < len(self._columns[src]):
                    empty = dst
            elif target[-1].suit == head.suit:
                return dst
            elif other is None:
                other = dst
        return other if other is not None else empty

    def move(self, src: int, count: int, dst: int) -> list[Event]:
        """Move the last `count` cards of column `src` onto column `dst`, then
        flip, remove completed runs and score. Returns the events, in order."""
        self.check_move(src, count, dst)
        before = self._snapshot()
        source, target = self._columns[src], self._columns[dst]
        start = len(source) - count
        group = source[start:]
        del source[start:]
        dst_index = len(target)
        target.extend(group)
        events: list[Event] = [CardsMoved(src, start, dst, dst_index, tuple(group))]
        self._flip_last(src, events)
        runs = self._remove_run(dst, events)
        self._finish(before, events, runs, f"{src + 1}>{dst + 1}" if count == 1 else f"{src + 1}:{count}>{dst + 1}")
        return events

    # ---- deals ----------------------------------------------------------

    def check_deal(self) -> None:
        """None if a deal is allowed; otherwise `IllegalMove` (`game-over`, `stock-empty`, `empty-column`)."""
        if self.is_won:
            raise IllegalMove("game-over", "the game is won and over")
        if not self._stock:
            raise IllegalMove("stock-empty", "the stock is empty")
        for i, column in enumerate(self._columns):
            if not column:
                raise IllegalMove("empty-column", f"column {i + 1} is empty: no deal while a column is empty")

    def can_deal(self) -> bool:
        try:
            self.check_deal()
        except IllegalMove:
            return False
        return True

    def deal(self) -> list[Event]:
        """One card from the stock onto each column, column 1 first (SPEC §4)."""
        self.check_deal()
        before = self._snapshot()
        cards = tuple(card.turned(True) for card in self._stock[:COLUMNS])
        self._stock = self._stock[COLUMNS:]
        indices = tuple(len(column) for column in self._columns)
        for column, card in zip(self._columns, cards):
            column.append(card)
        events: list[Event] = [StockDealt(cards, indices, self.deals_left)]
        runs = sum(self._remove_run(col, events) for col in range(COLUMNS))
        self._finish(before, events, runs, "deal")
        return events

    # ---- shared steps of an action ---------------------------------------

    def _flip_last(self, col: int, events: list[Event]) -> None:
        column = self._columns[col]
        if column and not column[-1].face_up:
            column[-1] = column[-1].turned(True)
            events.append(CardFlipped(col, len(column) - 1, column[-1]))

    def _remove_run(self, col: int, events: list[Event]) -> int:
        column = self._columns[col]
        if not completes_run(column):
            return 0
        start = len(column) - 13
        run = tuple(column[start:])
        del column[start:]
        events.append(RunRemoved(col, start, run[0].suit, run, len(self._removed)))
        self._removed.append(run[0].suit)
        self._flip_last(col, events)
        return 1

    def _finish(self, before: _Snapshot, events: list[Event], runs: int, token: str) -> None:
        self._score = max(0, self._score - 1) + RUN_BONUS * runs
        self._moves += 1
        if self.is_won:
            events.append(GameWon(self._score, self._moves))
        self._history.append(_Done(before, tuple(events)))
        self._record.append(token)

    def _snapshot(self) -> _Snapshot:
        return _Snapshot(tuple(map(tuple, self._columns)), self._stock, tuple(self._removed), self._score, self._moves)

    def _restore(self, snap: _Snapshot) -> None:
        self._columns = [list(column) for column in snap.columns]
        self._stock = snap.stock
        self._removed = list(snap.removed)
        self._score = snap.score
        self._moves = snap.moves

    # ---- undo, restart, record -------------------------------------------

    @property
    def can_undo(self) -> bool:
        return bool(self._history) and not self.is_won

    def undo(self) -> list[Event]:
        """Take back the last action (up to 100 in a row); returns the inverse events."""
        if self.is_won:
            raise IllegalMove("game-over", "the game is won and over: undo is closed")
        if not self._history:
            raise IllegalMove("nothing-to-undo", "there is nothing to undo")
        done = self._history.pop()
        self._restore(done.before)
        self._record.pop()
        return [event.inverse() for event in reversed(done.events)]

    def restart(self) -> list[Event]:
        """Back to the first table of this game: history and record cleared."""
        self._restore(self._start)
        self._history.clear()
        self._record.clear()
        return self.opening()

    def opening(self) -> list[Event]:
        """The current table as one `TableDealt` event, round by round, for the opening animation."""
        placements = []
        for index in range(max(map(len, self._columns), default=0)):
            for col, column in enumerate(self._columns):
                if index < len(column):
                    placements.append((col, index, column[index]))
        return [TableDealt(tuple(placements))]

    @property
    def record(self) -> str:
        """Every action since the start (undone ones excluded): ``3>7 3:4>7 deal``."""
        return " ".join(self._record)

    def play(self, actions: str | Iterable[str]) -> list[Event]:
        """Apply a record. An illegal or unreadable token raises `IllegalMove`
        naming it; the game is left as it was just before that token."""
        tokens = actions.split() if isinstance(actions, str) else list(actions)
        events: list[Event] = []
        for n, token in enumerate(tokens, 1):
            try:
                if token.lower() == "deal":
                    events += self.deal()
                else:
                    src, count, dst = _parse_token(token)
                    events += self.move(src, count, dst)
            except IllegalMove as err:
                raise IllegalMove(err.reason, f"action {n} {token!r}: {err}") from None
        return events

    # ---- text ------------------------------------------------------------

    def to_text(self) -> str:
        """The position text of the current table (see `position`)."""
        return format_position(self._position(self._snapshot()))

    def start_text(self) -> str:
        """The position text of this game's first table."""
        return format_position(self._position(self._start))

    def _position(self, snap: _Snapshot) -> Position:
        return Position(self._suits, self._rule, snap.stock, snap.removed, snap.score, snap.moves, snap.columns)

    def describe(self, lang: str = "en") -> str:
        """The table in words for a screen reader, in `en`, `it` or `es`."""
        return describe_table(lang, self._columns, self.deals_left, len(self._stock), self._removed)

    def __repr__(self) -> str:
        name = self._code or f"S{self._suits}{self._rule.letter} from text"
        return f"<Game {name} score={self._score} moves={self._moves}>"


def _is_column(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < COLUMNS


def _parse_token(token: str) -> tuple[int, int, int]:
    """``3>7`` → (2, 1, 6); ``3:4>7`` → (2, 4, 6)."""
    source, arrow, target = token.partition(">")
    column, colon, count_text = source.partition(":")
    try:
        src, dst = int(column) - 1, int(target) - 1
        count = int(count_text) if colon else 1
    except ValueError:
        raise IllegalMove("bad-token", f"{token!r} is not an action (like 3>7, 3:4>7 or deal)") from None
    if not arrow or not (_is_column(src) and _is_column(dst)):
        raise IllegalMove("bad-token", f"{token!r} is not an action: columns are 1-10, like 3>7, 3:4>7 or deal")
    return src, count, dst
