"""The standalone build against the wheel install: launch to the first table, and size (not a timed test).

    python tools/bench_bundle.py [ARCHIVE] [--runs N] [--size WxH] [--settle S]

ARCHIVE is what ``make bundle`` wrote (by default
``dist/spider-<version>-linux-x86_64.tar.gz``). It is unpacked into a
temporary folder, and the checkout is installed non-editable into a fresh
venv, as its wheel installs it (``pip install -c constraints.txt .``, byte
code compiled by pip as for a player). Then both are launched in turn under
one private Xvfb, rounds interleaved, each round in another (shuffled) order, and timed
the way ``tools/bench_launch.py`` times a launch (tools/launch_timing.py): from spawning
the process to most of a grid of points showing the felt on the X screen,
with the peak memory and the CPU seconds used by then. Two cases each:

  new      a new deal in a data folder holding only the card cache an
           earlier launch left (a returning player);
  first    an empty data folder (a first launch: nothing cached).

Reports the medians, bundle ÷ wheel (aim ≤ 1.2× for a new game), the
archive's size (aim ≤ 60 MB) and the unpacked folder's.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tools.launch_timing import (  # noqa: E402 - after the path is set
    FELT,
    Case,
    forget_the_game,
    launch_once,
    mark,
    med,
    probe_points,
)
from tools.xgrab import Grabber  # noqa: E402
from tools.xwindow import start_xvfb  # noqa: E402

AIM_RATIO = 1.2
AIM_ARCHIVE_MB = 60.0


def default_archive() -> Path:
    from tools.bundle.build import archive_name

    return REPO / "dist" / archive_name()


def folder_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink()) / 1e6


def wheel_venv(where: Path) -> Path:
    """A fresh venv with the checkout installed as its wheel installs it; its `spider`."""
    subprocess.run([sys.executable, "-m", "venv", str(where)], check=True)
    subprocess.run(
        [str(where / "bin" / "python"), "-m", "pip", "install", "-q", "-c", "constraints.txt", "."],
        cwd=REPO,
        check=True,
    )
    return where / "bin" / "spider"


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("archive", nargs="?", type=Path, help="the bundle (default: this version's in dist/)")
    parser.add_argument("--runs", type=int, default=9, help="launches per case, interleaved (default 9)")
    parser.add_argument("--size", default="1280x800", help="window and screen size (default 1280x800)")
    parser.add_argument("--settle", type=float, default=1.0, help="seconds to stay open after the table (default 1)")
    args = parser.parse_args()
    archive: Path = args.archive or default_archive()
    if not archive.is_file():
        parser.error(f"no archive {archive}: run `make bundle` first")
    if args.runs < 1 or args.settle < 0:
        parser.error("--runs must be at least 1 and --settle not negative")
    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        parser.error(f"--size {args.size!r} is not like 1280x800")
    if shutil.which("Xvfb") is None:
        parser.error("needs Xvfb (and libX11)")

    with tempfile.TemporaryDirectory(prefix="spider-bench-bundle-") as tmp:
        root = Path(tmp)
        with tarfile.open(archive, "r:gz") as tar:
            tar.extractall(root / "unpacked", filter="tar")
        (top,) = (root / "unpacked").iterdir()
        print("Installing the checkout into a fresh venv (as the wheel installs it) ...", flush=True)
        wheel = wheel_venv(root / "venv")
        print(
            f"\nArchive {archive.name}: {archive.stat().st_size / 1e6:.1f} MB (aim ≤ {AIM_ARCHIVE_MB:.0f}), "
            f"unpacked {folder_mb(top):.0f} MB; the wheel's venv {folder_mb(root / 'venv'):.0f} MB.",
            flush=True,
        )
        run_all(root, {"wheel": wheel, "bundle": top / "spider"}, args, width, height)
    return 0


def run_all(root: Path, programs: dict[str, Path], args: argparse.Namespace, width: int, height: int) -> None:
    load = os.getloadavg()
    print(f"{os.cpu_count()} cores, load average {load[0]:.2f} at the start; {args.runs} launches per case.\n")
    server = start_xvfb(width, height)
    try:
        env = server.env()
        env["LANGUAGE"] = "en"
        for name in ("SPIDER_DATA_DIR", "SPIDER_FIRST_FRAME", "PYTHONPATH", "VIRTUAL_ENV"):
            env.pop(name, None)
        where = root / "elsewhere"
        where.mkdir()
        cases: dict[str, Case] = {}
        for kind, program in programs.items():
            for case in ("new", "first"):
                data = root / f"{kind}-{case}"
                command = [str(program), "--size", args.size, "--data-dir", str(data)]
                cases[f"{kind}-{case}"] = Case(f"{kind}, {case}", command, FELT, env, where)
        screen = Grabber(server.display)
        points = probe_points(width, height)
        try:
            keys = list(cases)
            for key in keys:  # warm-up, untimed: fills the OS file cache and the "new" cases' card cache
                launch_once(cases[key], screen, points, 1.5, None)
            for run in range(args.runs):
                # A new order each round, shuffled rather than rotated: a rotation keeps
                # each case behind the same one (a first launch, which writes its cache).
                order = list(keys)
                random.Random(run).shuffle(order)
                for key in order:
                    time.sleep(0.5)
                    folder = root / key
                    if key.endswith("-first"):
                        shutil.rmtree(folder, ignore_errors=True)
                    else:
                        forget_the_game(folder)
                    cases[key].launches.append(launch_once(cases[key], screen, points, args.settle, None))
        finally:
            screen.close()
    finally:
        server.stop()
    report(cases)


def report(cases: dict[str, Case]) -> None:
    load = os.getloadavg()
    print(f"Load average at the end: {load[0]:.2f}.\n")
    print("| case | first table on screen s, median (min–max) | CPU s by then | VmHWM at first table MB |")
    print("|---|---|---|---|")
    for case in cases.values():
        secs = [launch.seconds for launch in case.launches]
        print(
            f"| {case.name} | {med(case, 'seconds'):.3f} ({min(secs):.3f}–{max(secs):.3f}) "
            f"| {med(case, 'cpu_first'):.2f} | {med(case, 'rss_first'):.0f} |"
        )
    print()
    for kind in ("new", "first"):
        ratio = med(cases[f"bundle-{kind}"], "seconds") / med(cases[f"wheel-{kind}"], "seconds")
        cpu = med(cases[f"bundle-{kind}"], "cpu_first") / med(cases[f"wheel-{kind}"], "cpu_first")
        verdict = "" if kind != "new" else f" (aim ≤ {AIM_RATIO}) {mark(ratio <= AIM_RATIO)}"
        print(f"- {kind}: bundle ÷ wheel {ratio:.2f}× to the first table{verdict}; CPU seconds {cpu:.2f}×")


if __name__ == "__main__":
    sys.exit(main())
