"""The card pipeline: the card images from the sheet (or the cache an
earlier launch left) to the sheets the tables draw from; no arcade here.

One `CardPipeline` is made at launch and handed to whoever needs the cards
(the table's images, their sheets): it holds what the process knows of them,
so nothing about the cards is kept in a module. `python -m game` makes it
and calls `start_decoding` with the cards' size as soon as it knows the game,
before `import arcade` (pure Python, and slow) and the window: with the
images cached for that size (`card_cache`) they are read at once; otherwise
the sheet is decoded and scaled on a thread (Pillow releases the GIL while
resampling), and launch pays for the slower of the two, not both. The
sheet's memory is freed before the GL context's is taken (`finish_loading`).
Images made at launch, or later for a size the window took, are written to
the cache after the first frames (`save_cache`).

Threads meet at the images waiting to be written: the launch thread and the
worker threads that scale a new size add to them while the main thread's
`save_cache` takes them. They wait in a deque, whose appends and pops are
thread-safe, and are taken one by one: images added while a save is under
way are taken by it or stay for the next one, never dropped. The rest is
set before any thread reads it, or only used on the main thread.
"""

from __future__ import annotations

import contextlib
import threading
import zlib
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from game.ui.cards import cache as card_cache
from game.ui.cards.atlas_image import (
    ATLAS_JSON,
    ATLAS_PNG,
    DEFAULT_BACK,
    Expected,
    Images,
    Loaded,
    Packed,
    load,
    pack,
    read_layout,
    shown_names,
)


def from_cache(
    png: Path, rects: Path, size: tuple[int, int], folder: Path, game: Expected | None = None
) -> Loaded | None:
    """The images for cards of `size` as an earlier launch cached them in
    `folder`, with those `game` shows unpacked (all without one); None on a miss."""
    try:
        key = card_cache.sheet_key(png, rects)
        layout = read_layout(rects)
        stamp = f"{png.stat().st_mtime_ns}"
    except (OSError, ValueError):  # the sheet's own problem: reading it will tell
        return None
    packed = card_cache.read(folder, size, key)
    if packed is None or set(packed) != set(layout.boxes):
        return None
    images = Images({}, packed)
    try:
        for name in shown_names(layout.boxes, *game) if game is not None else layout.boxes:
            _ = images[name]
    except (zlib.error, ValueError):  # the checksum held, yet not images of ours
        return None
    return Loaded(layout, stamp, size=size, scaled=images)


@dataclass
class _Load:
    """A sheet being read: its thread (None when the cache gave the images at
    once), its rectangles, and what it read (or why it could not)."""

    thread: threading.Thread | None
    rects: Path
    result: list[Loaded | Exception]


@dataclass(frozen=True)
class _CacheFolder:
    """Where images of the sheet `png` are written, and what they are made from."""

    png: Path
    rects: Path
    folder: Path
    key: str


# Images to write: the card size, the folder, the sheet's key and the images.
_Unsaved = tuple[tuple[int, int], Path, str, dict[str, Packed]]


class CardPipeline:
    """The card images of one process, from the sheet to the sheets the
    tables draw from: the game launch expects, the sheets being read, the
    cache folder, the images waiting to be written and the sheets loaded."""

    def __init__(self) -> None:
        # The game the first table shows (suits, four colours, back), once known.
        self.expected: Expected | None = None
        # The sheets loaded, by their PNG: each read once (`atlas.CardSheet.shared`,
        # whose arcade this module does not import).
        self.sheets: dict[Path, object] = {}
        self._loads: dict[Path, _Load] = {}
        self._cache: _CacheFolder | None = None
        # Appended to by the launch and scaling threads, taken by save_cache (thread-safe both ways).
        self._unsaved: deque[_Unsaved] = deque()

    def expect(self, suits: int, four_colour: bool, back: str = DEFAULT_BACK) -> None:
        """The table about to be built shows a game of `suits` suits with the card
        back `back`: images of other faces and backs are kept packed until asked
        for, and the GPU atlas is sized for the images this game can show. Launch
        calls this as soon as it knows the game (before the sheet is read)."""
        self.expected = (suits, four_colour, back)

    def start_loading(
        self,
        png: Path = ATLAS_PNG,
        rects: Path = ATLAS_JSON,
        size: tuple[int, int] | None = None,
        cache: Path | None = None,
        write: bool = True,
    ) -> None:
        """Begin `load(png, rects, size)` on a background thread; `take` collects
        it. With a `cache` folder and a `size`, images cached there by an earlier
        launch are read at once instead (no thread); on a miss, unless `write`
        is False, the thread's images are kept for `save_cache`."""
        if png in self._loads:
            return
        if cache is not None and write:
            with contextlib.suppress(OSError):
                self._cache = _CacheFolder(png, rects, cache, card_cache.sheet_key(png, rects))
        if cache is not None and size is not None:
            cached = from_cache(png, rects, size, cache, self.expected)
            if cached is not None:
                self._loads[png] = _Load(None, rects, [cached])
                return
        result: list[Loaded | Exception] = []

        def work() -> None:
            try:
                loaded = load(png, rects, size, pack_all=self._caching(png) and size is not None, game=self.expected)
            except (OSError, ValueError, MemoryError) as err:  # handed to the caller of take()
                result.append(err)
                return
            if loaded.packed is not None and loaded.size is not None:
                self._to_write(png, loaded.size, loaded.packed)
            loaded.packed = None
            result.append(loaded)

        thread = threading.Thread(target=work, name="card-sheet", daemon=True)
        self._loads[png] = _Load(thread, rects, result)
        thread.start()

    def start_decoding(
        self,
        png: Path = ATLAS_PNG,
        window_size: tuple[int, int] | None = None,
        cache: Path | None = None,
        card_size: tuple[int, int] | None = None,
        write: bool = True,
    ) -> None:
        """Begin reading the sheet, scaled for the cards of a window of
        `window_size` (or for cards of `card_size`) when it is known (the table's
        layout decides the card size), from the `cache` folder when it holds them
        (and written there for the next launch, unless `write` is False)."""
        size = card_size
        if window_size is not None:
            size = card_size_for(window_size)
        self.start_loading(png, ATLAS_JSON if png == ATLAS_PNG else png.with_suffix(".json"), size, cache, write)

    def finish_loading(self) -> None:
        """Wait for any sheet being read on a thread (the result stays for `take`).
        Called before the GL context is made: the 21 MB decoded sheet is then
        freed before the context's memory (~80 MB on software OpenGL) is taken,
        so the two never add up in the peak. Nothing to wait for when the images
        came from the cache."""
        for started in list(self._loads.values()):
            if started.thread is not None:
                started.thread.join()

    def take(self, png: Path, rects: Path) -> Loaded:
        """What the background thread read (or the cache gave), if `start_loading`
        was called for `png`; else read now at full size."""
        started = self._loads.pop(png, None)
        if started is None or started.rects != rects:
            return load(png, rects, None)
        if started.thread is not None:
            started.thread.join()
        result = started.result[0]
        if isinstance(result, Exception):
            raise result
        return result

    def cached_images(self, png: Path, size: tuple[int, int]) -> Images | None:
        """The images of the sheet `png` for cards of `size` from the launch's
        cache folder, if it holds them (a window resized to a size it had
        before, or launch guessed the size wrong); None otherwise."""
        cache = self._cache
        if cache is None or cache.png != png:
            return None
        loaded = from_cache(png, cache.rects, size, cache.folder, self.expected)
        return None if loaded is None else loaded.scaled

    def offer_to_cache(self, png: Path, size: tuple[int, int], images: Mapping[str, Image.Image]) -> None:
        """Images of the sheet `png` scaled for a size the window took (it was
        resized, or launch guessed its size wrong): packed here, on the worker
        thread that scaled them, and written by the next `save_cache`."""
        if self._caching(png):
            self._to_write(png, size, {name: pack(image) for name, image in images.items()})

    def save_cache(self, now: float) -> threading.Thread | None:
        """Write the images the launch (or a resize) made to the cache folder, on
        a thread (a write per size: it does not hold up frames). The thread, or
        None if nothing is to be written (they came from the cache, or no folder
        was given). Images offered meanwhile are written by this save or the next."""
        jobs: dict[tuple[int, int], tuple[Path, str, dict[str, Packed]]] = {}
        while True:
            try:
                size, folder, key, packed = self._unsaved.popleft()
            except IndexError:
                break
            jobs[size] = (folder, key, packed)  # the newest images of a size
        if not jobs:
            return None

        def work() -> None:
            for size, (folder, key, packed) in jobs.items():
                card_cache.write(folder, size, key, packed, now)

        thread = threading.Thread(target=work, name="card-cache", daemon=True)
        thread.start()
        return thread

    def _caching(self, png: Path) -> bool:
        """Whether images of the sheet `png` are to be written to a cache folder."""
        return self._cache is not None and self._cache.png == png

    def _to_write(self, png: Path, size: tuple[int, int], packed: dict[str, Packed]) -> None:
        cache = self._cache
        if cache is not None and cache.png == png:
            self._unsaved.append((size, cache.folder, cache.key, packed))


def card_size_for(window_size: tuple[int, int]) -> tuple[int, int]:
    """The size of the cards a window of `window_size` draws, in whole pixels."""
    from game.ui.layout.table import COLUMNS, DEALS, TableShape, compute_layout

    # The card size depends on the window only, not on the cards dealt.
    table = compute_layout(*window_size, TableShape(((),) * COLUMNS, DEALS, 0))
    return (round(table.card_width), round(table.card_height))


def sharp_window(card_width: int) -> tuple[int, int]:
    """The largest window in the table's proportions whose cards are at most
    `card_width` wide: the cards' images drawn at their own resolution or
    below, never enlarged (blurred)."""
    from game.system.geometry import TABLE_RATIO

    low, high = 800, 16_384
    while low < high:
        mid = (low + high + 1) // 2
        if card_size_for((mid, round(mid / TABLE_RATIO)))[0] <= card_width:
            low = mid
        else:
            high = mid - 1
    return low, round(low / TABLE_RATIO)
