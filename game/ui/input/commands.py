"""An intent applied to the engine: what happened, or why not.

`apply(game, intent)` is the only place the table changes the game. It
returns `Applied(events)` (the engine's events, for the choreography and the
session) or `Refused(reason, cards)`: the rule that stopped it (a key of
`table.rule.*` in the catalogues) and the cards the player tried to use, so
the view can shake them or send them home.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import Game, IllegalMove, Move, Reason
from game.engine.events import Event
from game.ui.input.intents import Command, SendToBest, Take

EngineIntent = Move | SendToBest | Take | Command


@dataclass(frozen=True, slots=True)
class ColumnEnd:
    """The last `count` cards of column `col`."""

    col: int
    count: int


@dataclass(frozen=True, slots=True)
class StockFront:
    """The ten cards a deal would have dealt."""


@dataclass(frozen=True, slots=True)
class Applied:
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Refused:
    reason: Reason
    cards: ColumnEnd | StockFront | None = None


Outcome = Applied | Refused


def apply(game: Game, intent: EngineIntent) -> Outcome:
    """Do what `intent` asks of `game` (moves, deal, undo, redo, restart)."""
    match intent:
        case Move(src, count):
            return _attempt(game, intent, ColumnEnd(src, count))
        case SendToBest(src, count):
            best = game.best_destination(src, count)
            if best is None:
                return Refused(_nowhere(game, src, count), ColumnEnd(src, count))
            return _attempt(game, Move(src, count, best), ColumnEnd(src, count))
        case Take(src, count):
            return Refused(_nowhere(game, src, count), ColumnEnd(src, count))
        case Command.DEAL:
            return _attempt(game, intent, StockFront())
        case Command.UNDO | Command.REDO | Command.RESTART:
            return _attempt(game, intent, None)
    raise ValueError(f"{intent!r} is not asked of the engine")


def _attempt(game: Game, intent: Move | Command, cards: ColumnEnd | StockFront | None) -> Outcome:
    try:
        if isinstance(intent, Move):
            return Applied(tuple(game.move(intent)))
        if intent is Command.DEAL:
            return Applied(tuple(game.deal()))
        if intent is Command.UNDO:
            return Applied(tuple(game.undo()))
        if intent is Command.REDO:
            return Applied(tuple(game.redo()))
        return Applied(tuple(game.restart()))
    except IllegalMove as err:
        return Refused(Reason(err.reason), cards)


def _nowhere(game: Game, src: int, count: int) -> Reason:
    """Why the group can go nowhere (the engine knows; `RANK` should it ever
    find a column after all)."""
    return game.why_nowhere(src, count) or Reason.RANK
