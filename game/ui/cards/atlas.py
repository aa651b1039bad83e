"""The card images: one PNG, cut once into textures by the rectangles of its JSON.

`resources/cards.json` maps each name (`AS`…`KC` as the engine writes cards,
`AD-4c`/`TC-4c` four-colour faces for diamonds and clubs, `back`, `empty`,
`stock`, `highlight`) to a rectangle `{"x", "y", "w", "h"}` measured from the
top left of `resources/cards.png` (under an `"images"` key, next to
`"card": {"w", "h"}` and `"highlight_margin"`: the glow image is the card
grown by that many pixels on every side). Every texture is made when the
table is built, so a flip or a deal only swaps an already-made texture.

`atlas_image` reads the sheet (at launch on a thread, already scaled to the
cards' size); this module turns images into arcade textures.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TypeVar

import arcade
from arcade.hitbox import algo_bounding_box
from PIL import Image
from pyglet.image.atlas import Allocator, AllocatorException

from game.system import internals
from game.ui.cards.atlas_image import (
    ATLAS_JSON,
    ATLAS_PNG,
    DEFAULT_BACK,
    SPECIAL,
    Expected,
    Images,
    LazyDict,
    Loaded,
    back_image,
    cut_and_scale,
    decode,
    scale_images,
    shown_names,
)
from game.ui.cards.loading import CardPipeline

_T = TypeVar("_T")


class AtlasError(RuntimeError):
    """The card atlas is missing or does not describe the cards we need."""


class CardAtlas:
    """Every card texture at one size, by name; `face(card, four_colour)` picks a face."""

    def __init__(self, textures: dict[str, arcade.Texture], highlight_margin: float = 0.0) -> None:
        missing = [name for name in SPECIAL if name not in textures]
        if missing:
            raise AtlasError(f"the card atlas has no image for {', '.join(missing)}")
        self.textures = textures
        self.empty = textures["empty"]
        self.stock = textures["stock"]
        self.highlight = textures["highlight"]
        # The glow's margin as a share of the card width, so it scales with the cards.
        self.highlight_margin = highlight_margin

    @classmethod
    def shared(cls, cards: CardPipeline) -> CardAtlas:
        """The standard deck's images as `cards` has them (loaded once per pipeline)."""
        return CardSheet.shared(cards).full()

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

    @property
    def back(self) -> arcade.Texture:
        """The spider back (every sheet has it)."""
        return self.textures["back"]

    def back_of(self, back: str = DEFAULT_BACK) -> arcade.Texture:
        """The card back a player calls `back`; the spider if this sheet has no such back."""
        texture = self.textures.get(back_image(back))
        return texture if texture is not None else self.back

    def texture_for(
        self, card: object, face_up: bool, four_colour: bool = False, back: str = DEFAULT_BACK
    ) -> arcade.Texture:
        return self.face(card, four_colour) if face_up else self.back_of(back)


class CardSheet:
    """The card images, from which textures are made: pre-scaled to the size
    the cards are drawn at (`scaled_images` on any thread, then `atlas`), or,
    only until such images exist, at the sheet's own size (`full`).

    Pre-scaled images drawn one texel per pixel can be sampled with nearest
    filtering: as sharp as a good downscale, and on software OpenGL less
    than half the cost of linear filtering a larger image. The full-size
    images are not kept once scaled ones exist (19 MB, plus their GPU copy):
    a later size decodes the sheet again, on the worker thread that scales."""

    def __init__(self, cards: CardPipeline, loaded: Loaded, png: Path = ATLAS_PNG) -> None:
        layout = loaded.layout
        self.cards = cards  # where images of other sizes may be cached
        self.png = png
        self.layout = layout
        self.card_w = layout.card_w
        self.margin = layout.margin_px / layout.card_w
        self.stamp = loaded.stamp
        self._source = loaded.source  # the full-size images, while needed
        self._full: CardAtlas | None = None
        self._lock = threading.Lock()  # scaled_images runs on worker threads
        self._scaling = threading.Lock()  # one size at a time
        self._waiting = 0  # calls of scaled_images under way
        self._between: dict[str, Image.Image] | None = None  # full-size images kept while sizes queue
        # The last sizes made (a window goes back and forth between a few).
        self._scaled: dict[tuple[int, int], dict[str, Image.Image]] = {}
        self._atlases: dict[tuple[int, int], CardAtlas] = {}
        if loaded.scaled is not None and loaded.size is not None:
            self._scaled[loaded.size] = loaded.scaled

    @classmethod
    def shared(cls, cards: CardPipeline, png: Path = ATLAS_PNG) -> CardSheet:
        """The game's sheet `png` (the standard deck's, or the large-print
        one's), loaded on first use (or collected from the thread
        `cards.start_decoding` began) and kept by `cards`."""
        sheet = cards.sheets.get(png)
        if not isinstance(sheet, CardSheet):
            sheet = cards.sheets[png] = cls.load(cards, png, png.with_suffix(".json"))
        return sheet

    @staticmethod
    def is_loaded(cards: CardPipeline, png: Path) -> bool:
        """Whether `cards` has loaded the sheet `png` already."""
        return png in cards.sheets

    @classmethod
    def load(cls, cards: CardPipeline, png: Path = ATLAS_PNG, rects: Path = ATLAS_JSON) -> CardSheet:
        """The sheet `png` as `cards` reads it (from its launch thread or cache
        if one was started for it, else now at full size)."""
        try:
            loaded = cards.take(Path(png), Path(rects))
        except (OSError, ValueError) as err:
            raise AtlasError(f"cannot read the card atlas ({png.name}, {rects.name}): {err}") from err
        images = loaded.source if loaded.source is not None else loaded.scaled or {}
        missing = [name for name in SPECIAL if name not in images]
        if missing:
            raise AtlasError(f"the card atlas has no image for {', '.join(missing)}")
        return cls(cards, loaded, Path(png))

    def full(self) -> CardAtlas:
        """What to draw before images of the cards' exact size exist (with
        linear filtering): the last scaled ones made (at launch, those of the
        window's expected size), else the images at the sheet's own size."""
        with self._lock:
            scaled = next(reversed(self._scaled.items()), None)
        if scaled is not None:
            (w, h), images = scaled
            return self.atlas(images, w, h)
        if self._full is None:
            self._full = self._atlas(self._full_images(), "full")
        return self._full

    def scaled_images(self, card_w: int, card_h: int) -> dict[str, Image.Image]:
        """Every image resized for cards of `card_w` x `card_h` pixels (the
        highlight keeps its margin around the card). Pure Pillow: safe on a
        worker thread, where it does not hold up the frames.

        One size is made at a time. Without the full-size images the sheet is
        decoded again; while other sizes wait (a window being resized), the
        full-size images are kept for them, then let go."""
        size = (card_w, card_h)
        with self._lock:
            known = self._scaled.get(size)
            self._waiting += 1
        if known is not None:
            self._done_waiting()
            return known
        try:
            with self._scaling:
                with self._lock:
                    known = self._scaled.get(size)  # made while this one waited
                    source = self._source or self._between
                if known is not None:
                    return known
                cached = self.cards.cached_images(self.png, size) if source is None else None
                if cached is not None:
                    with self._lock:
                        _remember(self._scaled, size, cached)
                    return cached
                if source is None:
                    source = cut_and_scale(decode(self.png), self.layout, None)
                out = scale_images(source, self.layout, size)
                self.cards.offer_to_cache(self.png, size, out)
                with self._lock:
                    _remember(self._scaled, size, out)
                    if self._source is None:
                        self._between = source
                return out
        finally:
            self._done_waiting()

    def _done_waiting(self) -> None:
        with self._lock:
            self._waiting -= 1
            if not self._waiting:
                self._between = None

    def atlas(self, images: dict[str, Image.Image], card_w: int, card_h: int) -> CardAtlas:
        """Textures from `scaled_images(card_w, card_h)` (on the main thread).
        From then on the full-size images are let go."""
        known = self._atlases.get((card_w, card_h))
        if known is None:
            known = self._atlas(images, f"{card_w}x{card_h}")
            _remember(self._atlases, (card_w, card_h), known)
        with self._lock:
            self._source = None
        self._full = None
        return known

    def _full_images(self) -> dict[str, Image.Image]:
        with self._lock:
            source = self._source
        if source is None:
            source = cut_and_scale(decode(self.png), self.layout, None)
            with self._lock:
                self._source = source
        return source

    def _atlas(self, images: dict[str, Image.Image], size: str) -> CardAtlas:
        if size != "full":
            reserve_gpu_atlas(images, self.cards.expected)
        textures = _Textures(images, f"{size}-{self.stamp}")
        for name in images:  # the unpacked ones now; packed ones when first shown
            _ = textures[name]
        return CardAtlas(textures, self.margin)


class _Textures(LazyDict[arcade.Texture]):
    """Textures by name, each made the first time it is asked for."""

    def __init__(self, images: dict[str, Image.Image], key: str) -> None:
        super().__init__()
        self.images = images
        self.key = key

    def _makes(self, name: object) -> bool:
        return name in self.images

    def __missing__(self, name: str) -> arcade.Texture:
        image = self.images[name]  # KeyError for a name the sheet does not have
        # A stable hash of our own saves hashing every image's pixels, and the
        # bounding-box hit box skips tracing the rounded corners.
        texture = arcade.Texture(image, hash=f"spider-{name}-{self.key}", hit_box_algorithm=algo_bounding_box)
        self[name] = texture
        return texture


# Sizes the GPU atlas may start at, smallest first (Arcade's default is 512x512).
ATLAS_SIZES = ((1024, 1024), (2048, 1024), (2048, 2048), (4096, 2048), (4096, 4096))
# The widest rounded panel (the message box between the piles) as a share
# of the window's width: its texture must fit the atlas's width.
WIDEST_PANEL = 0.7
# Share of the atlas's height left for the HUD's panels, the shadow and the rest.
ATLAS_SPARE = 0.1


def reserve_gpu_atlas(images: Mapping[str, Image.Image], game: Expected | None = None) -> None:
    """Make arcade's default texture atlas big enough for every card image the
    table of `game` (any game without one) can show at once, if it does not exist yet. Arcade starts it at
    512x512 and doubles it when full: each doubling re-packs and copies it on
    the GPU (time, and on software OpenGL memory that stays; docs/PERFORMANCE.md), and
    the cards of a 1280x800 table need two. Sized once, it does not grow
    while the player plays the same kind of game."""
    try:
        window = arcade.get_window()
    except RuntimeError:
        return
    ctx = window.ctx
    # Arcade 3.3 makes `ctx.default_atlas` on first use, at `ctx.atlas_size`.
    if internals.get(ctx, internals.DEFAULT_ATLAS) is not None:
        return
    every = images.names() if isinstance(images, Images) else list(images)
    names = every if game is None else shown_names(every, *game)
    size = atlas_size_for(
        [images[name].size for name in names],
        window.get_framebuffer_size()[0],
        min(ctx.info.MAX_TEXTURE_SIZE, 8192),
    )
    if size is not None:
        ctx.atlas_size = size


def atlas_size_for(images: Iterable[tuple[int, int]], window_w: int, limit: int) -> tuple[int, int] | None:
    """The smallest of `ATLAS_SIZES` that holds images of these sizes (with
    arcade's border) in all but `ATLAS_SPARE` of its height, and the widest
    panel; None if none does within `limit`."""
    border = 2  # arcade's default atlas border, on every side
    boxes = [(w + 2 * border, h + 2 * border) for w, h in images]
    for w, h in ATLAS_SIZES:
        if w > limit or h > limit:
            break
        if w >= window_w * WIDEST_PANEL + 2 * border and _fits(boxes, w, int(h * (1 - ATLAS_SPARE))):
            return (w, h)
    return None


def _fits(boxes: list[tuple[int, int]], width: int, height: int) -> bool:
    """Whether arcade's allocator (pyglet's, strips) can place all `boxes`."""
    allocator = Allocator(width, height)
    try:
        for w, h in boxes:
            allocator.alloc(w, h)
    except AllocatorException:
        return False
    return True


def _remember(cache: dict[tuple[int, int], _T], key: tuple[int, int], value: _T, keep: int = 3) -> None:
    cache[key] = value
    while len(cache) > keep:
        del cache[next(iter(cache))]
