"""One desktop (Xvfb 1920x1080x24 with openbox) for every real-window test,
and one game on it for the modules that can share it (table.SharedGame)."""

from __future__ import annotations

from collections.abc import Iterator

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


@pytest.fixture(scope="package")
def shared_game(desktop: Desktop, tmp_path_factory: pytest.TempPathFactory) -> Iterator[SharedGame]:
    """The game the looking-and-pressing modules share (each takes it with `ready`)."""
    shared = SharedGame(desktop, tmp_path_factory.mktemp("shared-game"))
    yield shared
    shared.stop()
