"""Every action in words: one short sentence for what happened, or why not.

The sentence comes from the engine's events (never from the pixels) and the
catalogues (``table.say.*``, with the card names of ``describe.*``); a
count picks the ``.one`` or ``.other`` form, which is right for English,
Italian and Spanish. The view shows it in the status line and, with *Read
aloud* on, speaks it. No arcade here.

>>> from game.engine import Game
>>> from game.i18n import Translator
>>> g = Game.from_code("SP1-S1C-AAAAAAD")
>>> action(g.deal(), Translator("en"))
'Deal: ten cards, 4 deals left.'
>>> action(g.undo(), Translator("it"), undo=True)
'Annullato: dieci carte tornano nel tallone, 5 distribuzioni rimanenti.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from game.engine import Card
from game.engine.describe import card_name
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
from game.i18n import Translator, catalogue


def action(events: Sequence[Event], t: Translator, undo: bool = False) -> str:
    """One sentence for an action's events (`undo`: they take an action back)."""
    parts = [part for event in events if (part := _part(event, t))]
    text = "; ".join(parts)
    if undo:
        text = t.t("table.say.undo", what=text)
    return _sentence(text)


def refusal(reason: str, t: Translator) -> str:
    """One sentence for a refused action: "Refused: nothing goes on an ace."."""
    return _sentence(t.t("table.say.refused", reason=_lower_first(t.t(f"table.rule.{reason}"))))


def _part(event: Event, t: Translator) -> str:
    match event:
        case CardsMoved(dst=dst, cards=cards):
            if len(cards) == 1:
                return t.t("table.say.move.one", card=_card(cards[0], t), column=dst + 1)
            return t.t("table.say.move.other", count=len(cards), card=_card(cards[0], t), column=dst + 1)
        case CardFlipped(column=column, card=card):
            key = "table.say.flip.up" if card.face_up else "table.say.flip.down"
            return t.t(key, card=_card(card.turned(True), t), column=column + 1)
        case StockDealt(deals_left=left):
            return t.t("table.say.deal", deals=_deals(left, t))
        case StockReturned(deals_left=left):
            return t.t("table.say.deal.back", deals=_deals(left, t))
        case RunRemoved(column=column, suit=suit):
            return t.t("table.say.run.removed", suit=_suit(suit, t), column=column + 1)
        case RunRestored(column=column, suit=suit):
            return t.t("table.say.run.back", suit=_suit(suit, t), column=column + 1)
        case GameWon(score=score, moves=moves):
            return f"{t.t('table.win.title')} {t.t('table.win.detail', score=score, moves=moves)}"
        case TableDealt():
            return t.t("table.say.dealt")
        case _:
            assert_never(event)


def _card(card: Card, t: Translator) -> str:
    return card_name(catalogue(t.lang), card)


def _suit(suit: str, t: Translator) -> str:
    return t.t(f"describe.suit.{suit}")


def _deals(left: int, t: Translator) -> str:
    if left == 0:
        return t.t("table.say.deals.none")
    return t.t(f"describe.deals.{'one' if left == 1 else 'other'}", n=left)


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _sentence(text: str) -> str:
    """A capital first and a full stop last (unless it ends with "!")."""
    text = text.strip()
    if not text:
        return text
    text = text[:1].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."
