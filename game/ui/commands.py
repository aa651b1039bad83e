"""An intent applied to the engine: what happened, or why not.

`apply(game, intent)` is the only place the table changes the game. It
returns `Applied(events)` (the engine's events, for the choreography and the
session) or `Refused(reason, cards)`: the rule that stopped it (a key of
`table.rule.*` in the catalogues) and the cards the player tried to use, so
the view can shake them or send them home.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import Game, IllegalMove
from game.engine.events import Event

from .intents import Command, MoveGroup, SendToBest, Take

COLUMNS = 10

# A group's own faults: whatever the target, the group cannot move.
_GROUP_FAULTS = ("face-down", "not-descending", "mixed-suits", "game-over")

EngineIntent = MoveGroup | SendToBest | Take | Command


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
    reason: str
    cards: ColumnEnd | StockFront | None = None


Outcome = Applied | Refused


def apply(game: Game, intent: EngineIntent) -> Outcome:
    """Do what `intent` asks of `game` (moves, deal, undo, restart)."""
    match intent:
        case MoveGroup(src, count):
            return _attempt(game, intent, ColumnEnd(src, count))
        case SendToBest(src, count):
            best = game.best_destination(src, count)
            if best is None:
                return Refused(nowhere(game, src, count), ColumnEnd(src, count))
            return _attempt(game, MoveGroup(src, count, best), ColumnEnd(src, count))
        case Take(src, count):
            return Refused(nowhere(game, src, count), ColumnEnd(src, count))
        case Command.DEAL:
            return _attempt(game, intent, StockFront())
        case Command.UNDO | Command.RESTART:
            return _attempt(game, intent, None)
    raise ValueError(f"{intent!r} is not asked of the engine")


def _attempt(game: Game, intent: MoveGroup | Command, cards: ColumnEnd | StockFront | None) -> Outcome:
    try:
        if isinstance(intent, MoveGroup):
            return Applied(tuple(game.move(intent.src, intent.count, intent.dst)))
        if intent is Command.DEAL:
            return Applied(tuple(game.deal()))
        if intent is Command.UNDO:
            return Applied(tuple(game.undo()))
        return Applied(tuple(game.restart()))
    except IllegalMove as err:
        reason = err.reason
        if reason == "empty-column" and game.cards_on_table < COLUMNS:
            # The dead end: too few cards to fill every column, so no deal can follow.
            reason = "empty-column-few"
        return Refused(reason, cards)


def nowhere(game: Game, src: int, count: int) -> str:
    """Why the last `count` cards of `src` cannot go anywhere: the group's
    own fault if it has one, else the first target's complaint."""
    reasons = []
    for dst in range(COLUMNS):
        if dst == src:
            continue
        try:
            game.check_move(src, count, dst)
        except IllegalMove as err:
            if err.reason in _GROUP_FAULTS:
                return err.reason
            reasons.append(err.reason)
    return "rank" if "rank" in reasons or not reasons else reasons[0]
