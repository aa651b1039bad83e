"""The engine stays pure: no arcade, no pyglet, nothing of the game outside
the engine, no file read; and its doctests hold."""

from __future__ import annotations

import ast
import doctest
import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import game.engine

ENGINE = Path(game.engine.__file__).parent
MODULES = ["game.engine", *(f"game.engine.{info.name}" for info in pkgutil.iter_modules([str(ENGINE)]))]
DESCRIBE_WORDS = ENGINE.parent.parent / "resources" / "i18n" / "it" / "describe.json"


def imported_modules(path: Path) -> set[str]:
    """Every module a source file imports, relative imports made absolute."""
    package = "game.engine"
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            names.add(".".join(part for part in (base, node.module or "") if part))
    return names


def test_the_engine_imports_only_itself_and_the_standard_library() -> None:
    for path in ENGINE.rglob("*.py"):
        for name in imported_modules(path):
            top = name.split(".")[0]
            assert top not in ("arcade", "pyglet", "PIL"), (path.name, name)
            if top == "game":
                assert name == "game.engine" or name.startswith("game.engine."), (path.name, name)
            else:
                assert top in sys.stdlib_module_names or top == "__future__", (path.name, name)


def test_importing_and_playing_the_engine_loads_no_arcade_or_pyglet() -> None:
    code = (
        "import json, sys, game.engine as e; g = e.Game.from_code('SP1-S2C-AAAAAAD'); g.deal(); g.undo();"
        f"g.describe(json.loads(open({str(DESCRIBE_WORDS)!r}, encoding='utf-8').read()));"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('arcade', 'pyglet')]; print(bad); sys.exit(bool(bad))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("name", MODULES)
def test_engine_docstring_examples_hold(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name} (see the output)"
