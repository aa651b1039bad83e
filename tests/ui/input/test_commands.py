"""An intent applied to the engine: the events that happened, or the rule that refused it."""

from __future__ import annotations

from game.engine import Game, Move, Reason
from game.engine.events import CardsMoved, StockDealt
from game.ui.input.commands import Applied, ColumnEnd, Refused, StockFront, apply
from game.ui.input.intents import Command, SendToBest, Take
from ui.table_harness import SIMPLE, position


def test_a_legal_move_is_applied_and_returns_its_events() -> None:
    game = Game.from_text(SIMPLE)
    outcome = apply(game, Move(0, 1, 2))
    assert isinstance(outcome, Applied) and isinstance(outcome.events[0], CardsMoved)
    assert game.record == "1>3"


def test_a_refused_move_names_the_rule_and_the_cards() -> None:
    game = Game.from_text(SIMPLE)
    assert apply(game, Move(0, 1, 1)) == Refused(Reason.RANK, ColumnEnd(0, 1))
    assert game.moves == 0


def test_send_to_best_moves_or_says_why_the_group_can_go_nowhere() -> None:
    game = Game.from_text(SIMPLE)
    refused = apply(game, SendToBest(3, 1))  # QS: no king ends a column, none is empty
    assert refused == Refused(Reason.NEEDS_HIGHER, ColumnEnd(3, 1))
    assert isinstance(apply(game, SendToBest(0, 1)), Applied)
    assert game.record == "1>3"


def test_taking_cards_that_cannot_move_is_refused_with_the_groups_fault() -> None:
    game = Game.from_text(SIMPLE)
    assert apply(game, Take(0, 2)) == Refused(Reason.FACE_DOWN, ColumnEnd(0, 2))


def test_deal_undo_and_restart() -> None:
    game = Game.from_code("SP1-S1C-AAAAAAD")
    dealt = apply(game, Command.DEAL)
    assert isinstance(dealt, Applied) and isinstance(dealt.events[0], StockDealt)
    assert isinstance(apply(game, Command.UNDO), Applied) and game.moves == 0
    assert apply(game, Command.UNDO) == Refused(Reason.NOTHING_TO_UNDO, None)
    apply(game, Command.DEAL)
    assert isinstance(apply(game, Command.RESTART), Applied) and game.moves == 0


def test_the_dead_end_deal_is_refused_with_its_own_reason() -> None:
    game = Game.from_text(position(["| 3S", "| 2S", "| AS"], removed="S S S S S S S", stock=10))
    assert apply(game, Command.DEAL) == Refused(Reason.DEAD_END, StockFront())
