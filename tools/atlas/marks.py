"""Marks on the felt: the empty column, the empty stock, and the highlight frame."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFilter

from tools.atlas.palette import CARD_H, CARD_W, GLOW, RADIUS, SS
from tools.atlas.shapes import downscale


def _slot_outline(fill_alpha: int, line_alpha: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    big = Image.new("RGBA", (CARD_W * SS, CARD_H * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    lw = 3 * SS
    d.rounded_rectangle(
        (lw // 2, lw // 2, CARD_W * SS - 1 - lw // 2, CARD_H * SS - 1 - lw // 2),
        RADIUS * SS,
        fill=(0, 0, 0, fill_alpha),
        outline=(255, 255, 255, line_alpha),
        width=lw,
    )
    return big, d


def draw_empty() -> Image.Image:
    """An empty column: a soft shadowed slot with a light outline."""
    big, _ = _slot_outline(40, 150)
    return downscale(big, (CARD_W, CARD_H))


def draw_stock() -> Image.Image:
    """The place of an empty stock: the slot outline with a ring (nothing left to deal)."""
    big, d = _slot_outline(40, 150)
    cx, cy, r = CARD_W * SS / 2, CARD_H * SS / 2, 34 * SS
    d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=(255, 255, 255, 130), width=6 * SS)
    return downscale(big, (CARD_W, CARD_H))


def draw_highlight() -> Image.Image:
    """A glowing gold frame around a card, transparent inside."""
    frame_w, frame_h = CARD_W + 2 * GLOW, CARD_H + 2 * GLOW
    glow = Image.new("RGBA", (frame_w, frame_h), (255, 200, 40, 0))
    ring = Image.new("L", (frame_w, frame_h), 0)
    ImageDraw.Draw(ring).rounded_rectangle(
        (GLOW - 2, GLOW - 2, frame_w - 1 - GLOW + 2, frame_h - 1 - GLOW + 2),
        RADIUS + 2,
        outline=255,
        width=8,
    )
    halo = ring.filter(ImageFilter.GaussianBlur(6))
    halo = halo.point(lambda v: min(255, v * 2))
    glow.putalpha(halo)
    big = Image.new("RGBA", (frame_w * SS, frame_h * SS), (0, 0, 0, 0))
    ImageDraw.Draw(big).rounded_rectangle(
        (
            (GLOW - 2) * SS,
            (GLOW - 2) * SS,
            (frame_w - GLOW + 2) * SS - 1,
            (frame_h - GLOW + 2) * SS - 1,
        ),
        (RADIUS + 2) * SS,
        outline=(255, 236, 140, 255),
        width=4 * SS,
    )
    glow.alpha_composite(downscale(big, (frame_w, frame_h)))
    return glow
