"""Build legal positions for engine tests from just the columns that matter."""

from __future__ import annotations

from collections import Counter

from game.engine import Card, Game
from game.engine.cards import COMPOSITION


def table(
    columns: dict[int, str],
    suits: int = 1,
    rule: str = "C",
    stock: int = 0,
    removed: str = "",
    score: int = 500,
    moves: int = 0,
    filler: int = 10,
    next_deal: str = "",
) -> Game:
    """A game whose columns (1-based keys, text like ``"5S | 9S 8S"``) are as
    given; every other column is empty except `filler`, which takes the cards
    left over after `stock` cards went to the stock, face down under one
    face-up card (an ace when one is left, so it rarely matters to a test).
    `next_deal` names the cards at the front of the stock."""
    want = Counter({(r, s): d for s, d in COMPOSITION[suits] for r in range(1, 14)})
    for suit in removed.split():
        want.subtract({(r, suit): 1 for r in range(1, 14)})
    for text in [*columns.values(), next_deal]:
        for word in text.replace("|", " ").split():
            c = Card.parse(word)
            want[(c.rank, c.suit)] -= 1
    left = sorted(want.elements(), key=lambda rs: (rs[0] != 1, rs[1], rs[0]))
    assert all(v >= 0 for v in want.values()), "more cards than the deck holds"
    extra = stock - len(next_deal.split())
    stock_cards, rest = (left[len(left) - extra :] if extra else []), left[: len(left) - extra]
    lines = [f"Variant: S{suits}{rule}", "Stock: " + " ".join([next_deal, *(_txt(c) for c in stock_cards)])]
    lines += [f"Removed: {removed}", f"Score: {score}", f"Moves: {moves}"]
    for n in range(1, 11):
        if n in columns:
            lines.append(f"{n}: {columns[n]}")
        elif n == filler and rest:
            lines.append(f"{n}: " + " ".join(_txt(c) for c in rest[1:]) + " | " + _txt(rest[0]))
        else:
            lines.append(f"{n}: |")
    return Game.from_text("\n".join(lines))


def _txt(rank_suit: tuple[int, str]) -> str:
    return str(Card.of(*rank_suit))


def run_text(suit: str, high: int = 13, low: int = 1) -> str:
    """``KS QS … AS`` from `high` down to `low`."""
    return " ".join(str(Card.of(r, suit)) for r in range(high, low - 1, -1))
