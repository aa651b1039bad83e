"""The game in a real window, driven from outside as a player would: the one real-window harness.

Everything here runs outside the game's process, for the tests
(tests/ui/real_window, tests/test_xvfb.py, tests/ui/app/test_window.py) and
the tools that time or check a real window (tools/bench_*.py,
tools/bundle/check.py):

- a private X server (`start_xvfb`: Xvfb at 24-bit depth on a display it
  picks itself) and the X tools run against it (`run_tool`);
- on a bare server, where no window manager places or focuses anything, the
  game's window found by name (`find_window`: pyglet windows carry no
  `_NET_WM_PID`, and `xdotool search --sync` polls too slowly) and the
  screen read with ImageMagick's `import` (`screenshot`, `settled_screenshot`);
- a desktop as players have one (`start_desktop`: Xvfb with openbox, once
  openbox owns the screen); `launch` starts ``python -m game`` on it, and
  `GameWindow` then does to the window what a person and their window
  manager do (resize, maximize, move, cover, fullscreen, keys, clicks) and
  reads what it shows (`tools.xgrab`);
- `wait_until` and `steady`, the ways to wait here: for a condition, or for
  a reading that stops changing; never a fixed time.

Window coordinates are the client area's, from its top left (X's), as a
`game.system.geometry.Geometry`; the tests convert the layout's (arcade's,
from the bottom left).
"""

from tools.xwindow.desktop import DESKTOP_TOOLS, NAME, REPO, Cover, Desktop, GameWindow, launch, start_desktop
from tools.xwindow.server import (
    BARE_TOOLS,
    XServer,
    find_window,
    missing_tools,
    move_pointer,
    read_json,
    run_tool,
    screenshot,
    settled_screenshot,
    start_xvfb,
    steady,
    stop,
    visible_windows,
    wait_until,
    window_origin,
)

__all__ = [
    "BARE_TOOLS",
    "DESKTOP_TOOLS",
    "NAME",
    "REPO",
    "Cover",
    "Desktop",
    "GameWindow",
    "XServer",
    "find_window",
    "launch",
    "missing_tools",
    "move_pointer",
    "read_json",
    "run_tool",
    "screenshot",
    "settled_screenshot",
    "start_desktop",
    "start_xvfb",
    "steady",
    "stop",
    "visible_windows",
    "wait_until",
    "window_origin",
]
