"""The game in progress as the data folder keeps it (``game.json``, `game.files.storage`).

Decoding only: `saved_game_from` replays a decoded file into a `SavedGame`,
or raises `ValueError` naming what does not describe a playable game (the
storage then moves the file aside).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from game.engine import Game


@dataclass(frozen=True, slots=True)
class SavedGame:
    """The game in progress as found on disk; `started`: an action was made
    (even if undone since), so leaving the game now counts it as lost."""

    game: Game
    started: bool
    daily: date | None = None  # the day, when the game is that day's deal (docs/RULES.md §14)
    seconds: int = 0  # time played so far (docs/RULES.md §15)


def saved_game_from(data: Mapping[str, Any]) -> tuple[SavedGame, list[str]]:
    """Replay a saved game; `ValueError` if it does not describe a playable game."""
    from game.engine import Game

    code, start, record = data.get("code"), data.get("start"), data.get("record", "")
    if not isinstance(record, str):
        raise ValueError(f"record: expected text, found {type(record).__name__}")
    started = data.get("started", bool(record.strip()))  # version 1 files before "started": the record tells
    if not isinstance(started, bool):
        raise ValueError(f"started: expected true or false, found {started!r:.40}")
    try:
        if isinstance(code, str):
            game = Game.from_code(code)
        elif isinstance(start, str):
            game = Game.from_text(start)
        else:
            raise ValueError("neither a code nor a start position")
        game.play(record)
    except ValueError as err:  # InvalidCode, InvalidPosition, IllegalMove
        raise ValueError(str(err)) from None
    seconds = data.get("seconds", 0)
    if not (isinstance(seconds, int) and not isinstance(seconds, bool) and 0 <= seconds <= 999_999_999):
        raise ValueError(f"seconds: {seconds!r:.40} is not a time played")
    return SavedGame(game, started or bool(game.record), _daily_of(data.get("daily"), game), seconds), []


def _daily_of(value: object, game: Game) -> date | None:
    """The day a saved game is the deal of; `ValueError` when the file says a day
    whose deal it is not."""
    from game.records.daily import daily_code
    from game.records.stats import variant_of

    if value is None:
        return None
    try:
        day = date.fromisoformat(value) if isinstance(value, str) and len(value) == 10 else None
    except ValueError:
        day = None
    if day is None:
        raise ValueError(f"daily: {value!r:.40} is not a date like 2026-12-01")
    if game.code != daily_code(day, variant_of(game)):
        raise ValueError(f"daily: {game.code} is not the deal of {day.isoformat()}")
    return day
