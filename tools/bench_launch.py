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
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tools.launch_stages import run_stages  # noqa: E402 - after the path is set
from tools.launch_timing import (  # noqa: E402
    FELT,
    Case,
    forget_the_game,
    launch_once,
    mark,
    med,
    probe_points,
)
from tools.xgrab import Grabber  # noqa: E402
from tools.xwindow import XServer, start_xvfb  # noqa: E402

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


def write_resumed_game(data_dir: Path, actions: int = RESUMED_ACTIONS, seed: int = 7) -> str:
    """A game in progress with exactly `actions` actions in its record (random
    legal moves, a deal now and then; never an undo, which would shorten it)."""
    from game.engine import Game, Rule
    from game.files.storage import Storage

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


# ===================================================================== parent


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
        screen = Grabber(server.display)
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
