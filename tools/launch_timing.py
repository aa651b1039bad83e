"""Timing a launch from outside the process, the same way for every program
(tools/bench_launch.py, tools/bench_bundle.py): the parent takes
CLOCK_MONOTONIC just before spawning, then polls the X screen (tools/xgrab.py,
one pixel at a time, about every 2 ms) at a grid of points until most of them
show the colour the program paints where it has nothing else (the felt);
then it reads the child's peak memory (VmHWM) and CPU seconds from /proc, and
again `settle` seconds later.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from tools.xgrab import Grabber

REPO = Path(__file__).resolve().parent.parent
FELT = (14, 94, 50)  # game.ui.render.chrome.FELT (not imported: that would import arcade)


def probe_points(width: int, height: int) -> list[tuple[int, int]]:
    """A 5x5 grid over the window, inset from the edges."""
    return [(round(width * (i + 0.5) / 5), round(height * (j + 0.5) / 5)) for i in range(5) for j in range(5)]


def vm_hwm_mb(pid: int | str = "self") -> float:
    """Peak resident memory of a process (VmHWM), in MB."""
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


def launch_once(case: Case, screen: Grabber, points: list[tuple[int, int]], settle: float, shot: Path | None) -> Launch:
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
                raise SystemExit(f"{case.name} showed no table (exit code {proc.poll()})")
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
