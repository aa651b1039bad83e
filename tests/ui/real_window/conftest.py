"""One desktop (Xvfb 1920x1080x24 with openbox) for every real-window test,
and one game on it for the modules that can share it (table.SharedGame).

The tests that share the game run first, together; before any other test
the shared game is quit, so that it never takes the keyboard focus from a
game a test launched itself (once seen: a maximized game's Ctrl+Q went to
the shared one, left open behind)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tools.xwindow import DESKTOP_TOOLS, Desktop, missing_tools, start_desktop

from .table import SharedGame

SCREEN = (1920, 1080)


def skip_without_tools() -> pytest.MarkDecorator:
    missing = missing_tools(DESKTOP_TOOLS)
    return pytest.mark.skipif(
        bool(missing),
        reason=f"needs Xvfb, openbox, wmctrl, xdotool and x11-utils; missing: {', '.join(missing)}",
    )


@pytest.fixture(scope="session")
def desktop() -> Iterator[Desktop]:
    """Xvfb with a window manager, shared by the real-window modules (each launches its own game)."""
    started = start_desktop(*SCREEN)
    yield started
    started.stop()


HERE = Path(__file__).parent
SHARED: list[SharedGame] = []  # the shared game once made, for the tests that do not use it to quit it


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests here that share the game first, in their order, then the others."""
    places = [n for n, item in enumerate(items) if item.path.is_relative_to(HERE)]
    mine = [items[n] for n in places]
    mine.sort(key=lambda item: "shared_game" not in getattr(item, "fixturenames", ()))
    for n, item in zip(places, mine, strict=True):
        items[n] = item


@pytest.fixture(scope="package")
def shared_game(desktop: Desktop, tmp_path_factory: pytest.TempPathFactory) -> Iterator[SharedGame]:
    """The game the looking-and-pressing modules share (each takes it with `ready`)."""
    shared = SharedGame(desktop, tmp_path_factory.mktemp("shared-game"))
    SHARED.append(shared)
    yield shared
    shared.stop()
    SHARED.remove(shared)


@pytest.fixture(autouse=True)
def _alone_on_the_desktop(request: pytest.FixtureRequest) -> None:
    """A test that launches its own game finds no shared game open beside it."""
    if "shared_game" not in request.fixturenames:
        for shared in SHARED:
            shared.stop()
