"""`spider` / `python -m game`: open the table.

Imports stay inside `main()` so that a bad option is refused at once and the
window's first frame is not delayed by work done at import time.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.engine import Game
    from game.settings import Settings
    from game.stats import Stats
    from game.storage import Notice, Storage


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1280x800") from None
    if not (320 <= w <= 8192 and 240 <= h <= 8192):
        raise argparse.ArgumentTypeError(f"{text!r}: width 320-8192 and height 240-8192, please")
    return w, h


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="spider", description="Spider Solitaire.")
    p.add_argument("--fullscreen", action="store_true", help="start in fullscreen (F11 toggles, Esc leaves)")
    p.add_argument("--code", help="play the game with this code, e.g. SP1-S1C-AAAAAAD")
    p.add_argument("--suits", type=int, choices=(1, 2, 4), help="1, 2 or 4 suits for a new deal (default 1)")
    p.add_argument("--rule", choices=("classic", "flexible"), help="rule for a new deal (default classic)")
    p.add_argument("--size", type=_size, default=(1280, 800), metavar="WxH", help="window size (default 1280x800)")
    p.add_argument("--screenshot", metavar="PNG", help="draw the table without a window, save it, and exit")
    p.add_argument(
        "--data-dir",
        metavar="DIR",
        help="keep settings, statistics and the game in progress here (default: $SPIDER_DATA_DIR, else the "
        "user's data folder)",
    )
    return p


def _window_errors() -> tuple[type[BaseException], ...]:
    """What opening a window raises when there is no display or no OpenGL 3.3."""
    import arcade
    import pyglet

    errors: list[type[BaseException]] = [arcade.NoOpenGLException, pyglet.window.WindowException]
    try:
        from pyglet.display.xlib import NoSuchDisplayException  # X11 has its own

        errors.append(NoSuchDisplayException)
    except ImportError:
        pass
    return tuple(errors)


def _load_player(data_dir: str | None, requested: Game | None) -> tuple[Storage, Settings, Stats, Game, list[Notice]]:
    """The player's files: settings, statistics, and the game to show (the
    requested one, else the game in progress, else a new deal)."""
    from game.engine import Game
    from game.storage import Storage, resolve_data_dir

    storage = Storage(resolve_data_dir(data_dir, os.environ))
    settings, notices = storage.load_settings()
    stats, found = storage.load_stats()
    notices += found
    saved, found = storage.load_game()
    notices += found
    if saved is not None and not saved.is_won and requested is None:
        return storage, settings, stats, saved, notices
    if requested is not None and saved is not None and stats.record_abandoned(saved):
        # Launching another game leaves the one in progress, as New game does.
        storage.save_stats(stats)
    # A finished game is not resumed: a new deal of its variant.
    game = requested or (Game.random(saved.suits, saved.rule) if saved else Game.random())
    # From now on this is the game in progress (a resumed one is on disk already).
    notice = storage.save_game(game)
    return storage, settings, stats, game, notices + ([notice] if notice else [])


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)

    from game.engine import Game, InvalidCode, Rule

    if args.code is not None:
        try:
            game = Game.from_code(args.code)
        except InvalidCode as err:
            print(f"spider: bad game code {args.code.strip()!r}: {err}", file=sys.stderr)
            return 2
        if args.suits is not None and args.suits != game.suits:
            print(
                f"spider: --suits {args.suits} contradicts the code {game.code} ({game.suits} suits)", file=sys.stderr
            )
            return 2
        if args.rule is not None and game.suits > 1 and Rule(args.rule) is not game.rule:
            print(f"spider: --rule {args.rule} contradicts the code {game.code}", file=sys.stderr)
            return 2
    elif args.suits is not None or args.rule is not None:
        game = Game.random(args.suits or 1, Rule(args.rule or "classic"))
    else:
        game = None  # resume the game in progress, or deal a new one

    # Spider makes no sound: without these, importing arcade probes for audio
    # drivers and FFmpeg (a library search each, ~0.1 s of launch in all).
    os.environ.setdefault("PYGLET_AUDIO", "silent")
    sys.modules.setdefault("pyglet.media.codecs.ffmpeg_lib", None)  # type: ignore[arg-type]

    from game.ui.atlas_image import start_decoding

    # Decodes the card images, scaled for this window's cards, while the rest
    # loads and arcade imports (perf track: the size lets it skip full-size copies).
    start_decoding(window_size=None if args.fullscreen else args.size)

    from game.settings import Settings
    from game.stats import Stats

    storage: Storage | None = None
    notices: list[Notice] = []
    if args.screenshot:
        # A picture changes nothing on disk: default settings, no saved game.
        settings, stats = Settings(), Stats()
        game = game or Game.random()
    else:
        storage, settings, stats, game, notices = _load_player(args.data_dir, game)
    settings.fullscreen = settings.fullscreen or args.fullscreen

    if args.screenshot:
        # Before arcade is imported: a headless (EGL) window, no display needed.
        os.environ["ARCADE_HEADLESS"] = "1"
        from game.ui import enable_headless_gui

        enable_headless_gui()

    from pathlib import Path

    from game.ui.app import build_table, save_screenshot
    from game.ui.atlas import AtlasError

    try:
        window, view = build_table(
            game, settings, size=args.size, fullscreen=settings.fullscreen, animate_opening=not args.screenshot
        )
    except AtlasError as err:
        print(f"spider: {err}", file=sys.stderr)
        return 1
    except _window_errors() as err:
        print(f"spider: cannot open a window ({err}); try --screenshot to draw without a display", file=sys.stderr)
        return 1
    if args.screenshot:
        try:
            save_screenshot(window, view, Path(args.screenshot))
        except OSError as err:
            print(f"spider: cannot write {args.screenshot}: {err}", file=sys.stderr)
            return 1
        window.close()
        return 0

    from game.ui.controller import SpiderApp

    if storage is None:  # only --screenshot runs without one, and it has returned
        return 0
    app = SpiderApp(view, storage, settings, stats)
    app.show_notices(notices)

    import arcade

    arcade.schedule_once(lambda _: app.load_screens(), 0.3)
    arcade.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
