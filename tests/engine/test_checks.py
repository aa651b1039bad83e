"""What the rules allow on a whole table: the legal-move listing, why a group
can go nowhere, and the deal that can never come."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.tables import run_text, table
from game.engine import Game, IllegalMove, Move, Reason, Rule

BUSY_3_9 = {n: f"| {'23456789T'[n - 1]}S" for n in range(3, 10)}
# Columns 2-9 busy with cards that take neither a 7, an 8 nor an ace (column 10 ends with an ace).
NO_EIGHT_NO_TWO = {2: "| 5S", 3: "| 9S", 4: "| 5H", 5: "| 9H", 6: "| 6S", 7: "| 4S", 8: "| 3S", 9: "| JS"}


def brute_force(g: Game) -> list[Move]:
    """Every (src, count, dst) the rules accept, asked one by one."""
    longest = max(len(column) for column in g.columns)
    triples = product(range(10), range(1, longest + 1), range(10))
    return [Move(*triple) for triple in triples if g.can_move(*triple)]


@settings(max_examples=25, deadline=None)
@given(
    suits=st.sampled_from([1, 2, 4]),
    rule=st.sampled_from([Rule.CLASSIC, Rule.FLEXIBLE]),
    seed=st.integers(0, 2**35 - 1),
    choices=st.lists(st.integers(0, 10_000), max_size=60),
)
def test_legal_moves_lists_exactly_the_moves_the_rules_accept_each_once(
    suits: int, rule: Rule, seed: int, choices: list[int]
) -> None:
    g = Game.random(suits, rule, seed)
    for n, choice in enumerate(choices):
        moves = list(g.legal_moves())
        if n % 15 == 0:
            assert moves == brute_force(g)  # same moves, same order, no repeats
        actions: list[Move | None] = [*moves, *([None] if g.can_deal() else [])]
        if not actions or g.is_won:
            break
        action = actions[choice % len(actions)]
        g.move(action) if action is not None else g.deal()
    assert list(g.legal_moves()) == brute_force(g)


def test_legal_moves_of_a_won_game_is_empty() -> None:
    g = table({1: "| " + run_text("S", 13, 2), 2: "| AS"}, removed="S S S S S S S")
    g.move(1, 1, 0)
    assert g.is_won and list(g.legal_moves()) == [] and g.legal_destinations(0, 1) == []


def test_legal_moves_include_groups_and_empty_columns() -> None:
    g = table({1: "| 9S 8S", 2: "| TS", 3: "|", **{n: "| AS" for n in range(4, 10)}})
    assert [str(m) for m in g.legal_moves()] == ["1>3", "1:2>2", "1:2>3", "2>3", *(f"{n}>3" for n in range(4, 11))]


# ---- why a group can go nowhere (the double-click's refusal) -------------------


def test_an_ace_that_no_two_takes_needs_a_two() -> None:
    g = table({1: "| AH", **NO_EIGHT_NO_TWO}, suits=2)
    assert g.best_destination(0, 1) is None
    assert g.why_nowhere(0, 1) is Reason.NEEDS_TWO


def test_a_card_that_no_column_takes_needs_one_rank_higher() -> None:
    g = table({1: "| 7H", **NO_EIGHT_NO_TWO}, suits=2)
    assert g.why_nowhere(0, 1) is Reason.NEEDS_HIGHER


def test_a_king_needs_an_empty_column() -> None:
    g = table({1: "5H | KS", **NO_EIGHT_NO_TWO}, suits=2)
    assert g.why_nowhere(0, 1) is Reason.KING_NEEDS_EMPTY


def test_a_group_alone_in_its_column_is_not_sent_to_an_empty_one() -> None:
    g = table({1: "| 9H 8H", **NO_EIGHT_NO_TWO, 9: "|"}, suits=2)
    assert g.legal_destinations(0, 2) == [8] and g.best_destination(0, 2) is None
    assert g.why_nowhere(0, 2) is Reason.WHOLE_COLUMN


def test_the_groups_own_fault_comes_first() -> None:
    g = table({1: "| 9H 8S", 2: "| TS", 3: "4S | 7S 5S", 4: "| TH"}, suits=2)
    assert g.why_nowhere(0, 2) is Reason.MIXED_SUITS  # even though 10♠ would take a 9
    assert g.why_nowhere(2, 2) is Reason.NOT_DESCENDING
    assert g.why_nowhere(2, 3) is Reason.FACE_DOWN


def test_a_group_with_a_place_has_no_reason_and_bad_numbers_are_named() -> None:
    g = table({1: "| 9S", 2: "| TS"})
    assert g.why_nowhere(0, 1) is None
    assert g.why_nowhere(0, 2) is Reason.BAD_INDEX and g.why_nowhere(11, 1) is Reason.BAD_INDEX


def test_why_nowhere_agrees_with_best_destination_everywhere() -> None:
    g = Game.from_code("SP1-S4F-SPIDER4")
    for _ in range(40):
        for src, count in product(range(10), range(1, 8)):
            if count <= len(g.columns[src]):
                assert (g.why_nowhere(src, count) is None) == (g.best_destination(src, count) is not None)
        moves = list(g.legal_moves())
        if not moves:
            break
        g.move(moves[-1])


# ---- the deal that can never come ------------------------------------------------


def test_a_dead_end_deal_is_refused_with_its_own_reason() -> None:
    # 7 runs removed and 10 cards in the stock: 3 on the table cannot fill 10 columns.
    g = table({1: "| 3S", 2: "| 2S", 3: "| AS"}, removed="S S S S S S S", stock=10, filler=4)
    assert g.cards_on_table == 3
    with pytest.raises(IllegalMove) as err:
        g.deal()
    assert err.value.reason is Reason.DEAD_END and not g.can_deal()
    assert f"{err.value.reason}" == "empty-column-few"  # the key the view has always shown


def test_an_empty_column_that_could_be_filled_is_the_plain_refusal() -> None:
    g = table({1: "| 5S", 2: "|", **BUSY_3_9}, stock=10, filler=10)
    with pytest.raises(IllegalMove) as err:
        g.check_deal()
    assert err.value.reason is Reason.EMPTY_COLUMN and g.cards_on_table >= 10
