"""One Spider per data folder: an operating-system lock held while the game runs.

Two instances on one folder would each overwrite the other's saved game and
statistics. The first launch takes an exclusive lock on ``spider.lock`` in
the folder and keeps it until the process ends; the operating system
releases it when the process dies in any way (even ``kill -9``), so a crashed
game never blocks the next launch, and no stale lock needs guessing about.
POSIX uses ``fcntl.flock``, Windows ``msvcrt.locking``; the file's content
(the holder's process id) is only for a curious human.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

LOCK_FILE = "spider.lock"


class FolderInUse(RuntimeError):
    """Another running Spider holds the folder; `folder` says which."""

    def __init__(self, folder: Path) -> None:
        super().__init__(f"another Spider is already using the data folder {folder}")
        self.folder = folder


class FolderLock:
    """The lock on one data folder, held from `acquire` until `release` or the
    process ends."""

    def __init__(self, folder: Path, fd: int | None) -> None:
        self.folder = folder
        self._fd = fd

    @property
    def held(self) -> bool:
        """False when the folder could not hold a lock file (it cannot be
        written at all, so no instance can overwrite anything in it)."""
        return self._fd is not None

    @classmethod
    def acquire(cls, folder: Path) -> FolderLock:
        """Lock `folder` for this process; `FolderInUse` if another holds it."""
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(folder / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            return cls(folder, None)  # read-only: saves will fail and say so
        if not _try_lock(fd):
            os.close(fd)
            raise FolderInUse(folder)
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        return cls(folder, fd)

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the descriptor releases the lock
            self._fd = None


if sys.platform == "win32":
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False
        return True
