"""A private X server, and a program's window on it read as a person would.

`start_xvfb` starts Xvfb at 24-bit depth on a display it picks itself;
`run_tool` runs an X tool against it. On a bare server no window manager
places or focuses anything: `find_window` finds a window by name (pyglet
windows carry no `_NET_WM_PID`, and `xdotool search --sync` polls too
slowly, so we poll ourselves) and `screenshot` reads the screen with
ImageMagick's `import`. `wait_until` (for a condition) and `steady` (for a
reading that stops changing) are the ways to wait in this package: never a
fixed time.
"""

from __future__ import annotations

import io
import json
import operator
import os
import select
import shutil
import subprocess
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from PIL import Image

BARE_TOOLS = ("Xvfb", "xdotool", "import")  # a bare server, its windows and its screenshots
T = TypeVar("T")


def missing_tools(tools: Sequence[str] = BARE_TOOLS) -> list[str]:
    """The programs of `tools` (a bare server's, unless told) that are not on PATH."""
    return [tool for tool in tools if shutil.which(tool) is None]


def wait_until(check: Callable[[], bool], timeout: float, step: float = 0.02) -> bool:
    """Poll `check` until it is true (True) or `timeout` seconds pass (False)."""
    deadline = time.monotonic() + timeout
    while True:
        if check():
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(step)


def steady(read: Callable[[], T], timeout: float, pause: float, same: Callable[[T, T], bool] = operator.eq) -> T | None:
    """`read()` once two readings `pause` seconds apart agree (what it reads
    has stopped changing: the game draws nothing at rest); None if they still
    differ after `timeout`. The pause is the span the reading must hold for."""
    deadline = time.monotonic() + timeout
    last = read()
    while True:
        time.sleep(pause)
        now = read()
        if same(last, now):
            return now
        if time.monotonic() > deadline:
            return None
        last = now


def read_json(path: Path) -> dict[str, object] | None:
    """A JSON object the game wrote (its saved game, its settings), or None
    while there is none (the game writes atomically: never half a file)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def stop(proc: subprocess.Popen[bytes] | None, grace: float = 3.0) -> None:
    """Terminate a child we started, then kill it if it does not go."""
    if proc is None or proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(grace)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(grace)


@dataclass
class XServer:
    """One Xvfb on a display number it chose itself."""

    proc: subprocess.Popen[bytes]
    display: str

    def env(self, base: Mapping[str, str] | None = None) -> dict[str, str]:
        """An environment for clients of this server (never headless GL)."""
        env = dict(os.environ if base is None else base)
        env["DISPLAY"] = self.display
        # Any non-empty ARCADE_HEADLESS (even "0") selects EGL without a window.
        env.pop("ARCADE_HEADLESS", None)
        # Our Xvfb has no access control; a stale cookie file must not matter.
        env.pop("XAUTHORITY", None)
        return env

    def stop(self) -> None:
        stop(self.proc)


def start_xvfb(width: int, height: int, timeout: float = 10.0) -> XServer:
    """Start `Xvfb -screen 0 WxHx24` on a free display.

    `-displayfd` makes Xvfb pick a free display number and write it to a pipe
    once it accepts connections, so there is no guessing and no race.
    """
    read_fd, write_fd = os.pipe()
    try:
        proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"],
            pass_fds=(write_fd,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    finally:
        os.close(write_fd)
    try:
        data = b""
        deadline = time.monotonic() + timeout
        while not data.endswith(b"\n"):
            left = deadline - time.monotonic()
            if left <= 0 or proc.poll() is not None:
                stop(proc)
                raise RuntimeError("Xvfb did not start (no display number reported)")
            ready, _, _ = select.select([read_fd], [], [], left)
            if ready:
                chunk = os.read(read_fd, 64)
                if not chunk:
                    stop(proc)
                    raise RuntimeError("Xvfb closed its display pipe without a display number")
                data += chunk
    finally:
        os.close(read_fd)
    return XServer(proc, ":" + data.decode().strip())


def run_tool(args: Sequence[str], env: Mapping[str, str], timeout: float = 10.0) -> str:
    """Run an X tool; its stdout. Raises with the tool's own message on failure."""
    done = subprocess.run(list(args), check=False, env=dict(env), capture_output=True, text=True, timeout=timeout)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed ({done.returncode}): {done.stderr.strip()}")
    return done.stdout


def move_pointer(env: Mapping[str, str], x: int | str, y: int | str) -> None:
    """Move the pointer to screen point (x, y) and wait until X has it there
    (`mousemove --sync` waits forever when the pointer is there already).
    X then delivers the motion before any press that follows: no pause needed."""
    run_tool(["xdotool", "mousemove", str(x), str(y)], env)
    wanted = f"x:{x} y:{y} "
    wait_until(lambda: run_tool(["xdotool", "getmouselocation"], env).startswith(wanted), 1.0, 0.01)


def find_window(name: str, env: Mapping[str, str], timeout: float, alive: Callable[[], bool]) -> str:
    """The id of the first visible window whose name matches `name` (a regex).

    Polls every 50 ms; gives up early when `alive()` says the program died."""
    ids: list[str] = []

    def shown() -> bool:
        ids[:] = visible_windows(name, env)
        return bool(ids) or not alive()

    if not wait_until(shown, timeout, 0.05):
        raise TimeoutError(f"no visible window named {name!r} after {timeout:.0f} s")
    if not ids:
        raise RuntimeError("the program exited before showing its window")
    return ids[0]


def visible_windows(name: str, env: Mapping[str, str]) -> list[str]:
    """The ids of the visible windows whose name matches `name` (a regex), oldest first."""
    done = subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--name", name],
        check=False,
        env=dict(env),
        capture_output=True,
        text=True,
        timeout=5,
    )
    return done.stdout.split()


def window_origin(window: str, env: Mapping[str, str]) -> tuple[int, int]:
    """The window's top-left corner on the screen."""
    out = run_tool(["xdotool", "getwindowgeometry", "--shell", window], env)
    values = dict(line.split("=", 1) for line in out.split() if "=" in line)
    return int(values["X"]), int(values["Y"])


def screenshot(env: Mapping[str, str]) -> Image.Image:
    """The whole screen, as RGB. Read as an 8-bit PPM: ImageMagick compressing
    a PNG of a drawn table took 1.4 s a picture (and Pillow reading its
    default 16-bit PPM 2 s), where these raw pixels take 0.1 s in all."""
    done = subprocess.run(
        ["import", "-window", "root", "-depth", "8", "ppm:-"],
        check=False,
        env=dict(env),
        capture_output=True,
        timeout=10,
    )
    if done.returncode != 0:
        raise RuntimeError(f"import failed: {done.stderr.decode(errors='replace').strip()}")
    return Image.open(io.BytesIO(done.stdout)).convert("RGB")


def settled_screenshot(env: Mapping[str, str], timeout: float = 20.0, pause: float = 0.25) -> Image.Image:
    """A screenshot once the picture stops changing (animations over) and is not black."""

    def same(before: Image.Image, now: Image.Image) -> bool:
        return before.tobytes() == now.tobytes() and now.getextrema() != ((0, 0), (0, 0), (0, 0))

    shot = steady(lambda: screenshot(env), timeout, pause, same)
    if shot is None:
        raise TimeoutError("the screen kept changing (or stayed black)")
    return shot
