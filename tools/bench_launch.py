"""Launch benchmark: how long until the table is on screen, and how much memory (not a timed test).

    python tools/bench_launch.py [--runs N] [--size WxH] [--settle S] [--stages] [--shots DIR]

Launches, one after the other and interleaved round by round (each round
starting with the next app), under one
private Xvfb (24-bit, a screen the size of the window, so the window covers
it):
  bare     an `arcade.Window(antialiasing=False)` that clears to green: the floor;
  first    `python -m game` with an empty data folder: a first launch (a new
           deal, and nothing cached yet: the card images are scaled from the sheet);
  new      `python -m game` with a data folder holding only the cache an
           earlier launch at this size left (game/ui/cards/cache.py): a new deal
           as a returning player starts one;
  resumed  `python -m game` with a data folder holding a game in progress whose
           record has 2,000 actions (replayed at launch).

Everything is measured from outside the process, the same way for all three:
the parent takes CLOCK_MONOTONIC just before spawning, then polls the screen
with XGetImage (libX11 through ctypes; about every 2 ms) at a grid of points
until most of them show the colour the app paints everywhere it has nothing
else (the felt; the bare window's green). That is "the first table pixel on
screen": the frame a player sees, after the buffer swap and the X server's
copy. The game also writes its own first-frame time (`SPIDER_FIRST_FRAME`,
game/ui/render/first_frame.py: after the first table is drawn and `ctx.finish()`ed,
before the buffer swap); it is printed beside: the gap between the two is
the swap, the X server's copy and our polling (~2 ms). At the pixel, and
again `--settle` seconds later (after the game's
post-launch work: scaling the card images, importing the screens), the child's
VmHWM (peak RSS) and CPU seconds (utime + stime, all threads) are read from
/proc. CPU seconds do not grow when other processes share the cores; wall
times do: compare ratios within one run, and read the load average printed.

Python byte-code caches are used as an installed game has them (in a private
folder, PYTHONPYCACHEPREFIX, filled by one untimed launch of each app): with
PYTHONDONTWRITEBYTECODE set, as in some shells, every launch would compile
the game's ~50 modules from source (~0.1 s) while arcade's come compiled
from site-packages. `--no-pyc` measures that way instead.

`--stages` adds a breakdown of one instrumented game launch (a new deal):
the time since spawn and VmHWM after each stage (imports, decoding the card
sheet, cutting it, making textures, the window, fonts and texts, the first
frame, the scaled card images, the screens), plus `python -X importtime`
grouped by top-level package. `--shots DIR` saves the screen at detection.
"""

from __future__ import annotations

import argparse
import ctypes
import ctypes.util
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tools.xvfb import XServer, start_xvfb  # noqa: E402 - after the path is set

FELT = (14, 94, 50)  # game.ui.render.chrome.FELT (not imported: that would import arcade)
GREEN = (0, 255, 0)  # arcade.color.GREEN
RESUMED_ACTIONS = 2000

AIM_LAUNCH_RATIO = 1.15
AIM_RSS_OVER_BARE_MB = 40.0
AIM_RESUMED_OVER_NEW_S = 0.050

BARE_CHILD = """
import arcade
w, h = (int(v) for v in __import__("sys").argv[1].split("x"))
class Bare(arcade.Window):
    def on_draw(self):
        self.clear(color=arcade.color.GREEN)
Bare(w, h, "bare", antialiasing=False)
arcade.run()
"""


# =============================================================== the X screen


class _XImage(ctypes.Structure):
    _fields_ = [
        ("width", ctypes.c_int),
        ("height", ctypes.c_int),
        ("xoffset", ctypes.c_int),
        ("format", ctypes.c_int),
        ("data", ctypes.POINTER(ctypes.c_ubyte)),
        ("byte_order", ctypes.c_int),
        ("bitmap_unit", ctypes.c_int),
        ("bitmap_bit_order", ctypes.c_int),
        ("bitmap_pad", ctypes.c_int),
        ("depth", ctypes.c_int),
        ("bytes_per_line", ctypes.c_int),
        ("bits_per_pixel", ctypes.c_int),
        ("red_mask", ctypes.c_ulong),
        ("green_mask", ctypes.c_ulong),
        ("blue_mask", ctypes.c_ulong),
    ]


class Screen:
    """Pixels of an X display's root window (which, with no compositor,
    shows what the mapped windows drew)."""

    ZPIXMAP = 2
    ALL_PLANES = 0xFFFFFFFF

    def __init__(self, display: str) -> None:
        name = ctypes.util.find_library("X11")
        if name is None:
            raise SystemExit("bench_launch: libX11 not found")
        x = ctypes.CDLL(name)
        x.XOpenDisplay.restype = ctypes.c_void_p
        x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x.XDefaultRootWindow.restype = ctypes.c_ulong
        x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        x.XGetImage.restype = ctypes.POINTER(_XImage)
        x.XGetImage.argtypes = [
            ctypes.c_void_p,
            ctypes.c_ulong,
            ctypes.c_int,
            ctypes.c_int,
            ctypes.c_uint,
            ctypes.c_uint,
            ctypes.c_ulong,
            ctypes.c_int,
        ]
        x.XFree.argtypes = [ctypes.c_void_p]
        x.XCloseDisplay.argtypes = [ctypes.c_void_p]
        self.x = x
        self.dpy = x.XOpenDisplay(display.encode())
        if not self.dpy:
            raise SystemExit(f"bench_launch: cannot open display {display}")
        self.root = x.XDefaultRootWindow(self.dpy)

    def pixel(self, px: int, py: int) -> tuple[int, int, int]:
        """The colour at (px, py), from the top left."""
        image = self.x.XGetImage(self.dpy, self.root, px, py, 1, 1, self.ALL_PLANES, self.ZPIXMAP)
        if not image:
            return (-1, -1, -1)
        try:
            img = image.contents
            b, g, r = img.data[0], img.data[1], img.data[2]  # 24-bit TrueColor, little-endian BGRX
            return (r, g, b)
        finally:
            self.x.XFree(img.data)
            self.x.XFree(image)

    def close(self) -> None:
        self.x.XCloseDisplay(self.dpy)


def probe_points(width: int, height: int) -> list[tuple[int, int]]:
    """A 5x5 grid over the window, inset from the edges."""
    return [(round(width * (i + 0.5) / 5), round(height * (j + 0.5) / 5)) for i in range(5) for j in range(5)]


# ================================================================ the children


def vm_hwm_mb(pid: int) -> float:
    with Path(f"/proc/{pid}/status").open() as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid: int) -> float:
    """utime + stime of a whole process (all threads)."""
    with Path(f"/proc/{pid}/stat").open() as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Launch:
    seconds: float  # spawn to the table on screen
    signal: float  # spawn to the game's own first-frame report (nan for the bare window)
    rss_first: float  # VmHWM then, MB
    rss_settled: float  # VmHWM --settle seconds later, MB
    cpu_first: float  # CPU seconds by the first table


@dataclass
class Case:
    name: str
    command: list[str]
    colour: tuple[int, int, int]
    env: dict[str, str]
    cwd: Path = REPO
    launches: list[Launch] = field(default_factory=list)


def launch_once(case: Case, screen: Screen, points: list[tuple[int, int]], settle: float, shot: Path | None) -> Launch:
    need = len(points) // 2 + 1  # most of the grid: the table, not a stray pixel
    signal_file = Path(tempfile.mkdtemp(prefix="spider-first-")) / "first"
    env = dict(case.env, SPIDER_FIRST_FRAME=str(signal_file))
    started = time.monotonic()
    proc = subprocess.Popen(case.command, cwd=case.cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = started + 60
        while True:
            hits = sum(screen.pixel(px, py) == case.colour for px, py in points)
            now = time.monotonic()
            if hits >= need:
                break
            if proc.poll() is not None or now > deadline:
                raise SystemExit(f"bench_launch: {case.name} showed no table (exit code {proc.poll()})")
            time.sleep(0.002)
        seconds = now - started
        rss_first, cpu_first = vm_hwm_mb(proc.pid), cpu_seconds(proc.pid)
        if shot is not None:
            subprocess.run(
                ["import", "-window", "root", str(shot)], env=case.env, check=False, stderr=subprocess.DEVNULL
            )
        time.sleep(settle)
        rss_settled = vm_hwm_mb(proc.pid)
        try:
            reported = float(signal_file.read_text(encoding="ascii")) - started
        except (OSError, ValueError):
            reported = float("nan")
        return Launch(seconds, reported, rss_first, rss_settled, cpu_first)
    finally:
        shutil.rmtree(signal_file.parent, ignore_errors=True)
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def write_resumed_game(data_dir: Path, actions: int = RESUMED_ACTIONS, seed: int = 7) -> str:
    """A game in progress with exactly `actions` actions in its record (random
    legal moves, a deal now and then; never an undo, which would shorten it)."""
    from game.engine import Game, Rule
    from game.storage import Storage

    rng = random.Random(seed)
    for attempt in range(50):
        # The variant a new game has (one suit, classic), so that the two
        # differ by the record only, not by the faces the table shows.
        game = Game.random(1, Rule("classic"), seed=seed + attempt)
        while len(game.record.split()) < actions:
            moves = [
                (src, count, dst)
                for src in range(10)
                for count in range(1, game.movable_count(src) + 1)
                for dst in game.legal_destinations(src, count)
            ]
            if moves:
                game.move(*rng.choice(moves))
            elif game.can_deal():
                game.deal()
            else:
                break
            if game.is_won:
                break
        if len(game.record.split()) == actions and not game.is_won:
            save: Any = Storage(data_dir).save_game  # its signature follows the session track's work
            try:
                save(game, True)  # a game the player has started playing
            except TypeError:
                save(game)
            return game.code or "?"
    raise SystemExit("bench_launch: could not make a 2,000-action game")


def resumed_game_for(checkout: Path, data_dir: Path) -> str:
    """`write_resumed_game` run with the engine and storage of `checkout`
    (another checkout may save games in another format)."""
    source = (
        "import sys; from pathlib import Path; sys.path.insert(0, sys.argv[1]); import bench_launch as b; "
        "sys.path.remove(str(b.REPO)); sys.path.insert(0, sys.argv[2]); print(b.write_resumed_game(Path(sys.argv[3])))"
    )
    done = subprocess.run(
        [sys.executable, "-c", source, str(REPO / "tools"), str(checkout), str(data_dir)],
        cwd=checkout,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"bench_launch: cannot save a game for {checkout}:\n{done.stderr[-1500:]}")
    return done.stdout.strip().splitlines()[-1]


# ==================================================================== stages

STAGE_CHILD = r"""
import importlib.abc, importlib.machinery, inspect, os, runpy, sys, time

T0 = float(sys.argv.pop(1))
def hwm():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
CPU = {}
def mark(name, start):
    end = time.monotonic()
    cpu = time.thread_time() - CPU.pop(name, time.thread_time())
    print("STAGE", name, repr(start - T0), repr(end - T0), repr(cpu), repr(hwm()), flush=True)

def timed(owner, attr, name, once=False):
    inner = getattr(owner, attr)
    static = isinstance(inspect.getattr_static(owner, attr), staticmethod)
    state = {"done": False}
    def wrapper(*args, **kwargs):
        if once and state["done"]:
            return inner(*args, **kwargs)
        start = time.monotonic()
        CPU[name] = time.thread_time()
        result = inner(*args, **kwargs)
        mark(name, start)
        state["done"] = True
        return result
    setattr(owner, attr, staticmethod(wrapper) if static else wrapper)

def patch_atlas_image(m):
    timed(m, "decode", "decode the card sheet PNG (thread)")
    timed(m, "load", "decode, cut and scale (pack the unshown) the card images (thread)")
def patch_card_loading(m):
    timed(m, "take", "wait for the card sheet (thread)")
    timed(m, "from_cache", "read the cached card images")
def patch_atlas(m):
    timed(m.CardSheet, "load", "card sheet ready (cut into images)")
    timed(m.CardSheet, "_atlas", "make textures (not uploaded yet)")
    if hasattr(m.CardSheet, "scaled_images"):
        timed(m.CardSheet, "scaled_images", "scale the card images")
def patch_hud(m):
    timed(m.Hud, "__init__", "HUD: texts and panels", once=True)
def patch_style(m):
    timed(m, "load_fonts", "load fonts", once=True)
def patch_card_images(m):
    take = m.CardImages._take
    def _take(self, job):
        start = time.monotonic()
        CPU["swap in the scaled card images"] = time.thread_time()
        changed = take(self, job)
        mark("swap in the scaled card images", start)
        return changed
    m.CardImages._take = _take
def patch_app(m):
    timed(m.SpiderWindow, "__init__", "open the window (GL context)", once=True)
    timed(m, "build_table", "build the table (window + view)", once=True)
def patch_view(m):
    timed(m.GameView, "__init__", "table view (layout, sprites, HUD)", once=True)
    draw = m.GameView.on_draw
    state = {"frames": 0}
    def on_draw(self):
        start = time.monotonic()
        CPU["first on_draw (uploads textures) + finish"] = CPU["second on_draw"] = time.thread_time()
        draw(self)
        state["frames"] += 1
        if state["frames"] == 1:
            self.window.ctx.finish()
            mark("first on_draw (uploads textures) + finish", start)
        elif state["frames"] == 2:
            mark("second on_draw", start)
    m.GameView.on_draw = on_draw
def patch_controller(m):
    timed(m.SpiderApp, "load_screens", "import the screens (arcade.gui)")
    import arcade
    def stop(_dt):
        mark("settled (stop)", time.monotonic())
        os._exit(0)
    arcade.schedule_once(stop, SETTLE)

PATCHES = {
    "game.ui.cards.atlas_image": patch_atlas_image,
    "game.ui.cards.loading": patch_card_loading,
    "game.ui.cards.atlas": patch_atlas,
    "game.ui.hud.bar": patch_hud,
    "game.ui.render.style": patch_style,
    "game.ui.cards.images": patch_card_images,
    "game.ui.app.build": patch_app,
    "game.ui.table.view": patch_view,
    "game.ui.app.controller": patch_controller,
}
TIMED_IMPORTS = {"arcade": "import arcade (pyglet, PIL, ...)", "game.engine": "import game.engine",
                 "game.ui.screens": None}

class Hook(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name not in PATCHES and name not in TIMED_IMPORTS:
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or spec.loader is None:
            return spec
        run = spec.loader.exec_module
        def exec_module(module):
            start = time.monotonic()
            if TIMED_IMPORTS.get(name):
                CPU[TIMED_IMPORTS[name]] = time.thread_time()
            run(module)
            if TIMED_IMPORTS.get(name):
                mark(TIMED_IMPORTS[name], start)
            if name in PATCHES:
                PATCHES[name](module)
        spec.loader.exec_module = exec_module
        return spec

SETTLE = float(sys.argv.pop(1))
mark("interpreter start", T0)
sys.meta_path.insert(0, Hook())
sys.argv[0] = "game"
runpy.run_module("game", run_name="__main__", alter_sys=True)
"""


def run_stages(env: dict[str, str], size: str, settle: float, cached: bool = True) -> None:
    which = "with the card cache an earlier launch left" if cached else "a first launch, nothing cached"
    print(f"\nStages of one new-game launch at {size}, {which} (seconds since spawn; VmHWM after the stage):\n")
    with tempfile.TemporaryDirectory(prefix="spider-stages-") as data:
        if cached:  # an untimed launch fills the cache; then a new deal
            subprocess.run(
                [sys.executable, "-c", STAGE_CHILD, repr(time.monotonic()), "1.5", "--size", size, "--data-dir", data],
                cwd=REPO,
                env=env,
                capture_output=True,
                check=False,
                timeout=120,
            )
            forget_the_game(Path(data))
        started = time.monotonic()
        done = subprocess.run(
            [sys.executable, "-c", STAGE_CHILD, repr(started), repr(settle), "--size", size, "--data-dir", data],
            cwd=REPO,
            env=env,
            capture_output=True,
            text=True,
            check=False,
            timeout=120,
        )
    rows = [line.split(" ", 1)[1] for line in done.stdout.splitlines() if line.startswith("STAGE ")]
    if not rows:
        print(done.stderr[-2000:])
        return
    print("| stage | from s | to s | took ms | its thread's CPU ms | VmHWM MB |")
    print("|---|---|---|---|---|---|")
    parsed: list[tuple[str, float, float, float, float]] = []
    for row in rows:
        *name_parts, start_s, end_s, cpu_s, hwm_s = row.split(" ")
        parsed.append((" ".join(name_parts), float(start_s), float(end_s), float(cpu_s), float(hwm_s)))
    for name, start, end, cpu, hwm in sorted(parsed, key=lambda r: r[2]):
        print(f"| {name} | {start:.3f} | {end:.3f} | {(end - start) * 1000:.0f} | {cpu * 1000:.0f} | {hwm:.0f} |")

    # Imports: self time of every module, grouped by top-level package.
    with tempfile.TemporaryDirectory(prefix="spider-stages-") as data:
        args = ["--size", size, "--data-dir", data]
        done = subprocess.run(
            [sys.executable, "-X", "importtime", "-c", STAGE_CHILD, repr(time.monotonic()), "1.0", *args],
            cwd=REPO,
            env=env,
            capture_output=True,
            text=True,
            check=False,
            timeout=120,
        )
    groups: dict[str, int] = {}
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or line.count("|") != 2:
            continue
        self_us, _, name = line[len("import time:") :].split("|")
        if not self_us.strip().isdigit():
            continue
        parts = name.strip().split(".")
        top = ".".join(parts[:3]) if parts[0] == "game" else parts[0]
        groups[top] = groups.get(top, 0) + int(self_us)
    total = sum(groups.values())
    print(
        "\n`python -X importtime`: self time of every module, grouped by package "
        f"(the tool inflates it), {total / 1e6:.2f} s in all:\n"
    )
    print("| package | ms |")
    print("|---|---|")
    for name, us in sorted(groups.items(), key=lambda kv: -kv[1])[:12]:
        print(f"| {name} | {us / 1000:.0f} |")


# ===================================================================== parent


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def mark(ok: bool) -> str:
    return "ok" if ok else "**MISS**"


def forget_the_game(folder: Path) -> None:
    """Everything in a data folder but the cache: the next launch deals anew."""
    if not folder.is_dir():
        return
    for entry in folder.iterdir():
        if entry.name != "cache":
            shutil.rmtree(entry) if entry.is_dir() else entry.unlink()


def med(case: Case, attr: str) -> float:
    return median([getattr(launch, attr) for launch in case.launches])


def report(cases: dict[str, Case]) -> None:
    print(
        "| app | first table on screen s, median (min–max) | game's own first-frame signal s "
        "| CPU s by then | VmHWM at first table MB | VmHWM settled MB |"
    )
    print("|---|---|---|---|---|---|")
    for case in cases.values():
        secs = [launch.seconds for launch in case.launches]
        print(
            f"| {case.name} | {med(case, 'seconds'):.3f} ({min(secs):.3f}–{max(secs):.3f}) | {med(case, 'signal'):.3f} "
            f"| {med(case, 'cpu_first'):.2f} | {med(case, 'rss_first'):.0f} | {med(case, 'rss_settled'):.0f} |"
        )
    print()
    verdicts(cases["bare"], cases["new"], cases["resumed"])
    first = med(cases["first"], "seconds") / med(cases["bare"], "seconds")
    print(f"- a first launch (nothing cached) ÷ bare window: {first:.2f}×")
    if "before-new" in cases:
        print("\nThe same figures for the checkout given with --compare:\n")
        verdicts(cases["bare"], cases["before-new"], cases["before-resumed"])


def verdicts(bare: Case, new: Case, resumed: Case) -> None:
    ratio = med(new, "seconds") / med(bare, "seconds")
    cpu_ratio = med(new, "cpu_first") / med(bare, "cpu_first")
    extra_first = med(new, "rss_first") - med(bare, "rss_first")
    extra = med(new, "rss_settled") - med(bare, "rss_settled")
    resumed_extra = med(resumed, "seconds") - med(new, "seconds")
    print(
        f"- launch, new game ÷ bare window: {ratio:.2f}× (aim ≤ {AIM_LAUNCH_RATIO}) {mark(ratio <= AIM_LAUNCH_RATIO)}"
    )
    print(f"- CPU seconds to the first table, new game ÷ bare window: {cpu_ratio:.2f}×")
    print(
        f"- peak RSS over the bare window: +{extra_first:.0f} MB at the first table, +{extra:.0f} MB settled "
        f"(aim ≤ +{AIM_RSS_OVER_BARE_MB:.0f}) {mark(max(extra, extra_first) <= AIM_RSS_OVER_BARE_MB)}"
    )
    resumed_cpu = med(resumed, "cpu_first") - med(new, "cpu_first")
    print(
        f"- resumed {RESUMED_ACTIONS}-action game − new game: {resumed_extra * 1000:+.0f} ms "
        f"({resumed_cpu * 1000:+.0f} ms of CPU) "
        f"(aim ≤ +{AIM_RESUMED_OVER_NEW_S * 1000:.0f} ms) {mark(resumed_extra <= AIM_RESUMED_OVER_NEW_S)}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="launches per app, interleaved (default 7)")
    parser.add_argument("--size", default="1280x800", help="window and screen size (default 1280x800)")
    parser.add_argument(
        "--settle", type=float, default=4.0, help="seconds after the first table for the settled RSS (default 4)"
    )
    parser.add_argument("--verbose", action="store_true", help="print every launch")
    parser.add_argument(
        "--no-pyc",
        action="store_true",
        help="keep PYTHONDONTWRITEBYTECODE as it is (if set, every launch compiles the game's sources)",
    )
    parser.add_argument("--stages", action="store_true", help="also a stage-by-stage breakdown of one game launch")
    parser.add_argument("--shots", type=Path, help="save the screen at each detection into this folder")
    parser.add_argument(
        "--compare", type=Path, metavar="DIR", help="also launch the game of another checkout (e.g. before a change)"
    )
    args = parser.parse_args()
    if args.runs < 0 or args.settle < 0 or (args.runs == 0 and not args.stages):
        parser.error("--runs must be at least 1 (0 only with --stages) and --settle not negative")
    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        parser.error(f"--size {args.size!r} is not like 1280x800")
    if shutil.which("Xvfb") is None:
        raise SystemExit("bench_launch: needs Xvfb (and libX11)")

    load_before = os.getloadavg()
    print(
        f"Spider launch benchmark: {os.cpu_count()} cores, load average {load_before[0]:.2f} / {load_before[1]:.2f} "
        f"(1 / 5 min) at start; {args.runs} launches per app, interleaved; {args.size} under Xvfb.\n",
        flush=True,
    )
    # A terminated benchmark still stops its Xvfb and children (the finally blocks).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    server = start_xvfb(width, height)
    try:
        run_all(args, server, width, height)
    finally:
        server.stop()
    return 0


def run_all(args: argparse.Namespace, server: XServer, width: int, height: int) -> None:
    with tempfile.TemporaryDirectory(prefix="spider-launch-") as tmp:
        new_dir, resumed_dir, first_dir = Path(tmp, "new"), Path(tmp, "resumed"), Path(tmp, "first")
        resumed_dir.mkdir()
        code = resumed_game_for(REPO, resumed_dir)
        env = server.env()
        env["LANGUAGE"] = "en"
        if not args.no_pyc:
            # Byte-code caches, as an installed game has them (pip compiles
            # at install; a checkout writes them on its first run), kept in
            # a private folder so no tree is touched. A first, untimed launch
            # of each app fills them (and the OS file cache).
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = str(Path(tmp, "pycache"))
        for name in ("SPIDER_DATA_DIR", "SPIDER_FIRST_FRAME"):
            env.pop(name, None)
        game = [sys.executable, "-m", "game", "--size", args.size, "--data-dir"]
        cases = {
            "bare": Case("bare Arcade window", [sys.executable, "-c", BARE_CHILD, args.size], GREEN, env),
            "first": Case("Spider, first launch (nothing cached)", [*game, str(first_dir)], FELT, env),
            "new": Case("Spider, new game", [*game, str(new_dir)], FELT, env),
            "resumed": Case(
                f"Spider, resumed ({RESUMED_ACTIONS} actions, {code})", [*game, str(resumed_dir)], FELT, env
            ),
        }
        if args.compare:
            other = args.compare.resolve()
            old_new, old_resumed = Path(tmp, "before-new"), Path(tmp, "before-resumed")
            old_resumed.mkdir()
            resumed_game_for(other, old_resumed)
            cases["before-new"] = Case(f"{other.name}: new game", [*game, str(old_new)], FELT, env, other)
            cases["before-resumed"] = Case(f"{other.name}: resumed", [*game, str(old_resumed)], FELT, env, other)
        screen = Screen(server.display)
        points = probe_points(width, height)
        if args.shots:
            args.shots.mkdir(parents=True, exist_ok=True)
        try:
            keys = list(cases)
            for key in keys:  # warm-up, untimed
                shutil.rmtree(new_dir, ignore_errors=True)
                # 1.5 s: the game writes its card cache ~1 s after the first frame.
                launch_once(cases[key], screen, points, 1.5, None)
            for run in range(args.runs):
                # Each round in another order: no app always follows the same one.
                for key in keys[run % len(keys) :] + keys[: run % len(keys)]:
                    time.sleep(0.5)  # the last child's exit and its window's teardown are over
                    shutil.rmtree(first_dir, ignore_errors=True)  # nothing at all
                    for folder in (new_dir, Path(tmp, "before-new")):
                        forget_the_game(folder)  # a new deal every time
                    shot = args.shots / f"{key}-{run}.png" if args.shots else None
                    launch = launch_once(cases[key], screen, points, args.settle, shot)
                    cases[key].launches.append(launch)
                    if args.verbose:
                        print(f"  {cases[key].name}: {launch}", flush=True)
        finally:
            screen.close()
        if args.runs:
            load_after = os.getloadavg()
            print(f"Load average at the end: {load_after[0]:.2f} / {load_after[1]:.2f}.\n")
            report(cases)
        if args.stages:
            run_stages(env, args.size, args.settle, cached=True)
            run_stages(env, args.size, args.settle, cached=False)


if __name__ == "__main__":
    sys.exit(main())
