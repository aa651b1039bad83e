"""Game codes (docs/RULES.md §2) and the project's own shuffle.

A code is ``SP1-S<suits><rule>-<shuffle>``: ``SP1-S1C-AAAAAAD`` is one suit,
Classic, shuffle number 3. The shuffle number is 35 bits written as seven
RFC 4648 base32 characters, most significant first.

The shuffle must give the same deck for a code forever, on every Python, so it
is our own algorithm rather than `random.shuffle`:

1. Start from the variant's deck in a fixed order (`cards.full_deck`): suit by
   suit in the order S H D C, each 13-card set ace to king.
2. Seed SplitMix64 (Steele, Lea & Flood 2014; the constants below) with the
   shuffle number.
3. Fisher-Yates from the end: for i = 103 down to 1, draw the next 64-bit
   output x and swap positions i and ``x mod (i + 1)``. (The modulo bias is
   below 2^-56, far under anything a player could notice.)

>>> parse_code(" sp1-s1f-aaaaaad ")
(1, <Rule.CLASSIC: 'classic'>, 3)
>>> format_code(2, Rule.FLEXIBLE, 2**35 - 1)
'SP1-S2F-7777777'
"""

from __future__ import annotations

from typing import Final

from .cards import Card, full_deck
from .errors import InvalidCode
from .numbers import COLUMNS, TABLEAU_CARDS
from .rules import Rule

BASE32: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
SHUFFLE_LIMIT: Final = 2**35
_MASK64: Final = (1 << 64) - 1


def splitmix64(state: int) -> tuple[int, int]:
    """One SplitMix64 step: (new state, output)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return state, z ^ (z >> 31)


def shuffled_deck(suits: int, shuffle: int) -> list[Card]:
    """The 104 cards of a variant in dealing order for a shuffle number, face down."""
    deck = full_deck(suits)
    state = shuffle
    for i in range(len(deck) - 1, 0, -1):
        state, x = splitmix64(state)
        j = x % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def first_table(suits: int, shuffle: int) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """The columns and the stock a code names (docs/RULES.md §1): card i of the first 54
    goes to column ``i mod 10``, the last card of each column face up; the
    other 50 are the stock, in the order they will be dealt."""
    deck = shuffled_deck(suits, shuffle)
    columns: list[list[Card]] = [[] for _ in range(COLUMNS)]
    for i, card in enumerate(deck[:TABLEAU_CARDS]):
        columns[i % COLUMNS].append(card)
    for column in columns:
        column[-1] = column[-1].turned(True)
    return tuple(map(tuple, columns)), tuple(deck[TABLEAU_CARDS:])


def format_code(suits: int, rule: Rule, shuffle: int) -> str:
    """The canonical code; at one suit the rule is always written Classic."""
    if suits == 1:
        rule = Rule.CLASSIC
    chars = "".join(BASE32[(shuffle >> (5 * k)) & 31] for k in range(6, -1, -1))
    return f"SP1-S{suits}{rule.letter}-{chars}"


def _shown(part: str) -> str:
    """A part of a code quoted for a message, shortened (a whole file may be pasted
    by mistake); `game.words.echo.shown` does the same above the engine."""
    return repr(part) if len(part) <= 40 else f"{part[:39] + '…'!r} ({len(part)} characters)"


def parse_code(code: str) -> tuple[int, Rule, int]:
    """(suits, rule, shuffle) of a code; `InvalidCode` names the part that is wrong."""
    if not isinstance(code, str):
        raise InvalidCode("format", f"a game code is text like SP1-S1C-AAAAAAD, not {type(code).__name__}")
    text = code.strip().upper()
    parts = text.split("-")
    if len(parts) != 3:
        shape = "expected three parts like SP1-S1C-AAAAAAD"
        raise InvalidCode("format", f"{_shown(code.strip())} is not a game code: {shape}")
    version, variant, shuffle_text = parts
    if version != "SP1":
        if version.startswith("SP") and version[2:].isdigit():
            raise InvalidCode("version", f"code version {_shown(version)} is not supported (this game reads SP1)")
        raise InvalidCode("version", f"a game code starts with SP1, not {_shown(version)}")
    if len(variant) != 3 or variant[0] != "S" or variant[1] not in "124":
        raise InvalidCode("suits", f"variant {_shown(variant)}: expected S1, S2 or S4 followed by C or F")
    if variant[2] not in "CF":
        raise InvalidCode("rule", f"variant {_shown(variant)}: the rule letter must be C (Classic) or F (Flexible)")
    if len(shuffle_text) != 7 or any(c not in BASE32 for c in shuffle_text):
        raise InvalidCode("shuffle", f"shuffle {_shown(shuffle_text)}: expected 7 characters from A-Z and 2-7")
    shuffle = 0
    for c in shuffle_text:
        shuffle = shuffle * 32 + BASE32.index(c)
    suits = int(variant[1])
    rule = Rule.CLASSIC if variant[2] == "C" or suits == 1 else Rule.FLEXIBLE
    return suits, rule, shuffle
