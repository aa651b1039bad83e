"""The position text: a whole table as readable, round-tripping text.

::

    Variant: S2C
    Stock: 3H 4S 5H …
    Removed: S H
    Score: 500
    Moves: 0
    1: 5S KH | TS 9H
    …
    10: |

Each column line lists its face-down cards, ``|``, then its face-up cards.
The stock is listed in deal order (the next ten first).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from .cards import COMPOSITION, RANK_TEXT, SUITS, Card
from .errors import InvalidPosition
from .numbers import COLUMNS, DEALS, DECK_SIZE, RANKS
from .rules import Rule, completes_run

__all__ = ["COLUMNS", "DECK_SIZE", "Position", "format_position", "parse_position", "variant_name"]


@dataclass(frozen=True)
class Position:
    """Everything a position text says, already checked."""

    suits: int
    rule: Rule
    stock: tuple[Card, ...]
    removed: tuple[str, ...]
    score: int
    moves: int
    columns: tuple[tuple[Card, ...], ...]


def variant_name(suits: int, rule: Rule) -> str:
    """``S1C``, ``S2F`` …; one suit is always written Classic."""
    return f"S{suits}{'C' if suits == 1 else rule.letter}"


def format_position(p: Position) -> str:
    lines = [
        f"Variant: {variant_name(p.suits, p.rule)}",
        _joined("Stock:", (str(c) for c in p.stock)),
        _joined("Removed:", p.removed),
        f"Score: {p.score}",
        f"Moves: {p.moves}",
    ]
    for i, column in enumerate(p.columns):
        down = [str(c) for c in column if not c.face_up]
        up = [str(c) for c in column if c.face_up]
        lines.append(f"{i + 1}: " + " ".join([*down, "|", *up]))
    return "\n".join(lines) + "\n"


def _joined(label: str, items: Iterable[str]) -> str:
    words = list(items)
    return " ".join([label, *words]) if words else label


_HEADERS = ("variant", "stock", "removed", "score", "moves")


def parse_position(text: str) -> Position:
    """Read a position text; `InvalidPosition` names the line and the fault."""
    if not isinstance(text, str):
        raise InvalidPosition(0, f"a position is text, not {type(text).__name__}")
    numbered = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    expected = [*(h.capitalize() for h in _HEADERS), *(str(i) for i in range(1, COLUMNS + 1))]
    if len(numbered) < len(expected):
        missing = expected[len(numbered)]
        raise InvalidPosition(0, f"the text ends before the {missing!r} line ({len(expected)} lines expected)")
    if len(numbered) > len(expected):
        n, line = numbered[len(expected)]
        raise InvalidPosition(n, f"unexpected line {line!r} after column 10")

    values: list[tuple[int, str]] = []
    for (n, line), label in zip(numbered, expected, strict=True):
        key, sep, value = line.partition(":")
        if not sep or key.strip().lower() != label.lower():
            raise InvalidPosition(n, f"expected a line starting {label + ':'!r}, found {line!r}")
        values.append((n, value.strip()))

    (vn, variant), (sn, stock_text), (rn, removed_text), (scn, score_text), (mn, moves_text) = values[:5]
    suits, rule = _parse_variant(vn, variant)
    stock = tuple(_parse_cards(sn, stock_text, face_up=False))
    if len(stock) % COLUMNS or len(stock) > DEALS * COLUMNS:
        sizes = ", ".join(str(deals * COLUMNS) for deals in range(DEALS)) + f" or {DEALS * COLUMNS}"
        raise InvalidPosition(sn, f"the stock holds {len(stock)} cards; it must hold {sizes}")
    removed = tuple(_parse_suit(rn, word) for word in removed_text.split())
    score = _parse_count(scn, "score", score_text)
    moves = _parse_count(mn, "moves", moves_text)
    columns = tuple(_parse_column(n, i + 1, value) for i, (n, value) in enumerate(values[5:]))

    _check_deck(suits, stock, removed, columns)
    return Position(suits, rule, stock, removed, score, moves, columns)


def _parse_variant(n: int, text: str) -> tuple[int, Rule]:
    t = text.upper()
    if len(t) != 3 or t[0] != "S" or t[1] not in "124" or t[2] not in "CF":
        raise InvalidPosition(n, f"variant {text!r}: expected S1C, S2C, S2F, S4C or S4F")
    suits = int(t[1])
    return suits, Rule.CLASSIC if t[2] == "C" or suits == 1 else Rule.FLEXIBLE


def _parse_cards(n: int, text: str, face_up: bool) -> list[Card]:
    cards = []
    for word in text.split():
        try:
            cards.append(Card.parse(word, face_up))
        except ValueError as err:
            raise InvalidPosition(n, str(err)) from None
    return cards


def _parse_suit(n: int, word: str) -> str:
    suit = word.upper()
    if suit not in SUITS:
        raise InvalidPosition(n, f"removed run {word!r}: a suit is one of S H D C")
    return suit


def _parse_count(n: int, name: str, text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise InvalidPosition(n, f"{name} {text!r} is not a whole number") from None
    if value < 0:
        raise InvalidPosition(n, f"{name} {value} is negative")
    return value


def _parse_column(n: int, number: int, text: str) -> tuple[Card, ...]:
    down_text, bar, up_text = text.partition("|")
    if not bar:
        raise InvalidPosition(n, f"column {number}: expected '|' between face-down and face-up cards")
    if "|" in up_text:
        raise InvalidPosition(n, f"column {number}: only one '|' is allowed")
    down = _parse_cards(n, down_text, face_up=False)
    up = _parse_cards(n, up_text, face_up=True)
    if down and not up:
        raise InvalidPosition(n, f"column {number}: its last card is face down; the last card must be face up")
    column = (*down, *up)
    if completes_run(column):
        raise InvalidPosition(n, f"column {number} ends with a complete run, which would already be removed")
    return column


def _check_deck(
    suits: int, stock: tuple[Card, ...], removed: tuple[str, ...], columns: tuple[tuple[Card, ...], ...]
) -> None:
    have: Counter[tuple[int, str]] = Counter((c.rank, c.suit) for c in stock)
    for column in columns:
        have.update((c.rank, c.suit) for c in column)
    for suit in removed:
        have.update((rank, suit) for rank in range(1, RANKS + 1))
    want = Counter({(rank, suit): decks for suit, decks in COMPOSITION[suits] for rank in range(1, RANKS + 1)})
    if have == want:
        return
    total = sum(have.values())
    name = f"S{suits}"
    if total != DECK_SIZE:
        raise InvalidPosition(0, f"the table, stock and removed runs hold {total} cards; a Spider deck has {DECK_SIZE}")
    for key in sorted(set(have) | set(want), key=lambda k: (SUITS.index(k[1]), k[0])):
        if have[key] != want[key]:
            card = RANK_TEXT[key[0] - 1] + key[1]
            raise InvalidPosition(0, f"the deck holds {have[key]} × {card}, but the {name} variant has {want[key]}")
