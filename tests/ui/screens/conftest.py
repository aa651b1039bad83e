"""Fixtures of the screen tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.engine import Game
from game.session import Session
from game.stats import Stats
from game.storage import Storage
from game.ui.app.controller import SpiderApp
from ui.screens.screens_driver import Calls
from ui.table_harness import Table


@pytest.fixture
def calls() -> Calls:
    """Records what a screen's callbacks received."""
    return Calls()


@pytest.fixture
def app(window: Any, tmp_path: Path) -> tuple[Table, SpiderApp]:
    """A one-suit table with its application on a temporary data folder."""
    game = Game.from_code("SP1-S1C-AAAAAAD")
    t = Table(window, game)
    return t, SpiderApp(t.view, Session(Storage(tmp_path), t.settings, Stats(), game))
