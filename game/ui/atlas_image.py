"""Reading the card sheet: decode the PNG, cut it, scale the cards; no arcade here.

The sheet is a 2600x2000 PNG (21 MB decoded in RGBA) holding 82 images of
200x280 pixels. The table draws them pre-scaled to the cards' size on screen,
so the full-size images are only ever a step on the way: `load` crops and
resizes one image at a time from the decoded sheet, and the sheet is dropped
as soon as the scaled images exist. Faces the opening game cannot show
(other suits; four-colour faces unless chosen: `expect`) are kept
zlib-compressed and unpacked on first use. At 1280x800 and one suit that
leaves ~2 MB of images instead of the 21 MB sheet plus 19 MB of full-size
crops.

Decoding (~70 ms) and scaling (~100 ms) are Pillow work that releases the
GIL, so `python -m game` starts them on a thread, with the card size its
window will have, before `import arcade` (pure Python, ~0.25 s) and the
window: launch then pays for the slower of the two, not both, and the
sheet's memory is freed before the GL context's is taken (`finish_loading`).
"""

from __future__ import annotations

import contextlib
import json
import threading
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from PIL import Image

from game import resources
from game.engine.cards import COMPOSITION

from . import card_cache

RESOURCES = resources.root()  # the launch has checked it (game.resources.check_launch_files)
ATLAS_PNG = RESOURCES / "cards.png"
ATLAS_JSON = RESOURCES / "cards.json"

SPECIAL = ("back", "empty", "stock", "highlight")  # the images that are not faces

_V = TypeVar("_V")

Box = tuple[int, int, int, int]  # left, top, right, bottom in the sheet


@dataclass(frozen=True)
class SheetLayout:
    """What `cards.json` says: each image's box, the card size, the glow's margin."""

    boxes: Mapping[str, Box]
    card_w: int
    card_h: int
    margin_px: float


Packed = card_cache.Packed  # an image's size and its RGBA bytes, zlib-compressed


class LazyDict(dict[str, _V]):
    """A dict whose values are made on first use (`__missing__`): `get` and
    `in` also see the names whose values are not made yet (`_makes`)."""

    def _makes(self, name: object) -> bool:
        raise NotImplementedError

    def get(self, name: str, default: Any = None) -> Any:
        try:
            return self[name]
        except KeyError:
            return default

    def __contains__(self, name: object) -> bool:
        return super().__contains__(name) or self._makes(name)


class Images(LazyDict[Image.Image]):
    """Card images by name; those no table shows yet are kept compressed
    (~11 KB instead of ~70 KB each at 1280x800) and unpacked on first use."""

    def __init__(self, images: dict[str, Image.Image], packed: dict[str, Packed] | None = None) -> None:
        super().__init__(images)
        self.packed = packed or {}

    def _makes(self, name: object) -> bool:
        return name in self.packed

    def __missing__(self, name: str) -> Image.Image:
        packed = self.packed.pop(name, None)
        if packed is None:
            raise KeyError(name)
        (w, h), data = packed
        raw = zlib.decompress(data)
        if len(raw) != w * h * 4:
            raise ValueError(f"the packed image {name} is not {w}x{h} RGBA")
        image = Image.frombytes("RGBA", (w, h), raw)
        self[name] = image
        return image

    def names(self) -> list[str]:
        """Every name, unpacked or not."""
        return [*self.keys(), *self.packed]

    def unpack_all(self) -> Images:
        for name in list(self.packed):
            _ = self[name]
        return self


def pack(image: Image.Image) -> Packed:
    """A card image, quickly compressed (lossless: unpacked, the same pixels;
    ~0.3 ms each to pack, ~0.15 ms to unpack)."""
    return image.size, zlib.compress(image.convert("RGBA").tobytes(), 1)


_expected: tuple[int, bool] | None = None


def expect(suits: int, four_colour: bool) -> None:
    """The table about to be built shows a game of `suits` suits: images of
    other faces are kept packed until asked for, and the GPU atlas is sized
    for the faces this game can show. Launch calls this as soon as it knows
    the game (the thread reading the sheet may already be scaling)."""
    global _expected
    _expected = (suits, four_colour)


def expected() -> tuple[int, bool] | None:
    return _expected


def shown_names(names: Iterable[str], suits: int, four_colour: bool) -> list[str]:
    """The images a table of `suits` suits can show: the special ones and the
    faces of its suits (with the four-colour ones if they are chosen)."""
    in_play = {suit for suit, _ in COMPOSITION.get(suits, COMPOSITION[4])}
    return [
        name
        for name in names
        if name in SPECIAL
        or (name[-1:] in in_play and not name.endswith("-4c"))
        or (four_colour and name.endswith("-4c") and name[1:2] in in_play)
    ]


@dataclass
class Loaded:
    """The result of reading the sheet: the full-size crops (`source`) when no
    card size was asked for, else only `scaled` (at `size`); `packed` holds
    every scaled image compressed when they are to be cached."""

    layout: SheetLayout
    stamp: str
    source: dict[str, Image.Image] | None = None
    size: tuple[int, int] | None = None
    scaled: Images | None = None
    packed: dict[str, Packed] | None = None


def read_layout(rects: Path) -> SheetLayout:
    """The rectangles of `cards.json` (`ValueError` if it is not one)."""
    data = json.loads(Path(rects).read_text(encoding="utf-8"))
    raw = data.get("images", data) if isinstance(data, dict) else None
    if not isinstance(raw, dict):
        raise ValueError(f"{rects.name} is not a JSON object of image rectangles")
    try:
        boxes: dict[str, Box] = {}
        for name, r in raw.items():
            if not isinstance(r, dict) or not {"x", "y", "w", "h"} <= r.keys():
                continue  # metadata entries, if any
            x, y, w, h = int(r["x"]), int(r["y"]), int(r["w"]), int(r["h"])
            boxes[name] = (x, y, x + w, y + h)
        card = data.get("card", {})
        back = boxes.get("back")
        card_w = int(card.get("w", back[2] - back[0] if back else 200))
        card_h = int(card.get("h", back[3] - back[1] if back else 280))
        margin = float(data.get("highlight_margin", 0))
    except (TypeError, AttributeError, ValueError) as err:
        raise ValueError(f"{rects.name}: a rectangle or size is not a number ({err})") from None
    if card_w <= 0 or card_h <= 0:
        raise ValueError(f"{rects.name}: the card size must be positive")
    return SheetLayout(boxes, card_w, card_h, margin)


def decode(png: Path) -> Image.Image:
    """The sheet, decoded, in RGBA."""
    image = Image.open(png)
    image.load()  # reads the whole file and closes it
    return image if image.mode == "RGBA" else image.convert("RGBA")


def scaled_size(image_w: int, image_h: int, layout: SheetLayout, card_w: int, card_h: int) -> tuple[int, int]:
    """An image's size for cards of `card_w` x `card_h` (the glow keeps its margin)."""
    return (max(1, round(image_w * card_w / layout.card_w)), max(1, round(image_h * card_h / layout.card_h)))


def cut_and_scale(sheet: Image.Image, layout: SheetLayout, size: tuple[int, int] | None) -> dict[str, Image.Image]:
    """Every image of the sheet, resized (Lanczos) for cards of `size`, or at
    full size when `size` is None. One full-size crop exists at a time."""
    out: dict[str, Image.Image] = {}
    for name, box in layout.boxes.items():
        crop = sheet.crop(box)
        if size is not None:
            crop = crop.resize(scaled_size(crop.width, crop.height, layout, *size), Image.Resampling.LANCZOS)
        out[name] = crop
    return out


def scale_images(
    images: Mapping[str, Image.Image], layout: SheetLayout, size: tuple[int, int]
) -> dict[str, Image.Image]:
    """Full-size images resized for cards of `size` (as `cut_and_scale` does)."""
    return {
        name: image.resize(scaled_size(image.width, image.height, layout, *size), Image.Resampling.LANCZOS)
        for name, image in images.items()
    }


def load(png: Path, rects: Path, size: tuple[int, int] | None, pack_all: bool = False) -> Loaded:
    """Read the sheet: scaled for cards of `size`, or the full-size crops;
    with `pack_all`, every scaled image also compressed (for the cache).
    `OSError`/`ValueError` when the files cannot be read."""
    layout = read_layout(rects)
    stamp = f"{png.stat().st_mtime_ns}"
    sheet = decode(png)
    if size is None:
        return Loaded(layout, stamp, source=cut_and_scale(sheet, layout, None))
    # The game is known by now when launch could tell (decoding took longer).
    game = _expected
    shown = set(layout.boxes if game is None else shown_names(layout.boxes, *game))
    images: dict[str, Image.Image] = {}
    packed: dict[str, Packed] = {}
    every: dict[str, Packed] = {}
    for name, box in layout.boxes.items():
        crop = sheet.crop(box)
        image = crop.resize(scaled_size(crop.width, crop.height, layout, *size), Image.Resampling.LANCZOS)
        if pack_all or name not in shown:
            every[name] = pack(image)
        if name in shown:
            images[name] = image
        else:
            packed[name] = every[name]  # one unpacked image at a time: its memory is reused
    return Loaded(layout, stamp, size=size, scaled=Images(images, packed), packed=every if pack_all else None)


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
        for name in shown_names(layout.boxes, *_expected) if _expected is not None else layout.boxes:
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
            loaded = load(png, rects, size, pack_all=write and cache is not None and size is not None)
        except (OSError, ValueError, MemoryError) as err:  # handed to the caller of take()
            box.append(err)
            return
        if cache is not None and loaded.packed is not None and loaded.size is not None:
            with contextlib.suppress(OSError):
                _unsaved[loaded.size] = (cache, card_cache.sheet_key(png, rects), loaded.packed)
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
    from .layout import COLUMNS, DEALS, TableShape, compute_layout

    # The card size depends on the window only, not on the cards dealt.
    table = compute_layout(*window_size, TableShape(((),) * COLUMNS, DEALS, 0))
    return (round(table.card_width), round(table.card_height))


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
    if _cache is None or _cache[0] != png:
        return
    _, _, folder, key = _cache
    _unsaved[size] = (folder, key, {name: pack(image) for name, image in images.items()})


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
