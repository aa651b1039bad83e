"""One desktop (Xvfb 1920x1080x24 with openbox) for every real-window test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tools.xwindow import DESKTOP_TOOLS, Desktop, missing_tools, start_desktop

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
