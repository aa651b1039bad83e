"""The launch children of tools/bench_frames.py: the game itself and a bare
arcade window, each writing the time of its first finished frame to a file
(``SPIDER_FIRST_FRAME``), spawned, timed and stopped by the parent; and the
private X servers they run under.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tools.launch_timing import REPO, cpu_seconds, vm_hwm_mb
from tools.xwindow import XServer, start_xvfb

# The game itself (`python -m game`), with only the comparison case patched.
GAME_CHILD = """
import runpy, sys
if "--never-rest" in sys.argv:
    sys.argv.remove("--never-rest")
    # For comparison only: the table redrawn 60 times a second, as a plain
    # loop would. (game.ui.render.pacing imports no arcade: the launch order stays.)
    from game.ui.render import pacing
    pacing.Pacer.rest = lambda self: None
sys.argv[0] = "game"
runpy.run_module("game", run_name="__main__", alter_sys=True)
"""

BARE_CHILD = """
import os, sys, time
import arcade
class Bare(arcade.Window):
    first = True
    def on_draw(self):
        self.clear()
        if self.first:
            self.first = False
            self.ctx.finish()
            with open(os.environ["SPIDER_FIRST_FRAME"], "w") as f:
                f.write(repr(time.monotonic()) + "\\n")
w, h = (int(v) for v in sys.argv[1].split("x"))
Bare(w, h, "bare", antialiasing=False)
arcade.run()
"""


@dataclass
class Child:
    proc: subprocess.Popen[str]
    started: float
    signal: Path  # where the child writes the time of its first frame
    launch_cpu: float = float("nan")

    def first_frame(self, timeout: float = 30.0) -> float:
        """Seconds from spawn to the child's first finished frame."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.signal.read_text(encoding="ascii") if self.signal.exists() else ""
            if text.endswith("\n"):
                # The CPU the child used so far: launch work, whatever the load.
                self.launch_cpu = self.cpu_seconds()
                return float(text) - self.started
            if self.proc.poll() is not None:
                break
            time.sleep(0.005)
        raise RuntimeError(f"no first frame (exit code {self.proc.poll()})")

    def cpu_seconds(self) -> float:
        return cpu_seconds(self.proc.pid)

    def stop(self) -> float:
        """Stop the child; its peak RSS (MB) just before."""
        try:
            rss = vm_hwm_mb(self.proc.pid)
        except OSError:
            rss = float("nan")
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(3)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(3)
        self.signal.unlink(missing_ok=True)
        return rss


def spawn(source: str, args: list[str], env: dict[str, str]) -> Child:
    """Start a child that reports its first frame to a fresh file."""
    fd, name = tempfile.mkstemp(prefix="spider-first-frame-")
    os.close(fd)
    signal = Path(name)
    signal.unlink()  # the child creates it, once it has drawn
    env = dict(env, SPIDER_FIRST_FRAME=str(signal))
    started = time.monotonic()
    proc = subprocess.Popen(
        [sys.executable, "-c", source, *args],
        cwd=REPO,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    return Child(proc, started, signal)


@contextmanager
def desktop(width: int, height: int, real: bool) -> Iterator[dict[str, str] | None]:
    """With `real`, a private Xvfb with openbox a little larger than the
    window (its title bar and borders fit too), as an environment; else None."""
    if not real:
        yield None
        return
    from tools.xwindow import start_desktop

    desk = start_desktop(width + 100, height + 100)
    try:
        env = dict(desk.env)
        env.pop("ARCADE_HEADLESS", None)
        yield env
    finally:
        desk.stop()


@contextmanager
def xvfb(width: int, height: int) -> Iterator[XServer | None]:
    """A private Xvfb, or None when Xvfb is not installed."""
    if shutil.which("Xvfb") is None:
        yield None
        return
    server = start_xvfb(width, height)
    try:
        yield server
    finally:
        server.stop()
