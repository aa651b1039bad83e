"""A file holding a shared game (``spider --replay FILE``, docs/RULES.md §12).

Whatever stands in its place, a player gets one line naming the file and
what is wrong with it (`SharedFileError`): a folder, something that is not
a regular file, a file too large to be a shared game, one that cannot be
read, or bytes that are not UTF-8 text. Never a traceback, and nothing is
waited on (`read_small_file` opens without blocking).
"""

from __future__ import annotations

from pathlib import Path

from game.files.atomic_files import FileTooLarge, NotARegularFile, read_small_file
from game.records.share import MAX_LINE
from game.words.echo import shown

LIMIT = MAX_LINE * 2  # room for the line breaks a mail program adds


class SharedFileError(ValueError):
    """The file cannot hold a shared game; the message says which file and why."""


def existing(text: str) -> Path | None:
    """The path `text` names if something is there (a file, a folder …), else None."""
    try:
        path = Path(text).expanduser()
        path.stat()
    except (OSError, RuntimeError, ValueError):  # nothing there, a name too long, "~nosuchuser", a NUL
        return None
    return path


def read_line(path: Path, text: str) -> str:
    """The text of the file at `path` (named `text` by the player)."""
    try:
        data = read_small_file(path, limit=LIMIT)
    except NotARegularFile:
        what = "a folder" if path.is_dir() else "not a regular file"
        raise SharedFileError(f"{shown(text)} is {what}, not a file holding a shared game") from None
    except FileTooLarge:
        raise SharedFileError(f"{shown(text)} is too large to hold a shared game (over {LIMIT} bytes)") from None
    except OSError as err:
        raise SharedFileError(f"{shown(text)} cannot be read ({err.strerror or type(err).__name__})") from None
    try:
        return data.decode("utf-8-sig")  # a byte-order mark (some Windows editors write one) is no fault
    except UnicodeDecodeError as err:
        raise SharedFileError(f"{shown(text)} is not UTF-8 text (byte {err.start + 1}): not a shared game") from None
