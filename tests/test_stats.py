"""Statistics as a player sees them: what a win and a loss count, and which
numbers a file may hold. When a game counts is the session's rule, tested in
test_session.py."""

from __future__ import annotations

import pytest

from game.engine import Game, Rule
from game.stats import MAX_COUNT, VARIANTS, ImpossibleNumbers, Stats, VariantStats, variant_of

# Seven runs already removed; moving the ace from column 2 onto column 1 wins.
NEARLY_WON = "\n".join(
    [
        "Variant: S2F",
        "Stock:",
        "Removed: S S S S H H H",
        "Score: 1100",
        "Moves: 150",
        "1: | KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
        "2: | AH",
    ]
    + [f"{n}: |" for n in range(3, 11)]
)


def won_game() -> Game:
    game = Game.from_text(NEARLY_WON)
    game.move(1, 1, 0)
    assert game.is_won
    return game


def started_game(suits: int = 4, rule: Rule = Rule.CLASSIC) -> Game:
    game = Game.random(suits, rule, seed=42)
    for src in range(10):
        count = game.movable_count(src)
        if count and (dst := game.best_destination(src, count)) is not None:
            game.move(src, count, dst)
            return game
    game.deal()
    return game


def test_variants_are_named_like_game_codes() -> None:
    assert VARIANTS == ("1C", "2C", "2F", "4C", "4F")
    assert variant_of(Game.random(1, Rule.FLEXIBLE, seed=1)) == "1C"  # one suit: only Classic exists
    assert variant_of(Game.random(4, Rule.FLEXIBLE, seed=1)) == "4F"


def test_a_win_counts_as_played_and_won_with_score_and_moves() -> None:
    stats = Stats()
    game = won_game()
    stats.record_win(game)
    numbers = stats["2F"]
    assert (numbers.played, numbers.won, numbers.lost) == (1, 1, 0)
    assert numbers.best_score == game.score == 1100 - 1 + 100
    assert numbers.fewest_moves == game.moves == 151
    assert (numbers.current_streak, numbers.best_streak) == (1, 1)
    assert numbers.win_rate == 1.0
    assert stats.total_played == 1


def test_a_loss_ends_the_streak() -> None:
    stats = Stats()
    stats.record_win(won_game())
    stats.record_win(won_game())
    assert stats["2F"].current_streak == 2
    stats.record_loss(started_game(2, Rule.FLEXIBLE))
    numbers = stats["2F"]
    assert (numbers.played, numbers.won, numbers.current_streak, numbers.best_streak) == (3, 2, 0, 2)
    assert round(numbers.win_rate * 100) == 67


def test_only_the_games_variant_changes() -> None:
    stats = Stats()
    stats.record_loss(started_game(4, Rule.FLEXIBLE))
    assert stats["4F"].played == 1
    assert all(stats[v].played == 0 for v in VARIANTS if v != "4F")


def test_best_score_and_fewest_moves_keep_the_best() -> None:
    numbers = VariantStats()
    numbers.add_win(900, 300)
    numbers.add_win(1200, 350)
    numbers.add_win(1000, 120)
    assert (numbers.best_score, numbers.fewest_moves) == (1200, 120)


def test_reset_forgets_everything() -> None:
    stats = Stats()
    stats.record_win(won_game())
    stats.reset()
    assert stats.total_played == 0 and stats["2F"].best_score is None


def test_json_round_trip() -> None:
    stats = Stats()
    stats.record_win(won_game())
    stats.record_loss(started_game())
    loaded, problems = Stats.from_json(stats.to_json())
    assert problems == [] and loaded.to_json() == stats.to_json()


GOOD = {"played": 5, "won": 2, "best_score": 1100, "fewest_moves": 160, "current_streak": 1, "best_streak": 2}

IMPOSSIBLE = {
    "a count of 10^300": {"played": 10**300},
    "above the largest count": {"played": MAX_COUNT + 1},
    "a negative count": {"current_streak": -1},
    "a fraction": {"played": 5.5},
    "a bool": {"won": True},
    "a text": {"played": "ten"},
    "no move in a win": {"fewest_moves": 0},
    "a score above what 8 runs give": {"best_score": 1301},
    "a win scoring under 100": {"best_score": 99},
    "more wins than games": {"won": 6},
    "a streak longer than the wins": {"best_streak": 3},
    "a current streak above the best": {"current_streak": 3},
    "a best score without a win": {"won": 0, "current_streak": 0, "best_streak": 0},
    "a win without a best score": {"best_score": None},
    "a win without fewest moves": {"fewest_moves": None},
}


@pytest.mark.parametrize("change", IMPOSSIBLE.values(), ids=IMPOSSIBLE.keys())
def test_numbers_no_play_can_produce_are_refused(change: dict[str, object]) -> None:
    VariantStats.from_json(GOOD)  # the base is fine
    with pytest.raises(ImpossibleNumbers):
        VariantStats.from_json({**GOOD, **change})


def test_a_bad_variant_is_reported_and_the_others_kept() -> None:
    stats, problems = Stats.from_json({"variants": {"1C": GOOD, "2C": {**GOOD, "played": 10**300}}})
    assert len(problems) == 1 and problems[0].startswith("2C")
    assert stats["1C"].played == 5 and stats["2C"].played == 0


def test_whatever_is_recorded_can_be_read_back() -> None:
    # The saver writes only what the loader accepts, even for a game typed as
    # a position text with a score no deal can reach.
    numbers = VariantStats(played=MAX_COUNT, won=MAX_COUNT - 1, best_score=1300, fewest_moves=1)
    numbers.add_win(99_999, 0)
    numbers.add_loss()
    assert VariantStats.from_json(numbers.to_json()) == numbers


def test_the_same_deal_won_again_after_a_restart_counts_again() -> None:
    stats = Stats()
    game = won_game()
    stats.record_win(game)
    game.restart()
    game.move(1, 1, 0)
    assert game.is_won
    stats.record_win(game)
    assert (stats["2F"].won, stats["2F"].current_streak) == (2, 2)
