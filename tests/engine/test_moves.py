"""The move value and its record token (python-chess's `Move` / `uci()`)."""

from __future__ import annotations

import dataclasses
from itertools import product

import pytest

import game.engine
from game.engine import Game, InvalidMove, Move, MoveError
from game.engine.errors import Reason


def test_a_move_writes_the_record_token_and_reads_it_back() -> None:
    assert str(Move(2, 1, 6)) == "3>7"
    assert str(Move(2, 4, 6)) == "3:4>7"
    assert str(Move(9, 13, 0)) == "10:13>1"
    for src, count, dst in product(range(10), range(1, 30), range(10)):
        move = Move(src, count, dst)
        assert Move.parse(str(move)) == move


def test_parse_reads_what_old_records_hold() -> None:
    assert Move.parse("3:1>7") == Move(2, 1, 6)  # a count of one, written out
    assert Move.parse("10>1") == Move(9, 1, 0)


def test_a_move_is_a_small_frozen_value_exported_from_the_engine() -> None:
    move = Move(0, 1, 1)
    assert game.engine.Move is Move and "Move" in game.engine.__all__
    assert not hasattr(move, "__dict__")  # slotted
    with pytest.raises(dataclasses.FrozenInstanceError):
        move.src = 3  # type: ignore[misc]
    assert {Move(0, 1, 1), Move(0, 1, 1)} == {move}


@pytest.mark.parametrize("token", ["deal", "", "3>", ">7", "3-7", "3:>7", "x>7", "11>1", "0>3", "3>11", "3:2:1>4"])
def test_a_token_that_names_no_move_is_a_syntax_error(token: str) -> None:
    with pytest.raises(InvalidMove) as err:
        Move.parse(token)
    assert err.value.reason is Reason.BAD_TOKEN and err.value.token == token
    assert isinstance(err.value, MoveError) and isinstance(err.value, ValueError)
    assert repr(token) in str(err.value)


def test_a_game_takes_a_move_or_its_numbers_alike() -> None:
    by_value, by_numbers = Game.from_code("SP1-S1C-AAAAAAD"), Game.from_code("SP1-S1C-AAAAAAD")
    move = Move.parse("1>8")
    assert by_value.can_move(move) and by_value.check_move(move) is None
    assert by_value.move(move) == by_numbers.move(0, 1, 7)
    assert by_value.record == by_numbers.record == "1>8"
    assert not by_value.can_move(Move(0, 1, 0))
