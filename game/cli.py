"""The command line: `spider [options]` parsed into `Options`, or one line of error.

Every mistake on the command line is reported the same way: exactly one line on
stderr, ``spider: --OPTION: 'VALUE' <what is wrong>``, and status 2 — no usage
block, no traceback. The value is echoed quoted and shortened (`game.words.echo.shown`),
so a 10 kB value or one with a newline or an undecodable byte still makes one
readable line; an environment value the game cannot use is told the same way.
Each value check below raises only `ArgumentTypeError`; anything else a
check meets (a name too long for the file system, a number too long to
convert) is turned into one by `_checked`, so argparse's own fallback
("invalid _size value") can never be shown.

Argparse does the parsing; its `error()` is replaced so that its messages
come back to us instead of being printed with the usage, and a value that
starts with ``-`` (``--size -5x10``) is given to its option instead of being
taken for an unknown option.

Nothing here imports arcade: a bad option is refused before the window (and
its slow imports) is touched.
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import stat
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TypeVar

from game import __version__
from game.words.echo import shown
from game.words.i18n import LANGUAGES

if TYPE_CHECKING:
    from game.engine import Game
    from game.records.share import SharedGame

PROG = "spider"
DIST_NAME = "spider-solitaire"
SIZE_LIMITS = ((320, 240), (8192, 8192))
T = TypeVar("T")


class UsageError(Exception):
    """A command-line mistake; its text is the one line to print after ``spider: ``."""


@dataclass(frozen=True)
class Options:
    """What the command line asked for; `None` means "not given"."""

    game: Game | None = None  # the deal asked for by --code or --suits/--rule
    fullscreen: bool = False
    size: tuple[int, int] | None = None
    screenshot: Path | None = None
    data_dir: str | None = None
    lang: str | None = None
    desktop: str | None = None  # "install" or "uninstall" the menu entry, then exit
    replay: SharedGame | None = None  # a shared game to watch (--replay), checked whole


# --- value checks: each returns the value or raises ArgumentTypeError with the fault ---


def _ascii_digits(text: str) -> bool:
    return text.isascii() and text.isdigit()


def _number(digits: str) -> int:
    """ASCII digits as a number; more than seven digits as 10**7 (a value that
    long is out of every range here, and `int` refuses over 4,300 digits)."""
    digits = digits.lstrip("0") or "0"
    return int(digits) if len(digits) <= 7 else 10**7


def _size(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"\s*([0-9]+)[xX]([0-9]+)\s*", text) if text.isascii() else None
    if match is None:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not WIDTHxHEIGHT (like 1280x800)")
    w, h = _number(match[1]), _number(match[2])
    (min_w, min_h), (max_w, max_h) = SIZE_LIMITS
    if not (min_w <= w <= max_w and min_h <= h <= max_h):
        raise argparse.ArgumentTypeError(f"{shown(text)} is outside {min_w}x{min_h} to {max_w}x{max_h}")
    return w, h


def _suits(text: str) -> int:
    value = text.strip()
    if not _ascii_digits(value) or _number(value) not in (1, 2, 4):
        raise argparse.ArgumentTypeError(f"{shown(text)} is not 1, 2 or 4")
    return _number(value)


def _rule(text: str) -> str:
    value = text.strip().lower()
    if value not in ("classic", "flexible"):
        raise argparse.ArgumentTypeError(f"{shown(text)} is not classic or flexible")
    return value


def _lang(text: str) -> str:
    value = text.strip().lower()
    if value not in LANGUAGES:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not one of {', '.join(LANGUAGES)}")
    return value


def _non_empty(what: str) -> Callable[[str], str]:
    def check(text: str) -> str:
        if not text.strip():
            raise argparse.ArgumentTypeError(f"{shown(text)} is empty: give {what}")
        return text

    return check


def _replay(text: str) -> SharedGame:
    """A shared game's line (docs/RULES.md §12), or a file holding one,
    checked by replaying it; faults name the action, or the file and what is
    wrong with it (`game.files.shared_file`)."""
    from game.files.shared_file import SharedFileError, existing, read_line
    from game.records.share import ShareError, parse

    if not text.strip():  # not the current folder, which the empty path names
        raise argparse.ArgumentTypeError(f"{shown(text)} is empty: give a shared game's line or a file holding one")
    path = existing(text)
    line, where = text, ""
    try:
        if path is not None:
            line, where = read_line(path, text), f"{shown(text)}: "
        elif ":" not in text and (not any(c.isdigit() for c in text) or "/" in text):
            raise argparse.ArgumentTypeError(f"{shown(text)} is neither a shared game nor a file")
        return parse(line)
    except (ShareError, SharedFileError) as err:
        raise argparse.ArgumentTypeError(f"{where}{err}") from None


def _data_dir(text: str) -> str:
    """A folder the game can use or make (made at launch, not here)."""
    from game.files.storage import BadDataFolder, data_folder

    try:
        data_folder("--data-dir", text)
    except BadDataFolder as err:
        raise argparse.ArgumentTypeError(err.detail) from None
    return text


def _screenshot(text: str) -> Path:
    """A path Pillow can write an image to, judged before any window opens."""
    from game.files.atomic_files import folder_problem

    like = "give an image file name like table.png"
    if not text.strip():
        raise argparse.ArgumentTypeError(f"{shown(text)} is empty: {like}")
    try:
        path = Path(text).expanduser()
    except RuntimeError:  # "~nosuchuser/table.png"
        raise argparse.ArgumentTypeError(f"{shown(text)} starts with a home folder that cannot be found") from None
    try:
        is_folder = stat.S_ISDIR(path.stat().st_mode)
    except (FileNotFoundError, NotADirectoryError):
        is_folder = False  # not there yet: its folder tells
    except OSError as err:  # a name too long, a loop of links
        raise argparse.ArgumentTypeError(f"{shown(text)} cannot be a file name ({err.strerror or err})") from None
    if is_folder:
        raise argparse.ArgumentTypeError(f"{shown(text)} is a folder: {like}")
    if problem := folder_problem(path.parent):
        raise argparse.ArgumentTypeError(f"{shown(text)} cannot be written: {shown(str(path.parent))} {problem}")
    suffix = path.suffix.lower()
    if not suffix:
        raise argparse.ArgumentTypeError(f"{shown(text)} has no image extension (like .png)")
    if suffix not in writable_image_suffixes():
        raise argparse.ArgumentTypeError(f"{shown(text)}: cannot write {shown(suffix)} images (use .png)")
    return path


def writable_image_suffixes() -> frozenset[str]:
    """The file extensions Pillow can save (``.png``, ``.jpg``, ``.bmp`` …)."""
    from PIL import Image

    Image.init()
    return frozenset(ext for ext, fmt in Image.registered_extensions().items() if fmt in Image.SAVE)


# --- the parser ---


class _Parser(argparse.ArgumentParser):
    """Argparse whose errors are raised as `UsageError` (one line), not printed with the usage."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(_one_line(message))


def _one_line(message: str) -> str:
    """Argparse's ``argument --size: expected one argument`` as ``--size: needs a value``."""
    message = re.sub(r"^argument ", "", message)
    message = message.replace("expected one argument", "needs a value")
    message = re.sub(r"ignored explicit argument (.*)", lambda m: f"takes no value, not {_reshown(m[1])}", message)
    return message.strip().replace("\n", " ")


def _reshown(quoted: str) -> str:
    """A value argparse echoed whole (as its repr), shortened as ours are."""
    try:
        value = ast.literal_eval(quoted)
    except (ValueError, SyntaxError):
        return quoted[:60]
    return shown(value) if isinstance(value, str) else quoted[:60]


def _checked(check: Callable[[str], T]) -> Callable[[str], T]:
    """`check` whose every failure is ours: argparse would show a
    `ValueError` or `TypeError` as "invalid _size value: '…'" (naming a
    private function, echoing the value whole), and anything else as a
    traceback."""

    def run(text: str) -> T:
        try:
            return check(text)
        except argparse.ArgumentTypeError:
            raise
        except Exception as err:
            reason = getattr(err, "strerror", None) or type(err).__name__
            raise argparse.ArgumentTypeError(f"{shown(text)} cannot be used ({reason})") from None

    run.__name__ = check.__name__
    return run


EPILOG = """\
keys:
  drag or double-click a card   move it (double-click: to the best column)
  click the stock               deal ten cards
  Ctrl+Z  undo        Ctrl+N  new game     Ctrl+R  restart
  Ctrl+O  options     F1  table in words   F2  rules    F3  statistics
  1-9, 0 / arrows, Enter, D     play with the keyboard
  F11  fullscreen (Esc leaves it)          Ctrl+Q  quit (the game is saved)

the player's files (settings, statistics, the game in progress):
  {data_dir}
  (--data-dir or SPIDER_DATA_DIR choose another folder)

environment:
  SPIDER_DATA_DIR               the data folder, when --data-dir is not given
  LANGUAGE, LC_ALL, LC_MESSAGES, LANG
                                the first language, in gettext's order (en, it, es)
  ARCADE_HEADLESS               draw without a display (set by --screenshot)
  XDG_DATA_HOME                 where --install-desktop puts the menu entry and icons
                                (default ~/.local/share)
"""


def _default_data_dir(environ: Mapping[str, str]) -> str:
    """The data folder as --help shows it (printable whatever its bytes); a
    folder that cannot be used is said so, not raised (--help still helps)."""
    from game.files.storage import BadDataFolder, resolve_data_dir

    try:
        text = str(resolve_data_dir(None, environ))
    except BadDataFolder as err:
        text = f"(none usable: {err})"
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def build_parser(environ: Mapping[str, str] | None = None) -> tuple[argparse.ArgumentParser, frozenset[str]]:
    """The parser, and the options that take a value (for `-`-leading values)."""
    environ = os.environ if environ is None else environ
    p = _Parser(
        prog=PROG,
        description="Spider Solitaire: one, two or four suits, Classic or Flexible rules.",
        epilog=EPILOG.format(data_dir=_default_data_dir(environ)),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        allow_abbrev=False,
    )
    valued: set[str] = set()

    def add(name: str, **kwargs: object) -> None:
        if "type" in kwargs:
            kwargs["type"] = _checked(kwargs["type"])  # type: ignore[arg-type]
        p.add_argument(name, **kwargs)  # type: ignore[arg-type]
        if kwargs.get("action") is None:
            valued.add(name)

    add("--version", action="version", version=f"{DIST_NAME} {__version__}")
    add("--code", type=_non_empty("a game code like SP1-S1C-AAAAAAD"), help="play the deal with this code")
    add("--suits", type=_suits, metavar="1|2|4", help="a new deal with 1, 2 or 4 suits")
    add("--rule", type=_rule, metavar="classic|flexible", help="the rule for a new deal (default classic)")
    add("--replay", type=_replay, metavar="LINE|FILE", help="watch a shared game (a line, or a file holding one)")
    add("--fullscreen", action="store_true", help="start in fullscreen (F11 toggles, Esc leaves)")
    add("--size", type=_size, metavar="WxH", help="window or picture size, like 1280x800")
    add("--lang", type=_lang, metavar="en|it|es", help="the language for this launch only (not saved)")
    add("--screenshot", type=_screenshot, metavar="PNG", help="draw the table without a window, save it, exit")
    add(
        "--data-dir",
        type=_data_dir,
        metavar="DIR",
        help="keep settings, statistics and the game in progress here",
    )
    menu = p.add_mutually_exclusive_group()
    menu.add_argument(
        "--install-desktop",
        dest="desktop",
        action="store_const",
        const="install",
        help="add Spider to the desktop's application menu (Linux: $XDG_DATA_HOME) and exit",
    )
    menu.add_argument(
        "--uninstall-desktop",
        dest="desktop",
        action="store_const",
        const="uninstall",
        help="remove exactly what --install-desktop added, and exit",
    )
    return p, frozenset(valued)


_FLAGS = frozenset({"--fullscreen", "--version", "--help", "-h", "--install-desktop", "--uninstall-desktop"})


def _attach_values(argv: Sequence[str], valued: frozenset[str]) -> list[str]:
    """``--size -5x10`` as ``--size=-5x10``: argparse would take ``-5x10`` for an option."""
    out: list[str] = []
    i = 0
    while i < len(argv):
        token = argv[i]
        nxt = argv[i + 1] if i + 1 < len(argv) else None
        if token == "--":
            out.extend(argv[i:])
            break
        if token in valued and nxt is not None and nxt.startswith("-") and nxt.split("=")[0] not in valued | _FLAGS:
            out.append(f"{token}={nxt}")
            i += 2
            continue
        out.append(token)
        i += 1
    return out


def _stray(token: str) -> str:
    if token.startswith("-"):
        name = token.split("=")[0]
        name = name if name.isprintable() and len(name) <= 40 else shown(name)
        return f"{name}: no such option (spider --help lists them)"
    return f"{shown(token)}: unexpected argument (options start with --)"


def parse(argv: Sequence[str] | None = None, environ: Mapping[str, str] | None = None) -> Options:
    """The options of `argv` (default: the process's); `UsageError` for any mistake.

    ``--help`` and ``--version`` print and raise `SystemExit(0)`, as argparse does.
    """
    import sys

    parser, valued = build_parser(environ)
    args, extra = parser.parse_known_args(_attach_values(sys.argv[1:] if argv is None else argv, valued))
    if extra:
        raise UsageError(_stray(extra[0]))
    if args.replay is not None and (args.code is not None or args.suits is not None or args.rule is not None):
        given = "--code" if args.code is not None else "--suits" if args.suits is not None else "--rule"
        raise UsageError(f"--replay: cannot be used with {given} (a replay shows the shared game's own deal)")
    return Options(
        game=_requested_game(args.code, args.suits, args.rule),
        replay=args.replay,
        fullscreen=args.fullscreen,
        size=args.size,
        screenshot=args.screenshot,
        data_dir=args.data_dir,
        lang=args.lang,
        desktop=args.desktop,
    )


def _requested_game(code: str | None, suits: int | None, rule: str | None) -> Game | None:
    """The deal the options name, or None to resume the game in progress."""
    from game.engine import Game, InvalidCode, Rule

    if code is None:
        if suits is None and rule is None:
            return None
        return Game.random(suits or 1, Rule(rule or "classic"))
    try:
        game = Game.from_code(code)
    except InvalidCode as err:
        # The engine's text names the part at fault (shortened); the code is
        # shown once, before it, unless the text begins with it already.
        text = str(err)
        raise UsageError(f"--code: {text}" if err.part == "format" else f"--code: {shown(code)}: {text}") from None
    if suits is not None and suits != game.suits:
        raise UsageError(
            f"--suits: '{suits}' contradicts the code {game.code} ({game.suits} suit{'s' if game.suits > 1 else ''})"
        )
    if rule is not None and game.suits > 1 and Rule(rule) is not game.rule:
        raise UsageError(f"--rule: {rule!r} contradicts the code {game.code} ({game.rule.value})")
    return game
