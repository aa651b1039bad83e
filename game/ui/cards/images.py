"""Which image each card shows, and the images scaled to the cards' size.

Cards are drawn from images pre-scaled to their size on screen, one texel per
pixel (sharp with nearest filtering and cheap on software OpenGL). Scaling
takes a while, so a worker thread makes them; until then, and after every
resize until the new ones are made, the full-size images are drawn. The
view asks `sharpen(size, quiet)` each frame; it answers True the moment new
images are in use (the caller then re-textures every card at once).
"""

from __future__ import annotations

import contextlib
import threading
import time
from pathlib import Path

import arcade
from PIL import Image

from game.engine import Card
from game.records.settings import Settings
from game.ui.cards.atlas import CardAtlas, CardSheet
from game.ui.cards.atlas_image import sheet_for
from game.ui.cards.loading import CardPipeline


class CardImages:
    """The card textures in use (`atlas`) and the background scaling job."""

    def __init__(
        self, atlas: CardAtlas | None = None, settings: Settings | None = None, cards: CardPipeline | None = None
    ) -> None:
        # A given atlas is used as it is (tests); the game's own, from `cards`
        # (a pipeline of its own without one), is rescaled.
        png = sheet_for(settings is not None and settings.large_print)[0]
        self.cards = cards if cards is not None else CardPipeline()
        self.sheet: CardSheet | None = None if atlas else CardSheet.shared(self.cards, png)
        self.atlas = atlas if atlas is not None else CardSheet.shared(self.cards, png).full()
        self.sharp_size: tuple[int, int] | None = None  # the size self.atlas is scaled for
        self.four_colour = False
        self.back = "spider"  # the card back the player chose (settings.CARD_BACKS)
        self._job: _ScaleJob | None = None
        if settings is not None:
            self.follow(settings, None)

    def follow(self, settings: Settings, size: tuple[int, int] | None) -> None:
        """Show the player's deck (four colours, large print) and back; a
        change of deck is made sharp at once at the cards' `size`."""
        self.four_colour = settings.four_colour
        self.back = settings.card_back
        if size is not None:
            self.use_sheet(sheet_for(settings.large_print)[0], size)

    def texture(self, card: Card) -> arcade.Texture:
        """The image a card shows now (its face or its back)."""
        return self.atlas.texture_for(card, card.face_up, self.four_colour, self.back)

    def back_texture(self) -> arcade.Texture:
        """The card back in use."""
        return self.atlas.back_of(self.back)

    def use_sheet(self, png: Path, size: tuple[int, int]) -> bool:
        """Show the deck of the sheet `png` (the large-print deck, or back to
        the standard one), at once at the cards' `size`: decoded and scaled
        now, once per process, the other deck's images kept for a return.
        True when the deck changed."""
        if self.sheet is None or self.sheet.png == png:
            return False
        if not CardSheet.is_loaded(self.cards, png):
            self.cards.start_loading(png, png.with_suffix(".json"), size)  # scaled while read: no full-size copies
        self.sheet = CardSheet.shared(self.cards, png)
        self._job = None
        self.sharp_size = None
        self.atlas = self.sheet.full()
        self.prepare(size)
        return True

    def resized(self, size: tuple[int, int]) -> None:
        """The cards have a new size: full-size images (linear filtering)
        until ones of that size are made."""
        if self.sheet is not None and self.sharp_size != size:
            self.atlas = self.sheet.full()
            self.sharp_size = None

    def wants(self, size: tuple[int, int]) -> bool:
        """True while images of `size` could still be made."""
        return self.sheet is not None and self.sharp_size != size

    def sharpen(self, size: tuple[int, int], quiet: bool) -> bool:
        """Start making images of `size` if need be; once made, and when
        `quiet` (nothing moves), use them. True when the images changed."""
        if not self.wants(size):
            return False
        assert self.sheet is not None
        job = self._job
        if job is None or job.size != size:
            self._job = _ScaleJob(self.sheet, size)
            return False
        if not job.done or not quiet:
            return False
        return self._take(job)

    def prepare(self, size: tuple[int, int]) -> bool:
        """Make the images of `size` now, waiting for them (a screenshot or a
        benchmark wants the table as players see it). True when they changed."""
        if not self.wants(size):
            return False
        assert self.sheet is not None
        if self._job is None or self._job.size != size:
            self._job = _ScaleJob(self.sheet, size)
        return self._take(self._job)

    def _take(self, job: _ScaleJob) -> bool:
        self._job = None
        images = job.result()
        if images is None or self.sheet is None:  # could not scale: full-size images for good
            self.sheet = None
            return False
        self.atlas = self.sheet.atlas(images, *job.size)
        self.sharp_size = job.size
        self.cards.save_cache(time.time())  # images of a size the window took, for the next launch at it
        return True


class _ScaleJob:
    """Card images scaled for one card size, made on a daemon thread (Pillow
    releases the GIL while resampling, so frames go on meanwhile)."""

    def __init__(self, sheet: CardSheet, size: tuple[int, int]) -> None:
        self.size = size
        self._images: dict[str, Image.Image] | None = None
        self._thread = threading.Thread(target=self._run, args=(sheet,), name="card-scaling", daemon=True)
        self._thread.start()

    def _run(self, sheet: CardSheet) -> None:
        # A failure leaves _images None: the view keeps the full-size images.
        with contextlib.suppress(OSError, ValueError, MemoryError):
            self._images = sheet.scaled_images(*self.size)

    @property
    def done(self) -> bool:
        return not self._thread.is_alive()

    def result(self) -> dict[str, Image.Image] | None:
        """The images (waiting for them if need be), or None if scaling failed."""
        self._thread.join()
        return self._images
