"""The dialogs' speed and memory, as a player meets them (not a timed test).

    python tools/bench_screens.py [--tries N] [--cycles N] [--sizes WxH,...] [--against OTHER_TREE]

In a real window on a private desktop (Xvfb with openbox, tools/xwindow),
the game started as a player starts it (``python -m game --size WxH``), for
each window size, this tree and (``--against``) another checkout in the same
run, the two taking turns:

- **open**: each dialog's key pressed (xdotool, no pointer motion), `--tries`
  times with pauses between: the time until the first frame that shows it (a
  patch of the dimmed table beside the panel changes) and until the window
  stops changing (settled); median and slowest.
- **click**: Options open, the "Fast" animation button clicked (its place
  asked of the tree's own code, headless, at that size): the time until the
  button's pixels change.
- **frames** (headless, the same tree's code driving a real table and
  dialogs by hand, as tools/bench_frames.py): median frame time with each
  dialog open, next to the table alone.
- **memory**: the game's RSS (/proc) after 10 and after `--cycles` opens and
  closes rotating over every dialog.

Prints one Markdown table per size. The machine is shared: compare the two
trees' figures within a run, not across runs.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from game.system.geometry import Geometry  # noqa: E402
from tools.xwindow import Desktop, GameWindow, start_desktop, wait_until  # noqa: E402

KEYS = {"describe": "F1", "rules": "F2", "stats": "F3", "options": "ctrl+o", "new": "ctrl+n", "restart": "ctrl+r"}
CODE = "SP1-S2C-AAAAAAD"
PAUSES = (0.05, 0.25, 0.6)


# ================================================================ in the tree (a child)

PROBE = r"""
import json, os, sys
os.environ["ARCADE_HEADLESS"] = "1"
import arcade
try:
    from game.records.settings import Settings
    from game.words.i18n import Translator
except ImportError:  # a tree from before the rooms of game/
    from game.settings import Settings
    from game.i18n import Translator
w, h = int(sys.argv[1]), int(sys.argv[2])
window = arcade.Window(w, h, "probe", antialiasing=False)
try:
    from game.ui.screens.host import ScreensView
    from game.ui.screens.options import OptionsScreen
    host = ScreensView(window)
    screen = OptionsScreen(Settings(), Translator("en"), lambda _s: None, lambda: None, sound_missing=True)
    host.open(screen)
    places = {name: screen.controls[f"speed.{name}"].rect.center for name in ("fast", "normal")}
except ImportError:  # a tree whose screens are arcade.gui views
    import game.ui
    from game.ui.screens import OptionsView
    view = OptionsView(Settings(), Translator("en"), lambda _s: None, lambda: None, sound_missing=True)
    window.show_view(view)
    view.on_draw()
    places = {name: view.controls[f"speed.{name}"].center for name in ("fast", "normal")}
print(json.dumps({name: {"x": x, "y": h - y} for name, (x, y) in places.items()}))
"""

FRAMES = r"""
import json, os, statistics, sys, tempfile, time, pathlib
os.environ["ARCADE_HEADLESS"] = "1"
try:
    import game.ui  # an older tree makes arcade.gui importable headless on import
except ImportError:
    pass
from game.engine import Game
try:
    from game.files.storage import Storage
    from game.play.session import Session
    from game.records.settings import Settings
    from game.records.stats import Stats
except ImportError:
    from game.storage import Storage
    from game.session import Session
    from game.settings import Settings
    from game.stats import Stats
from game.ui.app.build import build_table
from game.ui.app.controller import SpiderApp
w, h = int(sys.argv[1]), int(sys.argv[2])
settings = Settings(animation_speed="off")
window, view = build_table(Game.from_code(sys.argv[3]), settings, size=(w, h), animate_opening=False)
app = SpiderApp(view, Session(Storage(pathlib.Path(tempfile.mkdtemp())), view.settings, Stats(), view.game))
view.game.play("deal")
def frames(n=60):
    times = []
    for _ in range(n):
        current = window.current_view
        if hasattr(current, "wake"):
            current.wake()
        t0 = time.perf_counter()
        current.on_update(1 / 60); current.on_draw(); window.flip(); window.ctx.finish()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000
for _ in range(20):
    view.on_update(1 / 60); view.on_draw(); window.ctx.finish()
out = {"table": frames()}
for name in ("new", "options", "rules", "stats", "describe"):
    app.show_screen(name)
    frames(10)
    out[name] = frames()
    app.back_to_table()
print(json.dumps(out))
"""


def python_of(tree: Path) -> str:
    """The tree's own venv's Python where it has one: another tree's editable
    install can answer for a module this tree does not have."""
    own = tree / ".venv" / "bin" / "python"
    return str(own) if own.exists() else sys.executable


def child(tree: Path, source: str, *args: str) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    env.pop("DISPLAY", None)
    done = subprocess.run(
        [python_of(tree), "-c", source, *args], cwd=tree, env=env, capture_output=True, text=True, timeout=600
    )
    for line in done.stdout.splitlines():
        if line.startswith("{"):
            result: dict[str, Any] = json.loads(line)
            return result
    raise SystemExit(f"child in {tree} failed:\n{done.stderr[-3000:]}")


# ================================================================ in the real window


def start(desktop: Desktop, tree: Path, size: tuple[int, int], work: Path) -> GameWindow:
    env = dict(desktop.env, PYTHONPATH=str(tree), LANGUAGE="en", LC_ALL="C.UTF-8")
    log = work / "game.log"
    args = ["--data-dir", str(work / "data"), "--code", CODE, "--size", f"{size[0]}x{size[1]}"]
    with log.open("ab") as out:
        proc = subprocess.Popen(
            [python_of(tree), "-m", "game", *args], cwd=tree, env=env, stdout=out, stderr=subprocess.STDOUT
        )
    game = GameWindow(desktop, proc, log)
    game.find()
    game.park_pointer()
    game.activate()
    game.settled(20.0)
    time.sleep(1.0)  # the dialogs are made ready while the table rests (a tree that does so)
    return game


def changed(a: Any, b: Any) -> float:
    """The share of pixels that differ between two pictures of one size."""
    pa, pb = a.tobytes(), b.tobytes()
    step = 4 * 7  # every seventh RGBA pixel is enough to tell
    differ = sum(1 for i in range(0, len(pa), step) if pa[i : i + 3] != pb[i : i + 3])
    return differ / max(1, len(pa) // step)


def open_once(game: GameWindow, key: str, timeout: float = 5.0) -> tuple[float | None, float | None]:
    """Seconds from the key to the first frame showing the dialog, and to the window settled."""
    g = game.geometry()
    patch = Geometry(g.x + 4, g.y + g.height * 3 // 10, max(8, g.width // 20), g.height * 4 // 10)
    *held, main_key = key.split("+")
    for modifier in held:  # a modifier is down before its key, untimed, as a player's hand holds Ctrl
        game.desktop.run("xdotool", "keydown", modifier)
    time.sleep(0.3 if held else 0.0)
    before = game.picture(patch)
    start = time.monotonic()
    game.key(main_key, delay_ms=1)
    for modifier in held:
        game.desktop.run("xdotool", "keyup", modifier)
    first = None
    while time.monotonic() - start < timeout:
        if changed(before, game.picture(patch)) >= 0.5:
            first = time.monotonic() - start
            break
        time.sleep(0.003)
    if first is None:
        return None, None
    last, since = game.picture(), time.monotonic()
    while time.monotonic() - start < timeout:
        now = game.picture()
        if now.tobytes() != last.tobytes():
            last, since = now, time.monotonic()
        elif time.monotonic() - since > 0.25:
            break
        time.sleep(0.01)
    return first, since - start


def back(game: GameWindow) -> None:
    """Esc: every dialog opened here goes back to the table."""
    game.key("Escape")
    time.sleep(0.15)


def click_once(game: GameWindow, spot: Geometry, x: float, y: float) -> float | None:
    """Seconds from a click's release at (x, y) to the pixels of `spot`
    changing (None: they did not in 3 s). The pointer goes there and the
    button is pressed untimed (xdotool's own click waits 100 ms in between):
    what is timed is the game's answer to the release, where a click acts."""
    game.pointer_to(*game.screen_point(x, y))
    time.sleep(0.3)
    game.desktop.run("xdotool", "mousedown", "1")
    time.sleep(0.3)
    before = game.picture(spot)
    start = time.monotonic()
    game.desktop.run("xdotool", "mouseup", "1")
    ok = wait_until(lambda: changed(before, game.picture(spot)) > 0.3, 3.0, 0.003)
    return time.monotonic() - start if ok else None


def rss_mb(game: GameWindow) -> float:
    status = Path(f"/proc/{game.proc.pid}/status").read_text(encoding="utf-8")
    line = next(x for x in status.splitlines() if x.startswith("VmRSS:"))
    return int(line.split()[1]) / 1024


def measure(desktop: Desktop, tree: Path, size: tuple[int, int], tries: int, cycles: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        game = start(desktop, tree, size, work)
        try:
            return _measure(game, tree, size, tries, cycles)
        finally:
            game.stop()


def _measure(game: GameWindow, tree: Path, size: tuple[int, int], tries: int, cycles: int) -> dict[str, Any]:
    out: dict[str, Any] = {"open": {}}
    game.key("d")  # a deal: a game in progress, so Ctrl+R asks
    time.sleep(1.5)
    for name, key in KEYS.items():
        firsts, settles = [], []
        for n in range(tries):
            time.sleep(PAUSES[n % len(PAUSES)])
            first, settled = open_once(game, key)
            firsts.append(first)
            settles.append(settled)
            back(game)
            time.sleep(0.3)
        out["open"][name] = {"first": firsts, "settled": settles}
    points = child(tree, PROBE, str(size[0]), str(size[1]))
    clicks = []
    for _ in range(tries):
        open_once(game, KEYS["options"])
        g = game.geometry()
        fast, normal = points["fast"], points["normal"]
        spot = Geometry(g.x + int(fast["x"]) - 10, g.y + int(fast["y"]) - 6, 20, 12)
        clicks.append(click_once(game, spot, fast["x"], fast["y"]))
        game.click(normal["x"], normal["y"])  # as it was, for the next try; then back to the table
        back(game)
        game.park_pointer()
        time.sleep(0.3)
    out["click"] = clicks
    names = list(KEYS)
    rss = {}
    for n in range(cycles):
        open_once(game, KEYS[names[n % len(names)]], timeout=3.0)
        back(game)
        time.sleep(0.05)
        if n + 1 in (10, cycles):
            time.sleep(1.0)
            rss[n + 1] = rss_mb(game)
    out["rss"] = rss
    return out


# ================================================================ the report


def ms(values: list[float | None]) -> str:
    got = [v for v in values if v is not None]
    missed = len(values) - len(got)
    if not got:
        return "—"
    text = f"{statistics.median(got) * 1000:.0f} / {max(got) * 1000:.0f}"
    return text + (f" ({missed} missed)" if missed else "")


def report(size: tuple[int, int], results: dict[str, dict[str, Any]]) -> None:
    trees = list(results)
    print(f"\n### {size[0]}×{size[1]}\n")
    print("| | " + " | ".join(trees) + " |")
    print("|---|" + "---|" * len(trees))
    for name in KEYS:
        row = [ms(results[t]["open"][name]["first"]) + " · " + ms(results[t]["open"][name]["settled"]) for t in trees]
        print(f"| {name} ({KEYS[name]}): shown · settled, median / slowest ms | " + " | ".join(row) + " |")
    print(
        "| Options click → its change, median / slowest ms | "
        + " | ".join(ms(results[t]["click"]) for t in trees)
        + " |"
    )
    for name in ("table", "new", "options", "rules", "stats", "describe"):
        label = "table alone" if name == "table" else f"{name} open"
        print(
            f"| frame, {label}, median ms (headless) | "
            + " | ".join(f"{results[t]['frames'][name]:.1f}" for t in trees)
            + " |"
        )
    for t in trees:
        rss = results[t]["rss"]
        marks = sorted(rss)
        results[t]["rss_text"] = " → ".join(f"{rss[m]:.0f} MB ({m})" for m in marks)
    print("| RSS after N opens and closes | " + " | ".join(results[t]["rss_text"] for t in trees) + " |")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--tries", type=int, default=10)
    parser.add_argument("--cycles", type=int, default=200)
    parser.add_argument("--sizes", default="1280x800,1920x1080")
    parser.add_argument("--against", type=Path, help="another checkout, measured in the same run")
    options = parser.parse_args(argv)
    sizes = [tuple(int(v) for v in s.split("x")) for s in options.sizes.split(",")]
    trees = {"this tree": REPO}
    if options.against is not None:
        trees[f"{options.against.name}"] = options.against.resolve()
    desktop = start_desktop(2560, 1440)
    try:
        for size in sizes:
            w, h = size[0], size[1]
            results: dict[str, dict[str, Any]] = {}
            for label, tree in trees.items():
                results[label] = measure(desktop, tree, (w, h), options.tries, options.cycles)
                results[label]["frames"] = child(tree, FRAMES, str(w), str(h), CODE)
            report((w, h), results)
    finally:
        desktop.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
