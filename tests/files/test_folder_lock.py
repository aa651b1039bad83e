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
from game_process import ROOT, run_game

from game.files.folder_lock import FolderBlocked, FolderInUse, FolderLock

HOLDER = """
import sys, time
from pathlib import Path
from game.files.folder_lock import FolderLock
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
    return run_game("--data-dir", str(folder), unset=["DISPLAY", "WAYLAND_DISPLAY"], env={"PYTHONPATH": str(ROOT)})


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


# ---- nothing in the folder switches the guarantee off (docs/FILES.md) -------


def obstacle(folder: Path, kind: str) -> None:
    """Put `kind` where the lock file goes (and a file it may point to)."""
    folder.mkdir(parents=True, exist_ok=True)
    lock = folder / "spider.lock"
    victim = folder.parent / "victim.txt"
    victim.write_text("precious data\n", encoding="utf-8")
    if kind == "a folder":
        lock.mkdir()
    elif kind == "a link to a file":
        lock.symlink_to(victim)
    elif kind == "a link to a folder":
        lock.symlink_to(folder.parent)
    else:
        lock.symlink_to(folder.parent / "nothing-here")


OBSTACLES = ["a folder", "a link to a file", "a link to a folder", "a dangling link"]


@pytest.mark.parametrize("kind", OBSTACLES)
def test_something_in_the_locks_place_refuses_the_launch_in_one_line(tmp_path: Path, kind: str) -> None:
    folder = tmp_path / "data"
    obstacle(folder, kind)
    before = sorted(p.name for p in tmp_path.rglob("*"))
    result = launch(folder)
    assert result.returncode == 2 and result.stdout == ""
    what = "a folder" if kind == "a folder" else "a link (Spider never opens its lock through one)"
    assert result.stderr == (
        f"spider: the data folder {folder} cannot be locked: spider.lock there is {what}; "
        "remove it to play from this folder\n"
    )
    assert sorted(p.name for p in tmp_path.rglob("*")) == before, "nothing made, moved or followed"
    assert (tmp_path / "victim.txt").read_text(encoding="utf-8") == "precious data\n"


@pytest.mark.parametrize("kind", OBSTACLES)
def test_no_two_sessions_share_a_folder_whatever_is_in_the_locks_place(tmp_path: Path, kind: str) -> None:
    # The hole: the lock "not held" as in a read-only folder, so two games
    # ran on one folder and one's deals were lost.
    from game.play.session import Session

    obstacle(tmp_path / "data", kind)
    with pytest.raises(FolderBlocked):
        Session.open(tmp_path / "data")
    assert not (tmp_path / "data" / "game.json").exists()


def test_a_fifo_in_the_locks_place_still_locks(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "spider.lock")  # opened without waiting for a writer
    lock = FolderLock.acquire(tmp_path)
    try:
        assert lock.held
        with pytest.raises(FolderInUse):
            FolderLock.acquire(tmp_path)
    finally:
        lock.release()
    assert (tmp_path / "spider.lock").is_fifo()


def test_a_hard_link_in_the_locks_place_locks_and_is_never_rewritten(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious data\n", encoding="utf-8")
    (tmp_path / "data").mkdir()
    os.link(victim, tmp_path / "data" / "spider.lock")
    lock = FolderLock.acquire(tmp_path / "data")
    try:
        assert lock.held
        with pytest.raises(FolderInUse):
            FolderLock.acquire(tmp_path / "data")
    finally:
        lock.release()
    assert victim.read_text(encoding="utf-8") == "precious data\n"


def test_the_lock_file_of_an_earlier_launch_is_rewritten_with_this_process_id(tmp_path: Path) -> None:
    (tmp_path / "spider.lock").write_text("12345\n", encoding="ascii")
    lock = FolderLock.acquire(tmp_path)
    try:
        assert (tmp_path / "spider.lock").read_text(encoding="ascii") == f"{os.getpid()}\n"
    finally:
        lock.release()
