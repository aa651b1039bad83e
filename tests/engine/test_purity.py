"""The engine stays pure: no arcade, no pyglet, and its doctests hold."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import game.engine

ENGINE = Path(game.engine.__file__).parent


def test_engine_source_never_imports_arcade_or_pyglet() -> None:
    pattern = re.compile(r"^\s*(import|from)\s+(arcade|pyglet)\b", re.MULTILINE)
    offenders = [p.name for p in ENGINE.rglob("*.py") if pattern.search(p.read_text(encoding="utf-8"))]
    assert offenders == []


def test_importing_and_playing_the_engine_loads_no_arcade_or_pyglet() -> None:
    code = (
        "import sys, game.engine as e; g = e.Game.from_code('SP1-S2C-AAAAAAD'); g.deal(); g.undo(); g.describe('it');"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('arcade', 'pyglet')]; print(bad); sys.exit(bool(bad))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_engine_docstring_examples_hold() -> None:
    failures = 0
    for info in pkgutil.iter_modules([str(ENGINE)]):
        module = importlib.import_module(f"game.engine.{info.name}")
        failures += doctest.testmod(module).failed
    failures += doctest.testmod(game.engine).failed
    assert failures == 0
