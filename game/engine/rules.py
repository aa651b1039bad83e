"""The rules of docs/RULES.md §3 and §5 as one-line predicates over cards (KPatience's
`checkAdd` style). `checks` builds every refusal and listing from these, so
each rule is written once.

>>> from .cards import Card
>>> can_place([Card.of(10, "S")], Card.of(9, "H")), can_place([], Card.of(4, "D"))
(True, True)
>>> nine, eight = Card.of(9, "S"), Card.of(8, "H")
>>> moves_with(nine, eight, Rule.CLASSIC), moves_with(nine, eight, Rule.FLEXIBLE)
(False, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from .cards import Card
from .numbers import ACE, KING, RANKS


class Rule(str, Enum):  # noqa: UP042 - a StrEnum would change str(Rule.CLASSIC), a public value
    """Classic: a group must be one suit to move. Flexible: any descending group moves."""

    CLASSIC = "classic"
    FLEXIBLE = "flexible"

    @property
    def letter(self) -> str:
        return "C" if self is Rule.CLASSIC else "F"


def moves_with(upper: Card, lower: Card, rule: Rule) -> bool:
    """`lower`, lying on `upper`, moves together with it: face up, one rank
    lower, and (in Classic) of the same suit."""
    return upper.face_up and upper.rank == lower.rank + 1 and (rule is Rule.FLEXIBLE or upper.suit == lower.suit)


def can_place(target: Sequence[Card], head: Card) -> bool:
    """A group whose first card is `head` can go on `target`: an empty column, or one rank higher."""
    return not target or target[-1].rank == head.rank + 1


def takes_nothing(target: Sequence[Card]) -> bool:
    """Nothing goes on this column: it ends with an ace."""
    return bool(target) and target[-1].rank == ACE


def suited(upper: Card, lower: Card) -> bool:
    """Both cards are of one suit (the double-click prefers such a target)."""
    return upper.suit == lower.suit


def movable_count(column: Sequence[Card], rule: Rule) -> int:
    """How many cards at the end of `column` move together (0 for an empty column)."""
    n = len(column)
    if not n:
        return 0
    below = column[-1]
    for i in range(n - 2, -1, -1):
        card = column[i]
        if not moves_with(card, below, rule):
            return n - 1 - i
        below = card
    return n


def completes_run(column: Sequence[Card]) -> bool:
    """True when the column ends with king down to ace of one suit, all face up."""
    if len(column) < RANKS or column[-1].rank != ACE:
        return False
    suit = column[-1].suit
    return all(
        card.face_up and card.suit == suit and card.rank == KING - offset for offset, card in enumerate(column[-RANKS:])
    )
