"""Loading the card images at launch: from the cache an earlier launch left
(quick), else on a thread while arcade imports; no arcade here.

`python -m game` calls `start_decoding` with the cards' size as soon as it
knows the game, before `import arcade` (pure Python, and slow) and the
window: with the images cached for that size (`card_cache`) they are read
at once; otherwise the sheet is decoded and scaled on a thread (Pillow
releases the GIL while resampling), and launch pays for the slower of the
two, not both. The sheet's memory is freed before the GL context's is
taken (`finish_loading`). Images made at launch, or later for a size the
window took, are written to the cache after the first frames (`save_cache`).
"""

from __future__ import annotations

import contextlib
import threading
import zlib
from collections.abc import Mapping
from pathlib import Path

from PIL import Image

from game.ui.cards import cache as card_cache
from game.ui.cards.atlas_image import (
    ATLAS_JSON,
    ATLAS_PNG,
    Images,
    Loaded,
    Packed,
    expected,
    load,
    pack,
    read_layout,
    shown_names,
)


def from_cache(png: Path, rects: Path, size: tuple[int, int], folder: Path) -> Loaded | None:
    """The images for cards of `size` as an earlier launch cached them in
    `folder`, with those the expected game shows unpacked; None on a miss."""
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
        game = expected()
        for name in shown_names(layout.boxes, *game) if game is not None else layout.boxes:
            _ = images[name]
    except (zlib.error, ValueError):  # the checksum held, yet not images of ours
        return None
    return Loaded(layout, stamp, size=size, scaled=images)


_pending: dict[Path, tuple[threading.Thread | None, Path, tuple[int, int] | None, list[Loaded | Exception]]] = {}
# What to cache once the first frame is drawn: by card size, the folder, the sheet's key and the images.
_unsaved: dict[tuple[int, int], tuple[Path, str, dict[str, Packed]]] = {}
# The sheet, its rectangles, the cache folder and the sheet's key, once known.
_cache: tuple[Path, Path, Path, str] | None = None


def start_loading(
    png: Path = ATLAS_PNG,
    rects: Path = ATLAS_JSON,
    size: tuple[int, int] | None = None,
    cache: Path | None = None,
    write: bool = True,
) -> None:
    """Begin `load(png, rects, size)` on a background thread; `take` collects
    it. With a `cache` folder and a `size`, images cached there by an earlier
    launch are read at once instead (a few ms, no thread); on a miss, unless
    `write` is False, the thread's images are kept for `save_cache`."""
    global _cache
    if png in _pending:
        return
    box: list[Loaded | Exception] = []
    if cache is not None and write:
        with contextlib.suppress(OSError):
            _cache = (png, rects, cache, card_cache.sheet_key(png, rects))
    if cache is not None and size is not None:
        cached = from_cache(png, rects, size, cache)
        if cached is not None:
            _pending[png] = (None, rects, size, [cached])
            return

    def work() -> None:
        try:
            loaded = load(png, rects, size, pack_all=_caching(png) and size is not None)
        except (OSError, ValueError, MemoryError) as err:  # handed to the caller of take()
            box.append(err)
            return
        if loaded.packed is not None and loaded.size is not None:
            _to_write(png, loaded.size, loaded.packed)
        loaded.packed = None
        box.append(loaded)

    thread = threading.Thread(target=work, name="card-sheet", daemon=True)
    _pending[png] = (thread, rects, size, box)
    thread.start()


def start_decoding(
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
    start_loading(png, ATLAS_JSON if png == ATLAS_PNG else png.with_suffix(".json"), size, cache, write)


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


def cached_images(png: Path, size: tuple[int, int]) -> Images | None:
    """The images of the sheet `png` for cards of `size` from the launch's
    cache folder, if it holds them (a window resized to a size it had
    before, or launch guessed the size wrong); None otherwise."""
    if _cache is None or _cache[0] != png:
        return None
    _, rects, folder, _ = _cache
    loaded = from_cache(png, rects, size, folder)
    return None if loaded is None else loaded.scaled


def offer_to_cache(png: Path, size: tuple[int, int], images: Mapping[str, Image.Image]) -> None:
    """Images of the sheet `png` scaled for a size the window took (it was
    resized, or launch guessed its size wrong): packed here, on the worker
    thread that scaled them, and written by the next `save_cache`."""
    if _caching(png):
        _to_write(png, size, {name: pack(image) for name, image in images.items()})


def _caching(png: Path) -> bool:
    """Whether images of the sheet `png` are to be written to a cache folder."""
    return _cache is not None and _cache[0] == png


def _to_write(png: Path, size: tuple[int, int], packed: dict[str, Packed]) -> None:
    if _cache is not None and _cache[0] == png:
        _, _, folder, key = _cache
        _unsaved[size] = (folder, key, packed)


def save_cache(now: float) -> threading.Thread | None:
    """Write the images the launch (or a resize) made to the cache folder, on
    a thread (a write per size: it does not hold up frames). The thread, or
    None if nothing is to be written (they came from the cache, or no folder
    was given)."""
    jobs = [(folder, size, key, packed) for size, (folder, key, packed) in list(_unsaved.items())]
    _unsaved.clear()
    if not jobs:
        return None

    def work() -> None:
        for job in jobs:
            card_cache.write(*job, now)

    thread = threading.Thread(target=work, name="card-cache", daemon=True)
    thread.start()
    return thread


def finish_loading() -> None:
    """Wait for any sheet being read on a thread (the result stays for `take`).
    Called before the GL context is made: the 21 MB decoded sheet is then
    freed before the context's memory (~80 MB on software OpenGL) is taken,
    so the two never add up in the peak. Nothing to wait for when the images
    came from the cache."""
    for thread, _, _, _ in list(_pending.values()):
        if thread is not None:
            thread.join()


def take(png: Path, rects: Path) -> Loaded:
    """What the background thread read (or the cache gave), if `start_loading`
    was called for `png`; else read now at full size."""
    entry = _pending.pop(png, None)
    if entry is None or entry[1] != rects:
        return load(png, rects, None)
    thread, _, _, box = entry
    if thread is not None:
        thread.join()
    result = box[0]
    if isinstance(result, Exception):
        raise result
    return result
