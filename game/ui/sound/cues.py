"""The engine's events as sounds: a pure function of the events and the animation's timing.

A put-down's pitch follows the card's rank (an ace low, a king high) and its
stereo place follows the column (column 1 on the left, column 10 on the
right), so a player hears where a card went and what it was. Each cue is
timed on the choreography's timeline, at the player's animation speed: a
moved card sounds as it lands, each card of a deal as it reaches its
column, a run's flourish as it leaves, the fanfare when the last run has
landed. With animations off an action makes one sound, its main one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import assert_never

from game.engine.cards import Card
from game.engine.events import (
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
from game.engine.numbers import COLUMNS


class Sound(StrEnum):
    """The sounds, named as their files in resources/sounds/ (made by tools/sounds)."""

    PICK = "pick"
    DROP = "drop"
    FLIP = "flip"
    DEAL = "deal"
    REFUSE = "refuse"
    RUN = "run"
    UNDO = "undo"
    WIN = "win"


@dataclass(frozen=True, slots=True)
class Cue:
    """One sound to play `at` seconds after its action began, `pitch` times
    its own (1: as made), at `pan` (-1 left … 1 right) and `volume` (0 … 1,
    before the player's volume)."""

    sound: Sound
    at: float = 0.0
    pitch: float = 1.0
    pan: float = 0.0
    volume: float = 1.0


@dataclass(frozen=True, slots=True)
class Beats:
    """The choreography's lengths (seconds at "normal" speed) that sounds keep time with."""

    glide: float
    flip: float
    deal: float
    deal_stagger: float
    opening_stagger: float


# Which sound speaks for an action when it may make only one (animations off).
PRIORITY = (Sound.WIN, Sound.RUN, Sound.UNDO, Sound.REFUSE, Sound.DEAL, Sound.DROP, Sound.FLIP, Sound.PICK)
PAN_WIDTH = 0.7  # the outer columns: clearly left and right, never in one ear only
SEMITONES_PER_RANK = 0.75  # ace to king: nine semitones, the tock's pitch still a card's
OPENING_EVERY = 4  # the opening deal's 54 cards: a tick for one card in four


def pan_of(column: int) -> float:
    """Where a column sounds: -PAN_WIDTH for the first, +PAN_WIDTH for the last."""
    return round(PAN_WIDTH * (2 * column / (COLUMNS - 1) - 1), 4)


def pitch_of(card: Card) -> float:
    """The put-down's pitch for a card: 1 for a seven, lower below, higher above."""
    return round(2 ** ((card.rank - 7) * SEMITONES_PER_RANK / 12), 4)


def picked(column: int, card: Card) -> Cue:
    """A group lifted from `column` (`card` is the one the player holds, its first)."""
    return Cue(Sound.PICK, pitch=pitch_of(card), pan=pan_of(column), volume=0.8)


def refused(column: int | None) -> Cue:
    """A refused move or deal (`column` None: the stock, on the right)."""
    return Cue(Sound.REFUSE, pan=pan_of(COLUMNS - 1 if column is None else column), volume=0.9)


def cues(
    events: Sequence[Event],
    beats: Beats,
    factor: float,
    starts: Sequence[float] | None = None,
    undo: bool = False,
) -> list[Cue]:
    """The sounds of one action: `events` as the engine listed them,
    `starts[i]` when the choreography began event i (seconds from now; all 0
    if None), `factor` the animation speed (0: off, one sound), `undo` when
    the action takes another back (one swish, not the sounds of the cards)."""
    begins = [0.0] * len(events) if starts is None else list(starts)
    out: list[Cue] = []
    if undo:
        column = next((_column(e) for e in events if _column(e) is not None), None)
        out.append(Cue(Sound.UNDO, pan=0.0 if column is None else pan_of(column), volume=0.9))
    else:
        for event, at in zip(events, begins, strict=True):
            out.extend(_event_cues(event, at, beats, factor))
    if factor == 0 and out:
        main = min(out, key=lambda cue: (PRIORITY.index(cue.sound), cue.at))
        return [Cue(main.sound, 0.0, main.pitch, main.pan, main.volume)]
    return sorted(out, key=lambda cue: cue.at)


def _event_cues(event: Event, at: float, beats: Beats, f: float) -> list[Cue]:
    match event:
        case CardsMoved(dst=dst, cards=cards):
            return [Cue(Sound.DROP, at + beats.glide * f * 0.85, pitch_of(cards[0]), pan_of(dst))]
        case CardFlipped(column=column):
            return [Cue(Sound.FLIP, at + beats.flip * f * 0.5, pan=pan_of(column), volume=0.7)]
        case StockDealt(cards=cards):
            lands = [at + (col * beats.deal_stagger + beats.deal * 0.9) * f for col in range(len(cards))]
            return [
                Cue(Sound.DEAL, t, pitch_of(card), pan_of(col), 0.8)
                for col, (t, card) in enumerate(zip(lands, cards, strict=True))
            ]
        case RunRemoved(column=column):
            return [Cue(Sound.RUN, at, pan=pan_of(column) * 0.5, volume=0.9)]
        case GameWon():
            return [Cue(Sound.WIN, at, volume=0.9)]
        case TableDealt(placements=placements):
            return [
                Cue(Sound.DEAL, at + (k * beats.opening_stagger + beats.deal * 0.9) * f, pan=pan_of(col), volume=0.5)
                for k, (col, _, _) in enumerate(placements)
                if k % OPENING_EVERY == 0
            ]
        case StockReturned() | RunRestored():
            return []  # only ever taken back: the undo's own sound
        case _:
            assert_never(event)


def _column(event: Event) -> int | None:
    """The column an undone event brings cards back to, if one."""
    match event:
        case CardsMoved(dst=dst):
            return dst
        case RunRestored(column=column):
            return column
        case StockReturned():
            return COLUMNS - 1  # to the stock, on the right
    return None
