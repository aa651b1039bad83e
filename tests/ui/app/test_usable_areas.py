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


def test_a_display_that_refuses_the_first_connection_is_asked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Once seen in runs with X servers starting side by side: the launch's
    first connection was refused, the placement went without the screens
    (as on a 1280x800 one), and the window, connecting a moment later,
    opened. Now the first connection is tried again, and the window uses it."""
    import pyglet
    from pyglet.window import NoSuchDisplayException

    class Screen:
        def __init__(self, x: int, width: int, height: int) -> None:
            self.x, self.y, self.width, self.height = x, 0, width, height

    class Display:
        def __init__(self) -> None:
            self.screens = [Screen(0, 2560, 1440), Screen(2560, 1920, 1080)]

        def get_default_screen(self) -> Screen:
            return self.screens[0]

        def get_screens(self) -> list[Screen]:
            return self.screens

    refusals = [NoSuchDisplayException('Cannot connect to "None"')] * 3

    def connect() -> Display:
        if refusals:
            raise refusals.pop()
        return Display()

    monkeypatch.setattr(pyglet.display, "get_display", connect)
    monkeypatch.setattr("game.ui.app.desktop_x11.work_area", lambda _display: None)
    monkeypatch.setattr("game.ui.app.window.time.sleep", lambda _s: None)
    monkeypatch.setenv("DISPLAY", ":7")
    assert window.usable_areas() == [Area(0, 0, 2560, 1440), Area(2560, 0, 1920, 1080)]
    assert refusals == []


def test_no_display_named_is_not_asked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    import pyglet
    from pyglet.window import NoSuchDisplayException

    tries: list[int] = []

    def refuse() -> object:
        tries.append(1)
        raise NoSuchDisplayException('Cannot connect to "None"')

    monkeypatch.setattr(pyglet.display, "get_display", refuse)
    monkeypatch.delenv("DISPLAY", raising=False)
    with pytest.raises(NoSuchDisplayException):
        window.usable_areas()
    assert tries == [1]
