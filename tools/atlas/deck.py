"""The picture of the whole deck on felt, with fanned columns as the game shows them (README)."""

from __future__ import annotations

from PIL import Image

from tools.atlas.palette import CARD_H, CARD_W, FELT, GLOW, RANKS, SUITS
from tools.atlas.sheet import Rect


def render_sheet(atlas: Image.Image, rects: dict[str, Rect], width: int = 1600) -> Image.Image:
    """The whole deck laid out on felt, plus fanned columns as the game shows them (README)."""
    gap = 24
    cols = 13
    rows: list[list[str]] = [[RANKS[r] + s for r in range(13)] for s in SUITS]
    rows += [[RANKS[r] + s + "-4c" for r in range(13)] for s in "DC"]
    fans = [
        ["KS", "QS", "JS", "TS", "9S", "8S", "7S"],
        ["KH", "QH", "JH", "TH", "9H", "8H", "7H"],
        ["KD", "QC", "JD", "TC", "9D", "8C", "7D"],
        ["6C-4c", "5D-4c", "4C-4c", "3D-4c", "2C-4c", "AD-4c"],
        ["back", "back", "back", "9C", "8H", "7C", "6H"],
    ]
    step = round(CARD_H * 0.22)  # the fan shows the top 22 % of each covered card
    fan_h = CARD_H + step * (max(len(f) for f in fans) - 1)
    sheet_w = gap + cols * (CARD_W + gap)
    sheet_h = gap + len(rows) * (CARD_H + gap) + GLOW + fan_h + gap
    sheet = Image.new("RGBA", (sheet_w, sheet_h), (*FELT, 255))

    def crop(name: str) -> Image.Image:
        r = rects[name]
        return atlas.crop((r["x"], r["y"], r["x"] + r["w"], r["y"] + r["h"]))

    def col_x(i: int) -> int:
        return gap + i * (CARD_W + gap)

    for j, row in enumerate(rows):
        for i, name in enumerate(row):
            sheet.alpha_composite(crop(name), (col_x(i), gap + j * (CARD_H + gap)))
    y = gap + len(rows) * (CARD_H + gap) + GLOW
    sheet.alpha_composite(crop("back"), (col_x(0), y))
    sheet.alpha_composite(crop("empty"), (col_x(1), y))
    sheet.alpha_composite(crop("stock"), (col_x(2), y))
    # The highlight frame around an empty column, as the game marks a drop target.
    sheet.alpha_composite(crop("empty"), (col_x(3), y))
    sheet.alpha_composite(crop("highlight"), (col_x(3) - GLOW, y - GLOW))
    for k, fan in enumerate(fans):
        for n, name in enumerate(fan):
            sheet.alpha_composite(crop(name), (col_x(6 + k), y + n * step))
    scale = width / sheet_w
    return sheet.resize((width, round(sheet_h * scale)), Image.Resampling.LANCZOS).convert("RGB")
