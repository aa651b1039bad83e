"""The command line: draw the atlas and write it (and, on request, the deck picture)."""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from PIL import Image

from tools.atlas.deck import render_sheet
from tools.atlas.icons import ICON_SIZES, draw_icon, icon_name
from tools.atlas.palette import FONT_PATH, ROOT
from tools.atlas.sheet import build_atlas, meta_json, save_png


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Render the Spider card atlas.")
    parser.add_argument(
        "--out",
        type=Path,
        default=ROOT / "resources",
        help="folder for cards.png, cards.json and icons/ (default: resources/)",
    )
    parser.add_argument(
        "--sheet",
        type=Path,
        default=None,
        help="also write a picture of the whole deck on felt (e.g. docs/deck.png)",
    )
    args = parser.parse_args(argv)
    if not FONT_PATH.is_file():
        print(f"error: the font {FONT_PATH} is missing", file=sys.stderr)
        return 2
    try:
        args.out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        print(f"error: cannot create {args.out}: {err.strerror}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    shared: dict[str, Image.Image] = {}
    atlas, rects = build_atlas(drawn=shared)
    large, large_rects = build_atlas(large=True, drawn=shared)
    icons = {size: draw_icon(size) for size in ICON_SIZES}
    drawn = time.perf_counter()
    try:
        # The two sheets are compressed at once (zlib lets go of the GIL).
        with ThreadPoolExecutor(2) as pool:
            done_large = pool.submit(save_png, large, args.out / "cards-large.png")
            save_png(atlas, args.out / "cards.png")
            done_large.result()
        (args.out / "cards.json").write_text(meta_json(rects), encoding="utf-8")
        (args.out / "cards-large.json").write_text(meta_json(large_rects), encoding="utf-8")
        (args.out / "icons").mkdir(exist_ok=True)
        for size, icon in icons.items():
            save_png(icon, args.out / "icons" / icon_name(size))
        if args.sheet is not None:
            args.sheet.parent.mkdir(parents=True, exist_ok=True)
            save_png(render_sheet(atlas, rects), args.sheet)
    except OSError as err:
        print(f"error: cannot write: {err}", file=sys.stderr)
        return 2
    done = time.perf_counter()
    count = len(rects) + len(large_rects)
    print(
        f"{count} images, atlases {atlas.width}x{atlas.height} and {large.width}x{large.height} px, "
        f"{len(icons)} icons: drawn in {drawn - start:.2f} s, "
        f"written in {done - drawn:.2f} s (total {done - start:.2f} s)"
    )
    return 0
