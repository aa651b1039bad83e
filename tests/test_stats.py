"""Statistics as a player sees them: what a win, an abandoned game, a restart count."""

from __future__ import annotations

from game.engine import Game, Rule
from game.stats import VARIANTS, Stats, VariantStats, variant_of

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
    assert stats.record_win(game)
    numbers = stats["2F"]
    assert (numbers.played, numbers.won, numbers.lost) == (1, 1, 0)
    assert numbers.best_score == game.score == 1100 - 1 + 100
    assert numbers.fewest_moves == game.moves == 151
    assert (numbers.current_streak, numbers.best_streak) == (1, 1)
    assert numbers.win_rate == 1.0
    assert stats.total_played == 1


def test_a_won_game_is_never_counted_twice() -> None:
    stats = Stats()
    game = won_game()
    stats.record_win(game)
    assert not stats.record_win(game)  # the view reported the win twice
    assert not stats.record_abandoned(game)  # then the player chose New game
    assert stats["2F"].played == 1 and stats["2F"].won == 1


def test_an_abandoned_game_is_a_loss_that_ends_the_streak() -> None:
    stats = Stats()
    stats.record_win(won_game())
    stats.record_win(won_game())
    assert stats["2F"].current_streak == 2
    assert stats.record_abandoned(started_game(2, Rule.FLEXIBLE))
    numbers = stats["2F"]
    assert (
        numbers.played,
        numbers.won,
        numbers.current_streak,
        numbers.best_streak,
    ) == (3, 2, 0, 2)
    assert round(numbers.win_rate * 100) == 67


def test_leaving_a_deal_before_any_move_does_not_count() -> None:
    stats = Stats()
    assert not stats.record_abandoned(Game.random(4, seed=1))
    assert stats.total_played == 0


def test_a_restart_after_a_move_counts_the_attempt_as_lost() -> None:
    stats = Stats()
    game = started_game(1)
    stats.record_abandoned(game)  # the view calls this just before restart()
    game.restart()
    assert not stats.record_abandoned(game)  # restarting again at once: no move, no count
    assert stats["1C"].played == 1 and stats["1C"].won == 0


def test_only_the_games_variant_changes() -> None:
    stats = Stats()
    stats.record_abandoned(started_game(4, Rule.FLEXIBLE))
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


def test_json_round_trip_and_inconsistent_counts_refused() -> None:
    stats = Stats()
    stats.record_win(won_game())
    loaded, problems = Stats.from_json(stats.to_json())
    assert problems == [] and loaded.to_json() == stats.to_json()
    data = stats.to_json()
    data["variants"]["2F"]["won"] = 5  # more wins than games
    loaded, problems = Stats.from_json(data)
    assert problems and loaded["2F"].played == 0


def test_the_same_deal_won_again_after_a_restart_counts_again() -> None:
    stats = Stats()
    game = won_game()
    stats.record_win(game)
    # The view calls this before every restart: a no-op for a won game.
    stats.record_abandoned(game)
    game.restart()
    game.move(1, 1, 0)
    assert game.is_won
    assert stats.record_win(game)
    assert (stats["2F"].won, stats["2F"].current_streak) == (2, 2)
