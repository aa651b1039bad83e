"""`spider` / `python -m game`: open the table.

Imports stay inside `main()` so that a bad option is refused at once and the
window's first frame is not delayed by work done at import time.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    import arcade

    from game.engine import Game
    from game.files.storage import Notice
    from game.play.session import Session
    from game.records.settings import Settings
    from game.records.share import SharedGame
    from game.system.geometry import Geometry
    from game.ui.table.view import GameView


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


def _window_problem(err: BaseException, environ: Mapping[str, str]) -> str:
    """Why no window opened, naming the display asked for (pyglet names the
    one it was given, "None" when it took DISPLAY itself)."""
    from game.words.echo import shown

    if type(err).__name__ != "NoSuchDisplayException":  # the display answered: OpenGL is missing or too old
        return f"cannot open a window ({err})"
    display = environ.get("DISPLAY", "")
    if not display:
        return "cannot open a window: there is no display (DISPLAY is not set)"
    return f"cannot open a window: the display {shown(display)} (DISPLAY) does not answer"


def _placement(settings: Settings, size: tuple[int, int] | None) -> tuple[Geometry, Callable[[str], Geometry] | None]:
    """Where the window opens; and on a first launch, where once the renderer
    is known: 90 % of the screen on a hardware renderer (up to the size
    whose cards are drawn at the atlas's own resolution, still sharp), at
    most `MAX_FIRST_SIZE` on a software one."""
    from game.system.geometry import parse, place, software_renderer
    from game.ui.app.window import usable_areas
    from game.ui.cards.atlas_image import read_layout, sheet_for
    from game.ui.cards.loading import sharp_window

    saved, areas = parse(settings.window, settings.window_maximized), usable_areas()
    geometry = place(saved, areas, size)
    if saved is not None or size is not None:
        return geometry, None

    def first(renderer: str) -> Geometry:
        if software_renderer(renderer):
            return geometry
        card_width = read_layout(sheet_for(settings.large_print)[1]).card_w
        return place(None, areas, cap=sharp_window(card_width))

    return geometry, first


def _expected_card_size(size: tuple[int, int] | None, settings: Settings, cache: Path) -> tuple[int, int]:
    """The cards' size as far as it is known before a display is asked:
    from ``--size``, else from the remembered window. A window that opens
    fullscreen, maximized or for the first time takes its size from the
    screen, so the size of the cards cached last is the best guess; else a
    guess (a wrong one costs a rescale after the first frames, not a wrong
    picture)."""
    from game.system.geometry import parse
    from game.ui.cards.cache import newest_size
    from game.ui.cards.loading import card_size_for

    saved = parse(settings.window, settings.window_maximized)
    if size is None and saved is not None and not settings.fullscreen and not saved.maximized:
        size = (saved.width, saved.height)
    if size is None:
        return newest_size(cache) or card_size_for((1280, 800))
    return card_size_for(size)


def _printable_output() -> None:
    """Whatever --help, --version or an error line holds (a folder's name in
    any bytes, any script) is printed, escaped where the terminal's encoding
    cannot show it, never raised as a UnicodeEncodeError."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _play(argv)
    except ImportError as err:  # pyglet could not load a system library (libGL, libX11 …)
        from game.system.system_libraries import missing_library

        line = missing_library(err)
        if line is None:
            raise
        print(f"spider: {line}", file=sys.stderr)
        return 1


def _play(argv: Sequence[str] | None) -> int:
    from game.cli import UsageError, parse

    _printable_output()
    try:
        options = parse(argv)
    except UsageError as err:
        print(f"spider: {err}", file=sys.stderr)
        return 2
    if options.desktop is not None:
        from game.files.desktop import run

        status, line = run(options.desktop, os.environ)
        print(line, file=sys.stderr if status else sys.stdout)
        return status
    game = options.game
    from game.files.storage import BadDataFolder, resolve_data_dir

    try:  # a launch makes the folder; a picture never writes there
        folder = resolve_data_dir(options.data_dir, os.environ, make=not options.screenshot)
    except BadDataFolder as err:  # --data-dir, SPIDER_DATA_DIR or the platform's: named in the line
        print(f"spider: {err}", file=sys.stderr)
        return 2

    # Importing arcade would probe for audio drivers and FFmpeg (a library search
    # and a connection to the sound server, slowing every launch): it gets the
    # silent driver, and the sounds (WAV: no FFmpeg) open the real one after the
    # first frame, on a thread of their own (game/ui/sound/output.py).
    os.environ.setdefault("PYGLET_AUDIO", "silent")
    # Faster frames: no glGetError after each of the ~190 GL calls of a frame (pyglet's debug default).
    os.environ.setdefault("PYGLET_DEBUG_GL", "0")
    from game.system import internals

    internals.skip_ffmpeg_probe()

    from game.system.resources import ResourceError, check_launch_files
    from game.words.i18n import check_catalogues

    try:
        check_launch_files()
        check_catalogues()
    except ResourceError as err:
        print(f"spider: {err}", file=sys.stderr)
        return 2

    from dataclasses import replace

    session: Session | None = None
    notices: list[Notice] = []
    if options.screenshot:
        # A picture reads the player's settings and changes nothing on disk.
        from game.files.storage import Storage

        settings = Storage(folder).peek_settings()
        settings = replace(settings, language=options.lang or settings.language, fullscreen=False)
        game = game or _pictured_deal(options.replay)
    else:
        from game.files.folder_lock import FolderLockError
        from game.play.session import Session

        try:
            session, notices = Session.open(
                folder, game, fullscreen=options.fullscreen, language=options.lang, background=True
            )
        except FolderLockError as err:  # in use, or something in the lock's place
            print(f"spider: {err}", file=sys.stderr)
            return 2
        settings, game = session.settings, session.game
    from game.files.storage import resolve_cache_dir
    from game.ui.cards.atlas_image import sheet_for
    from game.ui.cards.loading import CardPipeline

    cards = CardPipeline()  # the card images of this process, handed to the table
    # The card images of other suits and backs stay packed, the GPU atlas is sized for this game.
    cards.expect(game.suits, settings.four_colour, settings.card_back)
    # The card images for this window's cards: from the cache when an earlier
    # launch made them (a few ms), else decoded and scaled on a thread while
    # arcade imports.
    cache = resolve_cache_dir(options.data_dir, os.environ)
    size = _expected_card_size(options.size, settings, cache)
    # Only the deck chosen is decoded (the large-print deck has its own sheet).
    png, _ = sheet_for(settings.large_print)
    cards.start_decoding(png, card_size=size, cache=cache, write=not options.screenshot)  # a picture only reads it

    if options.screenshot:
        # Before arcade is imported: a headless (EGL) window, no display needed.
        os.environ["ARCADE_HEADLESS"] = "1"
        from game.ui import enable_headless_input

        enable_headless_input()

    from game.ui.app.build import build_table, save_screenshot
    from game.ui.cards.atlas import AtlasError

    internals.check_ffmpeg_probe_skipped()  # arcade, and so pyglet.media, is imported now

    cards.finish_loading()  # less memory: the decoded card sheet is freed before the GL context is made

    geometry = first = None
    try:
        if not options.screenshot:
            geometry, first = _placement(settings, options.size)
        window, view = build_table(
            game,
            settings,
            size=options.size or (1280, 800),
            fullscreen=settings.fullscreen,
            animate_opening=not options.screenshot,
            geometry=geometry,
            first_window=first,
            cards=cards,
        )
    except AtlasError as err:  # a damaged atlas image: the message names it
        print(f"spider: {err}", file=sys.stderr)
        return 2
    except _window_errors() as err:
        print(
            f"spider: {_window_problem(err, os.environ)}; try --screenshot to draw without a display", file=sys.stderr
        )
        return 1
    if options.screenshot:
        from game.words.echo import shown

        view = _pictured_view(window, view, options.replay)
        try:
            save_screenshot(window, view, options.screenshot)
        except (OSError, ValueError) as err:
            reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
            print(f"spider: --screenshot: cannot write {shown(str(options.screenshot))}: {reason}", file=sys.stderr)
            return 2
        window.close()
        return 0

    import time

    from game.ui.app.controller import SpiderApp

    if session is None:  # only --screenshot runs without one, and it has returned
        return 0
    app = SpiderApp(view, session)
    app.show_notices(notices)
    if options.replay is not None:  # --replay: watched over the game in progress, which stays as it was
        app.watch(options.replay)

    import arcade

    arcade.schedule_once(lambda _: app.start_sound(), 0.1)
    arcade.schedule_once(lambda _: app.load_screens(), 0.3)
    arcade.schedule_once(lambda _: app.start_pads(), 0.4)  # game controllers, if any
    arcade.schedule_once(lambda _: app.start_accessibility(), 0.5)  # screen readers, if any
    arcade.schedule_once(lambda _: cards.save_cache(time.time()), 1.0)  # after the opening frames
    arcade.run()
    return 0


def _pictured_deal(shared: SharedGame | None) -> Game:
    """The deal ``--screenshot`` draws without ``--code``: with ``--replay``,
    the replay's (what it opens on), else a random one."""
    from game.engine import Game

    return Game.random() if shared is None else Game.from_code(shared.code)


def _pictured_view(window: arcade.Window, table: GameView, shared: SharedGame | None) -> GameView:
    """What ``--screenshot`` draws: the table, or with ``--replay`` the
    replay shown as it opens (its strip over the deal, at action 0 of N)."""
    if shared is None:
        return table
    from game.engine.replay import Replay
    from game.ui.table.replay import ReplayView
    from game.words.i18n import Translator

    view = ReplayView(
        Replay(shared.code, shared.record),
        table.settings,
        Translator(table.settings.language),
        lambda: None,
        window=window,
        atlas=table.images.atlas if table.images.sheet is None else None,  # as the application does (SpiderApp.watch)
        cards=table.images.cards,
    )
    view.scene.finish()  # the deal laid out, as the picture of a table is
    window.show_view(view)
    return view


if __name__ == "__main__":
    sys.exit(main())
