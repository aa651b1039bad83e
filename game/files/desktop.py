"""Spider as a desktop application: its fixed identity, and its menu entry and icons.

`spider --install-desktop` writes a freedesktop.org `.desktop` entry and the
hicolor icons into the user's data folder (``$XDG_DATA_HOME``, by default
``~/.local/share``), so the game appears in the desktop's application menu
with its icon, and the dock matches the window to it through the window
class (`StartupWMClass`). All of them are named by one reverse-DNS
application id, `APP_ID`, as app stores want, the metainfo's too. Spider
0.2 and earlier named them ``spider-solitaire`` (`LEGACY_ID`): an install
removes the entry and icons such a Spider wrote, so the menu shows one
Spider. `spider --uninstall-desktop` removes exactly the files the install
writes (and those old ones), and nothing else.

Nothing here imports arcade; the window applies `APP_ID` and the icons itself.
"""

from __future__ import annotations

import stat
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from game.files.atomic_files import SHARED_FILE, SHARED_FOLDER, Folder, NotAFolder
from game.files.storage import BadDataFolder, xdg_data_home
from game.system import resources
from game.words.echo import shown
from game.words.i18n import LANGUAGES, Translator

# The window class, application id, .desktop, icon and metainfo name, in every language.
APP_ID = "io.github.spider_solitaire.Spider"
LEGACY_ID = "spider-solitaire"  # what Spider 0.2 and earlier named its entry, icons and window class
ICON_SIZES = resources.ICON_SIZES


class DesktopError(Exception):
    """The menu entry cannot be installed or removed here; the text says why, in one line."""


class BadDataHome(DesktopError):
    """``XDG_DATA_HOME`` or ``HOME`` cannot be where the menu entry goes: a
    mistake in the environment (status 2), as a bad option is."""


def icon_resource(size: int) -> str:
    """The name of the `size` px icon among the game's files."""
    return resources.icon_name(size)


def data_home(environ: Mapping[str, str]) -> Path:
    """``$XDG_DATA_HOME`` if set to an absolute path (the spec ignores a relative one), else ``~/.local/share``.
    `BadDataHome` names the variable when that cannot be a folder."""
    try:
        return xdg_data_home(environ)
    except BadDataFolder as err:
        raise BadDataHome(str(err)) from None


def entry_path(home: Path, app_id: str = APP_ID) -> Path:
    return home / "applications" / f"{app_id}.desktop"


def icon_paths(home: Path, app_id: str = APP_ID) -> dict[int, Path]:
    return {size: home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{app_id}.png" for size in ICON_SIZES}


def legacy_files(home: Path) -> list[Path]:
    """The entry and icons an older Spider wrote under its old name: only
    when that entry is one a Spider wrote (its window class says so); a
    file of another application's by that name is left alone."""
    entry = entry_path(home, LEGACY_ID)
    try:
        ours = (
            entry.is_file() and not entry.is_symlink() and f"StartupWMClass={LEGACY_ID}\n" in entry.read_text("utf-8")
        )
    except (OSError, UnicodeDecodeError):
        ours = False
    if not ours:
        return []
    icons = [path for path in icon_paths(home, LEGACY_ID).values() if path.is_file() or path.is_symlink()]
    return [entry, *icons]


def installed_files(home: Path) -> list[Path]:
    """Every file `install` writes under `home`: what `uninstall` removes."""
    return [entry_path(home), *icon_paths(home).values()]


def launch_command(argv0: str = "", executable: str = "", frozen: bool | None = None) -> list[str]:
    """How the menu entry starts this very installation: the standalone
    build's own executable, else the `spider` script that is running, else
    this Python with ``-m game``."""
    if getattr(sys, "frozen", False) if frozen is None else frozen:
        # The standalone build (PyInstaller sets sys.frozen): its executable, wherever it was unpacked.
        return [str(Path(executable or sys.executable).resolve())]
    argv0 = argv0 or sys.argv[0]
    script = Path(argv0)
    if script.name in ("spider", "spider.exe") and script.exists():
        return [str(script.resolve())]
    return [executable or sys.executable, "-m", "game"]


def _exec_quote(arg: str) -> str:
    """One argument of a desktop entry's ``Exec`` key (Desktop Entry Specification, "The Exec key")."""
    if arg and not any(c in arg for c in " \t\n\"'\\><~|&;$*?#()`%"):
        return arg
    escaped = "".join("\\" + c if c in '"`$\\' else c for c in arg).replace("%", "%%")
    return f'"{escaped}"'


def _escape(value: str) -> str:
    """A localestring value: no newlines, backslashes kept literal."""
    return value.replace("\\", "\\\\").replace("\n", " ").replace("\r", " ").replace("\t", " ")


def source_tree() -> Path | None:
    """The checkout this game runs from, if it is one (``python -m game`` there
    needs that folder as its working directory); None when installed."""
    root = Path(__file__).resolve().parents[2]
    return root if (root / "pyproject.toml").is_file() and (root / "resources").is_dir() else None


def desktop_entry(command: Sequence[str], workdir: Path | None = None) -> str:
    """The text of the `.desktop` file, named and described in all our languages;
    `workdir` becomes its ``Path`` (the folder the command starts in)."""
    english = Translator("en")
    lines = [
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.4",  # the newest that desktop-file-validate (Debian 12) knows
        f"Name={_escape(english.t('table.title'))}",
        f"GenericName={_escape(english.t('desktop.generic_name'))}",
        f"Comment={_escape(english.t('desktop.comment'))}",
    ]
    for lang in LANGUAGES:
        if lang == "en":
            continue
        t = Translator(lang)
        lines += [
            f"Name[{lang}]={_escape(t.t('table.title'))}",
            f"GenericName[{lang}]={_escape(t.t('desktop.generic_name'))}",
            f"Comment[{lang}]={_escape(t.t('desktop.comment'))}",
            f"Keywords[{lang}]={_escape(t.t('desktop.keywords'))}",
        ]
    lines += [
        f"Keywords={_escape(english.t('desktop.keywords'))}",
        "Exec=" + " ".join(_exec_quote(arg) for arg in command),
        *([f"Path={_escape(str(workdir))}"] if workdir is not None else []),
        f"Icon={APP_ID}",
        "Terminal=false",
        "Categories=Game;CardGame;",
        f"StartupWMClass={APP_ID}",
        "StartupNotify=true",
    ]
    return "\n".join(lines) + "\n"


def _check_platform(platform: str) -> None:
    if platform.startswith(("win", "darwin", "cygwin")):
        raise DesktopError(
            "menu entries are for Linux and BSD desktops (freedesktop.org); on macOS and Windows "
            "start the game with the `spider` command (see the README)"
        )


def install(environ: Mapping[str, str], command: Sequence[str], platform: str = sys.platform) -> list[Path]:
    """Write the menu entry and the icons; the files written, in order."""
    _check_platform(platform)
    home = data_home(environ)
    # Read everything first: a broken install writes nothing.
    icons = {size: resources.read_bytes(icon_resource(size)) for size in ICON_SIZES}
    workdir = source_tree() if list(command[1:]) == ["-m", "game"] else None
    files: list[tuple[Path, bytes]] = [(entry_path(home), desktop_entry(command, workdir).encode("utf-8"))]
    files += [(path, icons[size]) for size, path in icon_paths(home).items()]
    written: list[Path] = []
    for path, data in files:
        try:
            # No link planted in a file's or a folder's place is followed (a
            # file's is replaced); the desktop reads them, whatever the umask.
            with Folder.within(home, path.parent.relative_to(home).parts, mode=SHARED_FOLDER) as folder:
                folder.write(path.name, data, private=False, mode=SHARED_FILE)
        except OSError as err:
            raise DesktopError(f"cannot write {shown(str(path))}: {err.strerror or err}") from None
        written.append(path)
    _remove(home, legacy_files(home))  # one Spider in the menu
    return written


def _remove(home: Path, paths: list[Path]) -> list[Path]:
    """Remove these files under `home` (a link itself, never what it points
    to, nor anything through a link in a folder's place); the files removed."""
    removed: list[Path] = []
    for path in paths:
        try:  # a folder of the path replaced by a link is not ours: nothing is removed through it
            with Folder.within(home, path.parent.relative_to(home).parts, create=False) as folder:
                if stat.S_ISDIR(folder.lstat(path.name).st_mode):
                    continue
                folder.remove(path.name)
        except (FileNotFoundError, NotAFolder):
            continue
        except OSError as err:
            raise DesktopError(f"cannot remove {shown(str(path))}: {err.strerror or err}") from None
        removed.append(path)
    return removed


def uninstall(environ: Mapping[str, str], platform: str = sys.platform) -> list[Path]:
    """Remove the files `install` writes (those present), and those an older
    Spider wrote under its old name; the files removed. Folders are left:
    they are shared with every other application."""
    _check_platform(platform)
    home = data_home(environ)
    return _remove(home, installed_files(home) + legacy_files(home))


def run(action: str, environ: Mapping[str, str]) -> tuple[int, str]:
    """``--install-desktop`` / ``--uninstall-desktop``: (exit status, one line to print)."""
    try:
        if action == "install":
            written = install(environ, launch_command())
            home = data_home(environ)
            return 0, f"spider: added to the application menu: {entry_path(home)} and {len(written) - 1} icons"
        removed = uninstall(environ)
    except (DesktopError, resources.ResourceError) as err:  # a bad environment or install: 2, as a bad option
        return (2 if isinstance(err, (resources.ResourceError, BadDataHome)) else 1), f"spider: {err}"
    if not removed:
        return 0, f"spider: no menu entry to remove in {data_home(environ)}"
    return 0, f"spider: removed the menu entry and icons ({len(removed)} files) from {data_home(environ)}"
