"""The undo history's entries: the whole table state as an immutable value,
so undo restores it in one step (python-chess's stack of snapshots)."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .events import Event


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
