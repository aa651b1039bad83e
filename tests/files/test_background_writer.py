"""Saves written off the frame: the newest content always reaches the disk,
a failure is told once, and nothing the writer meets stops it."""

from __future__ import annotations

import threading
from pathlib import Path

from game.files.background_writer import BackgroundWriter


class SlowDisk:
    """A write that waits until the test lets it go, and counts."""

    def __init__(self, fail: type[Exception] | None = None) -> None:
        self.go = threading.Event()
        self.started = threading.Event()
        self.writes: list[tuple[str, bytes]] = []
        self.fail = fail

    def __call__(self, path: Path, data: bytes) -> None:
        self.started.set()
        self.go.wait(10)
        if self.fail is not None:
            raise self.fail(f"cannot write {path.name}")
        path.write_bytes(data)
        self.writes.append((path.name, data))


def test_a_burst_of_saves_ends_with_the_newest_on_disk_in_few_writes(tmp_path: Path) -> None:
    disk = SlowDisk()
    writer = BackgroundWriter(disk)
    game, stats = tmp_path / "game.json", tmp_path / "stats.json"
    writer.submit(game, b"action 0")
    assert disk.started.wait(10)  # the first write is under way, held
    for n in range(1, 101):
        writer.submit(game, f"action {n}".encode())
    writer.submit(stats, b"stats")
    assert not writer.flush(timeout=0.05)  # still held: not on disk yet
    disk.go.set()
    assert writer.flush(timeout=10)
    assert game.read_bytes() == b"action 100" and stats.read_bytes() == b"stats"
    assert disk.writes == [("game.json", b"action 0"), ("game.json", b"action 100"), ("stats.json", b"stats")]
    assert writer.failures() == {}


def test_a_failed_save_is_told_once_and_forgotten_when_a_newer_one_succeeds(tmp_path: Path) -> None:
    disk = SlowDisk(fail=OSError)
    disk.go.set()
    writer = BackgroundWriter(disk)
    game = tmp_path / "game.json"
    writer.submit(game, b"one")
    assert writer.flush(timeout=10)
    failed = writer.failures()
    assert list(failed) == [game] and isinstance(failed[game], OSError)
    assert writer.failures() == {}  # told once
    writer.submit(game, b"two")
    assert writer.flush(timeout=10)
    assert list(writer.failures()) == [game]  # the disk still fails
    disk.fail = None
    writer.submit(game, b"three")
    assert writer.flush(timeout=10)
    assert writer.failures() == {} and game.read_bytes() == b"three"


def test_whatever_a_write_raises_the_writer_goes_on(tmp_path: Path) -> None:
    disk = SlowDisk(fail=ValueError)
    disk.go.set()
    writer = BackgroundWriter(disk)
    writer.submit(tmp_path / "game.json", b"x")
    assert writer.flush(timeout=10)  # no hang: the thread lived
    disk.fail = None
    writer.submit(tmp_path / "game.json", b"y")
    assert writer.flush(timeout=10)
    assert (tmp_path / "game.json").read_bytes() == b"y"


def test_a_write_waits_past_the_frame_of_the_action_but_a_flush_does_not(tmp_path: Path) -> None:
    disk = SlowDisk()
    disk.go.set()
    writer = BackgroundWriter(disk, delay=60.0)
    game = tmp_path / "game.json"
    writer.submit(game, b"one")
    assert not disk.started.wait(0.2)  # not while the frame of the action is drawn
    writer.submit(game, b"two")  # newer content meanwhile replaces it
    assert writer.flush(timeout=10)  # at once, not after the delay
    assert disk.writes == [("game.json", b"two")]
