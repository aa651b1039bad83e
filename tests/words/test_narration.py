"""Every action in words: the sentence for each event kind, in each language."""

from __future__ import annotations

import re

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
from game.words.i18n import LANGUAGES, catalogue
from game.words.narration import (
    Action,
    column_read,
    column_summary,
    drop_hint,
    duration,
    put_back,
    refusal,
    score_line,
    sentence,
    taken,
)

EN, IT, ES = catalogue("en"), catalogue("it"), catalogue("es")


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in text.split())


def moved(text: str, src: int = 1, dst: int = 3) -> CardsMoved:
    return CardsMoved(src, 4, dst, 6, cards(text))


SEVEN_TO_4 = CardsMoved(1, 5, 3, 7, cards("7H"))
JACK_UP = CardFlipped(1, 4, Card.of(11, "S"))


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        (EN, "7 of hearts to column 4; the jack of spades turns up in column 2."),
        (IT, "Il 7 di cuori sulla colonna 4; il fante di picche si scopre nella colonna 2."),
        (ES, "El 7 de corazones a la columna 4; la jota de picas queda boca arriba en la columna 2."),
    ],
)
def test_a_move_that_turns_a_card_up(words: dict[str, str], expected: str) -> None:
    assert sentence(words, [SEVEN_TO_4, JACK_UP]) == expected


@pytest.mark.parametrize(
    ("card", "it", "es"),
    [
        ("AH", "L'asso di cuori", "El as de corazones"),
        ("8H", "L'8 di cuori", "El 8 de corazones"),
        ("JH", "Il fante di cuori", "La jota de corazones"),
        ("QH", "La donna di cuori", "La reina de corazones"),
        ("KH", "Il re di cuori", "El rey de corazones"),
    ],
)
def test_articles_agree_with_the_rank(card: str, it: str, es: str) -> None:
    event = CardsMoved(0, 3, 5, 2, cards(card))
    assert sentence(IT, [event]) == f"{it} sulla colonna 6."
    assert sentence(ES, [event]) == f"{es} a la columna 6."
    assert sentence(EN, [event]).startswith(sentence(EN, [event])[:1].upper())


@pytest.mark.parametrize(
    ("words", "group", "expected"),
    [
        (EN, "9S 8S 7S 6S 5S", "5 cards, 9 of spades to 5, to column 3."),
        (IT, "9S 8S 7S 6S 5S", "5 carte, dal 9 di picche al 5, sulla colonna 3."),
        (ES, "9S 8S 7S 6S 5S", "5 cartas, del 9 de picas al 5, a la columna 3."),
        (IT, "QS JS", "2 carte, dalla donna di picche al fante, sulla colonna 3."),
        (ES, "QS JS", "2 cartas, de la reina de picas a la jota, a la columna 3."),
        (IT, "9H 8H", "2 carte, dal 9 di cuori all'8, sulla colonna 3."),
        # a group of mixed suits (Relaxed rules) names its last card's suit too
        (EN, "9S 8H", "2 cards, 9 of spades to 8 of hearts, to column 3."),
    ],
)
def test_a_group(words: dict[str, str], group: str, expected: str) -> None:
    assert sentence(words, [moved(group, dst=2)]) == expected


@pytest.mark.parametrize(
    ("left", "en", "it", "es"),
    [
        (3, "Deal: ten cards, 3 deals left.", "Distribuzione: dieci carte, 3 distribuzioni rimanenti.",
         "Reparto: diez cartas, 3 repartos restantes."),
        (1, "Deal: ten cards, 1 deal left.", "Distribuzione: dieci carte, 1 distribuzione rimanente.",
         "Reparto: diez cartas, 1 reparto restante."),
        (0, "Deal: ten cards, no deals left.", "Distribuzione: dieci carte, nessuna distribuzione rimanente.",
         "Reparto: diez cartas, ningún reparto restante."),
    ],
)  # fmt: skip
def test_a_deal_counts_the_deals_left(left: int, en: str, it: str, es: str) -> None:
    deal = StockDealt(cards(" ".join(["5D"] * 10)), tuple(range(10)), left)
    assert [sentence(w, [deal]) for w in (EN, IT, ES)] == [en, it, es]


def test_a_run_removed_and_the_win() -> None:
    run = RunRemoved(5, 0, "S", cards("KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"), 7)
    events: list[Event] = [moved("AS", dst=5), run, GameWon(1234, 150)]
    assert sentence(EN, events) == (
        "Ace of spades to column 6; run of spades removed from column 6; game won: score 1234 in 150 moves."
    )
    assert sentence(IT, events) == (
        "L'asso di picche sulla colonna 6; sequenza di picche rimossa dalla colonna 6; "
        "partita vinta: punteggio 1234 in 150 mosse."
    )
    assert sentence(ES, events) == (
        "El as de picas a la columna 6; escalera de picas retirada de la columna 6; "
        "partida ganada: puntuación 1234 en 150 movimientos."
    )
    assert sentence(EN, [GameWon(600, 1)]) == "Game won: score 600 in 1 move."
    assert sentence(IT, [GameWon(600, 1)]) == "Partita vinta: punteggio 600 in 1 mossa."
    assert sentence(ES, [GameWon(600, 1)]) == "Partida ganada: puntuación 600 en 1 movimiento."


def test_undoing_a_move_tells_where_the_cards_went_back() -> None:
    forward: list[Event] = [SEVEN_TO_4, JACK_UP]
    undo = [event.inverse() for event in reversed(forward)]
    assert sentence(EN, undo, Action.UNDO) == (
        "Undone: 7 of hearts back to column 2; the jack of spades turns face down in column 2."
    )
    assert sentence(IT, undo, Action.UNDO) == (
        "Annullato: il 7 di cuori torna sulla colonna 2; il fante di picche si ricopre nella colonna 2."
    )
    assert sentence(ES, undo, Action.UNDO) == (
        "Deshecho: el 7 de corazones vuelve a la columna 2; la jota de picas vuelve boca abajo en la columna 2."
    )
    group = [moved("9S 8S", src=0, dst=2).inverse()]
    assert sentence(EN, group, Action.UNDO) == "Undone: 2 cards, 9 of spades to 8, back to column 1."


def test_undoing_a_deal_and_a_run() -> None:
    dealt = StockDealt(cards(" ".join(["5D"] * 10)), tuple(range(10)), 2)
    run = RunRemoved(5, 0, "H", cards("KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH"), 0)
    undo: list[Event] = [run.inverse(), dealt.inverse()]
    assert isinstance(undo[0], RunRestored) and isinstance(undo[1], StockReturned)
    assert sentence(EN, undo, Action.UNDO) == (
        "Undone: ten cards back on the stock, 3 deals left; run of hearts back on column 6."
    )
    assert sentence(IT, undo, Action.UNDO) == (
        "Annullato: dieci carte di nuovo nel tallone, 3 distribuzioni rimanenti; "
        "sequenza di cuori di nuovo sulla colonna 6."
    )
    assert sentence(ES, undo, Action.UNDO) == (
        "Deshecho: diez cartas de vuelta al mazo, 3 repartos restantes; "
        "escalera de corazones de vuelta en la columna 6."
    )


def test_a_new_game_and_a_restart() -> None:
    game = Game.random(1, seed=7)
    events = game.opening()
    assert isinstance(events[0], TableDealt)
    assert sentence(EN, events, Action.NEW) == "New game: 54 cards on the table, 5 deals left."
    assert (
        sentence(IT, events, Action.RESTART) == "Partita ricominciata: 54 carte sul tavolo, 5 distribuzioni rimanenti."
    )
    assert sentence(ES, events, Action.NEW) == "Partida nueva: 54 cartas en la mesa, 5 repartos restantes."


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        (EN, "Refused: nothing goes on an ace."),
        (IT, "Non consentito: sull'asso non si mette niente."),
        (ES, "No permitido: sobre un as no va nada."),
    ],
)
def test_a_refusal_names_the_rule(words: dict[str, str], expected: str) -> None:
    assert refusal(words, Reason.ACE) == expected


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_and_event_has_words_in_every_language(lang: str) -> None:
    words = catalogue(lang)
    for reason in Reason:
        if reason in (Reason.BAD_INDEX, Reason.BAD_TOKEN):
            continue  # a damaged record, never a player's action
        assert re.fullmatch(r"[^{}]+\.", refusal(words, reason)), reason
    # every rank in every role (its class has all four forms), every suit
    for rank in range(1, 14):
        for suit in "SHDC":
            first = Card.of(rank, suit)
            text = sentence(words, [moved(f"{first}"), CardFlipped(0, 0, first), moved(f"{first} {first}")])
            assert "{" not in text and text.endswith(".")
    assert sentence(words, []) == ""


def test_a_real_game_move_through_the_engine() -> None:
    game = Game.random(1)
    move = next(iter(game.legal_moves()))
    text = sentence(EN, game.move(move))
    assert f"to column {move.dst + 1}" in text
    assert sentence(EN, game.undo(), Action.UNDO).startswith("Undone: ")


@pytest.mark.parametrize(
    ("words", "take", "back"),
    [
        (EN, "6 of spades and 2 more taken.", "6 of spades put back."),
        (IT, "In mano: 6 di picche e altre 2.", "Di nuovo sul tavolo: 6 di picche."),
        (ES, "En la mano: 6 de picas y 2 más.", "De nuevo en la mesa: 6 de picas."),
    ],
)
def test_a_group_taken_and_put_back(words: dict[str, str], take: str, back: str) -> None:
    assert taken(words, cards("6S 5S 4S")) == take
    assert put_back(words, cards("6S")) == back


def test_where_a_held_group_would_go_in_each_language() -> None:
    group = cards("AS")
    assert drop_hint(EN, group, Card.parse("2H"), None) == "drop here: ace of spades onto 2 of hearts"
    assert drop_hint(IT, group, Card.parse("QH"), None) == "posa qui: asso di picche sulla donna di cuori"
    assert drop_hint(ES, group, Card.parse("AH"), Reason.ACE) == "no puede ir aquí: sobre un as no va nada"
    assert drop_hint(EN, group, None, None) == "drop here: ace of spades on the empty column"


@pytest.mark.parametrize(
    ("column", "en", "it"),
    [
        (
            "5S 5H 6D 7C 8S | QS JS TS",
            "Column 3: 5 face down, queen of spades to 10 of spades",
            "Colonna 3: 5 coperte, dalla donna di picche al 10 di picche",
        ),
        ("| 7H", "Column 3: 7 of hearts", "Colonna 3: 7 di cuori"),
        ("KS |", "Column 3: 1 face down", "Colonna 3: 1 coperta"),
        ("", "Column 3: empty", "Colonna 3: vuota"),
    ],
)
def test_a_column_is_named_by_what_it_holds(column: str, en: str, it: str) -> None:
    down, _, up = column.partition("|")
    held = tuple(Card.parse(w, face_up=False) for w in down.split()) + cards(up)
    assert column_summary(EN, 3, held) == en
    assert column_summary(IT, 3, held) == it


def test_a_column_read_card_by_card_face_down_count_first() -> None:
    held = (Card.parse("KS", face_up=False), *cards("QS JS TS"))
    assert column_read(EN, 3, held, 3) == (
        "Column 3: 1 face down, then queen of spades, jack of spades, 10 of spades. The last 3 can move."
    )
    assert column_read(ES, 1, cards("2H"), 1) == "Columna 1: 2 de corazones. La última carta se puede mover."
    assert column_read(IT, 2, (), 0) == "Colonna 2: vuota."


def test_the_score_line_and_the_time_shown() -> None:
    assert score_line(EN, 480, 20, 3, 2) == "Score 480, 20 moves, 3 deals left, 2 runs removed."
    assert score_line(EN, 500, 1, 0, 1, 3725) == (
        "Score 500, 1 move, no deals left, 1 run removed, 1 hour 2 minutes 5 seconds played."
    )
    assert score_line(IT, 499, 1, 4, 0, 61) == (
        "Punti 499, 1 mossa, 4 distribuzioni rimanenti, nessuna sequenza rimossa, 1 minuto 1 secondo di gioco."
    )
    assert duration(ES, 0) == "0 segundos"
