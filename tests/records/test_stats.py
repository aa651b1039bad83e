"""Statistics as a player sees them: what a win and a loss count, and which
numbers a file may hold. When a game counts is the session's rule, tested in
test_session.py."""

from __future__ import annotations

import pytest

from game.engine import Game, Rule
from game.records.stats import MAX_COUNT, VARIANTS, ImpossibleNumbers, Stats, VariantStats, variant_of

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


def test_the_averages_are_those_of_the_wins_and_the_time_adds_up() -> None:
    numbers = VariantStats()
    numbers.add_win(900, 300, seconds=600)
    numbers.add_loss(seconds=125.7)
    numbers.add_win(1200, 151, seconds=420)
    assert (numbers.average_score, numbers.average_moves) == (1050, 226)  # the loss's score is no part of it
    assert numbers.seconds == 600 + 125 + 420
    assert VariantStats().average_score is None and VariantStats().average_moves is None


def test_the_total_adds_every_variant_up() -> None:
    stats = Stats()
    stats["1C"].add_win(1000, 100, seconds=300)
    stats["1C"].add_loss(seconds=60)
    stats["4F"].add_win(700, 400, seconds=3600)
    stats["2C"].add_loss(seconds=30)
    total = stats.total()
    assert (total.played, total.won, round(total.win_rate * 100)) == (4, 2, 50)
    assert (total.best_score, total.fewest_moves) == (1000, 100)
    assert (total.average_score, total.average_moves) == (850, 250)
    assert total.seconds == 3990
    assert Stats().total().average_score is None and Stats().total().seconds == 0


# A statistics file as Spider wrote it before the averages and the time
# played were kept (the deal of the day's numbers included).
BEFORE_AVERAGES = {
    "version": 1,
    "variants": {
        "1C": GOOD,
        "2C": {"played": 1, "won": 0, "best_score": None, "fewest_moves": None, "current_streak": 0, "best_streak": 0},
    },
    "daily": {
        "played_days": 2,
        "won_days": 1,
        "streak": 1,
        "best_streak": 1,
        "last_played": "2026-11-30",
        "last_won": "2026-11-29",
    },
}


def test_a_file_from_before_the_averages_loads_and_counts_on_from_there() -> None:
    stats, problems = Stats.from_json(BEFORE_AVERAGES)
    assert problems == []
    one = stats["1C"]
    assert (one.played, one.won, one.best_score, one.fewest_moves) == (5, 2, 1100, 160)
    assert one.average_score is None and one.seconds == 0, "no average made of wins whose score was not kept"
    assert stats.daily.won_days == 1
    one.add_win(1000, 120, seconds=240)
    after = stats["1C"]
    assert (after.won, after.average_score, after.average_moves, after.seconds) == (3, 1000, 120, 240)
    again, problems = Stats.from_json(stats.to_json())
    assert problems == [] and again["1C"] == one


LATER_IMPOSSIBLE = {
    "more wins averaged than won": {"averaged": 3, "won_scores": 3000, "won_moves": 300},
    "sums without a win averaged": {"won_scores": 1000},
    "an average score under 100": {"averaged": 2, "won_scores": 150, "won_moves": 300},
    "an average score above 1300": {"averaged": 1, "won_scores": 1301, "won_moves": 100},
    "a win averaged without a move": {"averaged": 1, "won_scores": 1000, "won_moves": 0},
    "a negative time": {"seconds": -1},
    "a time beyond a count": {"seconds": MAX_COUNT + 1},
    "a sum of 10^300": {"won_scores": 10**300},
}


@pytest.mark.parametrize("change", LATER_IMPOSSIBLE.values(), ids=LATER_IMPOSSIBLE.keys())
def test_averages_and_times_no_play_can_produce_are_refused(change: dict[str, object]) -> None:
    VariantStats.from_json({**GOOD, "averaged": 2, "won_scores": 2000, "won_moves": 400, "seconds": 99})
    with pytest.raises(ImpossibleNumbers):
        VariantStats.from_json({**GOOD, **change})


def test_a_win_without_any_undo_is_a_clean_win_counted_apart() -> None:
    stats = Stats()
    stats.record_win(won_game(), seconds=300)
    undone = Game.from_text(NEARLY_WON)
    undone.move(0, 1, 2)  # the 2 of hearts to an empty column …
    undone.undo()  # … taken back
    undone.move(1, 1, 0)
    assert undone.is_won and undone.undos == 1
    stats.record_win(undone, seconds=200)
    numbers = stats["2F"]
    assert (numbers.won, numbers.clean_wins, numbers.best_seconds) == (2, 1, 200)
    assert (stats.total().clean_wins, stats.total().best_seconds) == (1, 200)
    again, problems = Stats.from_json(stats.to_json())
    assert problems == [] and again["2F"] == numbers


def test_the_best_time_is_the_shortest_win_and_a_loss_never_sets_it() -> None:
    numbers = VariantStats()
    numbers.add_loss(seconds=30)
    assert numbers.best_seconds is None
    for seconds in (500, 462, 610):
        numbers.add_win(1000, 120, seconds=seconds)
    assert numbers.best_seconds == 462 and numbers.seconds == 30 + 500 + 462 + 610
    total = Stats(
        {
            "1C": numbers,
            "4F": VariantStats(
                played=1, won=1, best_score=900, fewest_moves=200, best_streak=1, seconds=900, best_seconds=441
            ),
        }
    ).total()
    assert total.best_seconds == 441


def test_a_file_from_before_clean_wins_loads_with_none_and_counts_on() -> None:
    stats, problems = Stats.from_json(BEFORE_AVERAGES)
    one = stats["1C"]
    assert problems == [] and (one.clean_wins, one.best_seconds) == (0, None)
    one.add_win(1000, 120, seconds=240, clean=True)
    assert (one.clean_wins, one.best_seconds) == (1, 240)


CLEAN_IMPOSSIBLE = {
    "more clean wins than wins": {"clean_wins": 3},
    "a best time without a win": {
        "won": 0,
        "best_score": None,
        "fewest_moves": None,
        "current_streak": 0,
        "best_streak": 0,
        "best_seconds": 10,
    },
    "a best time longer than all the time played": {"seconds": 99, "best_seconds": 100},
    "a best time that is no count": {"best_seconds": "7:42"},
}


@pytest.mark.parametrize("change", CLEAN_IMPOSSIBLE.values(), ids=CLEAN_IMPOSSIBLE.keys())
def test_clean_wins_and_best_times_no_play_can_produce_are_refused(change: dict[str, object]) -> None:
    VariantStats.from_json({**GOOD, "clean_wins": 2, "seconds": 99, "best_seconds": 99})
    with pytest.raises(ImpossibleNumbers):
        VariantStats.from_json({**GOOD, **change})
