"""Running the game as a player's shell would, in a process of its own
(`python -m game ...` from the checkout), for the tests of what only a real
process shows: exit statuses, the one-line errors on stderr, the files and
pictures it writes. Imported as ``game_process`` (tests/ is on sys.path)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def game_argv(*args: str) -> list[str]:
    """The command line that starts this checkout's game with `args`."""
    return [sys.executable, "-m", "game", *args]


def child_env(unset: Iterable[str] = (), values: Mapping[str, str] | None = None) -> dict[str, str]:
    """This process's environment without the variables named in `unset`, then with `values`."""
    gone = set(unset)
    env = {k: v for k, v in os.environ.items() if k not in gone}
    env.update(values or {})
    return env


def run_game(
    *args: str, unset: Iterable[str] = (), env: Mapping[str, str] | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run the game to its end in the checkout, with the environment of
    `child_env(unset, env)`, and return its status and its output as text.
    (The timeout only stops a hung game; a loaded machine may need it.)"""
    return subprocess.run(
        game_argv(*args),
        cwd=ROOT,
        env=child_env(unset, env),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
