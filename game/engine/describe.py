"""The table in words, for a screen reader: the sentence here, the words in
the catalogues (``resources/i18n/<lang>/describe.json``, keys ``describe.*``).

Why the engine builds the sentence but receives the words: the sentence is
about the table (the stock, then the removed runs, then each column's
face-down count and face-up cards; a singular or plural by count; a capital
after the full stop) and needs nothing but the cards, so it is tested here
with no files; the words are data like every other text the game shows, kept
and translated with them. The engine stays pure: it reads no file, and takes
the words as a `Mapping` (``game.words.i18n.catalogue(lang)``, or any mapping that
holds the ``describe.*`` keys).

The Italian and Spanish words reproduce the examples of the original rules
pages character for character; the rest of the pattern (several face-up
cards, columns with nothing face down, empty columns and stock, singular
forms, removed runs) extends them in the same style.

>>> from .cards import Card
>>> words = {
...     "describe.sentence": "Stock: {stock}; {runs}. {columns}.", "describe.stock.empty": "empty",
...     "describe.runs.one": "{n} run removed ({suits})", "describe.column": "column {number}: {cards}",
...     "describe.column.empty": "empty", "describe.down.one": "{n} face down",
...     "describe.down_then_up": "{down}, then {up}", "describe.card": "{rank} of {suit}",
...     "describe.rank.1": "ace", "describe.suit.S": "spades", "describe.suit.H": "hearts",
... }
>>> describe_table(words, [[Card.of(13, "S", False), Card.of(1, "H")], []], 0, 0, ["S"])
'Stock: empty; 1 run removed (spades). Column 1: 1 face down, then ace of hearts; column 2: empty.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .cards import Card

Words = Mapping[str, str]
"""Texts by key; the description reads the ``describe.*`` keys."""


def _count(words: Words, key: str, n: int, **extra: str) -> str:
    """``describe.<key>.one`` or ``.other`` as `n` asks, filled in."""
    return words[f"describe.{key}.{'one' if n == 1 else 'other'}"].format(n=n, **extra)


def card_name(words: Words, card: Card) -> str:
    """``10 of spades``, ``asso di quadri``, ``rey de corazones``."""
    rank, suit = words[f"describe.rank.{card.rank}"], words[f"describe.suit.{card.suit}"]
    return words["describe.card"].format(rank=rank, suit=suit)


def describe_table(
    words: Words,
    columns: Sequence[Sequence[Card]],
    deals_left: int,
    stock_cards: int,
    removed: Sequence[str],
) -> str:
    """One paragraph: the stock, the removed runs, then every column."""
    if isinstance(words, str):
        raise TypeError(f"describe takes the words (game.words.i18n.catalogue({words!r})), not a language code")
    if stock_cards:
        stock = f"{_count(words, 'cards', stock_cards)}, {_count(words, 'deals', deals_left)}"
    else:
        stock = words["describe.stock.empty"]
    if removed:
        runs = _count(words, "runs", len(removed), suits=", ".join(words[f"describe.suit.{s}"] for s in removed))
    else:
        runs = words["describe.runs.none"]
    parts = [
        words["describe.column"].format(number=number, cards=_column(words, column))
        for number, column in enumerate(columns, 1)
    ]
    table = "; ".join(parts)
    return words["describe.sentence"].format(stock=stock, runs=runs, columns=table[:1].upper() + table[1:])


def _column(words: Words, column: Sequence[Card]) -> str:
    if not column:
        return words["describe.column.empty"]
    down = sum(1 for card in column if not card.face_up)
    up = ", ".join(card_name(words, card) for card in column if card.face_up)
    return words["describe.down_then_up"].format(down=_count(words, "down", down), up=up) if down else up
