"""Saving off the frame: files written on one thread, the newest content wins.

The game is saved after every action. Written on the thread that draws, the
save's fsync lands on the frame of the click (and on a busy hard disk can
miss the frame). `BackgroundWriter`
takes the bytes at once and writes them, atomically (`write_atomically`), on
a thread of its own. While a write is under way, newer content for the same
file replaces older content still waiting: the disk always ends with the
newest, and a burst of actions costs one write per file, not one per action.

A write starts `delay` seconds after it is submitted (`AFTER_FRAME_S`, once
the frame of the action is drawn): the writing thread's Python takes the
interpreter's lock from the drawing thread at each OpenGL call it makes,
which slowed the deal's click frame (more at the 99th percentile) when
the write began at once. Newer content submitted meanwhile still
replaces the waiting one.

What a crash can lose is what it always could: the action in flight (now
for `delay` longer). `flush` waits until everything submitted is on disk,
without the delay (the game calls it before it lets the data folder go, at
quit); `failures` hands over, once, the files whose last write failed, for
the player to be told.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from game.files.atomic_files import write_atomically

# How long a submitted write waits: past the frame of the action (a frame is
# 17 ms; the click comes at most one frame before it is drawn).
AFTER_FRAME_S = 0.025


class BackgroundWriter:
    """Writes files on a daemon thread (see the module docstring)."""

    def __init__(self, write: Callable[[Path, bytes], None] = write_atomically, delay: float = AFTER_FRAME_S) -> None:
        self._write = write
        self._delay = delay
        self._flushing = 0  # callers of `flush` waiting: no delay for them
        self._waiting: dict[Path, bytes] = {}  # in the order first submitted
        self._failed: dict[Path, Exception] = {}
        self._busy = False
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None

    def submit(self, path: Path, data: bytes) -> None:
        """Write `data` to `path` soon (replacing content still waiting for it)."""
        with self._changed:
            self._waiting[path] = data
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="saving", daemon=True)
                self._thread.start()
            self._changed.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every file submitted is written (or failed); False if
        `timeout` seconds went by first."""
        with self._changed:
            self._flushing += 1
            self._changed.notify_all()
            try:
                return self._changed.wait_for(lambda: not self._waiting and not self._busy, timeout)
            finally:
                self._flushing -= 1

    def failures(self) -> dict[Path, Exception]:
        """The files whose newest write failed since the last call, and why."""
        with self._changed:
            failed, self._failed = self._failed, {}
        return failed

    def _run(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: bool(self._waiting))
                if self._delay > 0:  # (the lock is let go while waiting: newer content may come)
                    self._changed.wait_for(lambda: self._flushing > 0, self._delay)
                path = next(iter(self._waiting))
                data = self._waiting.pop(path)
                self._busy = True
            error: Exception | None = None
            try:
                self._write(path, data)
            except Exception as err:  # a full or read-only disk: told, play goes on; the thread lives
                error = err
            with self._changed:
                if error is None:
                    self._failed.pop(path, None)
                elif path not in self._waiting:  # a newer write may still succeed
                    self._failed[path] = error
                self._busy = False
                self._changed.notify_all()
