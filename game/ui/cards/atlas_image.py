"""Reading the card sheet: decode the PNG, cut it, scale the cards; no arcade here.

The sheet is a 2600x2000 PNG (21 MB decoded in RGBA) holding 82 images of
200x280 pixels. The table draws them pre-scaled to the cards' size on screen,
so the full-size images are only ever a step on the way: `load` crops and
resizes one image at a time from the decoded sheet, and the sheet is dropped
as soon as the scaled images exist. Faces the opening game cannot show
(other suits; four-colour faces unless chosen: `CardPipeline.expect`) are kept
zlib-compressed and unpacked on first use. At 1280x800 and one suit that
leaves ~2 MB of images instead of the 21 MB sheet plus 19 MB of full-size
crops.

Decoding and scaling happen at launch on a thread, or
not at all when the images are cached: see `loading`.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from PIL import Image

from game.engine.cards import COMPOSITION
from game.system import resources
from game.ui.cards import cache as card_cache

RESOURCES = resources.root()  # the launch has checked it (game.system.resources.check_launch_files)
ATLAS_PNG = RESOURCES / "cards.png"
ATLAS_JSON = RESOURCES / "cards.json"
# The large-print deck: its own sheet with the same names (faces, backs and
# marks), so only the deck chosen is ever decoded.
LARGE_PNG = RESOURCES / "cards-large.png"
LARGE_JSON = RESOURCES / "cards-large.json"


def sheet_for(large_print: bool) -> tuple[Path, Path]:
    """The sheet (PNG and rectangles) of the deck chosen."""
    return (LARGE_PNG, LARGE_JSON) if large_print else (ATLAS_PNG, ATLAS_JSON)


SPECIAL = ("back", "empty", "stock", "highlight")  # the images that are not faces, which every sheet has
DEFAULT_BACK = "spider"


def back_image(back: str) -> str:
    """The image of the card back a player calls `back` (settings.CARD_BACKS):
    ``back`` for the spider, ``back-<name>`` for the others."""
    return "back" if back == DEFAULT_BACK else f"back-{back}"


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
    cheap both ways)."""
    return image.size, zlib.compress(image.convert("RGBA").tobytes(), 1)


# The game a table shows, as far as its images go: suits, four colours, the card back.
Expected = tuple[int, bool, str]


def shown_names(names: Iterable[str], suits: int, four_colour: bool, back: str = DEFAULT_BACK) -> list[str]:
    """The images a table of `suits` suits can show: the marks, the chosen
    back and the faces of its suits (with the four-colour ones if they are chosen)."""
    in_play = {suit for suit, _ in COMPOSITION.get(suits, COMPOSITION[4])}
    chosen = back_image(back)
    return [
        name
        for name in names
        if name == chosen
        or (name in SPECIAL and name != "back")
        or (not name.startswith("back") and name[-1:] in in_play and not name.endswith("-4c"))
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


def load(
    png: Path, rects: Path, size: tuple[int, int] | None, pack_all: bool = False, game: Expected | None = None
) -> Loaded:
    """Read the sheet: scaled for cards of `size`, or the full-size crops;
    with `pack_all`, every scaled image also compressed (for the cache).
    Images `game` cannot show are kept packed (none without a game).
    `OSError`/`ValueError` when the files cannot be read."""
    layout = read_layout(rects)
    stamp = f"{png.stat().st_mtime_ns}"
    sheet = decode(png)
    if size is None:
        return Loaded(layout, stamp, source=cut_and_scale(sheet, layout, None))
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
