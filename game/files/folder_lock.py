"""One Spider per data folder: an operating-system lock held while the game runs.

Two instances on one folder would each overwrite the other's saved game and
statistics. The first launch takes an exclusive lock on ``spider.lock`` in
the folder and keeps it until the process ends; the operating system
releases it when the process dies in any way (even ``kill -9``), so a crashed
game never blocks the next launch, and no stale lock needs guessing about.
POSIX uses ``fcntl.flock``, Windows ``msvcrt.locking``; the file's content
(the holder's process id) is only for a curious human.

Nothing in the folder can switch the guarantee off or turn the lock against
the player (docs/FILES.md): the lock file is never opened through a link
(``O_NOFOLLOW``), and its content is rewritten only when it is a regular file
of the player's with no other name, so a link or a hard link planted there
can never make Spider write elsewhere. A folder can be played without a lock
only when nothing at all can be written in it (then no instance can
overwrite anything); in a folder that can be written, anything that keeps
the lock from being taken (a folder, a link, a file Spider may not open in
the lock's place) refuses the launch (`FolderBlocked`), naming it. It is not
moved aside as a bad data file is: two launches racing to move it could each
end up holding a lock on a different file. A FIFO there takes the lock as a
file does.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
from pathlib import Path

from game.files.atomic_files import make_folders

LOCK_FILE = "spider.lock"
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_PID_BYTES = 32  # a lock file of ours holds one process id and a newline


class FolderLockError(RuntimeError):
    """The folder cannot be locked for this process; the text says why, in one line."""

    def __init__(self, folder: Path, message: str) -> None:
        super().__init__(message)
        self.folder = folder


class FolderInUse(FolderLockError):
    """Another running Spider holds the folder; `folder` says which."""

    def __init__(self, folder: Path) -> None:
        super().__init__(folder, f"another Spider is already using the data folder {folder}")


class FolderBlocked(FolderLockError):
    """Something that is not a lock file Spider may use is in the lock's place."""

    def __init__(self, folder: Path, what: str) -> None:
        super().__init__(
            folder,
            f"the data folder {folder} cannot be locked: {LOCK_FILE} there is {what}; "
            "remove it to play from this folder",
        )


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
        """Lock `folder` for this process; `FolderInUse` if another holds it,
        `FolderBlocked` if something else in the lock's place keeps it from
        being taken in a folder that can be written."""
        try:
            make_folders(folder)
        except OSError:
            return cls(folder, None)  # no folder can be made there: saves will fail and say so
        path = folder / LOCK_FILE
        flags = os.O_RDWR | os.O_CREAT | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0)  # (a FIFO must not wait)
        try:
            fd = os.open(path, flags, 0o600)
        except OSError as err:
            if _read_only(folder, err):
                return cls(folder, None)  # read-only: saves will fail and say so
            raise FolderBlocked(folder, _what_is(path, err)) from None
        if not _try_lock(fd):
            os.close(fd)
            raise FolderInUse(folder)
        if _ours(fd):
            with contextlib.suppress(OSError):
                os.ftruncate(fd, 0)
                os.write(fd, f"{os.getpid()}\n".encode())
        return cls(folder, fd)

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the descriptor releases the lock
            self._fd = None


def _read_only(folder: Path, err: OSError) -> bool:
    """Whether the lock file could not be made because nothing can be written
    in `folder` (as opposed to something in its place)."""
    return err.errno == errno.EROFS or not os.access(folder, os.W_OK | os.X_OK)


def _what_is(path: Path, err: OSError) -> str:
    """What is in the lock's place, for the one line that refuses the launch."""
    try:
        mode = path.lstat().st_mode
    except OSError:
        mode = 0
    if stat.S_ISLNK(mode):
        return "a link (Spider never opens its lock through one)"
    if stat.S_ISDIR(mode):
        return "a folder"
    return f"a file Spider cannot open ({err.strerror or err})"


def _ours(fd: int) -> bool:
    """Whether the open lock file may be rewritten: a regular file of this
    user, small, with no other name (never another file reached through a hard link)."""
    info = os.fstat(fd)
    owner = getattr(os, "getuid", lambda: info.st_uid)()
    return stat.S_ISREG(info.st_mode) and info.st_nlink == 1 and info.st_uid == owner and info.st_size <= _PID_BYTES


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
