"""The card back: a navy lattice in a gold frame, the spider emblem in a medallion."""

from __future__ import annotations

from PIL import Image, ImageDraw

from tools.atlas.emblem import LATTICE, NAVY, draw_spider
from tools.atlas.palette import CARD_H, CARD_W, EDGE_GREY, FACE_WHITE, GOLD, RADIUS, SS
from tools.atlas.shapes import downscale


def draw_back() -> Image.Image:
    """The back every face-down card shows."""
    s = SS
    sw, sh = CARD_W * s, CARD_H * s
    big = Image.new("RGBA", (sw, sh), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.rounded_rectangle((0, 0, sw - 1, sh - 1), RADIUS * s, fill=(*EDGE_GREY, 255))
    e = round(1.25 * s)
    d.rounded_rectangle((e, e, sw - 1 - e, sh - 1 - e), RADIUS * s - e, fill=(*FACE_WHITE, 255))
    m = 9 * s  # white margin around the blue field
    field = (m, m, sw - 1 - m, sh - 1 - m)
    navy, lattice = NAVY, LATTICE
    d.rounded_rectangle(field, 8 * s, fill=(*navy, 255))
    # Diagonal lattice, clipped to the field by a mask.
    lat = Image.new("RGBA", (sw, sh), (0, 0, 0, 0))
    ld = ImageDraw.Draw(lat)
    step = 14 * s
    for k in range(-sh, sw + sh, step):
        ld.line([(k, 0), (k + sh, sh)], fill=(*lattice, 255), width=round(1.6 * s))
        ld.line([(k, 0), (k - sh, sh)], fill=(*lattice, 255), width=round(1.6 * s))
    # Small dots at the lattice crossings make it richer.
    for i in range(0, sw + step, step):
        for j in range(0, sh + step, step):
            ox = i + (step / 2 if (j // step) % 2 else 0)
            ld.ellipse(
                (ox - 1.6 * s, j - 1.6 * s, ox + 1.6 * s, j + 1.6 * s),
                fill=(150, 180, 235, 255),
            )
    mask = Image.new("L", (sw, sh), 0)
    ImageDraw.Draw(mask).rounded_rectangle(field, 8 * s, fill=255)
    big.paste(
        lat,
        (0, 0),
        Image.composite(lat.getchannel("A"), Image.new("L", (sw, sh), 0), mask),
    )
    # Gold inner border.
    g = m + 6 * s
    d.rounded_rectangle((g, g, sw - 1 - g, sh - 1 - g), 5 * s, outline=(*GOLD, 255), width=round(1.5 * s))
    d.rounded_rectangle((m, m, sw - 1 - m, sh - 1 - m), 8 * s, outline=(10, 24, 70, 255), width=s)
    # Central medallion with a spider.
    cx, cy = sw / 2, sh / 2
    rx, ry = 46 * s, 58 * s
    d.ellipse(
        (cx - rx, cy - ry, cx + rx, cy + ry),
        fill=(*navy, 255),
        outline=(*GOLD, 255),
        width=round(2.5 * s),
    )
    d.ellipse(
        (cx - rx + 6 * s, cy - ry + 6 * s, cx + rx - 6 * s, cy + ry - 6 * s),
        outline=(*lattice, 255),
        width=s,
    )
    draw_spider(d, cx, cy, s)
    return downscale(big, (CARD_W, CARD_H))
