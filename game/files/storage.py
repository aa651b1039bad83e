"""The player's files: settings, statistics, the game in progress, the
last games and the deal of the day's calendar.

Small JSON files in the data folder (`resolve_data_dir`):

- ``settings.json``: the `Settings` fields;
- ``stats.json``: the statistics per variant (`game.records.stats`);
- ``game.json``: the game in progress as its code (or, for a game made from a
  position text, that first table), the action record, and whether the game
  has begun to count (``started``: an action was made, even if undone), with
  its time, its deal of the day and what redo reaches (`game.files.saved_game`).
  Replaying the record rebuilds the table *and* the undo and redo histories;
- ``history.json``: the last games (`game.records.history`);
- ``daily.json``: the days whose deal of the day was played, and how
  (`game.records.daily_record`).

Each file carries ``"version": 1``. Files of version 1 written before
``started`` and ``variant`` existed load as they always did (the fixtures in
``tests/fixtures/v1`` pin this); the new keys are optional, so an older
Spider reading our files ignores them.

The session saves after every action, atomically (`game.files.atomic_files`), so a
crash or a ``kill -9`` loses at most the action being played.

A file we cannot use is never destroyed and never stops the game: *any*
failure while reading or decoding it (not a regular file, too large, not
UTF-8, not JSON, nested too deep, wrong shape, impossible numbers, a record
the rules refuse, a missing or malformed version) makes it a bad file, renamed
aside with a timestamp (``settings.json.bad-20261130-231500``) while defaults
are used. A file whose version is newer than ours is moved aside the same way.
The loaders return `Notice`s: kinds, not texts; the interface words them.
JSON only: a data file must never be able to run code (no pickle).
"""

from __future__ import annotations

import errno
import json
import os
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date, datetime
from enum import Enum, StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from game.files import atomic_files
from game.files.atomic_files import (
    FileTooLarge,
    folder_problem,
    make_folders,
    move_aside,
    read_small_file,
    remove_stale_temporaries,
    write_atomically,
)
from game.files.background_writer import BackgroundWriter
from game.files.saved_game import SavedGame, game_data, saved_game_from
from game.records.daily_record import DailyRecord
from game.records.history import History
from game.records.settings import Settings
from game.records.stats import Stats
from game.words.echo import shown
from game.words.i18n import system_language

if TYPE_CHECKING:
    from game.engine import Game

APP_NAME = "spider"
ENV_DATA_DIR = "SPIDER_DATA_DIR"
FORMAT_VERSION = 1

T = TypeVar("T")


class DataFile(StrEnum):
    """The player's files, by their names in the data folder."""

    SETTINGS = "settings.json"
    STATS = "stats.json"
    GAME = "game.json"
    HISTORY = "history.json"  # the last games (game.records.history)
    DAILY = "daily.json"  # the deal of the day's calendar (game.records.daily_record)


class NoticeKind(Enum):
    """What the player should be told about one of their files."""

    UNREADABLE = "unreadable"  # a bad file: moved aside, defaults (or what was readable) used
    NEWER_VERSION = "newer"  # written by a newer Spider: moved aside, defaults used
    NOT_SAVED = "not_saved"  # the disk refused the write (full, read-only…); the old file is kept
    TOO_LARGE = "too_large"  # the game's record outgrew the file size limit; the old file is kept


@dataclass(frozen=True, slots=True)
class Notice:
    """`kind` happened to `file`; `backup` is the name the file was moved
    aside to (empty when nothing was moved, or it could not be)."""

    kind: NoticeKind
    file: DataFile
    backup: str = ""


class BadFile(ValueError):
    """A data file we cannot use; the message says why (for logs and tests)."""


class BadDataFolder(ValueError):
    """A data folder that cannot be one. `source` says who named it (``--data-dir``,
    ``SPIDER_DATA_DIR``, or ``data folder`` for the platform's), `detail` the
    value shown and what is wrong; the text is the one line after ``spider: ``."""

    def __init__(self, source: str, detail: str) -> None:
        super().__init__(f"{source}: {detail}")
        self.source = source
        self.detail = detail


def data_folder(source: str, value: str) -> Path:
    """The folder `value` names (``~`` expanded), judged without making
    anything; `BadDataFolder` when it cannot be one: empty, a file, under a
    file, too long a name, the home folder of an unknown user."""
    if not value.strip():
        raise BadDataFolder(source, f"{shown(value)} is empty: give a folder")
    try:
        folder = Path(value).expanduser()
    except RuntimeError:  # "~nosuchuser", or "~" with no home at all
        raise BadDataFolder(source, f"{shown(value)} starts with a home folder that cannot be found") from None
    if problem := folder_problem(folder):
        raise BadDataFolder(source, f"{shown(value)} {problem}")
    return folder


def xdg_data_home(environ: Mapping[str, str]) -> Path:
    """``$XDG_DATA_HOME`` if set to a full path (the XDG spec ignores a
    relative one), else ``$HOME/.local/share`` (the account's home when
    ``HOME`` is not set); `BadDataFolder` naming the variable when that
    cannot be a folder. The data folder's parent, and the menu entry's."""
    value = environ.get("XDG_DATA_HOME", "")
    if value and Path(value).is_absolute():
        data_folder("XDG_DATA_HOME", value)
        return Path(value)
    home = environ.get("HOME")
    if not home:  # unset or empty: the account's home, as the shell would
        try:
            import pwd

            home = pwd.getpwuid(os.getuid()).pw_dir
        except (ImportError, KeyError):  # no account to find one in
            raise BadDataFolder("HOME", "is not set and no home folder can be found") from None
    if not Path(home).is_absolute():
        raise BadDataFolder("HOME", f"{shown(home)} is not a full path")
    return data_folder("HOME", home) / ".local" / "share"


def resolve_data_dir(cli_value: str | None, environ: Mapping[str, str], *, make: bool = False) -> Path:
    """Where the player's files live: ``--data-dir``, else ``$SPIDER_DATA_DIR``,
    else the platform's user data folder (e.g. ``~/.local/share/spider``).
    `BadDataFolder` when that cannot be a folder (`data_folder`); with `make`
    (a launch) it is made if missing, and one that cannot be made is bad too."""
    if cli_value is not None:
        source, value = "--data-dir", cli_value
    elif environ.get(ENV_DATA_DIR):
        source, value = ENV_DATA_DIR, environ[ENV_DATA_DIR]
    elif sys.platform.startswith(("win", "darwin", "cygwin")):
        import platformdirs

        source, value = "data folder", platformdirs.user_data_dir(APP_NAME, appauthor=False)
    else:  # freedesktop.org: what platformdirs gives, with the variable at fault named
        source, value = "data folder", str(xdg_data_home(environ) / APP_NAME)
    folder = data_folder(source, value)
    if make:
        try:
            make_folders(folder)  # the player's alone (0700), whatever the umask
            if not folder.is_dir():
                raise NotADirectoryError(errno.ENOTDIR, "not a folder")
        except OSError as err:
            raise BadDataFolder(source, f"{shown(value)} cannot be made ({err.strerror or err})") from None
    return folder


def resolve_cache_dir(cli_value: str | None, environ: Mapping[str, str]) -> Path:
    """Where files the game can make again are kept (the card images scaled
    for the window): the ``cache`` folder of a data folder given with
    ``--data-dir`` or ``$SPIDER_DATA_DIR`` (so a portable or test folder
    holds everything), else the platform's user cache folder (e.g.
    ``~/.cache/spider``), which backups skip."""
    if cli_value is not None or environ.get(ENV_DATA_DIR):
        return resolve_data_dir(cli_value, environ) / "cache"
    import platformdirs

    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))


class Storage:
    """The player's three files in one folder.

    ``clock`` gives the time used to name files moved aside and to age
    temporary files (injected so tests can pin it); ``environ`` is read only
    for the default language.
    """

    def __init__(
        self,
        data_dir: Path | str,
        *,
        clock: Callable[[], datetime] = datetime.now,
        environ: Mapping[str, str] | None = None,
    ) -> None:
        self.data_dir = Path(data_dir)
        self._clock = clock
        self._environ: Mapping[str, str] = os.environ if environ is None else environ
        self._writer: BackgroundWriter | None = None

    def write_in_background(self) -> None:
        """From now on, saves are written on a thread of their own (the game's
        window: no fsync on the frame of a click). `problems` then tells of
        saves that failed; `flush` waits for them all."""
        if self._writer is None:
            self._writer = BackgroundWriter()

    def flush(self) -> None:
        """Wait until every save is on disk (nothing to wait for when saves are
        written at once)."""
        if self._writer is not None:
            self._writer.flush()

    def problems(self) -> list[Notice]:
        """Saves written in the background that failed since the last call."""
        if self._writer is None:
            return []
        # (Too large is refused before a save is handed to the writer.)
        return [Notice(NoticeKind.NOT_SAVED, DataFile(path.name)) for path in self._writer.failures()]

    def remove_stale_temporaries(self) -> list[Path]:
        """Delete the temporary files of saves a crash interrupted (ours only,
        older than a minute); called at launch, under the folder lock."""
        names = tuple(str(f) for f in DataFile)
        return remove_stale_temporaries(self.data_dir, names, self._clock().timestamp())

    # ---- settings ----------------------------------------------------------

    def default_settings(self) -> Settings:
        return Settings(language=system_language(self._environ))

    def load_settings(self) -> tuple[Settings, list[Notice]]:
        """The saved settings; defaults (language from the system) when there are none.

        Unknown keys are ignored; a missing key takes its default. A wrong
        value makes the file bad: it is moved aside, the valid values are kept
        and written back at once.
        """
        defaults = self.default_settings()
        loaded, notice = self._load(DataFile.SETTINGS, lambda data: Settings.from_json(data, defaults))
        if notice is not None and loaded is not None:
            self.save_settings(loaded)  # the repaired file: the next launch is clean
        return loaded or defaults, _listed(notice)

    def peek_settings(self) -> Settings:
        """The saved settings, read only (for ``--screenshot``): a missing,
        unreadable or newer file gives the defaults and is left as it is;
        nothing is created, moved or written."""
        defaults = self.default_settings()
        try:
            data = _versioned_object(read_small_file(self.data_dir / DataFile.SETTINGS))
            if data is None:
                return defaults
            settings, _problems = Settings.from_json(data, defaults)
        except Exception:  # whatever stops the reading: the defaults
            return defaults
        return settings

    def save_settings(self, settings: Settings) -> Notice | None:
        return self._write(DataFile.SETTINGS, settings.to_json())

    # ---- statistics --------------------------------------------------------

    def load_stats(self) -> tuple[Stats, list[Notice]]:
        """The saved statistics, or empty ones; a bad file is moved aside and
        the variants that were still readable are kept (and written back)."""
        loaded, notice = self._load(DataFile.STATS, Stats.from_json)
        if notice is not None and loaded is not None:
            self.save_stats(loaded)
        return loaded or Stats(), _listed(notice)

    def save_stats(self, stats: Stats) -> Notice | None:
        return self._write(DataFile.STATS, stats.to_json())

    # ---- the last games ------------------------------------------------------

    def load_history(self) -> tuple[History, list[Notice]]:
        """The last games, or none; a bad file is moved aside and the games
        still readable are kept (and written back)."""
        loaded, notice = self._load(DataFile.HISTORY, History.from_json)
        if notice is not None and loaded is not None:
            self.save_history(loaded)
        return loaded or History(), _listed(notice)

    def save_history(self, history: History) -> Notice | None:
        return self._write(DataFile.HISTORY, history.to_json())

    # ---- the deal of the day's calendar ---------------------------------------

    def load_daily(self) -> tuple[DailyRecord, list[Notice]]:
        """The days whose deal was played, or none; a bad file is moved aside
        and the days still readable are kept (and written back)."""
        loaded, notice = self._load(DataFile.DAILY, DailyRecord.from_json)
        if notice is not None and loaded is not None:
            self.save_daily(loaded)
        return loaded or DailyRecord(), _listed(notice)

    def save_daily(self, record: DailyRecord) -> Notice | None:
        return self._write(DataFile.DAILY, record.to_json())

    # ---- the game in progress ---------------------------------------------

    def load_game(self) -> tuple[SavedGame | None, list[Notice]]:
        """The game in progress, replayed to where it was (undo history
        included), or None when there is none or it cannot be replayed."""
        loaded, notice = self._load(DataFile.GAME, saved_game_from)
        return (None if notice else loaded), _listed(notice)

    def save_game(
        self, game: Game, started: bool, daily: date | None = None, seconds: int = 0, late: bool = False
    ) -> Notice | None:
        """Save after every action: a few hundred bytes, atomically (`saved_game.game_data`)."""
        return self._write(DataFile.GAME, game_data(game, started, daily, seconds, late))

    # ---- the mechanism shared by the three files ---------------------------

    def _load(
        self, file: DataFile, decode: Callable[[dict[str, Any]], tuple[T, list[str]]]
    ) -> tuple[T | None, Notice | None]:
        """Read and decode one file: (value, None) when it is good; (None,
        None) when there is none; else the file is moved aside and the notice
        comes with what could still be decoded (None when nothing could)."""
        path = self.data_dir / file
        try:
            raw = read_small_file(path)
        except (FileNotFoundError, NotADirectoryError):  # no file (or no folder: a file in its place)
            return None, None
        except Exception:  # whatever stops the reading, the file is bad
            return None, self._set_aside(file, NoticeKind.UNREADABLE)
        try:
            data = _versioned_object(raw)
            if data is None:
                return None, self._set_aside(file, NoticeKind.NEWER_VERSION)
            value, problems = decode(data)
        except Exception:  # RecursionError, MemoryError, ValueError…: a bad file
            return None, self._set_aside(file, NoticeKind.UNREADABLE)
        if problems:
            return value, self._set_aside(file, NoticeKind.UNREADABLE)
        return value, None

    def _write(self, file: DataFile, payload: Mapping[str, object]) -> Notice | None:
        """Atomically replace `file`; a Notice instead of an exception when it
        cannot be written, so play goes on (and the old file is kept)."""
        text = json.dumps({"version": FORMAT_VERSION, **payload}, ensure_ascii=False, indent=1)
        data = text.encode("utf-8")
        if self._writer is not None:
            if len(data) > atomic_files.MAX_FILE_BYTES:  # refused at once, as written at once
                return Notice(NoticeKind.TOO_LARGE, file)
            self._writer.submit(self.data_dir / file, data)
            return None
        try:
            write_atomically(self.data_dir / file, data)
        except FileTooLarge:
            return Notice(NoticeKind.TOO_LARGE, file)
        except OSError:
            return Notice(NoticeKind.NOT_SAVED, file)
        return None

    def _set_aside(self, file: DataFile, kind: NoticeKind) -> Notice:
        moved = move_aside(self.data_dir / file, self._clock())
        return Notice(kind, file, moved.name if moved else "")


def _listed(notice: Notice | None) -> list[Notice]:
    return [] if notice is None else [notice]


# ---- decoding, kept apart from the files so they read as rules ------------


def _versioned_object(raw: bytes) -> dict[str, Any] | None:
    """The JSON object in `raw`; None when a newer Spider wrote it; `BadFile`
    (or whatever decoding raises) when it is not a file of ours."""
    data = json.loads(raw.decode("utf-8"))
    if not isinstance(data, dict):
        raise BadFile(f"expected a JSON object, found {type(data).__name__}")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise BadFile(f"version: {version!r:.40} is not a format version")
    return None if version > FORMAT_VERSION else data
