"""The rules of SPEC §3 and §5 as small predicates over sequences of cards."""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from .cards import ACE, KING, Card


class Rule(str, Enum):
    """Classic: a group must be one suit to move. Flexible: any descending group moves."""

    CLASSIC = "classic"
    FLEXIBLE = "flexible"

    @property
    def letter(self) -> str:
        return "C" if self is Rule.CLASSIC else "F"


def movable_count(column: Sequence[Card], rule: Rule) -> int:
    """How many cards at the end of `column` move together (0 for an empty column)."""
    n = len(column)
    if n == 0:
        return 0
    count = 1
    below = column[-1]
    flexible = rule is Rule.FLEXIBLE
    for i in range(n - 2, -1, -1):
        card = column[i]
        if not card.face_up or card.rank != below.rank + 1 or (not flexible and card.suit != below.suit):
            break
        count += 1
        below = card
    return count


def completes_run(column: Sequence[Card]) -> bool:
    """True when the column ends with king down to ace of one suit, all face up."""
    if len(column) < 13 or column[-1].rank != ACE:
        return False
    suit = column[-1].suit
    for offset, card in enumerate(column[-13:]):
        if not card.face_up or card.suit != suit or card.rank != KING - offset:
            return False
    return True
