"""Saving and loading the player's files: settings, statistics, the game in progress.

Three small JSON files in the user's data folder (``platformdirs``), or in the
folder given by ``--data-dir`` / ``SPIDER_DATA_DIR``:

- ``settings.json``: the `Settings` fields;
- ``stats.json``: the statistics per variant (`game.stats`);
- ``game.json``: the game in progress as its code (or, for a game made from a
  position text, that first table) plus the action record. Replaying the
  record rebuilds the table *and* the undo history, so nothing else is saved.

The caller saves the game after every action, so a crash or a ``kill -9``
loses at most the action being played. Every write is atomic: a temporary file
in the same folder, flushed and fsynced, then ``os.replace`` over the old one,
so a reader sees either the old file or the new one, never half of each.

A file we cannot use (corrupt, truncated, wrongly typed, oversized, or a game
whose record the rules refuse) never crashes the game and is never destroyed:
it is renamed aside with a timestamp (``settings.json.bad-20261130-231500``),
defaults are used, and the loader returns a `Notice` the game shows the
player. JSON only: a data file must never be able to run code (no pickle).
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .i18n import system_language  # re-exported: it lived here before
from .settings import ANIMATION_SPEEDS, LANGUAGES, Settings
from .stats import Stats

if TYPE_CHECKING:
    from .engine import Game
    from .i18n import Translator

APP_NAME = "spider"
ENV_DATA_DIR = "SPIDER_DATA_DIR"
SETTINGS_FILE = "settings.json"
STATS_FILE = "stats.json"
GAME_FILE = "game.json"
FORMAT_VERSION = 1
# Far above any real file (a 2,000-action record is ~16 KB): anything bigger
# is not ours, and reading it whole could stall the launch.
MAX_FILE_BYTES = 1_000_000


def resolve_data_dir(cli_value: str | None, environ: Mapping[str, str]) -> Path:
    """Where the player's files live: ``--data-dir``, else ``$SPIDER_DATA_DIR``,
    else the platform's user data folder (e.g. ``~/.local/share/spider``)."""
    if cli_value:
        return Path(cli_value).expanduser()
    if environ.get(ENV_DATA_DIR):
        return Path(environ[ENV_DATA_DIR]).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


@dataclass(frozen=True)
class Notice:
    """Something the player should be told about their files.

    `key` is a catalogue key (``screens.notice.*``); `file` is the file's name
    and `backup` the name it was moved aside to (empty when nothing was moved).
    """

    key: str
    file: str
    backup: str = ""

    def text(self, translator: Translator) -> str:
        text = translator.t(self.key, file=self.file)
        if self.backup:
            text += " " + translator.t("screens.notice.backup", backup=self.backup)
        return text


class BadFile(ValueError):
    """A data file we cannot use; the message says why (for logs and tests)."""


class Storage:
    """The player's three files in one folder.

    ``clock`` gives the time used to name files moved aside (injected so tests
    can pin it); ``environ`` is read only for the default language.
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

    # ---- settings ----------------------------------------------------------

    def load_settings(self) -> tuple[Settings, list[Notice]]:
        """The saved settings; defaults (language from the system) when there are none.

        Unknown keys are ignored (a newer version may have added them); a
        missing key takes its default. A wrong value makes the file bad: it is
        moved aside, the valid values are kept and written back at once.
        """
        defaults = Settings(language=system_language(self._environ))
        path = self.data_dir / SETTINGS_FILE
        try:
            data = self._read_object(path)
        except FileNotFoundError:
            return defaults, []
        except BadFile:
            return defaults, [self._move_aside(path, "screens.notice.settings_reset")]
        settings, problems = _settings_from(data, defaults)
        if not problems:
            return settings, []
        notice = self._move_aside(path, "screens.notice.settings_reset")
        self.save_settings(settings)
        return settings, [notice]

    def save_settings(self, settings: Settings) -> Notice | None:
        data = {"version": FORMAT_VERSION}
        data.update({f.name: getattr(settings, f.name) for f in fields(Settings)})
        return self._write(SETTINGS_FILE, data)

    # ---- statistics --------------------------------------------------------

    def load_stats(self) -> tuple[Stats, list[Notice]]:
        """The saved statistics, or empty ones; a bad file is moved aside and
        the variants that were still readable are kept."""
        path = self.data_dir / STATS_FILE
        try:
            data = self._read_object(path)
        except FileNotFoundError:
            return Stats(), []
        except BadFile:
            return Stats(), [self._move_aside(path, "screens.notice.stats_reset")]
        stats, problems = Stats.from_json(data)
        if not problems:
            return stats, []
        notice = self._move_aside(path, "screens.notice.stats_reset")
        self.save_stats(stats)
        return stats, [notice]

    def save_stats(self, stats: Stats) -> Notice | None:
        return self._write(STATS_FILE, stats.to_json())

    # ---- the game in progress ---------------------------------------------

    def load_game(self) -> tuple[Game | None, list[Notice]]:
        """The game in progress, replayed to where it was (undo history
        included), or None when there is none or it cannot be replayed."""
        path = self.data_dir / GAME_FILE
        try:
            data = self._read_object(path)
            game = _game_from(data)
        except FileNotFoundError:
            return None, []
        except BadFile:
            return None, [self._move_aside(path, "screens.notice.game_lost")]
        return game, []

    def save_game(self, game: Game) -> Notice | None:
        """Save after every action: a few hundred bytes, atomically."""
        code = game.code
        data = {
            "version": FORMAT_VERSION,
            "code": code,
            # A game made from text has no code: its first table is the key.
            "start": None if code else game.start_text(),
            "record": game.record,
        }
        return self._write(GAME_FILE, data)

    def clear_game(self) -> None:
        """Forget the game in progress (nothing to resume at next launch)."""
        try:
            (self.data_dir / GAME_FILE).unlink(missing_ok=True)
        except OSError:
            pass  # undeletable (read-only folder): the next save overwrites it anyway

    # ---- files -------------------------------------------------------------

    def _read_object(self, path: Path) -> dict[str, Any]:
        """A JSON object from `path`; `FileNotFoundError` or `BadFile`."""
        try:
            with path.open("rb") as f:
                raw = f.read(MAX_FILE_BYTES + 1)
        except FileNotFoundError:
            raise
        except OSError as err:  # a folder in its place, no permission…
            raise BadFile(f"{path.name}: cannot be read ({err.strerror})") from None
        if len(raw) > MAX_FILE_BYTES:
            raise BadFile(f"{path.name}: larger than {MAX_FILE_BYTES} bytes")
        try:
            data = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as err:
            raise BadFile(f"{path.name}: not JSON ({err})") from None
        if not isinstance(data, dict):
            raise BadFile(f"{path.name}: expected a JSON object, found {type(data).__name__}")
        return data

    def _write(self, name: str, data: Mapping[str, object]) -> Notice | None:
        """Atomically replace `name` with `data`; a Notice instead of an
        exception when the disk refuses (full, read-only), so play goes on."""
        text = json.dumps(data, ensure_ascii=False, indent=1)
        path = self.data_dir / name
        tmp_name = ""
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
            fd, tmp_name = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=self.data_dir)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp_name, path)
        except OSError:
            if tmp_name:
                try:
                    os.unlink(tmp_name)
                except OSError:
                    pass
            return Notice("screens.notice.save_failed", name)
        return None

    def _move_aside(self, path: Path, key: str) -> Notice:
        """Rename a bad file to ``<name>.bad-<timestamp>`` (never overwriting
        an earlier one) so the player or a developer can still look at it."""
        stamp = self._clock().strftime("%Y%m%d-%H%M%S")
        target = path.with_name(f"{path.name}.bad-{stamp}")
        n = 1
        while target.exists():
            target = path.with_name(f"{path.name}.bad-{stamp}-{n}")
            n += 1
        try:
            os.replace(path, target)
        except OSError:
            # Cannot rename (read-only folder…): leave it where it is; we only
            # read it, so it is still not destroyed.
            return Notice(key, path.name)
        return Notice(key, path.name, target.name)


# ---- decoding, kept apart from the files so they read as rules ------------

_SETTINGS_CHOICES: dict[str, tuple[str, ...]] = {
    "animation_speed": ANIMATION_SPEEDS,
    "language": LANGUAGES,
}


def _settings_from(data: Mapping[str, Any], defaults: Settings) -> tuple[Settings, list[str]]:
    """Settings from a decoded file, and what was wrong in it."""
    values: dict[str, object] = {}
    problems: list[str] = []
    for f in fields(Settings):
        if f.name not in data:
            continue
        value = data[f.name]
        default = getattr(defaults, f.name)
        if isinstance(default, bool):
            ok = isinstance(value, bool)
        else:
            ok = isinstance(value, str) and value in _SETTINGS_CHOICES.get(f.name, (value,))
        if ok:
            values[f.name] = value
        else:
            problems.append(f"{f.name}: {value!r}")
    current = Settings(**{f.name: getattr(defaults, f.name) for f in fields(Settings)})
    for name, value in values.items():
        setattr(current, name, value)
    return current, problems


def _game_from(data: Mapping[str, Any]) -> Game:
    """Replay a saved game; `BadFile` if it does not describe a playable game."""
    from .engine import Game

    code, start, record = data.get("code"), data.get("start"), data.get("record", "")
    if not isinstance(record, str):
        raise BadFile(f"record: expected text, found {type(record).__name__}")
    try:
        if isinstance(code, str):
            game = Game.from_code(code)
        elif isinstance(start, str):
            game = Game.from_text(start)
        else:
            raise BadFile("neither a code nor a start position")
        game.play(record)
    except ValueError as err:  # InvalidCode, InvalidPosition, IllegalMove
        raise BadFile(str(err)) from None
    return game
