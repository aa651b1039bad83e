"""Every action in words, in all three languages, from the engine's events."""

from __future__ import annotations

import pytest

from game.engine import Card, Game, Reason
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
from game.i18n import Translator
from game.ui.sentences import action, refusal

SEVEN_H = Card.of(7, "H")
JACK_S = Card.of(11, "S")
TEN = tuple(Card.of(r, "S") for r in range(1, 11))

# One example of every kind of event, and its sentence in each language.
CASES: list[tuple[list[Event], dict[str, str]]] = [
    (
        [CardsMoved(0, 3, 3, 5, (SEVEN_H,)), CardFlipped(0, 2, JACK_S)],
        {
            "en": "7 of hearts to column 4; the jack of spades turns up in column 1.",
            "it": "7 di cuori sulla colonna 4; nella colonna 1 si scopre: fante di picche.",
            "es": "7 de corazones a la columna 4; en la columna 1 se descubre: jota de picas.",
        },
    ),
    (
        [CardsMoved(2, 0, 5, 1, (SEVEN_H, Card.of(6, "H"), Card.of(5, "H")))],
        {
            "en": "3 cards from the 7 of hearts to column 6.",
            "it": "3 carte (da 7 di cuori) sulla colonna 6.",
            "es": "3 cartas (desde 7 de corazones) a la columna 6.",
        },
    ),
    (
        [StockDealt(TEN, (5,) * 10, 3)],
        {
            "en": "Deal: ten cards, 3 deals left.",
            "it": "Distribuzione: dieci carte, 3 distribuzioni rimanenti.",
            "es": "Reparto: diez cartas, 3 repartos restantes.",
        },
    ),
    (
        [StockDealt(TEN, (5,) * 10, 1)],
        {
            "en": "Deal: ten cards, 1 deal left.",
            "it": "Distribuzione: dieci carte, 1 distribuzione rimanente.",
            "es": "Reparto: diez cartas, 1 reparto restante.",
        },
    ),
    (
        [StockDealt(TEN, (5,) * 10, 0)],
        {
            "en": "Deal: ten cards, no deals left.",
            "it": "Distribuzione: dieci carte, nessuna distribuzione rimanente.",
            "es": "Reparto: diez cartas, ningún reparto restante.",
        },
    ),
    (
        [RunRemoved(5, 0, "S", (), 0)],
        {
            "en": "Run of spades removed from column 6.",
            "it": "Sequenza di picche rimossa dalla colonna 6.",
            "es": "Escalera de picas retirada de la columna 6.",
        },
    ),
    (
        [GameWon(1183, 117)],
        {
            "en": "You won! Score 1183 in 117 moves",
        },
    ),
    ([TableDealt(())], {"en": "A new table is dealt."}),
]


@pytest.mark.parametrize(("events", "expected"), CASES)
def test_each_kind_of_event_has_its_sentence(events: list[Event], expected: dict[str, str]) -> None:
    for lang, sentence in expected.items():
        assert action(events, Translator(lang)).startswith(sentence)


def test_undo_says_what_is_taken_back() -> None:
    back = [StockReturned(TEN, (5,) * 10, 5), RunRestored(5, 0, "H", (), 0), CardFlipped(0, 2, JACK_S.turned(False))]
    assert action(back, Translator("en"), undo=True) == (
        "Undone: ten cards back to the stock, 5 deals left; run of hearts back on column 6; "
        "the jack of spades turns face down in column 1."
    )
    said = {lang: action(back, Translator(lang), undo=True) for lang in ("it", "es")}
    assert said["it"].startswith("Annullato: dieci carte tornano nel tallone")
    assert said["es"].startswith("Deshecho: diez cartas vuelven al mazo")


@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_every_refusal_and_every_real_action_has_words(lang: str) -> None:
    t = Translator(lang)
    for reason in Reason:
        if reason not in (Reason.BAD_INDEX, Reason.BAD_TOKEN):
            said = refusal(reason, t)
            assert said.endswith(".") and len(said) > 12
    game = Game.from_code("SP1-S2C-AAAAAAD")
    for _ in range(3):
        move = next(game.legal_moves(), None)
        if move is not None:
            assert action(game.move(move), t)
    assert action(game.deal(), t) and action(game.undo(), t, undo=True)


def test_refusal_in_words() -> None:
    assert refusal(Reason.ACE, Translator("en")) == "Refused: nothing goes on an ace."
