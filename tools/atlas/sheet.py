"""The atlas: every image in rows, its description as ``cards.json``, and the PNG writer."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from pathlib import Path

from PIL import Image

from tools.atlas.back import BACKS, back_name, draw_back
from tools.atlas.faces import draw_face
from tools.atlas.large_print import draw_large_face
from tools.atlas.marks import draw_empty, draw_highlight, draw_stock
from tools.atlas.palette import CARD_H, CARD_W, CLASSIC, FOUR_COLOUR, GLOW, PADDING, RANKS, SUITS

Drawing = Callable[[], Image.Image]
Rect = dict[str, int]  # {"x", "y", "w", "h"} in pixels from the atlas's top left


def atlas_rows(large: bool = False) -> list[list[tuple[str, Drawing]]]:
    """The atlas layout, row by row: a row per suit (ace to king), the extras
    last; with `large`, the large-print deck's (`cards-large.png`)."""
    face = draw_large_face if large else draw_face
    rows: list[list[tuple[str, Drawing]]] = []
    for suit in SUITS:
        rows.append([(RANKS[r] + suit, partial(face, r, suit, CLASSIC)) for r in range(13)])
    for suit in "DC":
        rows.append([(RANKS[r] + suit + "-4c", partial(face, r, suit, FOUR_COLOUR)) for r in range(13)])
    rows.append(
        [
            ("back", draw_back),
            ("empty", draw_empty),
            ("stock", draw_stock),
            ("highlight", draw_highlight),
        ]
    )
    rows.append([(back_name(name), draw) for name, draw in BACKS.items() if draw is not draw_back])
    return rows


def build_atlas(
    large: bool = False, drawn: dict[str, Image.Image] | None = None
) -> tuple[Image.Image, dict[str, Rect]]:
    """The atlas image and each image's rectangle in it, every cell PADDING px
    from its neighbours. Images already in `drawn` (the backs and marks both
    sheets hold) are not drawn again; those drawn are added to it."""
    drawn = {} if drawn is None else drawn
    rects: dict[str, Rect] = {}
    placed: list[tuple[Image.Image, int, int]] = []
    width = y = PADDING
    for row in atlas_rows(large):
        x = PADDING
        row_h = 0
        for name, draw in row:
            img = drawn.get(name) if not _is_face(name) else None
            if img is None:
                img = draw()
                drawn[name] = img
            rects[name] = {"x": x, "y": y, "w": img.width, "h": img.height}
            placed.append((img, x, y))
            x += img.width + PADDING
            row_h = max(row_h, img.height)
        width = max(width, x)
        y += row_h + PADDING
    atlas = Image.new("RGBA", (width, y), (0, 0, 0, 0))
    for img, px, py in placed:
        atlas.paste(img, (px, py))
    return atlas, rects


def _is_face(name: str) -> bool:
    return name[:1] in RANKS and len(name) >= 2 and name[1:2] in SUITS


def meta_json(rects: dict[str, Rect]) -> str:
    """``cards.json``: one image per line, in the atlas order (diffs stay readable)."""
    head: dict[str, object] = {"card": {"w": CARD_W, "h": CARD_H}, "highlight_margin": GLOW, "padding": PADDING}
    lines = [f"  {json.dumps(k)}: {json.dumps(v)}," for k, v in head.items()]
    body = ",\n".join(f"    {json.dumps(n)}: {json.dumps(r)}" for n, r in rects.items())
    return "{\n" + "\n".join(lines) + '\n  "images": {\n' + body + "\n  }\n}\n"


def save_png(img: Image.Image, path: Path) -> None:
    """PNG without any metadata, so the bytes depend on the pixels only."""
    img.save(path, format="PNG", optimize=False, compress_level=9)
