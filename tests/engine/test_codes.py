"""docs/RULES.md §1 (cards and deal) and §2 (game codes)."""

from __future__ import annotations

from collections import Counter

import pytest

from game.engine import Game, InvalidCode, Rule
from game.engine.codes import format_code, parse_code, shuffled_deck

# The first table of three codes, pinned: a code once shared must give the
# same game forever, so any change to the shuffle or the deal fails here.
PINNED = {
    "SP1-S1C-AAAAAAD": (
        "Variant: S1C\n"
        "Stock: 2S 8S 3S 4S 6S 3S AS JS KS TS 6S 6S 4S 8S 2S AS TS 5S 7S KS JS QS JS 6S 3S "
        "4S 7S 7S KS 2S 8S 9S QS JS 7S TS 4S JS QS 9S 9S AS TS 2S 7S 2S KS JS 5S TS\n"
        "Removed:\n"
        "Score: 500\n"
        "Moves: 0\n"
        "1: 8S AS TS AS KS | 2S\n"
        "2: QS 3S 5S 3S 9S | 6S\n"
        "3: 4S AS 6S 6S 6S | QS\n"
        "4: JS 5S QS KS 7S | 9S\n"
        "5: 7S TS 2S 5S | 9S\n"
        "6: TS 4S 3S 5S | AS\n"
        "7: 4S 3S 8S 2S | 4S\n"
        "8: AS 7S QS 5S | 3S\n"
        "9: JS 8S QS KS | 8S\n"
        "10: 9S 8S KS 9S | 5S\n"
    ),
    "SP1-S2F-SPIDER2": (
        "Variant: S2F\n"
        "Stock: 2H AS 3S 4H QS JH AS JH 3H KS 5H 7S KS KH 7S 9S TH 9S 6S JH 6S QH 2H JS 2H "
        "6H QS 7S 3S AS 3S QH 6S 9H 8S 4H 4H 2S 8H JS JH TS 3H KS 4S 3H 5H 3S 7H QS\n"
        "Removed:\n"
        "Score: 500\n"
        "Moves: 0\n"
        "1: 3H AH 7H AS 7S | 2S\n"
        "2: TH 5H 7H AH 8H | KS\n"
        "3: 5S 4S KH JS 9S | QS\n"
        "4: 2S TH 2H TS JS | QH\n"
        "5: 9S AH KH 6H | 6S\n"
        "6: TS AH 6H TS | 7H\n"
        "7: KH 8H TH 4H | 5H\n"
        "8: 5S 4S 6H 9H | 8S\n"
        "9: 8S 8H QH 4S | 5S\n"
        "10: 8S 5S 9H 9H | 2S\n"
    ),
    "SP1-S4C-7777777": (
        "Variant: S4C\n"
        "Stock: 4S 3S 3C QH 6C QD AC 7H 7S 5S KC 9H 8D 4D 2D TD QC KS 5H 8S 9S 5H KD TC JC "
        "JD 8C KC 6H 4H 7D 5C 8H 7D 5S 3H TH 9C 6S 6C 4C TC 8S 4C JH AD 6D 6H 3D 2H\n"
        "Removed:\n"
        "Score: 500\n"
        "Moves: 0\n"
        "1: 5C QH 3S JH 5D | AS\n"
        "2: 8H 5D JD 7H 3D | TH\n"
        "3: TS AD QS 4H 2D | 7C\n"
        "4: 9D KD 4D QC 2C | TD\n"
        "5: 2H 9S KS 9H | QS\n"
        "6: AH 6S AC QD | JC\n"
        "7: 8D 7C 9C AS | 2S\n"
        "8: 8C JS JS KH | 9D\n"
        "9: 6D TS 3C 4S | 2S\n"
        "10: AH 2C KH 3H | 7S\n"
    ),
}


@pytest.mark.parametrize("code", PINNED)
def test_pinned_codes_always_give_the_same_first_table(code: str) -> None:
    assert Game.from_code(code).to_text() == PINNED[code]


@pytest.mark.parametrize(
    ("suits", "expected"),
    [
        (1, {"S": 104}),
        (2, {"S": 52, "H": 52}),
        (4, {"S": 26, "H": 26, "D": 26, "C": 26}),
    ],
)
def test_suit_count_changes_the_composition_never_the_count(suits: int, expected: dict[str, int]) -> None:
    deck = shuffled_deck(suits, 12345)
    assert len(deck) == 104
    assert Counter(c.suit for c in deck) == expected
    per_card = Counter((c.rank, c.suit) for c in deck)
    assert set(per_card.values()) == {8 // suits}


def test_tableau_is_6_6_6_6_then_5_with_only_the_last_card_face_up() -> None:
    g = Game.random(4, seed=99)
    assert [len(c) for c in g.columns] == [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
    for column in g.columns:
        assert column[-1].face_up and not any(c.face_up for c in column[:-1])
    assert sum(not c.face_up for col in g.columns for c in col) == 44
    assert len(g.stock) == 50 and g.deals_left == 5


def test_dealing_order_card_i_goes_to_column_i_mod_10_and_the_rest_is_the_stock() -> None:
    deck = shuffled_deck(2, 777)
    g = Game.random(2, seed=777)
    for i, card in enumerate(deck[:54]):
        dealt = g.columns[i % 10][i // 10]
        assert (dealt.rank, dealt.suit) == (card.rank, card.suit)
    assert [(c.rank, c.suit) for c in g.stock] == [(c.rank, c.suit) for c in deck[54:]]


def test_code_shuffle_is_base32_most_significant_first() -> None:
    assert parse_code("SP1-S1C-AAAAAAD") == (1, Rule.CLASSIC, 3)
    assert parse_code("SP1-S4F-AAAAABA") == (4, Rule.FLEXIBLE, 32)
    assert parse_code("SP1-S2C-7777777") == (2, Rule.CLASSIC, 2**35 - 1)
    assert format_code(1, Rule.CLASSIC, 3) == "SP1-S1C-AAAAAAD"


def test_code_parsing_ignores_case_and_spaces_and_writes_upper_case() -> None:
    assert Game.from_code("  sp1-s2f-spider2 \n").code == "SP1-S2F-SPIDER2"


def test_one_suit_flexible_code_is_accepted_and_written_back_as_classic() -> None:
    g = Game.from_code("SP1-S1F-AAAAAAD")
    assert g.code == "SP1-S1C-AAAAAAD" and g.rule is Rule.CLASSIC
    assert g.to_text() == Game.from_code("SP1-S1C-AAAAAAD").to_text()


def test_random_game_carries_its_code_and_replays_from_it() -> None:
    g = Game.random(2, Rule.FLEXIBLE, seed=3)
    assert g.code == "SP1-S2F-AAAAAAD"
    assert Game.from_code(g.code).to_text() == g.to_text()
    fresh = Game.random(4)
    assert fresh.code is not None and Game.from_code(fresh.code).to_text() == fresh.to_text()


@pytest.mark.parametrize(
    ("code", "part", "words"),
    [
        ("", "format", "three parts"),
        ("SP1-S1C", "format", "three parts"),
        ("SP2-S1C-AAAAAAD", "version", "SP2"),
        ("XX1-S1C-AAAAAAD", "version", "SP1"),
        ("SP1-S3C-AAAAAAD", "suits", "S1, S2 or S4"),
        ("SP1-S2X-AAAAAAD", "rule", "C (Classic) or F (Flexible)"),
        ("SP1-S2C-AAAAAA", "shuffle", "7 characters"),
        ("SP1-S2C-AAAAAA1", "shuffle", "A-Z and 2-7"),
    ],
)
def test_a_bad_code_never_starts_a_game_and_names_the_wrong_part(code: str, part: str, words: str) -> None:
    with pytest.raises(InvalidCode) as err:
        Game.from_code(code)
    assert err.value.part == part
    assert words in str(err.value)
    assert isinstance(err.value, ValueError)


def test_random_refuses_a_seed_out_of_range_and_a_bad_suit_count() -> None:
    with pytest.raises(ValueError, match="2\\^35"):
        Game.random(seed=2**35)
    with pytest.raises(ValueError, match="1, 2 or 4"):
        Game.random(3)
    assert Game.random(2, "flexible", seed=1).rule is Rule.FLEXIBLE
