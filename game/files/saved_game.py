"""The game in progress as the data folder keeps it (``game.json``, `game.files.storage`).

`game_data` is what is written: the code (or, for a game made from a
position text, that first table), the action record, whether the game
counts (``started``), and, only when there is something to say, the deal of
the day it is (``daily``, and ``late`` when begun after its day), the time
played (``seconds``), the actions redo can make again (``redo``, the next
first) and how many were undone (``undos``). `saved_game_from` replays a
decoded file into a `SavedGame` (the undo and redo histories included), or
raises `ValueError` naming what does not describe a playable game (the
storage then moves the file aside). The optional keys came later: a file
without them loads as before, and an older Spider ignores them.
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
    late: bool = False  # a deal of the day begun after its day (from the calendar): no streak


MAX_COUNT = 999_999_999  # as the statistics bound their counts


def game_data(game: Game, started: bool, daily: date | None, seconds: int, late: bool) -> dict[str, object]:
    """What ``game.json`` holds (see the module docstring)."""
    code = game.code
    data: dict[str, object] = {
        "code": code,
        # A game made from text has no code: its first table is the key.
        "start": None if code else game.start_text(),
        "record": game.record,
        "started": started,
    }
    optional = {
        "daily": None if daily is None else daily.isoformat(),
        "late": late and daily is not None,
        "seconds": seconds,
        "redo": game.redo_record,
        "undos": game.undos,
    }
    return data | {key: value for key, value in optional.items() if value}


def saved_game_from(data: Mapping[str, Any]) -> tuple[SavedGame, list[str]]:
    """Replay a saved game; `ValueError` if it does not describe a playable game."""
    from game.engine import Game

    code, start = data.get("code"), data.get("start")
    record, redo = _text(data, "record"), _text(data, "redo")
    started = data.get("started", bool(record.strip()))  # version 1 files before "started": the record tells
    late = data.get("late", False)
    for name, flag in (("started", started), ("late", late)):
        if not isinstance(flag, bool):
            raise ValueError(f"{name}: expected true or false, found {flag!r:.40}")
    seconds, undos = _count(data, "seconds"), _count(data, "undos")
    try:
        if isinstance(code, str):
            game = Game.from_code(code)
        elif isinstance(start, str):
            game = Game.from_text(start)
        else:
            raise ValueError("neither a code nor a start position")
        game.resume(record, redo, undos)
    except ValueError as err:  # InvalidCode, InvalidPosition, IllegalMove
        raise ValueError(str(err)) from None
    daily = _daily_of(data.get("daily"), game)
    if late and daily is None:
        raise ValueError("late: only a deal of the day is played late")
    return SavedGame(game, started or bool(game.record), daily, seconds, late), []


def _text(data: Mapping[str, Any], name: str) -> str:
    value = data.get(name, "")
    if not isinstance(value, str):
        raise ValueError(f"{name}: expected text, found {type(value).__name__}")
    return value


def _count(data: Mapping[str, Any], name: str) -> int:
    value = data.get(name, 0)
    if not (isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_COUNT):
        raise ValueError(f"{name}: {value!r:.40} is not a count")
    return value


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
