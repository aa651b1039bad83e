"""The clipboard, for the table (Copy the game code) and the screens (the
table description, pasting a code): each platform backend fails its own
way, and none may stop the game, so both answer rather than raise.

On X11 (Linux, XWayland included) the clipboard is the game's own
(`game.ui.render.x11_clipboard`): a read never waits more than `READ_WAIT_S`
on the window's thread (`read_later` does not wait at all), large texts
come whole, and what the game copies arrives whole, accented letters
included. Elsewhere, and in a headless window, pyglet's."""

from __future__ import annotations

import sys
from collections.abc import Callable

import arcade
import pyglet

from game.ui.render import x11_clipboard

READ_WAIT_S = 0.5  # the longest a paste may hold the frame when the owner is slow or stopped
WRITE_WAIT_S = 0.5


def _x11(window: arcade.Window) -> x11_clipboard.Clipboard | None:
    if getattr(window, "headless", False) or not sys.platform.startswith("linux"):
        return None
    try:
        return x11_clipboard.clipboard()
    except OSError:  # no X display (a Wayland-only session): pyglet's, which says there is none
        return None


def read(window: arcade.Window) -> str | None:
    """The clipboard's text, or None where there is no clipboard (headless,
    some Wayland setups) or its owner did not answer within `READ_WAIT_S`."""
    board = _x11(window)
    if board is not None:
        return board.read(READ_WAIT_S).text
    try:
        text = window.get_clipboard_text()
    except Exception:  # each platform backend fails its own way; none may crash the game
        return None
    return text if isinstance(text, str) else None


def read_later(window: arcade.Window, deliver: Callable[[str | None], None]) -> None:
    """Ask for the clipboard's text without waiting: `deliver` gets it on a
    later frame (None as `read`), never holding a frame or quitting."""
    board = _x11(window)
    if board is None:
        deliver(read(window))
        return
    x11_clipboard.deliver_when_done(board.request(), lambda clip: deliver(clip.text), pyglet.clock.schedule_once)


def write(window: arcade.Window, text: str) -> bool:
    """Put `text` on the clipboard; False where there is none."""
    board = _x11(window)
    if board is not None:
        return board.write(text, WRITE_WAIT_S)
    try:
        window.set_clipboard_text(text)
    except Exception:  # see read
        return False
    return True
