"""The game on a desktop as players have one: Xvfb with openbox.

Players always have a window manager; plain Xvfb has none, so nothing there
resizes, maximizes, moves or covers a window. `start_desktop` starts Xvfb and
openbox and waits until openbox owns the screen; `launch` starts ``python -m
game`` on it as a player would; `GameWindow` then does to the window what a
person and their window manager do (resize, maximize, move, cover,
fullscreen, keys, clicks) and reads what it shows (`tools.xgrab`), all from
outside the game's process.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image

from game.system.geometry import Geometry
from tools.xgrab import Grabber
from tools.xwindow.server import (
    XServer,
    move_pointer,
    run_tool,
    start_xvfb,
    steady,
    stop,
    visible_windows,
    wait_until,
)

DESKTOP_TOOLS = ("Xvfb", "openbox", "wmctrl", "xdotool", "xwininfo", "xprop", "xmessage")
REPO = Path(__file__).resolve().parents[2]
NAME = "Spider"  # in every language's caption ("Spider Solitaire", "Solitario Spider")


@dataclass
class Desktop:
    """Xvfb, openbox on it, and a connection that reads the screen."""

    xserver: XServer
    wm: subprocess.Popen[bytes]
    grabber: Grabber
    env: dict[str, str] = field(default_factory=dict)

    @property
    def size(self) -> tuple[int, int]:
        return self.grabber.screen_size

    def run(self, *args: str, timeout: float = 10.0) -> str:
        return run_tool(args, self.env, timeout)

    def stop(self) -> None:
        self.grabber.close()
        stop(self.wm)
        self.xserver.stop()


def start_desktop(width: int = 1920, height: int = 1080, timeout: float = 15.0) -> Desktop:
    """Xvfb `width` x `height` x 24 with openbox, once openbox manages the screen."""
    xserver = start_xvfb(width, height)
    env = xserver.env()
    env.pop("SPIDER_DATA_DIR", None)
    # A user's own openbox configuration must not change what the tests see.
    env["XDG_CONFIG_HOME"] = str(Path(os.environ.get("TMPDIR", "/tmp")) / "spider-xwindow-no-config")
    # The games on this desktop make no sound on the developer's speakers, and
    # all alike: no audio server, so Options says so (the sound test gives its
    # game a server of its own).
    env["PULSE_SERVER"] = "unix:/nonexistent/spider-tests-play-no-sound"
    wm = subprocess.Popen(["openbox"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def managed() -> bool:
        done = subprocess.run(["wmctrl", "-m"], env=env, capture_output=True, check=False, timeout=5)
        return done.returncode == 0 and b"Openbox" in done.stdout

    if wm.poll() is not None or not wait_until(managed, timeout, 0.05):
        stop(wm)
        xserver.stop()
        raise RuntimeError("openbox did not take the screen (wmctrl -m never named it)")
    return Desktop(xserver, wm, Grabber(xserver.display), env)


class GameWindow:
    """One launched game and its window (the window id changes with F11)."""

    def __init__(self, desktop: Desktop, proc: subprocess.Popen[bytes], log: Path) -> None:
        self.desktop = desktop
        self.proc = proc
        self.log = log
        self.id = ""

    # ---- the process -------------------------------------------------------

    @property
    def alive(self) -> bool:
        return self.proc.poll() is None

    def output(self, lines: int = 25) -> str:
        """The end of the game's stderr and stdout (ALSA's complaints left out)."""
        try:
            text = self.log.read_text(errors="replace").splitlines()
        except OSError:
            return ""
        return "\n".join([line for line in text if "ALSA" not in line][-lines:])

    def wait_exit(self, timeout: float) -> int | None:
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            return None

    def stop(self) -> None:
        stop(self.proc)

    # ---- the window --------------------------------------------------------

    def find(self, timeout: float = 15.0) -> str:
        """The game's visible window (the newest, while F11 swaps them)."""

        def found() -> bool:
            out = visible_windows(NAME, self.desktop.env)
            if out:
                self.id = max(out, key=int)
            return bool(out) or not self.alive

        if not wait_until(found, timeout, 0.05) or not self.id:
            raise RuntimeError(f"no window named {NAME!r} (game alive: {self.alive})\n{self.output()}")
        return self.id

    def geometry(self) -> Geometry:
        """Where the client area is (xwininfo's absolute corner: xdotool's is off by the frame)."""
        info = self.desktop.run("xwininfo", "-id", self.id)
        values = dict(re.findall(r"^\s*([A-Za-z -]+):\s+(-?\d+)\s*$", info, re.MULTILINE))
        return Geometry(
            int(values["Absolute upper-left X"]),
            int(values["Absolute upper-left Y"]),
            int(values["Width"]),
            int(values["Height"]),
        )

    def picture(self, where: Geometry | None = None) -> Image.Image:
        """What the screen shows over the client area, now."""
        g = where or self.geometry()
        return self.desktop.grabber.grab(g.x, g.y, g.width, g.height)

    def settled(self, timeout: float = 15.0, pause: float = 0.3) -> tuple[Image.Image, Geometry]:
        """The picture once neither it nor the window changes any more (the
        game draws nothing at rest; a frozen window counts as settled too)."""

        def read() -> tuple[Image.Image, Geometry]:
            where = self.geometry()
            return self.picture(where), where

        def same(before: tuple[Image.Image, Geometry], now: tuple[Image.Image, Geometry]) -> bool:
            return before[1] == now[1] and before[0].tobytes() == now[0].tobytes()

        found = steady(read, timeout, pause, same)
        if found is None:
            raise TimeoutError(f"the window kept changing for {timeout:.0f} s")
        return found

    def wm_state(self) -> set[str]:
        out = self.desktop.run("xprop", "-id", self.id, "_NET_WM_STATE")
        return set(re.findall(r"_NET_WM_STATE_[A-Z_]+", out))

    def icon_sizes(self) -> list[tuple[int, int]]:
        """The sizes in the window's _NET_WM_ICON (the icons the desktop may show)."""
        out = self.desktop.run("xprop", "-len", "100000000", "-id", self.id, "_NET_WM_ICON")
        return [(int(w), int(h)) for w, h in re.findall(r"Icon \((\d+) x (\d+)\)", out)]

    # ---- what the window manager does --------------------------------------

    def resize(self, width: int, height: int) -> Geometry:
        """Ask the window manager for a client area of this size; what it gave."""
        self.desktop.run("xdotool", "windowsize", self.id, str(width), str(height))
        wait_until(lambda: self.geometry().size == (width, height), 3.0)
        return self.geometry()

    def maximize(self, on: bool = True) -> Geometry:
        verb = "add" if on else "remove"
        self.desktop.run("wmctrl", "-i", "-r", self.id, "-b", f"{verb},maximized_vert,maximized_horz")
        wait_until(lambda: ("_NET_WM_STATE_MAXIMIZED_VERT" in self.wm_state()) == on, 3.0)
        return self.geometry()

    def move(self, x: int, y: int) -> Geometry:
        before = self.geometry()
        self.desktop.run("xdotool", "windowmove", self.id, str(x), str(y))
        wait_until(lambda: self.geometry() != before, 3.0)
        return self.geometry()

    def activate(self) -> None:
        """Give the window the keyboard focus (through the window manager; the pointer stays)."""
        self.desktop.run("xdotool", "windowactivate", "--sync", self.id)

    # ---- what a person does ------------------------------------------------

    def key(self, *keys: str, delay_ms: int = 60) -> None:
        """Press keys (xdotool names: "F3", "ctrl+z", "shift+Tab") in the
        focused window. No pointer motion at all."""
        self.desktop.run("xdotool", "key", "--delay", str(delay_ms), *keys)

    def screen_point(self, x: float, y: float) -> tuple[str, str]:
        g = self.geometry()
        return str(round(g.x + x)), str(round(g.y + y))

    def pointer_to(self, screen_x: str, screen_y: str) -> None:
        """Move the pointer to a screen point, once X has it there (`move_pointer`)."""
        move_pointer(self.desktop.env, screen_x, screen_y)

    def click(self, x: float, y: float, times: int = 1) -> None:
        """Click (or double-click, `times`=2) at window point (x, y), from the top left."""
        self.pointer_to(*self.screen_point(x, y))
        self.desktop.run("xdotool", "click", "--repeat", str(times), "--delay", "90", "1")

    def drag(self, start: tuple[float, float], end: tuple[float, float], steps: int = 10) -> None:
        """Press at window point `start`, move in `steps` to `end`, release."""
        g = self.geometry()
        (x0, y0), (x1, y1) = (g.x + start[0], g.y + start[1]), (g.x + end[0], g.y + end[1])
        self.pointer_to(str(round(x0)), str(round(y0)))
        self.desktop.run("xdotool", "mousedown", "1")
        for k in range(1, steps):
            time.sleep(0.02)  # a hand's pace, the point: the game sees a drag of several motions
            x, y = x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps
            self.desktop.run("xdotool", "mousemove", str(round(x)), str(round(y)))
        self.pointer_to(str(round(x1)), str(round(y1)))
        self.desktop.run("xdotool", "mouseup", "1")

    def park_pointer(self) -> None:
        """The pointer to the screen's top left corner: off the window, or on
        its title bar, or (fullscreen) on the HUD's bare corner."""
        self.pointer_to("0", "0")


def launch(
    desktop: Desktop,
    data_dir: Path,
    log: Path,
    args: Sequence[str] = (),
    env: dict[str, str] | None = None,
) -> GameWindow:
    """``python -m game --data-dir DATA_DIR ARGS`` on the desktop, in English,
    once its window is up (its output appended to `log`)."""
    child_env = dict(desktop.env if env is None else env)
    child_env.update(LANGUAGE="en", LC_ALL="C.UTF-8")
    argv = [sys.executable, "-m", "game", "--data-dir", str(data_dir), *args]
    with log.open("ab") as out:
        proc = subprocess.Popen(argv, cwd=REPO, env=child_env, stdout=out, stderr=subprocess.STDOUT)
    game = GameWindow(desktop, proc, log)
    try:
        game.find()
    except RuntimeError:
        game.stop()
        raise
    return game


class Cover:
    """Another program's window over the game (xmessage, from x11-utils), as
    a player's other application would lie; `remove` takes it away again."""

    def __init__(self, desktop: Desktop, where: Geometry, timeout: float = 10.0) -> None:
        self.desktop = desktop
        geometry = where.to_text()
        self.proc = subprocess.Popen(
            ["xmessage", "-name", "spider-cover", "-title", "cover", "-geometry", geometry, "covering the game"],
            env=desktop.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

        def shown() -> bool:
            return bool(visible_windows("^cover$", desktop.env))

        if not wait_until(shown, timeout, 0.05):
            self.remove()
            raise RuntimeError("the covering window (xmessage) never showed")

    def remove(self) -> None:
        stop(self.proc)
