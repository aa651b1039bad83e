"""Shared test set-up: headless OpenGL, and one window for the whole session.

`ARCADE_HEADLESS` must be set before arcade is imported anywhere, so it is set
here, at the top of the first file pytest loads. Engine tests never touch the
window fixture and need no OpenGL at all.
"""

from __future__ import annotations

import os

os.environ.setdefault("ARCADE_HEADLESS", "1")

# Before any test module imports pyglet's input (game controllers), which
# cannot be imported headless without the fix this package applies.
from collections.abc import Iterator
from pathlib import Path
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


def prepare_window(window: Any) -> None:
    """Put the shared window back as a test expects it: the steps of
    Arcade's own test suite (``prepare_window`` in arcade's tests/conftest.py),
    at our size. The view is hidden (its ``on_hide_view`` frees what it holds),
    events a test left queued are dispatched, the GL state (blending,
    viewport, projection, bound framebuffer) is reset, the frame is flipped and
    cleared, and GL objects freed by the last test are collected now, on this
    thread. (Arcade also replaces the window's own on_draw/on_update; ours are
    never assigned, views are shown instead.)"""
    if window.has_exit:
        raise RuntimeError("a test closed the shared window")
    window.switch_to()
    if window.get_size() != (1280, 800):
        window.set_size(1280, 800)
    window.hide_view()
    window.dispatch_pending_events()
    ctx = window.ctx
    ctx.reset()
    window.flip()
    window.clear()
    window.default_camera.use()
    ctx.gc()
    ctx.finish()


@pytest.fixture(scope="session")
def cards() -> Any:
    """The card pipeline of the test session, as launch makes one for the
    process: each sheet is read once, the tables share it."""
    from game.ui.cards.loading import CardPipeline

    return CardPipeline()


@pytest.fixture
def window(shared_window: Any) -> Iterator[Any]:
    """The shared window, reset (`prepare_window`) before and after each test."""
    prepare_window(shared_window)
    yield shared_window
    prepare_window(shared_window)


@pytest.fixture
def table(window: Any, cards: Any) -> Any:
    """Make a table view in the shared window: ``table(code_or_position, settings)``."""
    from ui.table_harness import Table

    def make(game: Any, settings: Any = None, animate_opening: bool = False) -> Table:
        return Table(window, a_game(game), settings, animate_opening, cards=cards)

    return make


@pytest.fixture
def app(window: Any, tmp_path: Path, cards: Any) -> Any:
    """Make a table with its application (the `SpiderApp` that saves, counts
    statistics and opens the screens) on the test's temporary data folder:
    ``t, spider = app(code_or_position, settings, storage=..., stats=..., ticker=..., schedule=..., clock=...)``
    (typed as ``ui.table_harness.MakeApp``; by default a one-suit deal; `stats`
    the player's earlier games, none by default; `ticker` is the session's
    monotonic clock, for the time played)."""
    from ui.table_harness import Table

    from game.files.storage import Storage
    from game.play.session import Session
    from game.records.stats import Stats
    from game.ui.app.controller import SpiderApp

    def make(
        game: Any = "SP1-S1C-AAAAAAD",
        settings: Any = None,
        *,
        storage: Any = None,
        stats: Any = None,
        ticker: Any = None,
        **wiring: Any,
    ) -> tuple[Table, SpiderApp]:
        t = Table(window, a_game(game), settings, cards=cards)
        store = Storage(tmp_path) if storage is None else storage
        played = Stats() if stats is None else stats
        session = Session(store, t.settings, played, t.game, **({} if ticker is None else {"ticker": ticker}))
        return t, SpiderApp(t.view, session, **wiring)

    return make


def a_game(game: Any) -> Any:
    """A `Game` as given, or from its code or its position text."""
    from game.engine import Game

    return game if isinstance(game, Game) else Game.from_text(game) if "\n" in game else Game.from_code(game)
