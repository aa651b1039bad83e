"""The game: a table, its rules, score, history and record.

>>> g = Game.from_code("SP1-S1C-AAAAAAD")
>>> g.score, g.moves, g.deals_left
(500, 0, 5)
>>> _ = g.deal()
>>> g.score, g.moves, g.record
(499, 1, 'deal')
>>> (_ := g.undo()) and (g.moves, g.record, g.redo_record)
(0, '', 'deal')
>>> (_ := g.redo()) and (g.moves, g.record, g.undos)
(1, 'deal', 1)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import overload

from .cards import Card
from .checks import best_destination, check_deal, check_move, legal_destinations, legal_moves, why_nowhere
from .codes import SHUFFLE_LIMIT, first_table, format_code, parse_code
from .describe import describe_table
from .errors import IllegalMove, MoveError, Reason, at_action
from .events import CardFlipped, CardsMoved, Event, GameWon, RunRemoved, StockDealt, TableDealt
from .history import Done, Histories, Snapshot, check_rewind
from .moves import Move, move_numbers
from .numbers import COLUMNS, RANKS, RUN_BONUS, RUNS_TO_WIN, START_SCORE, UNDO_LIMIT
from .position import Position, format_position, parse_position
from .rules import Rule, completes_run, movable_count


class Game:
    """One game of Spider. Build it with `from_code`, `random` or `from_text`."""

    def __init__(self, suits: int, rule: Rule, code: str | None, start: Snapshot) -> None:
        self._suits = suits
        self._rule = Rule.CLASSIC if suits == 1 else rule
        self._code = code
        self._start = start
        self._history = Histories()
        self._keep_history = True  # False while `play` replays actions undo cannot reach
        self._movable: list[int] = []  # movable_count of each column, -1 until asked
        self._columns: list[list[Card]] = []
        self._stock: tuple[Card, ...] = ()
        self._removed: list[str] = []
        self._score = 0
        self._moves = 0
        self._restore(start)

    # ---- construction -------------------------------------------------

    @classmethod
    def from_code(cls, code: str) -> Game:
        """The game a code names (docs/RULES.md §2); `InvalidCode` names the bad part."""
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
        columns, stock = first_table(suits, shuffle)
        return cls(suits, rule, format_code(suits, rule, shuffle), Snapshot(columns, stock, (), START_SCORE, 0))

    @classmethod
    def from_text(cls, text: str) -> Game:
        """The game of a position text; `InvalidPosition` names the line and the fault."""
        p = parse_position(text)
        start = Snapshot(p.columns, p.stock, p.removed, p.score, p.moves)
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
        count = self._movable[col]
        if count < 0:  # worked out once per table: the view asks on every press and hover
            count = self._movable[col] = movable_count(self._columns[col], self._rule)
        return count

    # ---- moves ----------------------------------------------------------

    @overload
    def check_move(self, move: Move, /) -> None: ...
    @overload
    def check_move(self, src: int, count: int, dst: int) -> None: ...
    def check_move(self, src: int | Move, count: int | None = None, dst: int | None = None) -> None:
        """None if the move (a `Move`, or its three numbers) is legal; otherwise
        `IllegalMove` with the first reason that applies (`checks.check_move`)."""
        check_move(self._columns, self.movable_count, *move_numbers(src, count, dst), won=self.is_won)

    @overload
    def can_move(self, move: Move, /) -> bool: ...
    @overload
    def can_move(self, src: int, count: int, dst: int) -> bool: ...
    def can_move(self, src: int | Move, count: int | None = None, dst: int | None = None) -> bool:
        try:
            self.check_move(*move_numbers(src, count, dst))
        except IllegalMove:
            return False
        return True

    def legal_destinations(self, src: int, count: int) -> list[int]:
        """Every column that can take the last `count` cards of column `src`."""
        return [] if self.is_won else legal_destinations(self._columns, self.movable_count, src, count)

    def legal_moves(self) -> Iterator[Move]:
        """Every legal move, each once (deals are separate: `can_deal`), by
        source column, then group size, then target column.

        >>> g = Game.from_code("SP1-S1C-AAAAAAD")
        >>> [str(move) for move in g.legal_moves()]
        ['1>8', '6>1', '7>10', '8>7', '9>4', '9>5', '10>2']
        >>> g.move(next(g.legal_moves()))[0]
        CardsMoved(src=0, src_index=5, dst=7, dst_index=5, cards=(Card(rank=2, suit='S', face_up=True),))
        """
        return iter(()) if self.is_won else legal_moves(self._columns, self.movable_count)

    def best_destination(self, src: int, count: int) -> int | None:
        """The double-click choice (docs/RULES.md §8): one rank higher of the same suit,
        then one rank higher of another suit, then an empty column (not when the
        group is its whole column); the leftmost among equals; None if none."""
        return None if self.is_won else best_destination(self._columns, self.movable_count, src, count)

    def why_nowhere(self, src: int, count: int) -> Reason | None:
        """Why the double-click has nowhere to send the last `count` cards of
        column `src`, None when `best_destination` finds a column. The group's
        own fault first (`FACE_DOWN`, `NOT_DESCENDING`, `MIXED_SUITS`), else
        what the table lacks: `WHOLE_COLUMN`, `KING_NEEDS_EMPTY`, `NEEDS_TWO`
        or `NEEDS_HIGHER`.

        >>> Game.from_code("SP1-S1C-AAAAAAD").why_nowhere(1, 1)  # a 6: no column ends with a 7
        <Reason.NEEDS_HIGHER: 'needs-higher'>
        """
        if self.is_won:
            return Reason.GAME_OVER
        return why_nowhere(self._columns, self.movable_count, src, count)

    @overload
    def move(self, move: Move, /) -> list[Event]: ...
    @overload
    def move(self, src: int, count: int, dst: int) -> list[Event]: ...
    def move(self, src: int | Move, count: int | None = None, dst: int | None = None) -> list[Event]:
        """Move the last `count` cards of column `src` onto column `dst` (or make
        a `Move`), then flip, remove completed runs and score. Returns the
        events, in order."""
        if isinstance(src, Move):
            src, count, dst = move_numbers(src, count, dst)
        check_move(self._columns, self.movable_count, src, count, dst, won=self.is_won)  # type: ignore[arg-type]
        assert count is not None and dst is not None  # checked just above (mypy's narrowing)
        before = self._snapshot() if self._keep_history else None
        source, target = self._columns[src], self._columns[dst]
        start = len(source) - count
        group = source[start:]
        del source[start:]
        dst_index = len(target)
        target.extend(group)
        events: list[Event] = [CardsMoved(src, start, dst, dst_index, tuple(group))]
        self._flip_last(src, events)
        runs = self._remove_run(dst, events)
        self._finish(before, events, runs, Move.token(src, count, dst))
        return events

    # ---- deals ----------------------------------------------------------

    def check_deal(self) -> None:
        """None if a deal is allowed; otherwise `IllegalMove` (`checks.check_deal`)."""
        check_deal(self._columns, len(self._stock), won=self.is_won)

    def can_deal(self) -> bool:
        try:
            self.check_deal()
        except IllegalMove:
            return False
        return True

    def deal(self) -> list[Event]:
        """One card from the stock onto each column, column 1 first (docs/RULES.md §4)."""
        self.check_deal()
        before = self._snapshot() if self._keep_history else None
        cards = tuple(card.turned(True) for card in self._stock[:COLUMNS])
        self._stock = self._stock[COLUMNS:]
        indices = tuple(len(column) for column in self._columns)
        for column, card in zip(self._columns, cards, strict=True):
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
        start = len(column) - RANKS
        run = tuple(column[start:])
        del column[start:]
        events.append(RunRemoved(col, start, run[0].suit, run, len(self._removed)))
        self._removed.append(run[0].suit)
        self._flip_last(col, events)
        return 1

    def _finish(self, before: Snapshot | None, events: list[Event], runs: int, token: str) -> None:
        self._score = max(0, self._score - 1) + RUN_BONUS * runs
        self._moves += 1
        if self.is_won:
            events.append(GameWon(self._score, self._moves))
        self._history.did(None if before is None else Done(before, tuple(events)), token)
        self._movable = [-1] * COLUMNS

    def _snapshot(self) -> Snapshot:
        return Snapshot(tuple(map(tuple, self._columns)), self._stock, tuple(self._removed), self._score, self._moves)

    def _restore(self, snap: Snapshot) -> None:
        self._columns = [list(column) for column in snap.columns]
        self._stock = snap.stock
        self._removed = list(snap.removed)
        self._score = snap.score
        self._moves = snap.moves
        self._movable = [-1] * COLUMNS

    # ---- undo, restart, record -------------------------------------------

    @property
    def can_undo(self) -> bool:
        return bool(self._history.done) and not self.is_won

    def undo(self) -> list[Event]:
        """Take back the last action (up to 100 in a row); returns the inverse events."""
        check_rewind(self.is_won, self._history.done, Reason.NOTHING_TO_UNDO, "undo")
        done = self._history.take_back(self._snapshot())
        self._restore(done.before)
        return [event.inverse() for event in reversed(done.events)]

    @property
    def can_redo(self) -> bool:
        return bool(self._history.undone) and not self.is_won

    def redo(self) -> list[Event]:
        """The last action undone, made again exactly (docs/RULES.md §7); a new action forgets it."""
        check_rewind(self.is_won, self._history.undone, Reason.NOTHING_TO_REDO, "redo")
        undone = self._history.put_back()
        self._restore(undone.after)
        return list(undone.done.events)

    @property
    def redo_record(self) -> str:
        """The actions redo would play, the next one first: ``deal 3>7``."""
        return self._history.redo_record

    @property
    def undos(self) -> int:
        """Actions taken back since the first table (or a restart): a win with none is clean."""
        return self._history.undos

    def resume(self, record: str, redo: str = "", undos: int = 0) -> None:
        """From the first table to where a saved game stood: `record` played, `redo`
        played and undone (for redo to find), `undos` counted; the errors are `play`'s."""
        self.play(record)
        tokens = redo.split()
        self.play(tokens)
        for _ in tokens:
            self.undo()
        self._history.undos = undos

    def copy(self) -> Game:
        """An independent game at the same point: table, record, undo and redo."""
        twin = Game(self._suits, self._rule, self._code, self._start)
        twin._restore(self._snapshot())
        twin._history = self._history.copy()
        return twin

    def restart(self) -> list[Event]:
        """Back to the first table of this game: histories and record cleared."""
        self._restore(self._start)
        self._history.clear()
        return self.opening()

    def opening(self) -> list[Event]:
        """The current table as one `TableDealt` event, round by round, for the opening animation."""
        return [TableDealt.of(self._columns)]

    @property
    def record(self) -> str:
        """Every action since the start (undone ones excluded): ``3>7 3:4>7 deal``."""
        return " ".join(self._history.record)

    def play(self, actions: str | Iterable[str]) -> list[Event]:
        """Apply a record. A token that is no action raises `InvalidMove`, an
        action the rules refuse `IllegalMove`; either names the token and its
        place, and the game is left as it was just before that token (undo
        then reaches back only over actions among the record's last 100)."""
        tokens = actions.split() if isinstance(actions, str) else list(actions)
        events: list[Event] = []
        # Actions further back than undo reaches need no snapshot: a long
        # record (a resumed game) replays about twice as fast.
        undoable_from = len(tokens) - UNDO_LIMIT
        for n, token in enumerate(tokens, 1):
            self._keep_history = n > undoable_from
            try:
                events += self.deal() if token.lower() == "deal" else self.move(Move.parse(token))
            except MoveError as err:
                raise at_action(err, n, token) from None
            finally:
                self._keep_history = True
        return events

    # ---- text ------------------------------------------------------------

    def to_text(self) -> str:
        """The position text of the current table (see `position`)."""
        return format_position(self._position(self._snapshot()))

    def start_text(self) -> str:
        """The position text of this game's first table."""
        return format_position(self._position(self._start))

    def _position(self, snap: Snapshot) -> Position:
        return Position(self._suits, self._rule, snap.stock, snap.removed, snap.score, snap.moves, snap.columns)

    def describe(self, words: Mapping[str, str]) -> str:
        """The table in words for a screen reader, in the language of `words`:
        ``game.describe(game.words.i18n.catalogue("it"))`` (see `describe`)."""
        return describe_table(words, self._columns, self.deals_left, len(self._stock), self._removed)

    def __repr__(self) -> str:
        name = self._code or f"S{self._suits}{self._rule.letter} from text"
        return f"<Game {name} score={self._score} moves={self._moves}>"
