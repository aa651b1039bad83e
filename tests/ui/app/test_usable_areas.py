"""Where the window opens when the screens cannot be listed: as on a
1280x800 screen, with one line in the log saying why (a window found at an
unexpected size is then explained by the log)."""

from __future__ import annotations

import logging

import pytest

from game.system.geometry import Area, place
from game.ui.app import window


def test_screens_that_cannot_be_listed_leave_one_line_naming_why(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    import pyglet

    class Unlisted:
        def get_default_screen(self) -> object:
            raise RuntimeError("no screen resources")

    monkeypatch.setattr(pyglet.display, "get_display", Unlisted)
    with caplog.at_level(logging.WARNING, logger=window.__name__):
        assert window.usable_areas() == []
    (line,) = caplog.messages
    assert line.startswith("spider: ") and "RuntimeError: no screen resources" in line and "\n" not in line
    assert place(None, []) == place(None, [Area(0, 0, 1280, 800)])
