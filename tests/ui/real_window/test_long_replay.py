"""A 50,000-action replay in a real window: its bar dragged back and forth
in many steps never holds Ctrl+Q behind it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from long_games import back_and_forth

from game.ui.layout.replay import replay_layout
from tools.xwindow import Desktop

from .conftest import skip_without_tools
from .table import Table, open_table, settle_opening

pytestmark = [pytest.mark.xvfb, pytest.mark.slow, skip_without_tools()]

SIZE = (1280, 800)


@pytest.fixture
def replay(desktop: Desktop, tmp_path: Path) -> Iterator[Table]:
    line = tmp_path / "long.line"
    line.write_text(back_and_forth(50_000), encoding="utf-8")
    table = open_table(desktop, tmp_path, "long-replay", ["--replay", str(line), "--size", f"{SIZE[0]}x{SIZE[1]}"])
    yield table
    table.window.stop()


@pytest.mark.parametrize("steps", [40, 150])
def test_dragging_a_long_replays_bar_never_holds_ctrl_q(replay: Table, steps: int) -> None:
    """Once seen: the bar of a 50,000-action replay dragged in 40 or 150
    steps left Ctrl+Q waiting 5 to 20 s, each step replaying the game from
    its deal."""
    settle_opening(replay)
    track = replay_layout(*SIZE, {}).track  # the strip's texts change it little: its middle is the bar's
    y = SIZE[1] - track.center_y
    ends = (track.left + track.width * 0.3, track.left + track.width * 0.9)
    window = replay.window
    window.pointer_to(*(str(round(v)) for v in (window.geometry().x + ends[0], window.geometry().y + y)))
    window.desktop.run("xdotool", "mousedown", "1")
    g = window.geometry()
    for k in range(steps):  # right, then back left: each way seeks far, both ways
        share = k / (steps - 1)
        x = ends[0] + (ends[1] - ends[0]) * (1 - abs(2 * share - 1))
        window.desktop.run("xdotool", "mousemove", str(round(g.x + x)), str(round(g.y + y)))
    window.desktop.run("xdotool", "mouseup", "1")
    window.key("ctrl+q")
    start = time.monotonic()
    status = window.wait_exit(5.0)  # a generous deadline: only a backlog of seeks fails it
    assert status == 0, (
        f"Ctrl+Q did not quit within 5 s of the drag (status {status}, {time.monotonic() - start:.1f} s)"
    )
