"""A seeded random-input run in a real window ends with Ctrl+Q and a saved game
(once, after ~10,000 random actions, Ctrl+Q and Ctrl+Z did nothing).

Clicks, double-clicks, drags and keys (F11, Esc, Enter, Tab, Ctrl+Z, D,
digits, arrows, the screens' keys) at random, from a seed; then, once the
game is idle, Esc twice (out of any dialog) and Ctrl+Q must end it with
status 0, and its game.json must hold a record the engine replays.

    SPIDER_RANDOM_SEED=18 SPIDER_RANDOM_ACTIONS=10000 pytest tests/ui/real_window/test_random_input.py

runs the long version by hand (about 0.1 s an action). The actions of a
failing run are saved as JSON beside the pictures, for cutting down.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from inner_loop import short_and_soak

from game.engine import Game
from tools.xwindow import Desktop, read_json

from .conftest import skip_without_tools
from .random_input import actions, perform
from .table import CODE, GAME_FILE, Table, open_table, settle_opening

pytestmark = [pytest.mark.xvfb, pytest.mark.slow, skip_without_tools()]

SEED = int(os.environ.get("SPIDER_RANDOM_SEED", "18"))
COUNT = int(os.environ.get("SPIDER_RANDOM_ACTIONS", "300"))  # in the soak; make test does 25


def keys_work(table: Table) -> list[str]:
    """Once idle: Esc twice, then Ctrl+Q must quit with status 0 (else: does Ctrl+Z still work?)."""
    window = table.window
    window.find()
    window.settled(timeout=30)
    window.activate()
    window.key("Escape", "Escape")
    window.settled()
    before = table.record
    window.key("ctrl+q")
    status = window.wait_exit(10)
    if status == 0:
        return []
    if status is not None:
        return [f"Ctrl+Q ended the game with status {status}:\n{window.output()}"]
    window.key("ctrl+z")
    undone = table.wait_record(" ".join(before.split()[:-1]), 3.0) if before else False
    return [
        "the game is alive and idle, but Ctrl+Q did not quit it"
        + (" (Ctrl+Z still undid a move)" if undone else " and Ctrl+Z did nothing either" if before else "")
    ]


def x_server_state(desktop: Desktop) -> str:
    """Whether the X server still answers, for a failure's message."""
    try:
        desktop.run("xdotool", "getmouselocation", timeout=3)
    except (RuntimeError, subprocess.TimeoutExpired):
        return "the X server does not answer: a client holds it"
    return "the X server answers"


def saved_game_problems(data_dir: Path) -> list[str]:
    saved = read_json(data_dir / GAME_FILE)
    if saved is None:
        return [f"no readable {GAME_FILE} after quitting"]
    try:
        game = Game.from_code(str(saved.get("code")))
        game.play(str(saved.get("record", "")))
    except ValueError as err:
        return [f"{GAME_FILE} holds a record the engine refuses: {err}"]
    return []


@pytest.mark.parametrize("count", short_and_soak(25, COUNT))
def test_a_seeded_random_run_ends_with_ctrl_q_and_a_saved_game(desktop: Desktop, tmp_path: Path, count: int) -> None:
    table = open_table(desktop, tmp_path, f"random-{SEED}", ["--code", CODE, "--size", "1280x800"])
    plan = actions(SEED, count)
    done = 0
    problems: list[str] = []
    try:
        settle_opening(table)
        for action in plan:
            if not table.window.alive:
                break
            try:
                perform(table.window, action)
            except (RuntimeError, subprocess.TimeoutExpired) as err:
                problems.append(f"action {done + 1} {action} could not be done: {err} ({x_server_state(desktop)})")
                break
            done += 1
        if not table.window.alive:
            problems.append(f"the game died after {done} actions:\n{table.window.output()}")
        if not problems:
            problems = keys_work(table)
        problems += saved_game_problems(table.data_dir) if not table.window.alive else []
    finally:
        table.window.stop()
    if problems:
        table.shots.mkdir(parents=True, exist_ok=True)
        log = table.shots / f"random-{SEED}-{count}.json"
        log.write_text(json.dumps(plan[:done]), encoding="utf-8")
        problems.append(f"(the {done} actions of seed {SEED}: {log})")
    assert not problems, f"after {done} random actions (seed {SEED}): " + "\n".join(problems)
