"""Statistics per variant: games played and won, best score, streaks.

A variant is the number of suits and the rule, written as in game codes:
``1C``, ``2C``, ``2F``, ``4C``, ``4F`` (at one suit the rules are the same,
so only ``1C`` exists).

When a game counts (the view calls these; each is safe to call twice):

- ``record_win(game)`` when the engine reports `GameWon`: played + won, best
  score, fewest moves, streak + 1.
- ``record_abandoned(game)`` just before the player leaves a game for a new
  deal **or restarts it**: played, a loss, the streak ends. Nothing is counted
  when no move was made (opening a deal and changing one's mind is not a
  game) or when the game is won (it was counted when it was won).

Why a restart counts: the player gave up on that attempt. If restarts were
free, restarting until a lucky run would keep a perfect win rate and streak,
and the numbers would stop meaning anything; Microsoft's Spider counts a
restarted game as a loss too, which is what players expect. Closing the
window does not count: the game is saved and resumed at the next launch.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .engine import Game

# The order players read them in: by difficulty, Classic before Flexible.
VARIANTS: tuple[str, ...] = ("1C", "2C", "2F", "4C", "4F")


def variant_of(game: Game) -> str:
    """The variant key of a game: ``"4F"`` for four suits, Flexible."""
    rule = "C" if game.suits == 1 else game.rule.letter
    return f"{game.suits}{rule}"


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

    @property
    def lost(self) -> int:
        return self.played - self.won

    @property
    def win_rate(self) -> float:
        """Share of played games won, 0.0–1.0 (0.0 before any game)."""
        return self.won / self.played if self.played else 0.0

    def add_win(self, score: int, moves: int) -> None:
        self.played += 1
        self.won += 1
        self.best_score = score if self.best_score is None else max(self.best_score, score)
        self.fewest_moves = moves if self.fewest_moves is None else min(self.fewest_moves, moves)
        self.current_streak += 1
        self.best_streak = max(self.best_streak, self.current_streak)

    def add_loss(self) -> None:
        self.played += 1
        self.current_streak = 0

    def to_json(self) -> dict[str, int | None]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, data: object) -> VariantStats:
        """Numbers from a file; `TypeError`/`ValueError` unless they are consistent counts."""
        if not isinstance(data, Mapping):
            raise TypeError(f"expected an object, found {type(data).__name__}")
        values: dict[str, int | None] = {}
        for f in fields(cls):
            value = data.get(f.name, None if f.name in ("best_score", "fewest_moves") else 0)
            optional = f.name in ("best_score", "fewest_moves")
            if value is None and optional:
                values[f.name] = None
            elif isinstance(value, int) and not isinstance(value, bool) and value >= 0:
                values[f.name] = value
            else:
                raise ValueError(f"{f.name}: {value!r} is not a count")
        stats = cls(**values)  # type: ignore[arg-type]
        if stats.won > stats.played or stats.best_streak > stats.won or stats.current_streak > stats.best_streak:
            raise ValueError("inconsistent counts")
        return stats


class Stats:
    """All variants' statistics, plus the guard that stops a game counting twice."""

    def __init__(self, variants: Mapping[str, VariantStats] | None = None) -> None:
        self.variants: dict[str, VariantStats] = {v: VariantStats() for v in VARIANTS}
        if variants:
            self.variants.update(variants)
        # The last won game counted (a weak reference, so a finished game is
        # not kept alive, and never an id(): ids are reused once a game is
        # freed): a second `record_win` for the same game is a no-op. Kept in
        # memory only: a resumed won game is never re-won, and
        # `record_abandoned` ignores won games.
        self._last_win: weakref.ref[Game] | None = None

    def __getitem__(self, variant: str) -> VariantStats:
        return self.variants[variant]

    def record_win(self, game: Game) -> bool:
        """Count a won game; True if it was counted now (False: not won, or already counted)."""
        if not game.is_won:
            return False
        if self._last_win is not None and self._last_win() is game:
            return False
        self._last_win = weakref.ref(game)
        self.variants[variant_of(game)].add_win(game.score, game.moves)
        return True

    def record_abandoned(self, game: Game) -> bool:
        """Count a game the player leaves (new deal or restart) as played and
        lost; True if it was counted (False: no move made, or won)."""
        if game.is_won:
            # Its win was counted; after this the game object may be
            # restarted and won again, which must count again.
            self._last_win = None
            return False
        if game.moves == 0:
            return False
        self.variants[variant_of(game)].add_loss()
        return True

    def reset(self) -> None:
        """Forget everything (the Statistics screen asks for confirmation first)."""
        self.variants = {v: VariantStats() for v in VARIANTS}

    @property
    def total_played(self) -> int:
        return sum(v.played for v in self.variants.values())

    def to_json(self) -> dict[str, Any]:
        return {
            "version": 1,
            "variants": {key: self.variants[key].to_json() for key in VARIANTS},
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
            except (TypeError, ValueError) as err:
                problems.append(f"{key}: {err}")
        return cls(good), problems
