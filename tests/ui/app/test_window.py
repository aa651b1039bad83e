"""The real window under Xvfb: it fits the screen, is called by its application id,
quits on Ctrl+Q with the game saved, and reopens as the player left it.

Skipped only when Xvfb, xdotool or xprop is missing (`.ci/run` installs them).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from game_process import ROOT, game_argv
from PIL import Image, ImageChops

from game.files.desktop import APP_ID, ICON_SIZES
from game.system.internals import INTERNALS
from game.ui.layout.table import TableShape, compute_layout
from tools.xgrab import Grabber
from tools.xwindow import (
    XServer,
    find_window,
    missing_tools,
    move_pointer,
    read_json,
    run_tool,
    start_xvfb,
    steady,
    stop,
    wait_until,
)

pytestmark = [
    pytest.mark.xvfb,
    pytest.mark.slow,
    pytest.mark.skipif(
        bool(missing_tools()) or shutil.which("xprop") is None,
        reason="needs Xvfb, xdotool, ImageMagick's import and xprop",
    ),
]


@pytest.fixture
def laptop() -> Iterator[XServer]:
    """A 1366x768 screen: the one where the old 1280x800 window did not fit."""
    server = start_xvfb(1366, 768)
    try:
        yield server
    finally:
        server.stop()


class Spider:
    """One launch of the game on a display, with its data folder."""

    def __init__(self, server: XServer, data_dir: Path, *args: str) -> None:
        self.env = server.env()
        self.env["LANGUAGE"] = "en"
        self.log = data_dir.parent / "game.log"
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                game_argv("--data-dir", str(data_dir), *args),
                cwd=ROOT,
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        try:
            self.window = find_window("Spider", self.env, timeout=20, alive=lambda: self.proc.poll() is None)
        except (RuntimeError, TimeoutError) as err:
            stop(self.proc)
            pytest.fail(f"{err}\n{self.log.read_text(errors='replace')[-2000:]}")

    def geometry(self) -> tuple[int, int, int, int]:
        out = run_tool(["xdotool", "getwindowgeometry", "--shell", self.window], self.env)
        v = dict(line.split("=", 1) for line in out.split() if "=" in line)
        return int(v["X"]), int(v["Y"]), int(v["WIDTH"]), int(v["HEIGHT"])

    def settled_geometry(self, timeout: float = 10) -> tuple[int, int, int, int]:
        """The geometry once two readings 0.2 s apart agree (a loaded machine
        may still be placing the window when it first shows)."""
        return steady(self.geometry, timeout, 0.2) or self.geometry()

    def picture(self) -> Image.Image:
        """The window's picture now, read straight from the X server (milliseconds, not `import`'s second)."""
        x, y, w, h = self.geometry()
        grabber = Grabber(self.env["DISPLAY"])
        try:
            return grabber.grab(x, y, w, h)
        finally:
            grabber.close()

    def settle(self) -> None:
        """Until the window's picture holds for 0.3 s: the opening deal over,
        a screen open (the bar's clock changes it once a second only)."""
        steady(lambda: self.picture().tobytes(), 20, 0.3)

    def wait_for_size(self, width: int, height: int, timeout: float = 10) -> None:
        """Until the window has that size."""
        self.wait_for(lambda size: size == (width, height), f"{width}x{height}", timeout)

    def wait_for(self, wanted: Callable[[tuple[int, int]], bool], what: str, timeout: float = 10) -> None:
        """Until the window's size is as wanted; pyglet makes a new X window
        when fullscreen toggles, so a window that is gone is looked for again.
        A window that stays otherwise fails with the end of the game's log,
        which says why it opened where it did."""
        seen: list[tuple[int, int, int, int]] = []

        def reached() -> bool:
            try:
                seen[:] = [self.geometry()]
            except RuntimeError:  # BadWindow: the old one was destroyed
                self.window = find_window("Spider", self.env, timeout=5, alive=lambda: self.proc.poll() is None)
                return False
            return wanted(seen[0][2:])

        if not wait_until(reached, timeout, 0.05):
            pytest.fail(f"the window stayed {seen}, not {what}\n{self.log.read_text(errors='replace')[-2000:]}")

    def click_stock(self) -> None:
        x, y, w, h = self.geometry()
        stock = compute_layout(w, h, TableShape(((),) * 10, 5, 0)).stock[0]
        cx, cy = stock.center  # arcade's coordinates: y up from the bottom
        move_pointer(self.env, round(x + cx), round(y + h - cy))
        run_tool(["xdotool", "click", "1"], self.env)

    def key(self, *keys: str) -> None:
        # No window manager: the keyboard goes to the window under the pointer.
        x, y, w, h = self.geometry()
        move_pointer(self.env, x + w // 2, y + h // 2)
        run_tool(["xdotool", "key", *keys], self.env)

    def wait(self, timeout: float = 20) -> int:
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            stop(self.proc)
            pytest.fail(f"still running {timeout:.0f} s after Ctrl+Q\n{self.log.read_text(errors='replace')[-2000:]}")


def changed_share(before: Image.Image, after: Image.Image) -> float:
    """The share of pixels that changed visibly."""
    if before.size != after.size:
        return 1.0
    diff = ImageChops.difference(before.convert("RGB"), after.convert("RGB")).convert("L")
    return diff.point(lambda v: 255 if v > 24 else 0).histogram()[255] / (before.width * before.height)


def test_first_launch_fits_a_1366x768_screen_and_is_spider_solitaire(laptop: XServer, tmp_path: Path) -> None:
    spider = Spider(laptop, tmp_path / "data")
    try:
        x, y, w, h = spider.settled_geometry()
        assert w <= 1366 and h <= 768, "never larger than the screen"
        assert (w, h) >= (800, 600)
        assert abs(w / h - 1.6) < 0.01, "the table's proportions"
        assert abs(x - (1366 - x - w)) <= 1 and abs(y - (768 - y - h)) <= 1, f"centred: {(x, y, w, h)}"
        wm_class = run_tool(["xprop", "-id", spider.window, "WM_CLASS"], spider.env)
        # The instance is pyglet's lower case of it; the class, which docks match
        # with the entry's StartupWMClass, is the application id itself.
        assert wm_class.split("=", 1)[1].strip() == f'"{APP_ID.lower()}", "{APP_ID}"'
        icon = run_tool(["xprop", "-len", "100000000", "-id", spider.window, "_NET_WM_ICON"], spider.env)
        for size in ICON_SIZES:
            assert f"Icon ({size} x {size})" in icon, f"no {size} px window icon"
    finally:
        stop(spider.proc)


def test_ctrl_q_quits_at_once_with_the_game_saved(laptop: XServer, tmp_path: Path) -> None:
    data = tmp_path / "data"
    spider = Spider(laptop, data, "--code", "SP1-S1C-AAAAAAD")
    spider.settle()  # the opening deal
    spider.click_stock()
    assert wait_until(lambda: (read_json(data / "game.json") or {}).get("record") == "deal", 5), "no deal"
    spider.key("Escape")  # never quits
    # The point: a quit, were Escape to quit, would come within half a second.
    assert not wait_until(lambda: spider.proc.poll() is not None, 0.5), "Escape quit the game"
    spider.key("ctrl+q")
    assert spider.wait() == 0
    saved = json.loads((data / "game.json").read_text(encoding="utf-8"))
    assert "deal" in json.dumps(saved), saved


def test_ctrl_q_quits_from_a_screen_too(laptop: XServer, tmp_path: Path) -> None:
    spider = Spider(laptop, tmp_path / "data", "--code", "SP1-S1C-AAAAAAD")
    spider.settle()  # the opening deal
    table = spider.picture()
    spider.key("ctrl+o")  # the Options screen, which dims the table
    assert wait_until(lambda: changed_share(table, spider.picture()) > 0.3, 5), "Ctrl+O showed nothing"
    assert spider.proc.poll() is None
    spider.key("ctrl+q")
    assert spider.wait() == 0


def test_the_window_reopens_as_large_and_where_it_was_left(laptop: XServer, tmp_path: Path) -> None:
    data = tmp_path / "data"
    spider = Spider(laptop, data)
    run_tool(["xdotool", "windowsize", spider.window, "900", "620"], spider.env)
    run_tool(["xdotool", "windowmove", spider.window, "40", "30"], spider.env)
    spider.wait_for_size(900, 620)
    # No condition to await: the game hears of its new place from X a moment
    # after X has it, and nothing shows that from outside.
    time.sleep(0.3)
    spider.key("ctrl+q")
    assert spider.wait() == 0
    assert json.loads((data / "settings.json").read_text(encoding="utf-8"))["window"] == "900x620+40+30"
    again = Spider(laptop, data)
    try:
        assert again.settled_geometry() == (40, 30, 900, 620)
    finally:
        again.key("ctrl+q")
        assert again.wait() == 0


def test_a_window_left_on_a_screen_that_is_gone_opens_centred(laptop: XServer, tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text('{"version": 1, "window": "900x620+3000+1500"}', encoding="utf-8")
    spider = Spider(laptop, data)
    try:
        assert spider.settled_geometry() == ((1366 - 900) // 2, (768 - 620) // 2, 900, 620)
    finally:
        stop(spider.proc)


def test_leaving_fullscreen_comes_back_to_the_window(laptop: XServer, tmp_path: Path) -> None:
    spider = Spider(laptop, tmp_path / "data")
    try:
        run_tool(["xdotool", "windowsize", spider.window, "900", "620"], spider.env)
        spider.wait_for_size(900, 620)
        spider.key("F11")
        spider.wait_for_size(1366, 768)
        spider.key("Escape")
        spider.wait_for_size(900, 620)
        assert spider.proc.poll() is None, "Escape never quits"
    finally:
        stop(spider.proc)


def test_a_real_launch_finds_every_private_name_of_pyglet_and_arcade_it_uses(laptop: XServer, tmp_path: Path) -> None:
    # game/system/internals.py: each use reports a name that is gone in one line;
    # a real X window goes through all of them and reports none.
    spider = Spider(laptop, tmp_path / "data", "--fullscreen")  # the windowed size kept for later
    try:
        spider.settle()  # the opening deal
        spider.key("ctrl+n")  # a screen: focus ring, panel measured, the code field
        spider.settle()
        spider.key("Escape")
        spider.key("F11")  # a new X window, named again; then quitting asks if it is maximized
        # Back in a window (its exact size is test_leaving_fullscreen_...'s).
        spider.wait_for(lambda size: size[0] < 1366 and size[1] < 768, "a window smaller than the screen")
        spider.key("ctrl+q")
        assert spider.wait() == 0
    finally:
        stop(spider.proc)
    log = spider.log.read_text(errors="replace")
    assert [entry.label for entry in INTERNALS if entry.label in log] == [], log[-2000:]
