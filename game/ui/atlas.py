"""The card images: one PNG, cut once into textures by the rectangles of its JSON.

`resources/cards.json` maps each name (`AS`…`KC` as the engine writes cards,
`AD-4c`/`TC-4c` four-colour faces for diamonds and clubs, `back`, `empty`,
`stock`, `highlight`) to a rectangle `{"x", "y", "w", "h"}` measured from the
top left of `resources/cards.png` (under an `"images"` key, next to
`"card": {"w", "h"}` and `"highlight_margin"`: the glow image is the card
grown by that many pixels on every side). Textures are cut from the one decoded
image (arcade 3 no longer slices or caches in `load_texture`) when the table
is first built, so a flip or a deal only swaps an already-loaded texture.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TypeVar

import arcade
from arcade.hitbox import algo_bounding_box
from PIL import Image

from .atlas_image import ATLAS_JSON, ATLAS_PNG, take

SPECIAL = ("back", "empty", "stock", "highlight")

_T = TypeVar("_T")


_shared: CardSheet | None = None


class AtlasError(RuntimeError):
    """The card atlas is missing or does not describe the cards we need."""


class CardAtlas:
    """Every card texture at one size, by name; `face(card, four_colour)` picks a face."""

    def __init__(self, textures: dict[str, arcade.Texture], highlight_margin: float = 0.0) -> None:
        missing = [name for name in SPECIAL if name not in textures]
        if missing:
            raise AtlasError(f"the card atlas has no image for {', '.join(missing)}")
        self.textures = textures
        self.back = textures["back"]
        self.empty = textures["empty"]
        self.stock = textures["stock"]
        self.highlight = textures["highlight"]
        # The glow's margin as a share of the card width, so it scales with the cards.
        self.highlight_margin = highlight_margin

    @classmethod
    def shared(cls) -> CardAtlas:
        """The game's images at the atlas's own size, loaded once per process."""
        return CardSheet.shared().full()

    @classmethod
    def load(cls, png: Path = ATLAS_PNG, rects: Path = ATLAS_JSON) -> CardAtlas:
        return CardSheet.load(png, rects).full()

    def face(self, card: object, four_colour: bool = False) -> arcade.Texture:
        """The face of `card` (anything whose `str()` is like `QH`)."""
        name = str(card)
        if four_colour:
            texture = self.textures.get(name + "-4c")
            if texture is not None:
                return texture
        try:
            return self.textures[name]
        except KeyError:
            raise AtlasError(f"the card atlas has no image for {name}") from None

    def texture_for(self, card: object, face_up: bool, four_colour: bool = False) -> arcade.Texture:
        return self.face(card, four_colour) if face_up else self.back


class CardSheet:
    """The card images as Pillow images, cut from the sheet once; textures
    are made from them at the atlas's size (`full`) or pre-scaled to the size
    the cards are drawn at (`scaled_images` on any thread, then `atlas`).

    Pre-scaled images drawn one texel per pixel can be sampled with nearest
    filtering: as sharp as a good downscale, and on software OpenGL less
    than half the cost of linear filtering a larger image."""

    def __init__(self, images: dict[str, Image.Image], card_w: int, margin_px: float, stamp: str) -> None:
        self.images = images
        self.card_w = card_w
        self.margin = margin_px / card_w
        self.stamp = stamp
        self._full: CardAtlas | None = None
        # The last sizes made (a window goes back and forth between a few).
        self._scaled: dict[tuple[int, int], dict[str, Image.Image]] = {}
        self._atlases: dict[tuple[int, int], CardAtlas] = {}

    @classmethod
    def shared(cls) -> CardSheet:
        """The game's sheet, loaded on first use and kept for the process."""
        global _shared
        if _shared is None:
            _shared = cls.load()
        return _shared

    @classmethod
    def load(cls, png: Path = ATLAS_PNG, rects: Path = ATLAS_JSON) -> CardSheet:
        try:
            layout = json.loads(Path(rects).read_text(encoding="utf-8"))
            sheet = take(Path(png))
        except (OSError, ValueError) as err:
            raise AtlasError(f"cannot read the card atlas ({png.name}, {rects.name}): {err}") from err
        if not isinstance(layout, dict):
            raise AtlasError(f"{rects.name} is not a JSON object of image rectangles")
        boxes = layout.get("images", layout)
        card_w = int(layout.get("card", {}).get("w", 200))
        margin = float(layout.get("highlight_margin", 0))
        images: dict[str, Image.Image] = {}
        for name, r in boxes.items():
            if not isinstance(r, dict) or not {"x", "y", "w", "h"} <= r.keys():
                continue  # metadata entries, if any
            x, y, w, h = int(r["x"]), int(r["y"]), int(r["w"]), int(r["h"])
            images[name] = sheet.crop((x, y, x + w, y + h))
        missing = [name for name in SPECIAL if name not in images]
        if missing:
            raise AtlasError(f"the card atlas has no image for {', '.join(missing)}")
        return cls(images, card_w, margin, f"{png.stat().st_mtime_ns}")

    def full(self) -> CardAtlas:
        """Textures at the atlas's own size (drawn with linear filtering)."""
        if self._full is None:
            self._full = self._atlas(self.images, "full")
        return self._full

    def scaled_images(self, card_w: int, card_h: int) -> dict[str, Image.Image]:
        """Every image resized for cards of `card_w` x `card_h` pixels (the
        highlight keeps its margin around the card). Pure Pillow: safe on a
        worker thread, where it does not hold up the frames."""
        known = self._scaled.get((card_w, card_h))
        if known is not None:
            return known
        base_w = self.card_w
        base_h = self.images["back"].height
        out: dict[str, Image.Image] = {}
        for name, image in self.images.items():
            w = max(1, round(image.width * card_w / base_w))
            h = max(1, round(image.height * card_h / base_h))
            out[name] = image.resize((w, h), Image.Resampling.LANCZOS)
        _remember(self._scaled, (card_w, card_h), out)
        return out

    def atlas(self, images: dict[str, Image.Image], card_w: int, card_h: int) -> CardAtlas:
        """Textures from `scaled_images(card_w, card_h)` (on the main thread)."""
        known = self._atlases.get((card_w, card_h))
        if known is None:
            known = self._atlas(images, f"{card_w}x{card_h}")
            _remember(self._atlases, (card_w, card_h), known)
        return known

    def _atlas(self, images: dict[str, Image.Image], size: str) -> CardAtlas:
        # A stable hash of our own saves hashing every image's pixels, and the
        # bounding-box hit box skips tracing the rounded corners.
        textures = {
            name: arcade.Texture(image, hash=f"spider-{name}-{size}-{self.stamp}", hit_box_algorithm=algo_bounding_box)
            for name, image in images.items()
        }
        return CardAtlas(textures, self.margin)


def _remember(cache: dict[tuple[int, int], _T], key: tuple[int, int], value: _T, keep: int = 3) -> None:
    cache[key] = value
    while len(cache) > keep:
        del cache[next(iter(cache))]
