"""Frame, launch, memory and idle benchmark of the table (not a timed test).

    python tools/bench_frames.py [--frames N] [--quick] [--sizes WxH,...]
        [--frames-only] [--against OTHER_TREE] [--rounds N]

Prints one compact table (Markdown, for the README) with the aims next to
the figures. Everything is measured in child processes, one per figure, so
no measurement disturbs another and each starts cold like a player's game.

Frames (a, b): one headless worker per window size (ARCADE_HEADLESS=1, EGL,
antialiasing off as in the game) builds the real window and table view with
`game.ui.app.build.build_table` on a mid-game 2-suit position (a fixed shuffle,
random legal moves and three deals, so columns are long) and drives frames by
hand; `arcade.run()` is never used headless (it is an unthrottled loop).
Each frame is ``t0; [input]; view.on_update(1/60); view.on_draw(); t1;
window.flip(); window.ctx.finish(); t2``:
  (a) Python work = t1 - t0: what the app submits, not waiting for the GPU;
  (b) whole frame = t2 - t0, and how many frames went over 16.7 ms, next
      to a bare frame (``window.clear(); flip(); finish()``, plus the X
      round trip in a real window) measured in the same worker: the floor,
      and the machine's own hiccups in the same run.
The flip shows the frame as the game loop does (headless, a pbuffer's
no-op).
Cases: *rest* (nothing moves); *deal* (the stock is clicked with
on_mouse_press/release, then frames until the animation ends; the deal is
undone untimed and dealt again until N frames are in; the click itself is in
its frame's time); *click* (the deal-click frame alone: press and release on
the stock, the frame that follows, nothing else; ``--clicks`` of them, each
deal undone and settled untimed); *drag* (a press on a movable group, then one
on_mouse_drag per frame along a loop over the table, included in the frame).
A few untimed frames first warm up shaders and textures.

``--against OTHER_TREE`` times another checkout of the game (its ``game``
package, this file's driver) in the same run: the two trees' workers
alternate size by size, ``--rounds`` times, so a before/after comparison
shares the machine's load. ``--frames-only`` skips launch, memory and idle.

Launch (c): the parent takes ``time.monotonic()`` (CLOCK_MONOTONIC, shared
by all processes on Linux) just before spawning, and the child writes the
same clock to a file right after its first drawn frame plus ``ctx.finish()``.
The game child is ``python -m game --code ... --size ...`` itself, unpatched:
the game's own first-frame signal (``SPIDER_FIRST_FRAME=<file>``, see
``game/ui/render/first_frame.py``) writes the timestamp. The bare child is an
``arcade.Window`` that only clears and writes the same file. Both run the real ``arcade.run()`` loop
in a real window under a private Xvfb (24-bit) when Xvfb is installed, else
headless (then idle is skipped). The difference therefore includes the
interpreter's start, every import, the window, the card images and the
first frame: what a player waits for. A launch time is the median of
``--launches`` runs, game and bare interleaved.

Peak memory (d): VmHWM from /proc/<pid>/status (the kernel's max RSS) of
each game child under Xvfb, read just before it is stopped, and of each
headless frames worker after all its cases (deals and a drag included); the
bare window's the same way.

Idle (e): a game child, the same game with resting disabled (redrawn at 60
fps, as a plain arcade loop would) and a bare arcade window (60 fps, the
arcade default) are each left running with no input for ``--idle`` seconds
after a 3 s pause (the opening deal ends); CPU = (utime + stime) from
/proc/<pid>/stat over that span, divided by the wall time: the share of one
core. The private Xvfb's own CPU over the same span is shown beside.
"""

from __future__ import annotations

import argparse
import json
import math
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

# Needs the repository on the path (this file runs as a script).
from tools.launch_children import BARE_CHILD, GAME_CHILD, Child, desktop, spawn, xvfb  # noqa: E402
from tools.launch_timing import cpu_seconds, mark  # noqa: E402

SIZES = ((1280, 800), (1920, 1080))
LAUNCH_CODE = "SP1-S2C-AAAAAAL"

AIM_PY_MEDIAN_MS = 1.0
AIM_PY_P99_MS = 2.0
AIM_FRAME_RATIO = 1.5
FRAME_BUDGET_S = 1 / 60
AIM_LAUNCH_S = 0.6
AIM_RSS_MB = 250.0
AIM_IDLE = 0.01


# ======================================================================== parent


def ms(values: list[float]) -> tuple[float, float]:
    """Median and 99th percentile, in milliseconds."""
    ordered = sorted(values)
    p99 = ordered[max(0, math.ceil(0.99 * len(ordered)) - 1)]
    return statistics.median(ordered) * 1000, p99 * 1000


def run_frames(
    width: int, height: int, frames: int, clicks: int, tree: Path = REPO, display: dict[str, str] | None = None
) -> dict[str, Any]:
    """One worker's figures: headless, or in a real window on `display` (an environment)."""
    env = dict(os.environ, ARCADE_HEADLESS="1", PYTHONPATH=str(tree))
    if display is not None:
        env = dict(display, PYTHONPATH=str(tree))
    done = subprocess.run(
        [
            sys.executable,
            __file__,
            "--worker",
            f"{width}x{height}",
            "--frames",
            str(frames),
            "--clicks",
            str(clicks),
            "--tree",
            str(tree),
            *(["--window"] if display is not None else []),
        ],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=900,
    )
    for line in done.stdout.splitlines():
        if line.startswith("{"):
            result: dict[str, Any] = json.loads(line)
            return result
    raise SystemExit(f"frames worker {width}x{height} failed:\n{done.stderr[-3000:]}")


def merge(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Several workers' results for one size as one: samples pooled."""
    merged = dict(runs[0])
    for key in ("clear", "rest", "deal", "click", "drag"):
        merged[key] = [sample for run in runs for sample in run[key]]
    return merged


def print_frames(results: dict[tuple[int, int], dict[str, Any]], label: str = "") -> None:
    first = next(iter(results.values()))
    if label:
        print(f"**{label}**\n")
    print(
        f"GL: {first['gl']}. Position: {first['position']}: {first['cards_on_table']} cards on the table, "
        f"longest column {first['longest_column']}; drag of {first['drag_group']}; "
        f"a deal animates over {first['deal_frames_each']:.0f} frames; card images scaled to their "
        f"drawn size: {'yes' if first.get('sharp') else 'no'}.\n"
    )
    print(
        "Wall-clock figures suffer when other processes share the cores; the CPU figures beside them "
        "(this thread's for (a), the whole process's, llvmpipe's threads included, for (b)) do not.\n"
    )
    print(
        "| size | case | (a) Python ms, median / p99 (aim ≤ 1 / ≤ 2) | (a) p99 thread CPU ms "
        "| (b) frame ms, median / p99 | (b) over 16.7 ms | (b) frame CPU ms | bare frame ms, median / p99 (CPU) "
        "| frame / bare (aim ≤ 1.5) |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for (w, h), res in results.items():
        clear_med, clear_p99 = ms([s[0] for s in res["clear"]])
        clear_cpu, _ = ms([s[1] for s in res["clear"]])
        clear_over = sum(s[0] > FRAME_BUDGET_S for s in res["clear"])
        for case in ("rest", "deal", "click", "drag"):
            samples = res[case]
            py_med, py_p99 = ms([s[0] for s in samples])
            fr_med, fr_p99 = ms([s[1] for s in samples])
            _, cpu_p99 = ms([s[2] for s in samples])
            fr_cpu, _ = ms([s[3] for s in samples])
            over = sum(s[1] > FRAME_BUDGET_S for s in samples)
            ratio = fr_med / clear_med
            py_ok = py_med <= AIM_PY_MEDIAN_MS and py_p99 <= AIM_PY_P99_MS
            print(
                f"| {w}×{h} | {case} | {py_med:.2f} / {py_p99:.2f} {mark(py_ok)} | {cpu_p99:.2f} "
                f"| {fr_med:.1f} / {fr_p99:.1f} | {over}/{len(samples)} | {fr_cpu:.1f} "
                f"| {clear_med:.1f} / {clear_p99:.1f} ({clear_cpu:.1f}), over: {clear_over}/{len(res['clear'])} "
                f"| {ratio:.1f} {mark(ratio <= AIM_FRAME_RATIO)} |"
            )
    print(flush=True)


def frame_figures(args: argparse.Namespace, frames: int) -> dict[tuple[int, int], dict[str, Any]]:
    """Run the frame workers (sizes, trees and rounds alternated) and print
    their tables; this tree's results by size."""
    sizes: list[tuple[int, int]] = []
    for size in args.sizes.split(","):
        w, h = (int(v) for v in size.split("x"))
        sizes.append((w, h))
    trees = [REPO] if args.against is None else [REPO, args.against.resolve()]
    runs: dict[tuple[Path, tuple[int, int]], list[dict[str, Any]]] = {}
    for _ in range(max(args.rounds, 1)):
        for w, h in sizes:
            with desktop(w, h, args.window) as display:
                for tree in trees:
                    runs.setdefault((tree, (w, h)), []).append(run_frames(w, h, frames, args.clicks, tree, display))
    for tree in trees:
        results = {size: merge(runs[(tree, size)]) for size in sizes}
        print_frames(results, label=str(tree) if len(trees) > 1 else "")
    return {size: merge(runs[(REPO, size)]) for size in sizes}


def measure_idle(child: Child, xserver_pid: int, seconds: float) -> tuple[float, float]:
    """CPU share of one core used by the child and by the X server, at rest."""
    time.sleep(3.0)  # the opening deal ends and the table comes to rest
    c0, x0, t0 = child.cpu_seconds(), cpu_seconds(xserver_pid), time.monotonic()
    time.sleep(seconds)
    c1, x1, t1 = child.cpu_seconds(), cpu_seconds(xserver_pid), time.monotonic()
    return (c1 - c0) / (t1 - t0), (x1 - x0) / (t1 - t0)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=300, help="timed frames per case (default 300)")
    parser.add_argument("--quick", action="store_true", help="60 frames, one launch each, 4 s idle")
    parser.add_argument("--launches", type=int, default=5, help="launches per app and size (median; default 5)")
    parser.add_argument("--idle", type=float, default=10.0, help="seconds of idle measurement (default 10)")
    parser.add_argument("--clicks", type=int, default=60, help="deal-click frames timed alone (default 60)")
    parser.add_argument(
        "--sizes",
        default=",".join(f"{w}x{h}" for w, h in SIZES),
        help="window sizes of the frame figures, e.g. 800x600,1280x800,1920x1080",
    )
    parser.add_argument("--frames-only", action="store_true", help="frame figures only: no launch, memory, idle")
    parser.add_argument("--sound", action="store_true", help="frames with the table's sounds playing (an audio server)")
    parser.add_argument("--against", metavar="TREE", type=Path, help="another checkout, timed in the same run")
    parser.add_argument("--rounds", type=int, default=1, help="workers per size and tree, alternated (default 1)")
    parser.add_argument(
        "--window", action="store_true", help="frames in a real window under Xvfb with openbox, not headless"
    )
    parser.add_argument("--worker", metavar="WxH", help=argparse.SUPPRESS)
    parser.add_argument("--tree", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.worker:
        if args.tree is not None:  # the game package of the tree under test
            sys.path.insert(0, str(args.tree.resolve()))
        from tools.frame_worker import frames_worker

        w, h = (int(v) for v in args.worker.split("x"))
        print(json.dumps(frames_worker(w, h, args.frames, args.clicks, args.window)))
        return 0

    os.environ.update({"SPIDER_BENCH_SOUND": "1"} if args.sound else {})  # the frame workers inherit it
    frames, launches, idle = args.frames, args.launches, args.idle
    if args.quick:
        frames, launches, idle = min(frames, 60), 1, min(idle, 4.0)
    if frames < 10 or launches < 1 or idle <= 0:
        parser.error("--frames must be at least 10, --launches at least 1, --idle positive")

    print(
        f"Spider table benchmark: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at start; "
        f"{frames} timed frames per case, {launches} launch(es) per app and size, {idle:.0f} s idle.",
        flush=True,
    )

    # ---- (a) (b): frames, headless, one worker per size (and tree, and round).
    frame_results = frame_figures(args, frames)
    if args.frames_only:
        return 0

    # ---- (c) (d) (e): real processes.
    with tempfile.TemporaryDirectory(prefix="spider-bench-") as data_dir, xvfb(*SIZES[-1]) as server:
        env = dict(os.environ)
        env["SPIDER_DATA_DIR"] = data_dir  # never touch the player's files
        env["LANGUAGE"] = "en"
        if server is not None:
            env = server.env(env)
            where = "real window under Xvfb"
        else:
            env["ARCADE_HEADLESS"] = "1"
            where = "headless, no Xvfb: idle not measured"
        launch_rows = []
        for w, h in SIZES:
            size = f"{w}x{h}"
            times: dict[str, list[float]] = {"game": [], "bare": []}
            cpus: dict[str, list[float]] = {"game": [], "bare": []}
            rss: dict[str, list[float]] = {"game": [], "bare": []}
            for _ in range(launches):
                for app in ("game", "bare"):
                    args_ = ["--code", LAUNCH_CODE, "--size", size] if app == "game" else [size]
                    child = spawn(GAME_CHILD if app == "game" else BARE_CHILD, args_, env)
                    try:
                        times[app].append(child.first_frame())
                        cpus[app].append(child.launch_cpu)
                    finally:
                        rss[app].append(child.stop())
            launch_rows.append((w, h, times, cpus, rss))

        idle_rows = []
        if server is not None:
            w, h = SIZES[0]
            for name, source, args_ in (
                ("game (redraws only on change)", GAME_CHILD, ["--code", LAUNCH_CODE, "--size", f"{w}x{h}"]),
                (
                    "game forced to 60 fps (no rest)",
                    GAME_CHILD,
                    ["--code", LAUNCH_CODE, "--size", f"{w}x{h}", "--never-rest"],
                ),
                ("bare arcade window, 60 fps", BARE_CHILD, [f"{w}x{h}"]),
            ):
                child = spawn(source, args_, env)
                try:
                    child.first_frame()
                    cpu, xcpu = measure_idle(child, server.proc.pid, idle)
                finally:
                    peak = child.stop()
                idle_rows.append((name, cpu, xcpu, peak))

    print(f"Launch to the first drawn frame ({where}), median of {launches}; peak RSS (VmHWM), the largest seen:\n")
    print(
        "| size | (c) game: first table s (aim ≤ 0.6) | bare window s | CPU s used by then, game / bare "
        "| (d) game peak RSS MB (aim ≤ 250) | bare window RSS MB | frames worker RSS MB (deals, drag) |"
    )
    print("|---|---|---|---|---|---|---|")
    for w, h, times, cpus, rss in launch_rows:
        game_s = statistics.median(times["game"])
        bare_s = statistics.median(times["bare"])
        peak = max(rss["game"])
        worker = float(frame_results[(w, h)]["rss_mb"]) if (w, h) in frame_results else float("nan")
        print(
            f"| {w}×{h} | {game_s:.2f} {mark(game_s <= AIM_LAUNCH_S)} | {bare_s:.2f} "
            f"| {statistics.median(cpus['game']):.2f} / {statistics.median(cpus['bare']):.2f} "
            f"| {peak:.0f} {mark(max(peak, worker) <= AIM_RSS_MB)} | {max(rss['bare']):.0f} | {worker:.0f} |"
        )
    if idle_rows:
        w, h = SIZES[0]
        print(
            f"\n(e) At rest in a real {w}×{h} window, {idle:.0f} s with no input, after a 3 s pause "
            "(CPU seconds per wall second):\n"
        )
        print("| app | process CPU (aim ≤ 1 % for the game) | Xvfb CPU | peak RSS MB |")
        print("|---|---|---|---|")
        for name, cpu, xcpu, peak in idle_rows:
            verdict = f" {mark(cpu <= AIM_IDLE)}" if name.startswith("game (") else ""
            print(f"| {name} | {cpu * 100:.2f} %{verdict} | {xcpu * 100:.2f} % | {peak:.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
