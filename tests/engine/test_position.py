"""The position text: round trip and every refusal."""

from __future__ import annotations

import pytest

from engine.tables import run_text, table
from game.engine import Game, InvalidPosition

# ---- position text -------------------------------------------------------------


def test_position_text_round_trips_exactly() -> None:
    g = Game.from_code("SP1-S4C-AAAAAAD")
    g.deal()
    text = g.to_text()
    assert Game.from_text(text).to_text() == text
    assert g.start_text() == Game.from_code("SP1-S4C-AAAAAAD").to_text()


def test_position_text_ignores_blank_lines_spaces_case_and_accepts_10() -> None:
    text = Game.from_code("SP1-S1C-AAAAAAD").to_text()
    messy = "\n\n" + "\n".join("  " + line.lower().replace("ts", "10s") + "  \n" for line in text.splitlines())
    assert Game.from_text(messy).to_text() == text


def test_a_game_from_text_has_no_code_and_restarts_to_that_text() -> None:
    g = table({1: "| 9S", 2: "| TS"})
    first = g.to_text()
    g.move(0, 1, 1)
    g.restart()
    assert g.code is None and g.to_text() == first


def _lines() -> list[str]:
    return Game.from_code("SP1-S1C-AAAAAAD").to_text().splitlines()


def _with(index: int, line: str) -> str:
    lines = _lines()
    lines[index] = line
    return "\n".join(lines)


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        (_with(0, "Variant: S3C"), 1, "variant 'S3C'"),
        (_with(0, "Kind: S1C"), 1, "'Variant:'"),
        (_with(1, "Stock: 2S 8S 3S"), 2, "the stock holds 3 cards"),
        (_with(1, "Stock: 2S 8S 3S 4S 6S 3S AS JS KS XS"), 2, "'XS' is not a card"),
        (_with(2, "Removed: Q"), 3, "a suit is one of S H D C"),
        (_with(3, "Score: -4"), 4, "score -4 is negative"),
        (_with(4, "Moves: many"), 5, "moves 'many' is not a whole number"),
        (_with(5, "1: 8S AS TS AS KS 2S"), 6, "expected '|'"),
        (_with(5, "1: 8S AS TS AS KS 2S |"), 6, "last card is face down"),
        (_with(5, "1: 8S AS TS AS KS | 2S 2S"), 0, "105 cards"),
        (_with(5, "1: 8S AS TS AS KS | 3S"), 0, "holds 7 × 2S"),
        ("\n".join(_lines()[:12]), 0, "ends before the '8' line"),
        ("\n".join([*_lines(), "11: |"]), 16, "unexpected line"),
    ],
)
def test_a_bad_position_is_refused_naming_the_line_and_the_fault(text: str, line: int, words: str) -> None:
    with pytest.raises(InvalidPosition) as err:
        Game.from_text(text)
    assert err.value.line == line
    assert words in str(err.value)


def test_a_column_that_still_ends_with_a_complete_run_is_refused() -> None:
    with pytest.raises(InvalidPosition, match="column 1 ends with a complete run"):
        table({1: "| " + run_text("S")})
    table({1: "| " + run_text("S", 13, 2)})  # one card short is fine
