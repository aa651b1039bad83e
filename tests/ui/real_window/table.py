"""A launched game as the real-window tests see it: its window, its saved game, its pictures.

The harness itself (the X server, the desktop, the game's window and the
waiting) is tools/xwindow; this module holds only what these tests check.
`Table` wraps a `tools.xwindow.GameWindow` with what the checks need: the
saved game (game.json, written after every action), the layout the pure
layout module computes for the window's current size, the picture of the
same table drawn fresh (`References`), and the two checks made after every
window event: the picture is right, and a double-click on a card lands.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image

from game.engine import Game
from game.system.geometry import Geometry
from game.ui.layout.table import TableLayout, TableShape, compute_layout
from tools.xwindow import REPO, Desktop, GameWindow, launch, read_json, wait_until

from .pictures import changed, differing, panel_width, table_problems

CODE = "SP1-S1C-AAAAAAD"
GAME_FILE = "game.json"  # game.files.storage.GAME_FILE, spelled out so a rename is noticed here
SETTINGS_FILE = "settings.json"
SHOTS = os.environ.get("SPIDER_XVFB_SHOTS", "")
QUIET = 3.0  # seconds a wrong picture must stay unchanged to count as the window's last word


class References:
    """The table drawn fresh (headless, `tools.render_table`) per (code, record, size), made once."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self._made: dict[tuple[str, str, tuple[int, int]], Image.Image] = {}

    def get(self, code: str, record: str, size: tuple[int, int]) -> Image.Image:
        key = (code, record, size)
        if key not in self._made:
            out = self.folder / f"ref-{len(self._made)}-{size[0]}x{size[1]}.png"
            argv = [sys.executable, "-m", "tools.render_table", "--code", code, "--record", record]
            done = subprocess.run(
                [*argv, "--size", f"{size[0]}x{size[1]}", str(out)],
                cwd=REPO,
                capture_output=True,
                text=True,
                check=False,
                timeout=60,
            )
            if done.returncode != 0:
                raise RuntimeError(f"tools.render_table failed: {done.stderr[-2000:]}")
            with Image.open(out) as image:
                self._made[key] = image.convert("RGB")
        return self._made[key]


@dataclass
class Table:
    """One launched game on the desktop, with its data folder."""

    window: GameWindow
    data_dir: Path
    refs: References
    shots: Path
    name: str
    saved_pictures: list[Path] = field(default_factory=list)
    _patch: tuple[Geometry, Image.Image] | None = None  # what open_screen watched, and how it looked

    # ---- the saved game ---------------------------------------------------

    def saved(self) -> dict[str, object]:
        data = read_json(self.data_dir / GAME_FILE)
        return data or {}

    @property
    def record(self) -> str:
        return str(self.saved().get("record", ""))

    def game(self) -> Game:
        saved = self.saved()
        game = Game.from_code(str(saved.get("code", CODE)))
        game.play(str(saved.get("record", "")))
        return game

    def wait_record(self, expected: str, timeout: float = 5.0) -> bool:
        """Whether the saved record becomes `expected` (saving follows the action)."""
        return wait_until(lambda: self.record == expected, timeout, 0.05)

    def layout(self, size: tuple[int, int], game: Game | None = None) -> TableLayout:
        return compute_layout(size[0], size[1], TableShape.of(game or self.game()))

    # ---- pictures -----------------------------------------------------------

    @property
    def shots_kept(self) -> bool:
        """Whether every picture checked is kept (SPIDER_XVFB_SHOTS), not only wrong ones."""
        return bool(SHOTS)

    def keep(self, step: str, **pictures: Image.Image) -> list[Path]:
        """Save pictures as <shots>/<name>-<step>-<kind>.png; their paths."""
        self.shots.mkdir(parents=True, exist_ok=True)
        slug = re.sub(r"[^A-Za-z0-9_.-]+", "-", f"{self.name}-{step}").strip("-")
        paths = []
        for kind, picture in pictures.items():
            path = self.shots / f"{slug}-{kind}.png"
            picture.save(path)
            paths.append(path)
        self.saved_pictures.extend(paths)
        return paths

    def on_screen_problems(self, where: Geometry) -> list[str]:
        """The client area must lie on the screen: a part off it is cut for the player."""
        sw, sh = self.window.desktop.size
        cut = []
        if where.x < 0 or where.y < 0:
            cut.append("its top or left edge is off the screen")
        if where.x + where.width > sw:
            cut.append(f"its right {where.x + where.width - sw} px are off the screen")
        if where.y + where.height > sh:
            cut.append(f"its bottom {where.y + where.height - sh} px are off the screen")
        return [f"the window does not fit the {sw}x{sh} screen: {', '.join(cut)}"] if cut else []

    def check_picture(self, step: str, timeout: float = 15.0) -> list[str]:
        """The window's picture against the table drawn fresh at its size:
        right as soon as they match; wrong once the picture has stayed wrong
        and unchanged for `QUIET` seconds (a frozen or stale window), or
        after `timeout`. (The game sharpens its card images for a new size
        on a worker thread, up to about a second after the window event.)"""
        self.window.find()
        deadline = time.monotonic() + timeout
        seen: tuple[bytes, Geometry] | None = None
        since = time.monotonic()  # when the picture last changed
        while True:
            where = self.window.geometry()
            saved = self.saved()
            # (made before the picture is taken: a first drawing takes a second or two)
            reference = self.refs.get(str(saved.get("code", CODE)), str(saved.get("record", "")), where.size)
            taken = time.monotonic()
            shot = self.window.picture(where)
            if seen != (shot.tobytes(), where):
                seen, since = (shot.tobytes(), where), taken
            problems = self.on_screen_problems(where) + table_problems(shot, reference, self.layout(where.size))
            if not problems or taken - since >= QUIET or taken > deadline:
                break
            time.sleep(0.15)  # (a poll: the loop waits for its condition)
        if problems or SHOTS:
            paths = self.keep(step, live=shot, fresh=reference, diff=differing(shot, reference))
            if problems:
                problems.append(f"(pictures: {', '.join(str(p) for p in paths)})")
        return [f"{step} ({where.width}x{where.height}): {p}" for p in problems]

    # ---- input that must land -------------------------------------------------

    def check_double_click(self, step: str) -> list[str]:
        """Double-click the last card of the first column that has a best
        destination, where the layout says it is for the window's size: the
        saved record must gain the move."""
        self.window.find()
        where = self.window.geometry()
        game = self.game()
        before = game.record
        col = next((c for c in range(10) if game.columns[c] and game.best_destination(c, 1) is not None), None)
        if col is None:
            return [f"{step}: no card to double-click (test set-up)"]
        dst = game.best_destination(col, 1)
        assert dst is not None
        card = self.layout(where.size, game).column_end(col)
        x, y = card.center_x, where.height - card.center_y
        game.move(col, 1, dst)
        self.window.click(x, y, times=2)
        self.window.park_pointer()
        if self.wait_record(game.record):
            return []
        return [
            f"{step}: a double-click on the last card of column {col + 1}, drawn at ({x:.0f}, {y:.0f}) "
            f"in the {where.width}x{where.height} window, did not move it to column {dst + 1}: "
            f"the saved record went from {before!r} to {self.record!r}"
        ]

    # ---- screens ------------------------------------------------------------

    def open_screen(self, name: str, timeout: float = 6.0) -> float | None:
        """Press the key of screen `name` (no pointer motion at all): the
        seconds until the window shows it, or None if it did not within
        `timeout`. A screen dims the whole table; what is watched is a
        small patch of it beside the panel, read every few milliseconds (a
        whole picture each time would take the game's cores)."""
        g = self.window.geometry()
        strip = (g.width - panel_width(g.size)) // 2
        patch = Geometry(g.x + 4, g.y + g.height * 3 // 10, max(strip - 8, 4), g.height * 4 // 10)
        before = self.window.picture(patch)
        self._patch = (patch, before)
        start = time.monotonic()
        self.window.key(SCREEN_KEYS[name])
        while True:
            seen = time.monotonic()
            if changed(before, self.window.picture(patch)) >= 0.5:
                return seen - start
            if seen - start > timeout:
                return None
            time.sleep(0.004)  # (a poll, every few milliseconds: the delay is measured)

    def back_to_table(self, timeout: float = 6.0) -> bool:
        """Esc, and whether the patch `open_screen` watched shows the table
        again (cheap: for the timed loop; `close_screen` checks the whole table)."""
        assert self._patch is not None, "back_to_table follows open_screen"
        patch, before = self._patch
        self.window.key("Escape")
        return wait_until(lambda: changed(before, self.window.picture(patch)) < 0.01, timeout, 0.01)

    def close_screen(self, timeout: float = 6.0) -> bool:
        """Esc, and whether the window shows the table again (drawn right) within `timeout`."""
        self.window.key("Escape")
        return self.shows_table(timeout)

    def shows_table(self, timeout: float = 0.0) -> bool:
        """Whether the window shows the saved game's table drawn right (within `timeout` seconds)."""
        where = self.window.geometry()
        saved = self.saved()
        reference = self.refs.get(str(saved.get("code", CODE)), str(saved.get("record", "")), where.size)
        layout = self.layout(where.size)
        return wait_until(lambda: not table_problems(self.window.picture(where), reference, layout), timeout, 0.05)

    def shows_screen(self, table: Image.Image, timeout: float = 0.0) -> bool:
        """Whether the window shows a screen over `table` (a picture of the
        table before it opened), within `timeout` seconds."""
        return wait_until(lambda: changed(table.reduce(4), self.window.picture().reduce(4)) >= OPENED, timeout, 0.05)

    def nudge_pointer(self) -> None:
        """Move the pointer across the window's left edge (bare felt, or the
        backdrop beside a dialog) and off it again: what makes a window that
        missed a frame draw again, as a player's mouse would."""
        g = self.window.geometry()
        for dx in (6, 10):
            self.window.pointer_to(str(g.x + dx), str(g.y + g.height // 2))
        self.window.park_pointer()

    # ---- the window's state ---------------------------------------------------

    def wait_size(self, size: tuple[int, int] | Callable[[tuple[int, int]], bool], timeout: float = 5.0) -> bool:
        """Wait for the game's (possibly new) window to reach `size` (or a size `size` accepts)."""
        wanted = size if callable(size) else size.__eq__

        def reached() -> bool:
            try:
                self.window.find(timeout=1.0)
                return bool(wanted(self.window.geometry().size))
            except RuntimeError:  # between two X windows (F11): looked for again
                return False

        return wait_until(reached, timeout, 0.05)

    def windowed(self, size: tuple[int, int]) -> None:
        """A plain window of `size` (not fullscreen, not maximized) with the
        keyboard focus, and the pointer off it."""
        window = self.window
        window.find()
        screen = window.desktop.size
        if window.geometry().size == screen and not window.wm_state() & {"_NET_WM_STATE_MAXIMIZED_VERT"}:
            window.activate()
            window.key("Escape")  # fullscreen: Esc leaves it
            self.wait_size(lambda now: now != screen)
        if "_NET_WM_STATE_MAXIMIZED_VERT" in window.wm_state():
            window.maximize(False)
        if window.geometry().size != size:
            window.resize(*size)
        window.park_pointer()
        window.activate()

    def check_after(self, step: str) -> list[str]:
        """Both checks after a window event: the picture, then a click."""
        problems = self.check_picture(step)
        problems += self.check_double_click(step)
        return problems


# Every screen a key opens from the table (game/ui/input/keymap.py), by xdotool key name.
SCREEN_KEYS = {
    "describe": "F1",
    "rules": "F2",
    "stats": "F3",
    "options": "ctrl+o",
    "new": "ctrl+n",
    "restart": "ctrl+r",  # a question only once there is something to lose
}
OPENED = 0.3  # share of the window a dialog changes (it dims the whole table) at least


def open_table(desktop: Desktop, tmp: Path, name: str, args: list[str], data_dir: Path | None = None) -> Table:
    """Launch the game with `args` (and a data folder) and wait for its window."""
    data = data_dir or tmp / "data"
    window = launch(desktop, data, tmp / "game.log", args)
    shots = Path(SHOTS) if SHOTS else tmp / "shots"
    table = Table(window, data, References(tmp / "refs"), shots, name)
    window.park_pointer()
    window.activate()
    return table


def settle_opening(table: Table, timeout: float = 20.0) -> None:
    """Wait for the opening deal to end (the picture stops changing)."""
    table.window.settled(timeout=timeout)


SHARED_SIZE = (1280, 800)


class SharedGame:
    """One game at 1280x800 for the modules that only look, click and press
    keys in it (test_dialogs, test_keyboard, test_pause, test_window_events),
    rather than a launch each. None depends on another's moves: each reads
    the game as it finds it (the saved record), and `ready` hands it over as
    a fresh launch would be but for the moves: alive and in English (else
    launched again: a module quit it, or chose Italian), in a plain 1280x800
    window with the keyboard focus. Each module closes the screens it opens."""

    def __init__(self, desktop: Desktop, tmp: Path) -> None:
        self.desktop, self.tmp = desktop, tmp
        self.launches = 0
        self.table: Table | None = None

    def ready(self, name: str) -> Table:
        table = self.table
        if table is None or not table.window.alive or self.language(table) not in ("", "en"):
            if table is not None:
                table.window.stop()
            self.launches += 1
            folder = self.tmp / f"launch-{self.launches}"
            folder.mkdir()
            args = ["--code", CODE, "--size", f"{SHARED_SIZE[0]}x{SHARED_SIZE[1]}"]
            table = self.table = open_table(self.desktop, folder, name, args)
            settle_opening(table)
        table.name = name
        table.windowed(SHARED_SIZE)
        return table

    @staticmethod
    def language(table: Table) -> object:
        return (read_json(table.data_dir / SETTINGS_FILE) or {}).get("language", "")

    def stop(self) -> None:
        if self.table is not None:
            self.table.window.stop()
            self.table = None
