"""docs/RULES.md §3-7: moves, deals, completed runs, score, undo and restart.

Tables come from `engine.tables.table`: only the columns named matter; column
10 holds the leftover cards under a face-up ace unless a test says otherwise.
"""

from __future__ import annotations

import pytest

from engine.tables import run_text, table
from game.engine import IllegalMove, InvalidMove, Move
from game.engine.events import (
    CardFlipped,
    CardsMoved,
    GameWon,
    RunRemoved,
    RunRestored,
    StockDealt,
    StockReturned,
    TableDealt,
)

# Columns with one face-up card each, so no column is empty (nine different ranks).
BUSY_1_9 = {n: f"| {'23456789T'[n - 1]}S" for n in range(1, 10)}
BUSY_3_9 = {n: f"| {'23456789T'[n - 1]}S" for n in range(3, 10)}
FULL = {3: "| JS", 4: "| JH", 5: "| QS", 6: "| QH", 7: "| KS", 8: "| KH", 9: "| JS"}


def reason(action: object, *args: int) -> str:
    with pytest.raises(IllegalMove) as err:
        action(*args)  # type: ignore[operator]
    return err.value.reason


# ---- §3 moves -------------------------------------------------------------


def test_a_card_goes_on_one_rank_higher_whatever_the_suit() -> None:
    g = table({1: "| TS", 2: "| 9H", 3: "| QD", 4: "| KS"}, suits=4)
    g.move(1, 1, 0)
    g.move(2, 1, 3)
    assert [str(c) for c in g.columns[0]] == ["TS", "9H"]
    assert [str(c) for c in g.columns[3]] == ["KS", "QD"]


def test_a_card_needs_exactly_one_rank_higher() -> None:
    g = table({1: "| TS", 2: "| 8S"})
    assert reason(g.move, 1, 1, 0) == "rank"
    assert g.columns[1][-1].rank == 8


def test_nothing_goes_on_an_ace() -> None:
    g = table({1: "| AS", 2: "| KS"})
    assert reason(g.check_move, 1, 1, 0) == "ace"


def test_a_group_moves_when_it_descends_by_one_in_one_suit() -> None:
    g = table({1: "| 9S 8S 7S", 2: "| TS"})
    assert g.movable_count(0) == 3
    g.move(0, 3, 1)
    assert [str(c) for c in g.columns[1]] == ["TS", "9S", "8S", "7S"]


def test_classic_refuses_a_mixed_suit_group() -> None:
    g = table({1: "| 9S 8H", 2: "| TS"}, suits=2)
    assert g.movable_count(0) == 1
    assert reason(g.check_move, 0, 2, 1) == "mixed-suits"


def test_flexible_moves_a_mixed_suit_group() -> None:
    g = table({1: "| 9S 8H 7S", 2: "| TH"}, suits=2, rule="F")
    assert g.movable_count(0) == 3
    g.move(0, 3, 1)
    assert len(g.columns[1]) == 4


def test_a_group_must_descend_by_one() -> None:
    g = table({1: "| 9S 7S", 2: "| TS"})
    assert reason(g.check_move, 0, 2, 1) == "not-descending"
    g = table({1: "| 9S 9S", 2: "| TS"})
    assert reason(g.check_move, 0, 2, 1) == "not-descending"


def test_a_group_is_placed_like_its_first_card() -> None:
    g = table({1: "| 9S 8S", 2: "| 9S", 3: "| TS"})
    assert reason(g.check_move, 0, 2, 1) == "rank"
    assert g.can_move(0, 2, 2)


def test_an_empty_column_takes_any_card_or_group_not_only_a_king() -> None:
    g = table({1: "| 5S 4S 3S", 2: "|", 3: "| KS"})
    assert g.can_move(0, 3, 1) and g.can_move(0, 1, 1) and g.can_move(2, 1, 1)


def test_a_face_down_card_cannot_move() -> None:
    g = table({1: "8S | 7S", 2: "| 9S"})
    assert reason(g.check_move, 0, 2, 1) == "face-down"


def test_moving_onto_the_same_column_is_not_a_move() -> None:
    g = table({1: "| 9S"})
    assert reason(g.check_move, 0, 1, 0) == "same-column"


def test_bad_indices_are_refused_first() -> None:
    g = table({1: "| 9S", 2: "| TS"})
    for args in [(10, 1, 1), (0, 1, -1), (0, 0, 1), (0, 2, 1), (2, 1, 0)]:
        assert reason(g.check_move, *args) == "bad-index"


def test_refusals_are_checked_in_the_documented_order() -> None:
    # A group that is face-down, not descending and mixed, onto an ace: face-down wins.
    g = table({1: "9H | 2S", 2: "| AS"}, suits=2)
    assert reason(g.check_move, 0, 2, 1) == "face-down"
    g = table({1: "| 9H 2S", 2: "| AS"}, suits=2)
    assert reason(g.check_move, 0, 2, 1) == "not-descending"
    g = table({1: "| 3H 2S", 2: "| AS"}, suits=2)
    assert reason(g.check_move, 0, 2, 1) == "mixed-suits"
    g = table({1: "| 3H 2H", 2: "| AS"}, suits=2)
    assert reason(g.check_move, 0, 2, 1) == "ace"


def test_the_card_under_a_moved_card_turns_face_up_in_the_same_action() -> None:
    g = table({1: "4S | 9S", 2: "| TS"})
    events = g.move(0, 1, 1)
    assert g.columns[0][-1].face_up and str(g.columns[0][-1]) == "4S"
    assert events == [
        CardsMoved(0, 1, 1, 1, (g.columns[1][1],)),
        CardFlipped(0, 0, g.columns[0][0]),
    ]
    assert g.moves == 1


def test_legal_destinations_lists_every_column_that_can_take_the_group() -> None:
    g = table({1: "| 9S", 2: "| TH", 3: "| TS", 4: "|", 5: "| 8S", 6: "| JS", 7: "| JS", 8: "| JS", 9: "| JS"}, suits=2)
    assert g.legal_destinations(0, 1) == [1, 2, 3]


# ---- §8 double-click choice -------------------------------------------------


def test_best_destination_prefers_same_suit_then_other_suit_then_empty() -> None:
    g = table({1: "| 9H", 2: "|", 3: "| TS", 4: "| TH", 5: "| TH"}, suits=2)
    assert g.best_destination(0, 1) == 3
    g = table({1: "| 9H", 2: "|", 3: "| TS", 4: "| TS"}, suits=2)
    assert g.best_destination(0, 1) == 2
    g = table({1: "5H | 9H", 2: "| 4S", 3: "|", 4: "|"}, suits=2)
    assert g.best_destination(0, 1) == 2


def test_best_destination_never_moves_a_whole_column_to_an_empty_one() -> None:
    g = table({1: "| 9H 8H", 2: "|", 3: "| 4S"}, suits=2)
    assert g.best_destination(0, 2) is None
    assert g.best_destination(0, 1) == 1


def test_best_destination_is_none_for_a_group_that_cannot_move() -> None:
    g = table({1: "| 9H 8S", 2: "| TH", **FULL}, suits=2)
    assert g.best_destination(0, 2) is None
    assert g.best_destination(0, 1) is None  # 8S needs a 9


# ---- §4 deal -----------------------------------------------------------------


def test_a_deal_puts_one_face_up_card_on_each_column_column_1_first() -> None:
    cols = BUSY_1_9
    g = table(cols, stock=10)
    stock = g.stock[:10]
    events = g.deal()
    assert isinstance(events[0], StockDealt)
    assert [str(c) for c in events[0].cards] == [str(c) for c in stock]
    assert all(c.face_up for c in events[0].cards)
    for n in range(10):
        assert str(g.columns[n][-1]) == str(stock[n]) and g.columns[n][-1].face_up
    assert events[0].indices[0] == 1 and g.deals_left == 0 and g.moves == 1 and g.score == 499


def test_no_deal_while_a_column_is_empty() -> None:
    g = table({1: "| 5S", 2: "|"}, stock=10, filler=10)
    assert reason(g.deal) == "empty-column" and not g.can_deal()


def test_no_deal_when_the_stock_is_empty_and_five_deals_empty_it() -> None:
    g = table(BUSY_1_9, stock=50)
    for _ in range(5):
        g.deal()
    assert g.deals_left == 0 and g.stock == ()
    assert reason(g.deal) == "stock-empty"


# ---- §5 completed runs -------------------------------------------------------


def test_a_completed_run_is_removed_after_the_move_and_the_card_under_it_flips() -> None:
    g = table({1: "4H | " + run_text("S", 13, 2), 2: "| AS"}, suits=2)
    events = g.move(1, 1, 0)
    assert [type(e) for e in events] == [CardsMoved, RunRemoved, CardFlipped]
    removed = events[1]
    assert isinstance(removed, RunRemoved) and removed.suit == "S" and removed.column == 0 and removed.pile == 0
    assert g.removed == ("S",) and [str(c) for c in g.columns[0]] == ["4H"] and g.columns[0][0].face_up
    assert g.score == 500 - 1 + 100


def test_a_deal_can_complete_several_runs_at_once() -> None:
    cols = {1: "| " + run_text("S", 13, 2), 2: "| " + run_text("H", 13, 2), 3: "| 5S", 4: "| 5H"}
    cols.update({n: f"| {'6789T'[n - 5]}H" for n in range(5, 10)})
    g = table(cols, suits=2, stock=10, next_deal="AS AH")
    events = g.deal()
    assert [type(e) for e in events].count(RunRemoved) == 2
    assert g.removed == ("S", "H") and g.score == 500 - 1 + 200 and g.moves == 1
    assert not g.columns[0] and not g.columns[1]


def test_only_one_suit_runs_are_removed_even_in_flexible() -> None:
    mixed = "KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H"
    g = table({1: "| " + mixed, 2: "| AS"}, suits=2, rule="F")
    g.move(1, 1, 0)
    assert g.removed == () and len(g.columns[0]) == 13


def test_the_game_is_won_when_eight_runs_are_removed_and_then_it_is_over() -> None:
    g = table({1: "| " + run_text("S", 13, 2), 2: "| AS"}, removed="S S S S S S S", moves=10, score=20)
    events = g.move(1, 1, 0)
    assert isinstance(events[-1], GameWon) and g.is_won
    assert g.score == 19 + 100 and events[-1] == GameWon(119, 11)
    assert reason(g.deal) == "game-over"
    assert reason(g.undo) == "game-over" and not g.can_undo
    assert all(not c for c in g.columns)


# ---- §6 score and moves ------------------------------------------------------


def test_score_starts_at_500_and_each_move_or_deal_costs_one() -> None:
    g = table({1: "| 9S", 2: "| TS", **BUSY_3_9}, stock=10)
    assert (g.score, g.moves) == (500, 0)
    g.move(0, 1, 1)
    assert (g.score, g.moves) == (499, 1)
    g.move(1, 1, 0)
    g.deal()
    assert (g.score, g.moves) == (497, 3)


def test_score_never_goes_below_zero_and_the_bonus_is_added_after() -> None:
    g = table({1: "| 9S", 2: "| TS"}, score=0)
    g.move(0, 1, 1)
    assert g.score == 0 and g.moves == 1
    g = table({1: "| " + run_text("S", 13, 2), 2: "| AS"}, score=0)
    g.move(1, 1, 0)
    assert g.score == 100


def test_a_game_won_in_117_moves_scores_1183() -> None:
    # Seven runs already gone in 116 moves without the score touching zero; the 117th wins.
    g = table({1: "| " + run_text("S", 13, 2), 2: "| AS"}, removed="S S S S S S S", moves=116, score=500 - 116 + 700)
    g.move(1, 1, 0)
    assert (g.moves, g.score) == (117, 1183)


# ---- §7 undo and restart ----------------------------------------------------


def test_undo_takes_back_a_move_its_flip_and_its_removed_run() -> None:
    g = table({1: "4H | " + run_text("S", 13, 2), 2: "| AS"}, suits=2)
    before = g.to_text()
    events = g.move(1, 1, 0)
    back = g.undo()
    assert g.to_text() == before
    assert back == [e.inverse() for e in reversed(events)]
    assert isinstance(back[1], RunRestored) and not g.columns[0][0].face_up


def test_undo_takes_back_a_deal() -> None:
    g = table(BUSY_1_9, stock=20)
    before = g.to_text()
    g.deal()
    events = g.undo()
    assert isinstance(events[0], StockReturned) and g.to_text() == before and g.deals_left == 2


def test_undo_costs_nothing_and_restores_score_and_moves() -> None:
    g = table({1: "| 9S", 2: "| TS"})
    g.move(0, 1, 1)
    g.undo()
    assert (g.score, g.moves, g.record) == (500, 0, "")


def test_up_to_100_actions_can_be_undone_one_after_another() -> None:
    g = table({1: "| TS 9S", 2: "| TS"})
    for i in range(130):
        g.move(i % 2, 1, 1 - i % 2)
    for _ in range(100):
        g.undo()
    assert not g.can_undo and g.moves == 30
    assert reason(g.undo) == "nothing-to-undo"
    assert len(g.record.split()) == 30


def test_a_replayed_record_undoes_exactly_like_the_game_played_by_hand() -> None:
    # `play` keeps no snapshot for actions undo cannot reach: what can be
    # undone, and every table on the way back, must not show it.
    from game.engine import Game

    by_hand = Game.from_code("SP1-S1C-AAAAAAD")
    by_hand.play("6>1 9>4")
    for i in range(200):
        by_hand.move(3, 1, 4) if i % 2 == 0 else by_hand.move(4, 1, 3)
    by_hand.deal()
    replayed = Game.from_code("SP1-S1C-AAAAAAD")
    replayed.play(by_hand.record)
    for _ in range(100):
        assert replayed.to_text() == by_hand.to_text()
        assert [str(e) for e in replayed.undo()] == [str(e) for e in by_hand.undo()]
    assert replayed.to_text() == by_hand.to_text()
    assert not replayed.can_undo and not by_hand.can_undo and replayed.moves == by_hand.moves == 103


def test_restart_returns_to_the_first_table_with_score_500_and_no_history() -> None:
    from game.engine import Game

    g = Game.from_code("SP1-S1C-AAAAAAD")
    first = g.to_text()
    g.deal()
    g.deal()
    events = g.restart()
    assert g.to_text() == first and (g.score, g.moves, g.record, g.can_undo) == (500, 0, "", False)
    assert isinstance(events[0], TableDealt) and len(events[0].placements) == 54
    assert events[0].placements[:2] == ((0, 0, g.columns[0][0]), (1, 0, g.columns[1][0]))


# ---- record ------------------------------------------------------------------


def test_record_uses_1_based_tokens_and_play_replays_it() -> None:
    g = table({1: "| 9S 8S", 2: "| TS", **BUSY_3_9}, stock=10)
    g.move(0, 2, 1)
    g.move(1, 1, 0)
    g.deal()
    assert g.record == "1:2>2 2>1 deal"
    replay = table({1: "| 9S 8S", 2: "| TS", **BUSY_3_9}, stock=10)
    replay.play(g.record)
    assert replay.to_text() == g.to_text()


def test_play_stops_at_an_illegal_token_naming_it_and_keeps_what_came_before() -> None:
    g = table({1: "| 9S 8S", 2: "| TS"})
    with pytest.raises(IllegalMove) as err:
        g.play("1:2>2 2>1 2>2 1>2")
    assert "'2>2'" in str(err.value) and "action 3" in str(err.value) and err.value.reason == "same-column"
    assert g.record == "1:2>2 2>1"
    assert err.value.move == Move(1, 1, 1) and (err.value.token, err.value.action) == ("2>2", 3)
    # A token that is no action at all is a syntax error, not a refused move.
    with pytest.raises(InvalidMove) as bad:
        g.play(["12>3"])
    assert bad.value.reason == "bad-token" and "'12>3'" in str(bad.value)
    assert (bad.value.token, bad.value.action, bad.value.move) == ("12>3", 1, None)
    assert g.record == "1:2>2 2>1"
