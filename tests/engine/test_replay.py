"""Watching a game again (docs/RULES.md §13): every table the replay shows is
the one the record gives at that action, however the player steps."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from long_games import back_and_forth

from game.engine import Game
from game.engine.replay import CHECKPOINT, Replay
from game.records.share import parse


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


def test_a_seek_plays_at_most_a_checkpoint_of_actions_however_long_the_record(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seeking the record's whole length in steps, back and forth: once the
    record has been gone through (`prepare`), each seek plays at most
    `CHECKPOINT` actions, and shows the record's own table."""
    shared = parse(back_and_forth(20_000))
    replay = Replay(shared.code, shared.record)
    while replay.prepare(1_000):
        pass
    played_actions: list[int] = []
    real_play = Game.play

    def counting(game: Game, actions: object) -> object:
        tokens = list(actions)  # type: ignore[call-overload]
        played_actions.append(len(tokens))
        return real_play(game, tokens)

    with monkeypatch.context() as patch:
        patch.setattr(Game, "play", counting)
        rng = random.Random(7)
        for at in [20_000, 0, 19_999, 1, *(rng.randrange(20_001) for _ in range(150))]:
            played_actions.clear()
            replay.seek(at)
            assert sum(played_actions) <= CHECKPOINT, (at, played_actions)
    for at in (0, 1, CHECKPOINT, CHECKPOINT + 1, 12_345, 20_000):
        replay.seek(at)
        assert replay.game.to_text() == table_after(shared.code, shared.record, at)
        assert replay.game.record == " ".join(shared.record[:at])


def test_a_copied_game_goes_its_own_way() -> None:
    game = played("SP1-S2F-AAAAAAD", 30, 3)
    twin = game.copy()
    assert twin.to_text() == game.to_text() and twin.record == game.record and twin.can_undo == game.can_undo
    twin.undo()
    assert twin.record != game.record and game.to_text() == played("SP1-S2F-AAAAAAD", 30, 3).to_text()
