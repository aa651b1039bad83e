"""Watching a game again (docs/RULES.md §13): every table the replay shows is
the one the record gives at that action, however the player steps."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Game
from game.engine.replay import Replay


def played(code: str, actions: int, seed: int) -> Game:
    rng = random.Random(seed)
    game = Game.from_code(code)
    for _ in range(actions):
        moves = list(game.legal_moves())
        if game.can_deal() and (not moves or rng.random() < 0.08):
            game.deal()
        elif moves:
            game.move(rng.choice(moves))
    return game


def table_after(code: str, tokens: tuple[str, ...], at: int) -> str:
    game = Game.from_code(code)
    game.play(tokens[:at])
    return game.to_text()


GAME = played("SP1-S2F-AAAAAAD", 160, seed=2)
CODE, TOKENS = GAME.code or "", tuple(GAME.record.split())


def test_forward_shows_every_intermediate_table_then_stops() -> None:
    replay = Replay(CODE, TOKENS)
    assert replay.game.to_text() == table_after(CODE, TOKENS, 0)
    for at in range(1, len(TOKENS) + 1):
        assert replay.forward()
        assert replay.at == at and replay.game.to_text() == table_after(CODE, TOKENS, at)
    assert replay.at_end and replay.forward() is None
    assert replay.game.to_text() == GAME.to_text()


def test_back_from_the_end_to_the_deal_past_the_undo_history() -> None:
    replay = Replay(CODE, TOKENS)
    replay.seek(len(TOKENS))
    while replay.at:
        at = replay.at
        assert replay.back() is not None
        assert replay.at == at - 1 and replay.game.to_text() == table_after(CODE, TOKENS, at - 1)
    assert replay.back() is None


@settings(max_examples=30, deadline=None)
@given(st.lists(st.one_of(st.just("f"), st.just("b"), st.integers(-5, len(TOKENS) + 5)), max_size=40))
def test_any_walk_through_the_record_shows_the_record_s_tables(steps: list[str | int]) -> None:
    replay = Replay(CODE, TOKENS)
    for step in steps:
        if step == "f":
            replay.forward()
        elif step == "b":
            replay.back()
        else:
            replay.seek(int(step))
        assert 0 <= replay.at <= replay.total
        assert replay.game.to_text() == table_after(CODE, TOKENS, replay.at)
        assert replay.game.record == " ".join(TOKENS[: replay.at])
