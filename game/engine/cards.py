"""Cards: rank 1 (ace) to 13 (king), a suit letter, and which way up it lies.

>>> Card.parse("th")
Card(rank=10, suit='H', face_up=True)
>>> str(Card(1, "S"))
'AS'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .numbers import ACE, KING, RANKS

__all__ = ["ACE", "COMPOSITION", "KING", "RANK_TEXT", "SUITS", "Card", "full_deck"]

SUITS: Final = ("S", "H", "D", "C")
RANK_TEXT: Final = "A23456789TJQK"

# Which suits make up the 104 cards for each suit count (docs/RULES.md §1), as
# (suit, decks of 13) pairs.
COMPOSITION: Final[dict[int, tuple[tuple[str, int], ...]]] = {
    1: (("S", 8),),
    2: (("S", 4), ("H", 4)),
    4: (("S", 2), ("H", 2), ("D", 2), ("C", 2)),
}


@dataclass(frozen=True, slots=True)
class Card:
    """One card. Cards are values: flipping one gives another `Card`."""

    rank: int
    suit: str
    face_up: bool = True

    def __str__(self) -> str:
        return RANK_TEXT[self.rank - 1] + self.suit

    def turned(self, face_up: bool) -> Card:
        """The same card lying the given way up."""
        return _CARDS[(self.rank, self.suit, face_up)]

    @staticmethod
    def of(rank: int, suit: str, face_up: bool = True) -> Card:
        """The shared instance of a card (cheaper than building a new one)."""
        return _CARDS[(rank, suit, face_up)]

    @staticmethod
    def parse(text: str, face_up: bool = True) -> Card:
        """A card from text like ``TS``, ``10s`` or ``ah``; ``ValueError`` if it is not one."""
        t = text.strip().upper()
        if t.startswith("10"):
            t = "T" + t[2:]
        if len(t) != 2 or t[0] not in RANK_TEXT or t[1] not in SUITS:
            raise ValueError(f"{text!r} is not a card (rank A 2-9 T J Q K, then suit S H D C)")
        return _CARDS[(RANK_TEXT.index(t[0]) + 1, t[1], face_up)]


_CARDS: Final[dict[tuple[int, str, bool], Card]] = {
    (rank, suit, up): Card(rank, suit, up) for rank in range(ACE, RANKS + 1) for suit in SUITS for up in (True, False)
}


def full_deck(suits: int) -> list[Card]:
    """The 104 cards of a variant in a fixed order (suit by suit, ace to king), face down."""
    deck: list[Card] = []
    for suit, decks in COMPOSITION[suits]:
        for _ in range(decks):
            deck.extend(Card.of(rank, suit, False) for rank in range(ACE, KING + 1))
    return deck
