"""Launches that start from a window event of an earlier launch.

- a game quit while maximized reopens maximized, and drawn right (the
  maximized state is saved, so a frozen maximized window came back at every
  launch);
- a game killed during its opening deal (SIGKILL, as a crash or a power cut)
  reopens drawn right;
- ``--size 1920x1080`` on a 1920x1080 screen: the window manager shrinks the
  window to fit, and the table must fill what is left (a black band at the
  top and the bottom row cut off, before).

Each test launches its own games on the shared desktop.
"""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tools.xwindow import Desktop, read_json, wait_until

from .conftest import skip_without_tools
from .table import CODE, GAME_FILE, SETTINGS_FILE, Table, open_table, settle_opening

pytestmark = [pytest.mark.xvfb, pytest.mark.slow, skip_without_tools()]

MAXIMIZED = {"_NET_WM_STATE_MAXIMIZED_VERT", "_NET_WM_STATE_MAXIMIZED_HORZ"}


@pytest.fixture
def tables() -> Iterator[list[Table]]:
    """The games a test launches, all stopped after it."""
    opened: list[Table] = []
    yield opened
    for table in opened:
        table.window.stop()


def report(problems: list[str]) -> str:
    return "\n".join(["the window is not right for a player:", *problems])


def test_a_game_quit_maximized_reopens_maximized_and_drawn_right(
    desktop: Desktop, tmp_path: Path, tables: list[Table]
) -> None:
    first = open_table(desktop, tmp_path, "maximized-first", ["--code", CODE, "--size", "1280x800"])
    tables.append(first)
    settle_opening(first)
    first.window.maximize()
    first.window.settled()
    first.window.activate()
    first.window.key("ctrl+q")
    status = first.window.wait_exit(10)
    assert status == 0, f"Ctrl+Q did not quit the maximized game (exit status {status})\n{first.window.output()}"
    settings = read_json(tmp_path / "data" / SETTINGS_FILE) or {}
    assert settings.get("window_maximized") is True, f"the maximized window was not remembered: {settings}"

    again = open_table(desktop, tmp_path, "maximized-again", [], data_dir=tmp_path / "data")
    tables.append(again)
    problems = []
    if not wait_until(lambda: again.window.wm_state() >= MAXIMIZED, 5.0):
        problems.append(f"the game quit maximized reopened not maximized ({sorted(again.window.wm_state())})")
    problems += again.check_after("reopened maximized")
    assert not problems, report(problems)


def test_a_game_killed_during_its_opening_deal_reopens_drawn_right(
    desktop: Desktop, tmp_path: Path, tables: list[Table]
) -> None:
    first = open_table(desktop, tmp_path, "killed-first", ["--code", CODE, "--size", "1280x800"])
    tables.append(first)
    time.sleep(0.4)  # the point: a moment within the opening deal, which flies once the window is up
    first.window.proc.send_signal(signal.SIGKILL)
    first.window.wait_exit(10)
    saved = read_json(tmp_path / "data" / GAME_FILE)
    again = open_table(desktop, tmp_path, "killed-again", [], data_dir=tmp_path / "data")
    tables.append(again)
    problems = []
    if saved is not None and again.saved().get("code") != saved.get("code"):
        problems.append(f"the killed game {saved.get('code')} did not come back: {again.saved().get('code')}")
    problems += again.check_after("reopened after a kill")
    assert not problems, report(problems)


def test_a_window_asked_as_large_as_the_screen_is_drawn_whole(
    desktop: Desktop, tmp_path: Path, tables: list[Table]
) -> None:
    """Once seen: the window manager shrinks it; the table must fill what is left, nothing cut."""
    width, height = desktop.size
    table = open_table(desktop, tmp_path, "screen-size", ["--code", CODE, "--size", f"{width}x{height}"])
    tables.append(table)
    settle_opening(table)
    problems = table.check_after(f"launched with --size {width}x{height}")
    assert not problems, report(problems)


def test_render_table_draws_what_a_fresh_launch_shows(desktop: Desktop, tmp_path: Path, tables: list[Table]) -> None:
    """The references of every picture check: the game's own first frame
    at a size is the table tools.render_table draws at that size."""
    table = open_table(desktop, tmp_path, "fresh", ["--code", CODE, "--size", "1000x700"])
    tables.append(table)
    settle_opening(table)
    problems = table.check_picture("launched at 1000x700")
    assert not problems, report(problems)
    assert json.loads((tmp_path / "data" / GAME_FILE).read_text(encoding="utf-8")).get("code") == CODE


def test_the_window_reopens_where_it_was_left(desktop: Desktop, tmp_path: Path, tables: list[Table]) -> None:
    """Once seen: settings.json held "1200x800+51+80", and the next launch
    opened centred: the window manager placed it, as nothing said the place
    was the player's."""
    data = tmp_path / "data"
    first = open_table(desktop, tmp_path, "placed-first", ["--code", CODE], data_dir=data)
    tables.append(first)
    settle_opening(first)
    first.window.resize(1100, 700)
    moved = first.window.move(73, 91)
    first.window.activate()
    first.window.key("ctrl+q")
    assert first.window.wait_exit(10) == 0, first.window.output()
    remembered = (read_json(data / SETTINGS_FILE) or {}).get("window")
    assert remembered == f"1100x700+{moved.x}+{moved.y}", remembered
    for launch in ("placed-again", "placed-third"):  # twice: the place holds, and never drifts by the frame
        again = open_table(desktop, tmp_path, launch, [], data_dir=data)
        tables.append(again)
        settle_opening(again)
        where = again.window.geometry()
        assert (where.x, where.y, where.width, where.height) == (moved.x, moved.y, 1100, 700), launch
        again.window.activate()
        again.window.key("ctrl+q")
        assert again.window.wait_exit(10) == 0, again.window.output()
