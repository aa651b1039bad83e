"""The table in words, for a screen reader, in English, Italian and Spanish.

The Italian and Spanish sentences follow the examples of the original rules
pages word for word; the rest of the pattern (several face-up cards, columns
with nothing face down, empty columns and stock, singular forms, removed runs)
extends them in the same style.

>>> from game.engine.cards import Card
>>> describe_table("en", [[Card.of(13, "S", False), Card.of(1, "H")]] + [[]] * 9, 0, 0, ["S"])
'Stock: empty; 1 run removed (spades). Column 1: 1 face down, then ace of hearts; column 2: empty; column 3: empty; column 4: empty; column 5: empty; column 6: empty; column 7: empty; column 8: empty; column 9: empty; column 10: empty.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card


@dataclass(frozen=True)
class _Words:
    stock: str
    empty_stock: str
    cards: tuple[str, str]  # singular, plural templates
    deals: tuple[str, str]
    no_runs: str
    runs: tuple[str, str]
    column: str
    down: tuple[str, str]
    then: str
    empty_column: str
    card: str  # "{rank} of {suit}"
    ranks: dict[int, str]
    suits: dict[str, str]


_WORDS = {
    "en": _Words(
        stock="Stock",
        empty_stock="empty",
        cards=("{n} card", "{n} cards"),
        deals=("{n} deal left", "{n} deals left"),
        no_runs="no runs removed",
        runs=("{n} run removed ({suits})", "{n} runs removed ({suits})"),
        column="column",
        down=("{n} face down", "{n} face down"),
        then="then",
        empty_column="empty",
        card="{rank} of {suit}",
        ranks={1: "ace", 11: "jack", 12: "queen", 13: "king"},
        suits={"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
    ),
    "it": _Words(
        stock="Tallone",
        empty_stock="vuoto",
        cards=("{n} carta", "{n} carte"),
        deals=("{n} distribuzione rimanente", "{n} distribuzioni rimanenti"),
        no_runs="nessuna sequenza rimossa",
        runs=("{n} sequenza rimossa ({suits})", "{n} sequenze rimosse ({suits})"),
        column="colonna",
        down=("{n} coperta", "{n} coperte"),
        then="poi",
        empty_column="vuota",
        card="{rank} di {suit}",
        ranks={1: "asso", 11: "fante", 12: "donna", 13: "re"},
        suits={"S": "picche", "H": "cuori", "D": "quadri", "C": "fiori"},
    ),
    "es": _Words(
        stock="Mazo",
        empty_stock="vacío",
        cards=("{n} carta", "{n} cartas"),
        deals=("{n} reparto restante", "{n} repartos restantes"),
        no_runs="ninguna escalera retirada",
        runs=("{n} escalera retirada ({suits})", "{n} escaleras retiradas ({suits})"),
        column="columna",
        down=("{n} boca abajo", "{n} boca abajo"),
        then="después",
        empty_column="vacía",
        card="{rank} de {suit}",
        ranks={1: "as", 11: "jota", 12: "reina", 13: "rey"},
        suits={"S": "picas", "H": "corazones", "D": "diamantes", "C": "tréboles"},
    ),
}

LANGUAGES = tuple(_WORDS)


def _count(forms: tuple[str, str], n: int, **extra: str) -> str:
    return (forms[0] if n == 1 else forms[1]).format(n=n, **extra)


def card_name(lang: str, card: Card) -> str:
    """``10 of spades``, ``asso di quadri``, ``rey de corazones``."""
    w = _WORDS[lang]
    return w.card.format(rank=w.ranks.get(card.rank, str(card.rank)), suit=w.suits[card.suit])


def describe_table(
    lang: str,
    columns: Sequence[Sequence[Card]],
    deals_left: int,
    stock_cards: int,
    removed: Sequence[str],
) -> str:
    """One paragraph: the stock, the removed runs, then every column."""
    if lang not in _WORDS:
        raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(LANGUAGES)}")
    w = _WORDS[lang]
    if stock_cards:
        stock = f"{_count(w.cards, stock_cards)}, {_count(w.deals, deals_left)}"
    else:
        stock = w.empty_stock
    if removed:
        runs = _count(w.runs, len(removed), suits=", ".join(w.suits[s] for s in removed))
    else:
        runs = w.no_runs
    parts = []
    for number, column in enumerate(columns, 1):
        down = sum(1 for card in column if not card.face_up)
        up = ", ".join(card_name(lang, card) for card in column if card.face_up)
        if not column:
            body = w.empty_column
        elif down:
            body = f"{_count(w.down, down)}, {w.then} {up}"
        else:
            body = up
        parts.append(f"{w.column} {number}: {body}")
    table = "; ".join(parts)
    return f"{w.stock}: {stock}; {runs}. {table[0].upper()}{table[1:]}."
