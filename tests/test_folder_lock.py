"""One Spider per data folder: a second launch is refused in one line, and a
killed game never blocks the next one. Real processes: the lock is the
operating system's, so only other processes can show it works."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.folder_lock import FolderInUse, FolderLock

ROOT = Path(__file__).resolve().parent.parent

HOLDER = """
import sys, time
from pathlib import Path
from game.folder_lock import FolderLock
lock = FolderLock.acquire(Path(sys.argv[1]))
print("held", flush=True)
time.sleep(120)
"""


def start_holder(folder: Path) -> subprocess.Popen[str]:
    child = subprocess.Popen([sys.executable, "-c", HOLDER, str(folder)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None and child.stdout.readline() == "held\n"
    return child


def launch(folder: Path) -> subprocess.CompletedProcess[str]:
    """`spider --data-dir folder` with no display: it may only get as far as
    the lock (a launch that passed it would fail later, with status 1)."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", "game", "--data-dir", str(folder)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_a_second_launch_on_a_folder_in_use_exits_2_naming_it(tmp_path: Path) -> None:
    holder = start_holder(tmp_path)
    try:
        before = sorted(p.name for p in tmp_path.iterdir())
        result = launch(tmp_path)
    finally:
        holder.kill()
        holder.wait(timeout=10)
    assert result.returncode == 2
    assert result.stderr == f"spider: another Spider is already using the data folder {tmp_path}\n"
    assert result.stdout == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == before, "the refused launch wrote nothing"


def test_a_killed_holder_does_not_block_the_next_launch(tmp_path: Path) -> None:
    holder = start_holder(tmp_path)
    with pytest.raises(FolderInUse):
        FolderLock.acquire(tmp_path)
    os.kill(holder.pid, signal.SIGKILL)
    holder.wait(timeout=10)
    lock = FolderLock.acquire(tmp_path)  # the lock file is still there; its lock is not
    assert lock.held
    lock.release()


def test_the_lock_lasts_until_released(tmp_path: Path) -> None:
    lock = FolderLock.acquire(tmp_path)
    try:
        probe = subprocess.run(
            [sys.executable, "-c", HOLDER, str(tmp_path)], cwd=ROOT, capture_output=True, text=True, timeout=60
        )
        assert probe.returncode != 0 and "FolderInUse" in probe.stderr
    finally:
        lock.release()
    holder = start_holder(tmp_path)
    holder.kill()
    holder.wait(timeout=10)


def test_two_folders_do_not_block_each_other(tmp_path: Path) -> None:
    holder = start_holder(tmp_path / "a")
    try:
        lock = FolderLock.acquire(tmp_path / "b")
        assert lock.held
        lock.release()
    finally:
        holder.kill()
        holder.wait(timeout=10)


def test_a_folder_that_cannot_be_written_is_played_without_a_lock(tmp_path: Path) -> None:
    # Nothing can be saved there, so nothing can be overwritten: the game
    # runs and says its saves fail, rather than refusing to start.
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    lock = FolderLock.acquire(blocker / "spider")
    assert not lock.held
