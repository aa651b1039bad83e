"""Shared test set-up: headless OpenGL, and one window for the whole session.

`ARCADE_HEADLESS` must be set before arcade is imported anywhere, so it is set
here, at the top of the first file pytest loads. Engine tests never touch the
window fixture and need no OpenGL at all.
"""

from __future__ import annotations

import os

os.environ.setdefault("ARCADE_HEADLESS", "1")

# Before any test module imports arcade.gui, which Arcade 3.3 cannot import
# headless without the fix this package applies.
from collections.abc import Iterator
from typing import Any

import pytest

import game.ui  # noqa: F401


@pytest.fixture(scope="session")
def shared_window() -> Iterator[Any]:
    """The one headless arcade window of the test session (created on first use)."""
    import arcade

    window = arcade.Window(1280, 800, "Spider tests", antialiasing=False)
    yield window
    window.close()


@pytest.fixture
def window(shared_window: Any) -> Iterator[Any]:
    """The shared window, back at 1280x800 with no view, before and after each test."""
    import arcade

    def reset() -> None:
        if shared_window.get_size() != (1280, 800):
            shared_window.set_size(1280, 800)
        shared_window.show_view(arcade.View())
        shared_window.ctx.finish()

    reset()
    yield shared_window
    reset()


@pytest.fixture
def table(window: Any) -> Any:
    """Make a table view in the shared window: ``table(code_or_position, settings)``."""
    from table_harness import Table

    from game.engine import Game

    def make(game: Any, settings: Any = None, animate_opening: bool = False) -> Table:
        g = game if isinstance(game, Game) else Game.from_text(game) if "\n" in game else Game.from_code(game)
        return Table(window, g, settings, animate_opening)

    return make
