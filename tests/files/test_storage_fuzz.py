"""The standing guard over the file loaders: whatever a data file
holds, arbitrary bytes or arbitrary JSON, loading it never raises, never
destroys it (its bytes stay in the folder, under its name or moved aside),
and the launch still gives a game that can be played and saved.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.files.storage import DataFile, Storage
from game.play.session import Session

NOW = datetime(2026, 11, 30, 23, 15, 0)
GUARD = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(10**400), max_value=10**400)
    | st.floats()
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=25,
)

# Files close to ours, so the checks past the JSON syntax are reached too.
KEYS = {
    DataFile.SETTINGS: [
        "double_click",
        "auto_placement",
        "animation_speed",
        "language",
        "fullscreen",
        "four_colour",
        "variant",
    ],
    DataFile.STATS: ["variants"],
    DataFile.GAME: ["code", "start", "record", "started", "daily", "seconds", "late", "redo", "undos"],
    DataFile.HISTORY: ["games"],
    DataFile.DAILY: ["days", "best_before"],
}
STATS_KEYS = ["played", "won", "best_score", "fewest_moves", "current_streak", "best_streak"]
RECORD_TOKENS = st.sampled_from(["6>1", "deal", "9>4", "4>5", "5>4", "1:2>3", "10>1", "x", "", "11>2", "0>1"])


def near_values(name: DataFile) -> st.SearchStrategy[Any]:
    plain = json_values | st.sampled_from(["it", "slow", "2F", "SP1-S1C-AAAAAAD", "SP1-S4F-SPIDER2", True, 0, 1])
    if name is DataFile.STATS:
        numbers = st.dictionaries(st.sampled_from(STATS_KEYS), st.none() | st.integers(-2, 2000), max_size=6)
        return st.dictionaries(st.sampled_from(["1C", "2C", "2F", "4C", "4F", "9Z"]), numbers, max_size=5)
    if name is DataFile.GAME:
        return plain | st.lists(RECORD_TOKENS, max_size=12).map(" ".join)
    if name is DataFile.HISTORY:
        game = st.dictionaries(
            st.sampled_from(["when", "variant", "code", "result", "score", "moves", "seconds", "line"]),
            plain | st.sampled_from(["2026-12-01T21:05", "won", "lost", "1C", "SP1-S1C-AAAAAAD:1:18"]),
            max_size=8,
        )
        return st.lists(game, max_size=4)
    if name is DataFile.DAILY:
        result = st.dictionaries(
            st.sampled_from(["variant", "won", "moves", "seconds", "late", "when"]),
            plain | st.sampled_from(["2026-12-04T21:05+01:00", "1C", "4F", False]),
            max_size=6,
        )
        days = st.sampled_from(["2026-12-04", "1999-12-31", "0999-06-01", "2026-02-30", "x"])
        return st.dictionaries(days, st.lists(result, max_size=3) | plain, max_size=3)
    return plain


def near_files(name: DataFile) -> st.SearchStrategy[bytes]:
    version = st.sampled_from([1, 1, 1, 2, 0, "1", None, 1.0])
    body = st.dictionaries(st.sampled_from(KEYS[name]), near_values(name), max_size=len(KEYS[name]))
    return st.builds(lambda v, b: json.dumps({"version": v, **b}).encode(), version, body)


def any_file(name: DataFile) -> st.SearchStrategy[bytes]:
    return (
        st.binary(max_size=300)
        | json_values.map(lambda v: json.dumps(v).encode())
        | near_files(name)
        | st.integers(1, 3000).map(lambda n: b"[" * n)
    )


def loader(storage: Storage, name: DataFile) -> Callable[[], tuple[object, list[object]]]:
    return {  # type: ignore[return-value]
        DataFile.SETTINGS: storage.load_settings,
        DataFile.STATS: storage.load_stats,
        DataFile.GAME: storage.load_game,
        DataFile.HISTORY: storage.load_history,
        DataFile.DAILY: storage.load_daily,
    }[name]


def check_loader(name: DataFile, content: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / name).write_bytes(content)
        loader(Storage(folder, clock=lambda: NOW, environ={}), name)()  # never raises
        kept = [p for p in folder.iterdir() if p.name == name or p.name.startswith(f"{name}.bad-")]
        assert any(p.read_bytes() == content for p in kept), "the file's bytes are still in the folder"


def check_launch(name: DataFile, content: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / name).write_bytes(content)
        session, _ = Session.open(folder, clock=lambda: NOW, environ={})
        try:
            game = session.game
            assert game.to_text()
            assert not game.is_won
            # Playable and saved: one action, and the next launch resumes it.
            events = game.deal() if game.can_deal() else game.undo() if game.can_undo else []
            session.record(events)
        finally:
            session.close()
        again, notices = Session.open(folder, clock=lambda: NOW, environ={})
        again.close()
        assert notices == [] and again.game.to_text() == game.to_text()


@pytest.mark.slow  # 60 random files of each kind
@GUARD
@pytest.mark.parametrize("file", list(DataFile))
@given(st.data())
def test_any_data_file_loads_or_is_set_aside(file: DataFile, data: st.DataObject) -> None:
    content = data.draw(any_file(file))
    check_loader(file, content)
    check_launch(file, content)
