"""Properties over random legal play (hypothesis): conservation, undo, score, replay."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Game, Move, Rule
from game.engine.events import Event, GameWon, RunRemoved


def legal_actions(g: Game) -> list[Move | str]:
    return [*g.legal_moves(), *(["deal"] if g.can_deal() else [])]


def every_card(g: Game) -> Counter[tuple[int, str]]:
    cards = Counter((c.rank, c.suit) for column in g.columns for c in column)
    cards.update((c.rank, c.suit) for c in g.stock)
    for suit in g.removed:
        cards.update((rank, suit) for rank in range(1, 14))
    return cards


games = st.builds(
    Game.random,
    suits=st.sampled_from([1, 2, 4]),
    rule=st.sampled_from([Rule.CLASSIC, Rule.FLEXIBLE]),
    seed=st.integers(0, 2**35 - 1),
)


@settings(max_examples=40, deadline=None)
@given(game=games, choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=120))
def test_random_legal_play_keeps_every_invariant(game: Game, choices: list[int]) -> None:
    deck = every_card(game)
    fresh = Game.from_code(game.code or "")
    for choice in choices:
        actions = legal_actions(game)
        if not actions:
            break
        action = actions[choice % len(actions)]
        if isinstance(action, Move):
            slow = [dst for dst in range(10) if game.can_move(action.src, action.count, dst)]
            assert game.legal_destinations(action.src, action.count) == slow
        before_text, before_score, before_moves = game.to_text(), game.score, game.moves
        events = game.move(action) if isinstance(action, Move) else game.deal()
        runs = sum(isinstance(e, RunRemoved) for e in events)
        # docs/RULES.md §6: -1 with a floor at 0, then +100 per run; one more move.
        assert game.score == max(0, before_score - 1) + 100 * runs
        assert game.moves == before_moves + 1
        assert every_card(game) == deck
        assert all(c.face_up for col in game.columns if col for c in col[-1:])
        if any(isinstance(e, GameWon) for e in events):
            break
        # Undo restores the exact text; redoing gives the same events back.
        game.undo()
        assert game.to_text() == before_text
        again = game.move(action) if isinstance(action, Move) else game.deal()
        assert again == events
    replay = Game.from_code(fresh.code or "")
    replay.play(game.record)
    assert replay.to_text() == game.to_text()


@settings(max_examples=15, deadline=None)
@given(game=games, choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=150))
def test_undoing_everything_returns_to_the_first_table(game: Game, choices: list[int]) -> None:
    first = game.to_text()
    done = 0
    for choice in choices:
        actions = legal_actions(game)
        if not actions:
            break
        action = actions[choice % len(actions)]
        events = game.move(action) if isinstance(action, Move) else game.deal()
        done += 1
        if any(isinstance(e, GameWon) for e in events):
            return
    for _ in range(min(done, 100)):
        game.undo()
    if done <= 100:
        assert game.to_text() == first and game.record == ""
    else:
        assert len(game.record.split()) == done - 100


@settings(max_examples=30, deadline=None)
@given(
    game=games,
    choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=140),
    back=st.integers(1, 120),
    fresh=st.booleans(),
)
def test_undoing_k_actions_then_redoing_k_gives_the_same_game(
    game: Game, choices: list[int], back: int, fresh: bool
) -> None:
    """docs/RULES.md §7: undo^k then redo^k is the same table, score, moves,
    removed runs and record, and each redo gives the action's own events; a
    new action instead forgets every redo."""
    played: list[list[Event]] = []
    for choice in choices:
        actions = legal_actions(game)
        if not actions:
            break
        action = actions[choice % len(actions)]
        events = game.move(action) if isinstance(action, Move) else game.deal()
        if any(isinstance(e, GameWon) for e in events):
            return  # a won game is over: nothing to take back
        played.append(list(events))
    k = min(back, len(played), 100)
    before = (game.to_text(), game.score, game.moves, game.removed, game.record)
    for _ in range(k):
        game.undo()
    assert game.undos == k and len(game.redo_record.split()) == k
    if fresh and k and (actions := legal_actions(game)):
        action = actions[0]
        game.move(action) if isinstance(action, Move) else game.deal()
        assert not game.can_redo and game.redo_record == ""
        return
    for done in played[len(played) - k :]:
        assert game.redo() == done
    assert (game.to_text(), game.score, game.moves, game.removed, game.record) == before
    assert not game.can_redo and game.can_undo == bool(played)
