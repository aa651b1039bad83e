"""Statistics per variant: games played and won, best score, streaks.

A variant is the number of suits and the rule, written as in game codes:
``1C``, ``2C``, ``2F``, ``4C``, ``4F`` (at one suit the rules are the same,
so only ``1C`` exists).

When a game counts is the session's decision (`game.play.session`): a game counts
from its first action, even if every action is undone; a win is counted when
it happens (`record_win`), and a game left unfinished for another deal, a
restart or a code is a loss (`record_loss`). Closing the window counts
nothing: the game is saved and resumed at the next launch.

Why a restart counts: the player gave up on that attempt. If restarts were
free, restarting until a lucky run would keep a perfect win rate and streak,
and the numbers would stop meaning anything; Microsoft's Spider counts a
restarted game as a loss too, which is what players expect.

A statistics file is checked against what games can produce (`VariantStats.
from_json`): counts are whole numbers below `MAX_COUNT`, a win scores 100 to
`MAX_SCORE` in at least one move, streaks and wins never exceed what was
played. Anything else is a bad file, not numbers to show.

The averages of the wins and the time played came later: a file written
before them loads with none (`won_scores`, `won_moves`, `averaged` and
`seconds` at 0), and they count from the next game on. `averaged` is how
many wins the two sums hold, so an average is never made of wins whose
score was not kept. Clean wins (won without a single undo) and the best
time of a win came later still: an older file loads with no clean win and
no best time, and both count from the next win on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.engine import Game

# The order players read them in: by difficulty, Classic before Flexible.
VARIANTS: tuple[str, ...] = ("1C", "2C", "2F", "4C", "4F")

# Bounds of what play can produce. A game a second for thirty years stays
# under MAX_COUNT. A game starts at 500, each action costs at least nothing
# and each of the 8 runs gives 100, so no score passes 1300; the action that
# wins removes the last run, so a won game scores at least 100.
MAX_COUNT = 999_999_999
MAX_SCORE = 1300
MIN_WIN_SCORE = 100
# The sums behind the averages: at most MAX_COUNT wins of MAX_SCORE points
# (or MAX_COUNT moves) each.
MAX_SUM = MAX_COUNT * MAX_COUNT


def variant_of(game: Game) -> str:
    """The variant key of a game: ``"4F"`` for four suits, Flexible."""
    rule = "C" if game.suits == 1 else game.rule.letter
    return f"{game.suits}{rule}"


@dataclass(frozen=True, slots=True)
class WinFacts:
    """What the win panel tells beside the score: the variant's record with
    this win counted, the streak, and the time the game took."""

    variant: str  # "2F"
    won: int
    played: int
    streak: int
    seconds: int


class ImpossibleNumbers(ValueError):
    """Statistics no play could have produced; the message says which."""


@dataclass
class VariantStats:
    """The numbers of one variant. `best_score` and `fewest_moves` are None
    until the first win."""

    played: int = 0
    won: int = 0
    best_score: int | None = None
    fewest_moves: int | None = None
    current_streak: int = 0
    best_streak: int = 0
    won_scores: int = 0  # the scores of the `averaged` wins, added up
    won_moves: int = 0  # their moves, added up
    averaged: int = 0  # how many wins the two sums hold (≤ won: older files kept none)
    seconds: int = 0  # time played in the games counted here
    clean_wins: int = 0  # wins without a single undo (≤ won: older files kept none)
    best_seconds: int | None = None  # the shortest time played of a win (None: none kept yet)

    @property
    def lost(self) -> int:
        return self.played - self.won

    @property
    def win_rate(self) -> float:
        """Share of played games won, 0.0–1.0 (0.0 before any game)."""
        return self.won / self.played if self.played else 0.0

    @property
    def average_score(self) -> int | None:
        """The wins' mean score, rounded (None before a win was averaged)."""
        return round(self.won_scores / self.averaged) if self.averaged else None

    @property
    def average_moves(self) -> int | None:
        """The wins' mean number of moves, rounded (None before a win was averaged)."""
        return round(self.won_moves / self.averaged) if self.averaged else None

    def add_time(self, seconds: float) -> None:
        self.seconds = min(self.seconds + max(int(seconds), 0), MAX_COUNT)

    def add_win(self, score: int, moves: int, seconds: float = 0, *, clean: bool = False) -> None:
        # Within the bounds the loader checks, so a file we write always
        # loads, whatever game (even one typed as a position text) was won.
        score = min(max(score, MIN_WIN_SCORE), MAX_SCORE)
        moves = min(max(moves, 1), MAX_COUNT)
        self.played = min(self.played + 1, MAX_COUNT)
        self.won = min(self.won + 1, MAX_COUNT)
        self.best_score = score if self.best_score is None else max(self.best_score, score)
        self.fewest_moves = moves if self.fewest_moves is None else min(self.fewest_moves, moves)
        self.current_streak = min(self.current_streak + 1, MAX_COUNT)
        self.best_streak = max(self.best_streak, self.current_streak)
        if self.averaged < MAX_COUNT:
            self.averaged += 1
            self.won_scores += score
            self.won_moves += moves
        if clean:
            self.clean_wins = min(self.clean_wins + 1, self.won)
        time = min(max(int(seconds), 0), MAX_COUNT)
        self.best_seconds = time if self.best_seconds is None else min(self.best_seconds, time)
        self.add_time(seconds)

    def add_loss(self, seconds: float = 0) -> None:
        self.played = min(self.played + 1, MAX_COUNT)
        self.current_streak = 0
        self.add_time(seconds)

    def to_json(self) -> dict[str, int | None]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, data: object) -> VariantStats:
        """Numbers from a file; `ImpossibleNumbers` unless play could have produced them."""
        if not isinstance(data, Mapping):
            raise ImpossibleNumbers(f"expected an object, found {type(data).__name__}")
        values: dict[str, int | None] = {}
        for f in fields(cls):
            optional = f.name in ("best_score", "fewest_moves", "best_seconds")
            value = data.get(f.name, None if optional else 0)
            limit = MAX_SUM if f.name in ("won_scores", "won_moves") else MAX_COUNT
            if value is None and optional:
                values[f.name] = None
            elif isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= limit:
                values[f.name] = value
            else:
                raise ImpossibleNumbers(f"{f.name}: {value!r:.40} is not a count")
        stats = cls(**values)  # type: ignore[arg-type]
        if problem := stats._impossible():
            raise ImpossibleNumbers(problem)
        return stats

    def _impossible(self) -> str:
        """Why these numbers cannot come from play ("" when they can)."""
        if not self.current_streak <= self.best_streak <= self.won <= self.played:
            return "streaks, wins and games played do not add up"
        if (self.best_score is None) != (self.won == 0) or (self.fewest_moves is None) != (self.won == 0):
            return "a best score and fewest moves exist exactly when a game was won"
        if self.best_score is not None and not MIN_WIN_SCORE <= self.best_score <= MAX_SCORE:
            return f"best_score: {self.best_score} is not the score of a won game"
        if self.fewest_moves == 0:
            return "fewest_moves: no game is won without a move"
        if self.averaged > self.won or self.clean_wins > self.won:
            return "averaged, clean_wins: more wins than won"
        if self.best_seconds is not None and (self.won == 0 or self.best_seconds > self.seconds):
            return "best_seconds: the time of a win that is not counted"
        if not self.averaged * MIN_WIN_SCORE <= self.won_scores <= self.averaged * MAX_SCORE:
            return "won_scores: not the scores of that many wins"
        if not self.averaged <= self.won_moves <= self.averaged * MAX_COUNT:
            return "won_moves: not the moves of that many wins"
        return ""


ONE_DAY = timedelta(days=1)


def _day(value: object, name: str) -> date | None:
    """A date from a file (``"2026-12-01"``) or None; `ImpossibleNumbers` otherwise."""
    if value is None:
        return None
    if isinstance(value, str) and len(value) == 10:
        try:
            return date.fromisoformat(value)
        except ValueError:
            pass
    raise ImpossibleNumbers(f"{name}: {value!r:.40} is not a date like 2026-12-01")


@dataclass
class DailyStats:
    """The deal of the day (docs/RULES.md §14), across variants: on how many
    days one was played and won, and the streak of days won in a row. A day
    counts once however many variants of it are played."""

    played_days: int = 0
    won_days: int = 0
    streak: int = 0  # days won in a row, ending on `last_won`
    best_streak: int = 0
    last_played: date | None = None
    last_won: date | None = None

    def add_played(self, day: date) -> None:
        """A deal of `day` began to count (its first action)."""
        if self.last_played is None or day > self.last_played:
            self.played_days = min(self.played_days + 1, MAX_COUNT)
            self.last_played = day

    def add_won(self, day: date) -> None:
        """A deal of `day` was won: the streak goes on if the day before was won too."""
        self.add_played(day)
        if self.last_won is not None and day <= self.last_won:
            return
        self.won_days = min(self.won_days + 1, MAX_COUNT, self.played_days)
        self.streak = min(self.streak + 1, MAX_COUNT) if self.last_won == day - ONE_DAY else 1
        self.streak = min(self.streak, self.won_days)
        self.best_streak = max(self.best_streak, self.streak)
        self.last_won = day

    def current_streak(self, today: date) -> int:
        """The streak as it stands `today`: still alive until a whole day passes without a win."""
        return self.streak if self.last_won is not None and self.last_won >= today - ONE_DAY else 0

    def to_json(self) -> dict[str, int | str | None]:
        data: dict[str, int | str | None] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            data[f.name] = value.isoformat() if isinstance(value, date) else value
        return data

    @classmethod
    def from_json(cls, data: object) -> DailyStats:
        """The numbers of a file; `ImpossibleNumbers` unless play could have produced them."""
        if not isinstance(data, Mapping):
            raise ImpossibleNumbers(f"expected an object, found {type(data).__name__}")
        counts: dict[str, int] = {}
        for name in ("played_days", "won_days", "streak", "best_streak"):
            value = data.get(name, 0)
            if not (isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_COUNT):
                raise ImpossibleNumbers(f"{name}: {value!r:.40} is not a count")
            counts[name] = value
        stats = cls(
            **counts,
            last_played=_day(data.get("last_played"), "last_played"),
            last_won=_day(data.get("last_won"), "last_won"),
        )
        if not stats.streak <= stats.best_streak <= stats.won_days <= stats.played_days:
            raise ImpossibleNumbers("days won, streaks and days played do not add up")
        if (stats.last_played is None) != (stats.played_days == 0) or (stats.last_won is None) != (stats.won_days == 0):
            raise ImpossibleNumbers("a last day exists exactly when a day was played or won")
        if stats.last_won is not None and stats.last_played is not None and stats.last_won > stats.last_played:
            raise ImpossibleNumbers("a day was won after the last day played")
        return stats


class Stats:
    """All variants' statistics, and the deal of the day's."""

    def __init__(self, variants: Mapping[str, VariantStats] | None = None, daily: DailyStats | None = None) -> None:
        self.variants: dict[str, VariantStats] = {v: VariantStats() for v in VARIANTS}
        if variants:
            self.variants.update(variants)
        self.daily = daily or DailyStats()

    def __getitem__(self, variant: str) -> VariantStats:
        return self.variants[variant]

    def record_win(self, game: Game, seconds: float = 0) -> None:
        """Count a won game: played and won, its score and moves, the streak,
        its time, and a clean win when nothing was undone."""
        self.variants[variant_of(game)].add_win(game.score, game.moves, seconds, clean=game.undos == 0)

    def record_loss(self, game: Game, seconds: float = 0) -> None:
        """Count a game the player left unfinished: played, lost, the streak ends; its time."""
        self.variants[variant_of(game)].add_loss(seconds)

    def reset(self) -> None:
        """Forget everything (the Statistics screen asks for confirmation first)."""
        self.variants = {v: VariantStats() for v in VARIANTS}
        self.daily = DailyStats()

    @property
    def total_played(self) -> int:
        return sum(v.played for v in self.variants.values())

    def total(self) -> VariantStats:
        """Every variant together: games played and won, clean wins, the best
        score, fewest moves and best time of any win, the averages over every
        averaged win, the time. Streaks belong to a variant: the total has none (0)."""
        every = list(self.variants.values())
        scores = [v.best_score for v in every if v.best_score is not None]
        moves = [v.fewest_moves for v in every if v.fewest_moves is not None]
        times = [v.best_seconds for v in every if v.best_seconds is not None]
        return VariantStats(
            played=min(sum(v.played for v in every), MAX_COUNT),
            won=min(sum(v.won for v in every), MAX_COUNT),
            best_score=max(scores, default=None),
            fewest_moves=min(moves, default=None),
            won_scores=sum(v.won_scores for v in every),
            won_moves=sum(v.won_moves for v in every),
            averaged=sum(v.averaged for v in every),
            seconds=min(sum(v.seconds for v in every), MAX_COUNT),
            clean_wins=min(sum(v.clean_wins for v in every), MAX_COUNT),
            best_seconds=min(times, default=None),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "variants": {key: self.variants[key].to_json() for key in VARIANTS},
            "daily": self.daily.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> tuple[Stats, list[str]]:
        """Stats from a decoded file and what was wrong in it; a variant that
        cannot be read starts again from zero, the others are kept."""
        variants = data.get("variants")
        if not isinstance(variants, Mapping):
            return cls(), [f"variants: expected an object, found {type(variants).__name__}"]
        good: dict[str, VariantStats] = {}
        problems: list[str] = []
        for key in VARIANTS:
            if key not in variants:
                continue
            try:
                good[key] = VariantStats.from_json(variants[key])
            except ImpossibleNumbers as err:
                problems.append(f"{key}: {err}")
        daily = DailyStats()
        if "daily" in data:  # (files written before the deal of the day have none)
            try:
                daily = DailyStats.from_json(data["daily"])
            except ImpossibleNumbers as err:
                problems.append(f"daily: {err}")
        return cls(good, daily), problems
