"""Reading and writing small files safely: the mechanisms, not the app's files.

- `read_small_file` opens only regular files, without blocking (a FIFO or a
  device in a file's place must never hang the launch), and never reads more
  than `MAX_FILE_BYTES`.
- `write_atomically` writes a temporary file in the same folder, flushes and
  fsyncs it, then renames it over the old one: a reader, or the next launch
  after a crash, sees the old file or the new one, never half of each. It
  refuses to write more than `MAX_FILE_BYTES`, so everything it writes can be
  read back by `read_small_file` (one limit for both).
- `move_aside` keeps a file we cannot use under a timestamped name instead of
  deleting it.
- `remove_stale_temporaries` deletes the temporary files of writes that a
  crash interrupted, and nothing else.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
from datetime import datetime
from pathlib import Path

# The one limit of the loader and the saver. A saved game is its record of
# actions, up to 9 bytes each ("10:12>10 "): two megabytes hold at least
# 220,000 actions, days of play in one game, and replay in about 2 seconds.
MAX_FILE_BYTES = 2_000_000

# Temporary files are ".<name>.<random>.tmp" (tempfile.mkstemp's random part
# is 8 characters of [a-z0-9_]); only those are ever cleaned up.
_TEMP_SUFFIX = ".tmp"
STALE_AFTER_SECONDS = 60.0


class NotARegularFile(OSError):
    """Something other than a regular file (a folder, a FIFO, a device) is
    where a data file should be."""


class FileTooLarge(ValueError):
    """More than `MAX_FILE_BYTES`: not a file we wrote, or one we must not write."""


def read_small_file(path: Path, limit: int | None = None) -> bytes:
    """The bytes of the regular file at `path`.

    Raises `FileNotFoundError` when there is none, `NotARegularFile` for
    anything else in its place, `FileTooLarge` above `limit` (`MAX_FILE_BYTES`), and `OSError`
    when it cannot be read. The file is checked before it is opened and again
    once open (something may have been swapped in between), and opened
    non-blocking, so nothing here can wait on a writer that never comes.
    """
    limit = MAX_FILE_BYTES if limit is None else limit
    if not stat.S_ISREG(path.stat().st_mode):
        raise NotARegularFile(f"{path.name} is not a regular file")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotARegularFile(f"{path.name} is not a regular file")
        data = f.read(limit + 1)
    if len(data) > limit:
        raise FileTooLarge(f"{path.name} is larger than {limit} bytes")
    return data


def write_atomically(path: Path, data: bytes, limit: int | None = None, durable: bool = True) -> None:
    """Replace the file at `path` with `data`, all or nothing.

    Raises `FileTooLarge` above `limit` (`MAX_FILE_BYTES`; the old file is
    kept) and `OSError` when the disk refuses (full, read-only, no folder); no
    temporary file is left behind either way. `durable=False` skips the fsync:
    for a cache, whose reader rejects a file torn by a power cut.
    """
    limit = MAX_FILE_BYTES if limit is None else limit
    if len(data) > limit:
        raise FileTooLarge(f"{path.name} would be larger than {limit} bytes")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=_TEMP_SUFFIX, dir=path.parent)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            if durable:  # a cache can do without: a torn file is only a miss
                os.fsync(f.fileno())
        tmp.replace(path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def move_aside(path: Path, when: datetime) -> Path | None:
    """Rename `path` to ``<name>.bad-<timestamp>`` (never over an earlier one)
    and return the new path; None when it cannot be renamed (read-only
    folder), in which case it stays where it is, still not destroyed."""
    stamp = when.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    n = 1
    while os.path.lexists(target):
        target = path.with_name(f"{path.name}.bad-{stamp}-{n}")
        n += 1
    try:
        path.rename(target)
    except OSError:
        return None
    return target


def remove_stale_temporaries(folder: Path, names: tuple[str, ...], now: float) -> list[Path]:
    """Delete the temporary files `write_atomically` left for the files
    `names` (a write interrupted by a crash) that are older than a minute;
    return what was deleted. Nothing else is touched: not other names, not
    folders or links, not a temporary file a write may be filling right now."""
    pattern = re.compile(
        r"\.(" + "|".join(re.escape(name) for name in names) + r")\.[a-z0-9_]{8}" + re.escape(_TEMP_SUFFIX)
    )
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if not pattern.fullmatch(entry.name):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_AFTER_SECONDS:
                Path(entry.path).unlink()
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed
