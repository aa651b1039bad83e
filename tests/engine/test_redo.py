"""docs/RULES.md §7: redo makes the actions undone again, exactly, until a
new action; a saved game brings back what redo reaches.

Tables come from `engine.tables.table`, as in test_game.py.
"""

from __future__ import annotations

import pytest

from engine.tables import run_text, table
from game.engine import Game, IllegalMove

# Columns with one face-up card each, so no column is empty (nine different ranks).
BUSY_1_9 = {n: f"| {'23456789T'[n - 1]}S" for n in range(1, 10)}


def reason(action: object, *args: int) -> str:
    with pytest.raises(IllegalMove) as err:
        action(*args)  # type: ignore[operator]
    return err.value.reason


def test_redo_makes_an_undone_move_again_with_its_flip_run_and_score() -> None:
    g = table({1: "4H | " + run_text("S", 13, 2), 2: "| AS"}, suits=2)
    events = g.move(1, 1, 0)
    after = (g.to_text(), g.score, g.moves, g.removed, g.record)
    g.undo()
    assert g.can_redo and g.redo_record == "2>1"
    assert g.redo() == events
    assert (g.to_text(), g.score, g.moves, g.removed, g.record) == after
    assert not g.can_redo and reason(g.redo) == "nothing-to-redo"
    assert g.can_undo and g.undos == 1


def test_redo_makes_an_undone_deal_again() -> None:
    g = table(BUSY_1_9, stock=20)
    events = g.deal()
    after = g.to_text()
    g.undo()
    assert g.redo() == events and g.to_text() == after and g.deals_left == 1


def test_undone_actions_are_redone_last_undone_first_until_a_new_action() -> None:
    g = table({1: "| TS 9S", 2: "| TS", 3: "| 8S"})
    g.move(0, 1, 1)  # 9S onto the other 10
    g.move(2, 1, 1)  # 8S follows it
    g.undo()
    g.undo()
    assert g.redo_record == "1>2 3>2"
    g.redo()
    assert g.redo_record == "3>2" and g.record == "1>2"
    g.move(2, 1, 1)  # the same action made anew: a new action all the same
    assert not g.can_redo and g.redo_record == "" and g.record == "1>2 3>2"


def test_a_won_game_has_nothing_to_redo_and_a_restart_forgets_redo_and_undos() -> None:
    g = Game.from_code("SP1-S1C-AAAAAAD")
    g.deal()
    g.undo()
    assert g.can_redo and g.undos == 1
    g.restart()
    assert not g.can_redo and g.undos == 0
    won = table({1: "| " + run_text("S", 13, 2), 2: "| AS"}, removed="S S S S S S S")
    won.move(1, 1, 0)
    assert won.is_won and not won.can_redo and reason(won.redo) == "game-over"


def test_resume_brings_back_the_record_what_redo_reaches_and_the_undos() -> None:
    g = Game.from_code("SP1-S1C-AAAAAAD")
    g.play("6>1 9>4 deal")
    g.undo()
    g.undo()
    again = Game.from_code("SP1-S1C-AAAAAAD")
    again.resume(g.record, g.redo_record, g.undos)
    assert (again.to_text(), again.record, again.redo_record, again.undos) == (g.to_text(), "6>1", "9>4 deal", 2)
    assert again.redo() == g.redo() and again.redo() == g.redo() and again.to_text() == g.to_text()
    assert again.undo() == g.undo()
    with pytest.raises(IllegalMove, match="action 1 '3>4'"):
        Game.from_code("SP1-S1C-AAAAAAD").resume("", "3>4")


def test_every_card_keeps_its_deck_place_through_undo_and_redo() -> None:
    """A screen reader's card nodes (game.engine.identity) follow a redo as the action itself."""
    from game.engine.identity import CardPlaces

    g = Game.from_code("SP1-S1C-AAAAAAD")
    places = CardPlaces()
    g.play("6>1 9>4 deal")
    after = places.sync(g)
    g.undo()
    g.undo()
    assert places.sync(g) != after
    g.redo()
    g.redo()
    assert places.sync(g) == after
