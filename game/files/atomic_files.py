"""Reading and writing small files safely: the mechanisms, not the app's files.

- `read_small_file` opens only regular files, without blocking (a FIFO or a
  device in a file's place must never hang the launch), and never reads more
  than `MAX_FILE_BYTES`.
- `write_atomically` writes a temporary file in the same folder, flushes and
  fsyncs it, then renames it over the old one: a reader, or the next launch
  after a crash, sees the old file or the new one, never half of each. It
  refuses to write more than `MAX_FILE_BYTES`, so everything it writes can be
  read back by `read_small_file` (one limit for both).
- Nothing is ever written *through* a link (docs/FILES.md): the temporary file is
  created new (``O_CREAT|O_EXCL|O_NOFOLLOW``) and the rename replaces a link
  in the file's place instead of following it, so a link planted where a
  file of ours goes (to a file, to a folder, dangling) can never make the
  game write, truncate or create anything elsewhere. A `Folder` is held open
  while it is written in: on POSIX every step goes through its descriptor,
  and ``follow=False`` refuses a link in the folder's own place (a folder
  *inside* the data folder, such as the card cache, where someone else may
  have put one). The data folder itself is the player's choice, link or not.
- `move_aside` keeps a file we cannot use under a timestamped name instead of
  deleting it.
- `remove_stale_temporaries` deletes the temporary files of writes that a
  crash interrupted, and nothing else.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import stat
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from game.words.echo import shown

# The one limit of the loader and the saver. A saved game is its record of
# actions, up to 9 bytes each ("10:12>10 "): two megabytes hold at least
# 220,000 actions, days of play in one game, and replay in about 2 seconds.
MAX_FILE_BYTES = 2_000_000

# Temporary files are ".<name>.<random>.tmp", the random part 8 characters
# of [a-z0-9_] (as tempfile.mkstemp's, which earlier versions used); only
# those are ever cleaned up.
_TEMP_SUFFIX = ".tmp"
STALE_AFTER_SECONDS = 60.0


# Modes set whatever the umask (a umask of 000 must not leave the player's
# games writable by everyone, nor a menu entry another user could rewrite).
PRIVATE_FOLDER = 0o700  # every folder the game makes for itself (data, cache)
SHARED_FOLDER, SHARED_FILE = 0o755, 0o644  # the menu entry, the icons: read by the desktop


def make_folders(path: Path, mode: int = PRIVATE_FOLDER) -> None:
    """Make `path` and its missing parents, each given `mode` (whatever the
    umask); folders already there are left as they are."""
    missing = []
    for folder in (path, *path.parents):
        if folder.is_dir():
            break
        missing.append(folder)
    for folder in reversed(missing):
        try:
            folder.mkdir(mode)
        except FileExistsError:
            continue  # made meanwhile (another Spider), or not a folder: the caller's next step tells
        folder.chmod(mode)


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


def write_atomically(
    path: Path, data: bytes, limit: int | None = None, durable: bool = True, *, private: bool = True
) -> None:
    """Replace the file at `path` with `data`, all or nothing, never through a
    link (a link in its place is replaced, its target left alone).

    Raises `FileTooLarge` above `limit` (`MAX_FILE_BYTES`; the old file is
    kept) and `OSError` when the disk refuses (full, read-only, no folder); no
    temporary file is left behind either way. `durable=False` skips the fsync:
    for a cache, whose reader rejects a file torn by a power cut. `private`:
    readable by the player only (the data files); else as the umask says (an
    icon, a picture).
    """
    with Folder(path.parent) as folder:
        folder.write(path.name, data, limit, durable, private=private)


def folder_problem(path: Path) -> str:
    """What keeps `path` from being a folder the game can use or make, judged
    without making anything: "" when it is a folder, or its nearest existing
    ancestor is one; else why not ("is not a folder", "cannot be made: '/dev/null'
    is not a folder", "cannot be used (File name too long)"). For messages
    that name the path first."""
    try:
        info = path.stat()
    except (FileNotFoundError, NotADirectoryError):
        info = None  # not there (yet): its ancestors tell
    except (OSError, ValueError) as err:  # too long, a loop, no permission, a NUL
        return f"cannot be used ({getattr(err, 'strerror', None) or err})"
    if info is not None:
        return "" if stat.S_ISDIR(info.st_mode) else "is not a folder"
    for parent in path.absolute().parents:
        try:
            mode = parent.stat().st_mode
        except (FileNotFoundError, NotADirectoryError):
            continue
        except OSError as err:
            return f"cannot be made ({err.strerror or err})"
        return "" if stat.S_ISDIR(mode) else f"cannot be made: {shown(str(parent))} is not a folder"
    return ""


class NotAFolder(OSError):
    """Something other than a folder (a file, a link) is where a folder of ours should be."""


# The "*at" calls that keep every step inside a folder held open (POSIX);
# elsewhere (Windows) the folder's path is used, checked when it is opened.
_AT = {os.open, os.rename, os.unlink, os.stat} <= os.supports_dir_fd and os.scandir in os.supports_fd
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)


class Folder:
    """A folder held open while files are written, listed and removed in it.

    It is made first if missing (`create`). With ``follow=False`` a link in
    the folder's own place is refused (`NotAFolder`), and on POSIX every
    later step goes through the descriptor opened then: swapping a link in
    for the folder meanwhile changes nothing. A context manager.
    """

    def __init__(self, path: Path, *, follow: bool = True, create: bool = True) -> None:
        self.path = path
        if create:
            make_folders(path)
        info = path.stat() if follow else path.lstat()
        if not stat.S_ISDIR(info.st_mode):
            kind = "a link" if stat.S_ISLNK(info.st_mode) else "not a folder"
            raise NotAFolder(f"{path.name} is {kind}")
        self._fd: int | None = None
        if _AT:
            flags = os.O_RDONLY | _DIRECTORY | (0 if follow else _NOFOLLOW)
            self._fd = os.open(path, flags)

    @classmethod
    def within(cls, base: Path, parts: Sequence[str], *, mode: int = SHARED_FOLDER, create: bool = True) -> Folder:
        """The folder ``base/part/part…``: `base` is the player's (followed if
        a link), each part under it is ours, made with `mode` when missing
        (`create`) and never a link (`NotAFolder`: a link planted there is
        neither followed nor replaced). POSIX only (as menu entries are)."""
        if create:
            make_folders(base)
        fd = os.open(base, os.O_RDONLY | _DIRECTORY)
        path = base
        try:
            for part in parts:
                path = path / part
                made = False
                if create:
                    with contextlib.suppress(FileExistsError):
                        os.mkdir(part, mode, dir_fd=fd)
                        made = True
                try:
                    inner = os.open(part, os.O_RDONLY | _DIRECTORY | _NOFOLLOW, dir_fd=fd)
                except (NotADirectoryError, OSError) as err:
                    if isinstance(err, FileNotFoundError):
                        raise
                    raise NotAFolder(f"{shown(str(path))} is a link or not a folder") from None
                if made:
                    os.fchmod(inner, mode)
                os.close(fd)
                fd = inner
        except BaseException:
            os.close(fd)
            raise
        folder = cls.__new__(cls)
        folder.path, folder._fd = path, fd
        return folder

    def __enter__(self) -> Folder:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def _where(self, name: str) -> tuple[str, dict[str, int]]:
        """How an os call names `name` in this folder: relative to its
        descriptor, or by path where there are none."""
        if self._fd is None:
            return str(self.path / name), {}
        return name, {"dir_fd": self._fd}

    def entries(self) -> list[os.DirEntry[str]]:
        """What the folder holds (its entries' `stat` never follows a link when asked not to)."""
        with os.scandir(self.path if self._fd is None else self._fd) as found:
            return list(found)

    def lstat(self, name: str) -> os.stat_result:
        where, at = self._where(name)
        return os.stat(where, follow_symlinks=False, **at)  # noqa: PTH116 (dir_fd: no Path form)

    def remove(self, name: str) -> None:
        """Delete the entry `name` (a link is removed, not what it points to)."""
        where, at = self._where(name)
        os.unlink(where, **at)

    def write(
        self,
        name: str,
        data: bytes,
        limit: int | None = None,
        durable: bool = True,
        *,
        private: bool = True,
        mode: int | None = None,
    ) -> None:
        """`write_atomically` for the file `name` of this folder; `mode`, if
        given, is the file's whatever the umask."""
        limit = MAX_FILE_BYTES if limit is None else limit
        if len(data) > limit:
            raise FileTooLarge(f"{name} would be larger than {limit} bytes")
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | getattr(os, "O_BINARY", 0)
        fd, temporary = self._new_temporary(name, flags, 0o600 if private else 0o666)
        try:
            if mode is not None:
                os.fchmod(fd, mode)
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                if durable:  # a cache can do without: a torn file is only a miss
                    os.fsync(f.fileno())
            self._rename(temporary, name)
        except BaseException:
            with contextlib.suppress(OSError):
                self.remove(temporary)
            raise

    def _new_temporary(self, name: str, flags: int, mode: int) -> tuple[int, str]:
        """A new file ``.<name>.<random>.tmp``, opened for writing (never an existing one)."""
        for _ in range(100):
            temporary = f".{name}.{secrets.token_hex(4)}{_TEMP_SUFFIX}"
            where, at = self._where(temporary)
            try:
                return os.open(where, flags, mode, **at), temporary
            except FileExistsError:
                continue
        raise FileExistsError(f"no free temporary name for {name}")

    def _rename(self, old: str, new: str) -> None:
        if self._fd is None:
            (self.path / old).replace(self.path / new)
        else:
            os.rename(old, new, src_dir_fd=self._fd, dst_dir_fd=self._fd)  # replaces, as os.replace does on POSIX


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


def remove_stale_temporaries(
    folder: Path | Folder, names: tuple[str, ...], now: float, *, follow: bool = True
) -> list[Path]:
    """Delete the temporary files `write_atomically` left for the files
    `names` (a write interrupted by a crash) that are older than a minute;
    return what was deleted. Nothing else is touched: not other names, not
    folders or links, not a temporary file a write may be filling right now.
    `follow=False`: nothing at all when `folder` is a link."""
    pattern = re.compile(
        r"\.(" + "|".join(re.escape(name) for name in names) + r")\.[a-z0-9_]{8}" + re.escape(_TEMP_SUFFIX)
    )
    removed: list[Path] = []
    try:
        place = folder if isinstance(folder, Folder) else Folder(folder, follow=follow, create=False)
    except OSError:
        return removed
    try:
        entries = place.entries()
        for entry in entries:
            if not pattern.fullmatch(entry.name):
                continue
            with contextlib.suppress(OSError):
                info = place.lstat(entry.name)
                if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_AFTER_SECONDS:
                    place.remove(entry.name)
                    removed.append(place.path / entry.name)
    except OSError:
        pass
    finally:
        if place is not folder:
            place.close()
    return removed
