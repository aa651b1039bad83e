"""The undo and redo histories' entries: the whole table state as an
immutable value, so undo and redo restore it in one step (python-chess's
stack of snapshots)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from .cards import Card
from .errors import IllegalMove, Reason
from .events import Event
from .numbers import UNDO_LIMIT


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The whole mutable state, immutable, so undo restores it in one step."""

    columns: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    removed: tuple[str, ...]
    score: int
    moves: int


@dataclass(frozen=True, slots=True)
class Done:
    """One action in the undo history: the state before it and what it did."""

    before: Snapshot
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Undone:
    """One action taken back, as redo finds it: the state it led to, the
    action as undo knew it, and its record token."""

    after: Snapshot
    done: Done
    token: str


class Histories:
    """A game's record (the tokens of the actions that stand) and what undo
    and redo can reach (docs/RULES.md §7): the last `UNDO_LIMIT` actions
    done, the actions undone since the last new one, and how many actions
    were taken back since the first table."""

    def __init__(self) -> None:
        self.record: list[str] = []
        self.done: deque[Done] = deque(maxlen=UNDO_LIMIT)
        self.undone: list[Undone] = []  # the next one to redo last
        self.undos = 0

    def did(self, done: Done | None, token: str) -> None:
        """A new action (`done` None when undo need not reach it): nothing can be redone any more."""
        if done is not None:
            self.done.append(done)
        self.record.append(token)
        self.undone.clear()

    def take_back(self, now: Snapshot) -> Done:
        """The last action done, undone from the table `now`; redo keeps it."""
        done = self.done.pop()
        self.undone.append(Undone(now, done, self.record.pop()))
        self.undos += 1
        return done

    def put_back(self) -> Undone:
        """The last action undone, done again."""
        undone = self.undone.pop()
        self.done.append(undone.done)
        self.record.append(undone.token)
        return undone

    @property
    def redo_record(self) -> str:
        return " ".join(undone.token for undone in reversed(self.undone))

    def copy(self) -> Histories:
        """An independent copy (the entries are values: shared)."""
        twin = Histories()
        twin.record, twin.done, twin.undone = list(self.record), self.done.copy(), list(self.undone)
        twin.undos = self.undos
        return twin

    def clear(self) -> None:
        self.record.clear()
        self.done.clear()
        self.undone.clear()
        self.undos = 0


def check_rewind(won: bool, reachable: object, nothing: Reason, name: str) -> None:
    """Undo or redo (`name`) is allowed: `IllegalMove` when the game is won, or
    with `nothing` when there is nothing `reachable`."""
    if won:
        raise IllegalMove(Reason.GAME_OVER, f"the game is won and over: {name} is closed")
    if not reachable:
        raise IllegalMove(nothing, f"there is nothing to {name}")
