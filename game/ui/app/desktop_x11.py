"""What pyglet does not tell or ask the window manager on X11 (ICCCM, EWMH).

- the usable area of the desktop (``_NET_WORKAREA``: the screen less the
  panels and docks), so the first window fits it;
- whether our window is maximized (``_NET_WM_STATE``), so it reopens so;
- that the window's place is the player's own (``WM_NORMAL_HINTS``), so the
  window manager keeps it rather than choosing one;
- the keycode of the key that types a keysym (a screen reader matches keys by it).

Each answers None, False or 0 when there is no window manager to ask (Xvfb)
or anything fails: the caller then uses the whole screen, "not maximized",
and the window manager's own place.
The X connection and window id are pyglet's privates (`game.system.internals`).
"""

from __future__ import annotations

import ctypes
from typing import Any

from game.system import internals
from game.system.geometry import Area


def _property(display: Any, window: Any, name: str, type_name: str) -> list[int]:
    """The 32-bit items of a window property (empty if absent)."""
    from pyglet.libs.x11 import xlib

    atom = xlib.XInternAtom(display, name.encode(), True)
    kind = xlib.XInternAtom(display, type_name.encode(), False)
    if not atom:
        return []
    actual_type = xlib.Atom()
    actual_format = ctypes.c_int()
    count = ctypes.c_ulong()
    after = ctypes.c_ulong()
    data = ctypes.POINTER(ctypes.c_ubyte)()
    status = xlib.XGetWindowProperty(
        display,
        window,
        atom,
        0,
        1024,
        False,
        kind,
        ctypes.byref(actual_type),
        ctypes.byref(actual_format),
        ctypes.byref(count),
        ctypes.byref(after),
        ctypes.byref(data),
    )
    if status != 0 or not data:
        return []
    try:
        if actual_format.value != 32:
            return []
        # Format-32 items come as C longs, whatever their width.
        items = ctypes.cast(data, ctypes.POINTER(ctypes.c_long))
        return [int(items[i]) for i in range(count.value)]
    finally:
        xlib.XFree(data)


def work_area(display: Any) -> Area | None:
    """The desktop's usable area on the current workspace, if the window manager says."""
    try:
        from pyglet.libs.x11 import xlib

        x_display = internals.get(display, internals.X_DISPLAY)
        if x_display is None:
            return None
        root = xlib.XDefaultRootWindow(x_display)
        values = _property(x_display, root, "_NET_WORKAREA", "CARDINAL")
        desktop = _property(x_display, root, "_NET_CURRENT_DESKTOP", "CARDINAL")
    except Exception:  # not X11, or no such property: no answer
        return None
    index = desktop[0] if desktop else 0
    if len(values) < 4 * (index + 1):
        index = 0
    if len(values) < 4:
        return None
    x, y, w, h = values[4 * index : 4 * index + 4]
    return Area(x, y, w, h) if w > 0 and h > 0 else None


def is_maximized(window: Any) -> bool:
    """True when the window manager shows the window maximized (both ways)."""
    try:
        from pyglet.libs.x11 import xlib

        x_display = internals.get(window, internals.WINDOW_X_DISPLAY)
        x_window = internals.get(window, internals.X_WINDOW)
        if x_display is None or x_window is None:
            return False
        states = set(_property(x_display, x_window, "_NET_WM_STATE", "ATOM"))
        wanted = {
            xlib.XInternAtom(x_display, name, False)
            for name in (b"_NET_WM_STATE_MAXIMIZED_VERT", b"_NET_WM_STATE_MAXIMIZED_HORZ")
        }
    except Exception:  # not X11: no answer
        return False
    return bool(states) and wanted <= states


def keycode(window: Any, keysym: int) -> int:
    """The hardware keycode of the key that types `keysym` on this X server
    (a screen reader matches its keys by it); 0 when there is none or no X."""
    try:
        from pyglet.libs.x11 import xlib

        x_display = internals.get(window, internals.WINDOW_X_DISPLAY)
        if x_display is None:
            return 0
        return int(xlib.XKeysymToKeycode(x_display, keysym))
    except Exception:  # not X11
        return 0


def hint_own_place(window: Any, min_size: tuple[int, int]) -> bool:
    """Tell the window manager that where the window is put is the player's
    choice (USPosition: it would otherwise place a new window itself) and
    the drawing area's own place (StaticGravity: not its frame's, which
    would move it by the frame's size at every launch); with the minimum
    size, as pyglet's hints say. False when there is no X window to tell."""
    try:
        from pyglet.libs.x11 import xlib

        x_display = internals.get(window, internals.WINDOW_X_DISPLAY)
        x_window = internals.get(window, internals.X_WINDOW)
        if x_display is None or x_window is None:
            return False
        hints = xlib.XAllocSizeHints()
        if not hints:
            return False
        try:
            hints.contents.flags = xlib.PMinSize | xlib.USPosition | xlib.PWinGravity
            hints.contents.min_width, hints.contents.min_height = min_size
            hints.contents.win_gravity = xlib.StaticGravity
            xlib.XSetWMNormalHints(x_display, x_window, hints)
        finally:
            xlib.XFree(hints)
    except Exception:  # not X11: the window manager places the window
        return False
    return True
