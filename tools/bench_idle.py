"""Idle CPU of the game at rest with the clock on the bar ticking, and of a
calm table (no score, moves or clock), in real windows (not a timed test).

    python tools/bench_idle.py --sizes 1280x800,1920x1080 --seconds 20 --rounds 2

Each case is a fresh game (`python -m game`) in its own data folder, on one
private Xvfb with openbox, with the keyboard focus (a window without it
stops the clock); after a settling pause its CPU seconds are read from
/proc over `--seconds` of no input at all. The clock redraws once a second
(docs/PERFORMANCE.md says how little); a calm table never does. The
machine is shared: compare the two within one run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.launch_timing import cpu_seconds
from tools.xwindow import Desktop, launch, start_desktop

CODE = "SP1-S2F-SPIDER2"


def idle_percent(desktop: Desktop, folder: Path, size: str, clock: bool, seconds: float, settle: float) -> float:
    """One launch: the share of a core the game used at rest."""
    data = folder / "data"
    data.mkdir(parents=True)
    (data / "settings.json").write_text(json.dumps({"version": 1, "show_score_time": clock}), encoding="utf-8")
    game = launch(desktop, data, folder / "game.log", ["--code", CODE, "--size", size])
    try:
        game.park_pointer()
        game.activate()
        time.sleep(settle)
        before, start = cpu_seconds(game.proc.pid), time.monotonic()
        time.sleep(seconds)
        return 100 * (cpu_seconds(game.proc.pid) - before) / (time.monotonic() - start)
    finally:
        game.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1280x800,1920x1080", help="window sizes, e.g. 800x600,1920x1080")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds of idle measured per launch")
    parser.add_argument("--settle", type=float, default=5.0, help="seconds after the launch before measuring")
    parser.add_argument("--rounds", type=int, default=2, help="launches per case, alternated")
    args = parser.parse_args(argv)
    sizes = [s.strip() for s in args.sizes.split(",") if s.strip()]
    results: dict[tuple[str, bool], list[float]] = {}
    desktop = start_desktop(1920, 1080)
    try:
        with tempfile.TemporaryDirectory(prefix="spider-idle-") as tmp:
            for n in range(args.rounds):
                for size in sizes:
                    for clock in (True, False):
                        folder = Path(tmp) / f"{n}-{size}-{clock}"
                        cpu = idle_percent(desktop, folder, size, clock, args.seconds, args.settle)
                        results.setdefault((size, clock), []).append(cpu)
    finally:
        desktop.stop()
    print(f"At rest, {args.seconds:.0f} s with no input after {args.settle:.0f} s, {args.rounds} launch(es) each:\n")
    print("| window | clock ticking: % of a core (aim ≤ 1) | calm table: % of a core |")
    print("|---|---|---|")
    for size in sizes:
        ticking, calm = (statistics.median(results[(size, clock)]) for clock in (True, False))
        print(f"| {size} | {ticking:.2f} % | {calm:.2f} % |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
