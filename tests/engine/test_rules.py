"""The rule predicates (docs/RULES.md §3, §5): one line each, the only place each rule is written."""

from __future__ import annotations

from game.engine.cards import Card
from game.engine.rules import Rule, can_place, completes_run, movable_count, moves_with, takes_nothing


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def test_a_group_goes_on_one_rank_higher_whatever_the_suit_or_on_an_empty_column() -> None:
    nine = Card.parse("9H")
    assert can_place(cards("TS"), nine) and can_place(cards("TH"), nine) and can_place([], nine)
    assert not can_place(cards("JS"), nine) and not can_place(cards("8S"), nine)
    assert can_place(cards("KS 2C"), Card.parse("AD"))


def test_nothing_goes_on_an_ace() -> None:
    assert takes_nothing(cards("5S AS")) and not takes_nothing(cards("2S")) and not takes_nothing([])
    assert not any(can_place(cards("AS"), Card.of(rank, "S")) for rank in range(1, 14))


def test_cards_move_together_face_up_descending_and_in_classic_one_suit() -> None:
    nine, eight_s, eight_h = Card.parse("9S"), Card.parse("8S"), Card.parse("8H")
    assert moves_with(nine, eight_s, Rule.CLASSIC) and moves_with(nine, eight_h, Rule.FLEXIBLE)
    assert not moves_with(nine, eight_h, Rule.CLASSIC)
    assert not moves_with(nine.turned(False), eight_s, Rule.FLEXIBLE)
    assert not moves_with(nine, Card.parse("7S"), Rule.FLEXIBLE)


def test_movable_count_is_the_longest_group_at_the_end_of_a_column() -> None:
    column = [Card.parse("TS", face_up=False), *cards("9H 9S 8S 7H")]
    assert movable_count(column, Rule.CLASSIC) == 1
    assert movable_count(column, Rule.FLEXIBLE) == 3
    assert movable_count([], Rule.FLEXIBLE) == 0
    assert movable_count([Card.parse("TS", face_up=False), *cards("9S")], Rule.FLEXIBLE) == 1


def test_a_run_is_complete_king_to_ace_of_one_suit_all_face_up() -> None:
    run = cards("KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS")
    assert completes_run(run) and completes_run([*cards("4H"), *run])
    assert not completes_run(run[1:])
    assert not completes_run([run[0].turned(False), *run[1:]])
    assert not completes_run([*run[:-1], Card.parse("AH")])
