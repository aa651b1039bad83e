"""`spider` / `python -m game`: open the table.

Imports stay inside `main()` so that a bad option is refused at once and the
window's first frame is not delayed by work done at import time.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.engine import Game
    from game.settings import Settings
    from game.stats import Stats
    from game.storage import Notice, Storage


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
    from game.cli import UsageError, parse

    try:
        options = parse(argv)
    except UsageError as err:
        print(f"spider: {err}", file=sys.stderr)
        return 2
    if options.desktop is not None:
        from game.desktop import run

        status, line = run(options.desktop, os.environ)
        print(line, file=sys.stderr if status else sys.stdout)
        return status
    game = options.game

    # Spider makes no sound: without these, importing arcade probes for audio
    # drivers and FFmpeg (a library search each, ~0.1 s of launch in all).
    os.environ.setdefault("PYGLET_AUDIO", "silent")
    sys.modules.setdefault("pyglet.media.codecs.ffmpeg_lib", None)  # type: ignore[arg-type]

    from game.resources import ResourceError, check_launch_files

    try:
        check_launch_files()
    except ResourceError as err:
        print(f"spider: {err}", file=sys.stderr)
        return 2

    from game.ui.atlas_image import start_decoding

    # Decodes the card images, scaled for this window's cards, while the rest
    # loads and arcade imports (perf track: the size lets it skip full-size copies).
    start_decoding(window_size=None if options.fullscreen else options.size or (1280, 800))

    from game.engine import Game
    from game.settings import Settings
    from game.stats import Stats

    storage: Storage | None = None
    notices: list[Notice] = []
    if options.screenshot:
        # A picture changes nothing on disk: default settings, no saved game.
        settings, stats = Settings(language=options.lang or "en"), Stats()
        game = game or Game.random()
    else:
        storage, settings, stats, game, notices = _load_player(options.data_dir, game)
    settings.fullscreen = settings.fullscreen or options.fullscreen

    if options.screenshot:
        # Before arcade is imported: a headless (EGL) window, no display needed.
        os.environ["ARCADE_HEADLESS"] = "1"
        from game.ui import enable_headless_gui

        enable_headless_gui()

    from game.ui.app import build_table, save_screenshot
    from game.ui.atlas import AtlasError

    geometry = None
    if not options.screenshot:
        from game.geometry import place
        from game.ui.window import usable_areas

        geometry = place(None, usable_areas(), options.size)
    try:
        window, view = build_table(
            game,
            settings,
            size=options.size or (1280, 800),
            fullscreen=settings.fullscreen,
            animate_opening=not options.screenshot,
            geometry=geometry,
        )
    except AtlasError as err:  # a damaged atlas image: the message names it
        print(f"spider: {err}", file=sys.stderr)
        return 2
    except _window_errors() as err:
        print(f"spider: cannot open a window ({err}); try --screenshot to draw without a display", file=sys.stderr)
        return 1
    if options.screenshot:
        try:
            save_screenshot(window, view, options.screenshot)
        except (OSError, ValueError) as err:
            reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
            print(f"spider: --screenshot: cannot write '{options.screenshot}': {reason}", file=sys.stderr)
            return 2
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
