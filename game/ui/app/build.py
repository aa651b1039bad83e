"""Building the window and the table: shared by `python -m game`, tests and benchmarks.

`build_table(...)` makes the window and the table view for given options
without running the event loop, so a benchmark or a screenshot can drive
frames by hand.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import arcade
from PIL import Image

from game.engine import Game
from game.files.atomic_files import write_atomically
from game.play.clock import PlayClock
from game.records.settings import Settings
from game.system.geometry import MIN_SIZE, Geometry
from game.ui.app.window import SpiderWindow
from game.ui.cards.atlas import CardAtlas
from game.ui.cards.loading import CardPipeline
from game.ui.table.view import GameView
from game.words.i18n import Translator

__all__ = ["MIN_SIZE", "SpiderWindow", "build_table", "save_screenshot"]


def build_table(
    game: Game,
    settings: Settings | None = None,
    size: tuple[int, int] = (1280, 800),
    fullscreen: bool = False,
    window: arcade.Window | None = None,
    atlas: CardAtlas | None = None,
    animate_opening: bool = True,
    geometry: Geometry | None = None,
    first_window: Callable[[str], Geometry] | None = None,
    cards: CardPipeline | None = None,
) -> tuple[arcade.Window, GameView]:
    """A window (new unless given) showing the table for `game`; `geometry`
    (where the window opens, `game.system.geometry.place`) overrides `size`,
    and `first_window(renderer)` both once OpenGL names its renderer. The
    cards come from `cards` (the launch's pipeline), else from a pipeline of
    the table's own."""
    settings = settings or Settings()
    translator = Translator(settings.language)
    if window is None:
        window = SpiderWindow(
            size[0],
            size[1],
            translator.t("table.title"),
            fullscreen=fullscreen or settings.fullscreen,
            geometry=geometry,
            first_window=first_window,
        )
    view = GameView(
        game, settings, translator, atlas=atlas, window=window, animate_opening=animate_opening, cards=cards
    )
    if isinstance(window, SpiderWindow):
        view.on_quit = window.quit  # Ctrl+Q: the window remembers itself, then closes
    window.show_view(view)
    return window, view


def save_screenshot(window: arcade.Window, view: GameView, path: Path) -> None:
    """Draw one frame of the table at rest and write it as an image (without
    a session, its clock at 0:00)."""
    if view.play_clock is None:
        view.play_clock = PlayClock(lambda: 0.0)
    view.prepare_images()
    view.on_update(0.0)
    window.clear()
    view.on_draw()
    window.ctx.finish()
    image = arcade.get_image(0, 0, *window.get_framebuffer_size())
    Image.init()
    kind = Image.registered_extensions().get(path.suffix.lower())
    if kind is None:
        raise ValueError(f"cannot write {path.suffix} images")
    encoded = io.BytesIO()
    image.convert("RGB").save(encoded, format=kind)
    # Like the player's files: a link in the picture's place is replaced, never written through.
    data = encoded.getvalue()
    write_atomically(path, data, limit=len(data), private=False)
