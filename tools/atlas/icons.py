"""The window and desktop icon: the card back's spider on a navy tile, at six sizes.

Each size is drawn on its own, not scaled from the largest: below 64 px the
lattice and the medallion would only blur, so the small icons keep the tile
(and from 32 px its gold frame) and a bolder spider that fills it.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from tools.atlas.emblem import LATTICE, NAVY, draw_spider
from tools.atlas.palette import GOLD
from tools.atlas.shapes import downscale

ICON_SIZES = (16, 32, 48, 64, 128, 256)
K = 8  # supersampling: finer than the cards', for the small sizes
EDGE = (10, 24, 70)


def icon_name(size: int) -> str:
    """The icon's file name under resources/icons/."""
    return f"spider-{size}.png"


def draw_icon(size: int) -> Image.Image:
    """The icon `size` px square: a rounded navy tile with the gold spider."""
    big = size * K
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    tile = (0, 0, big - 1, big - 1)
    radius = round(big * 0.2)
    d.rounded_rectangle(tile, radius, fill=(*NAVY, 255), outline=(*EDGE, 255), width=max(K, round(big * 0.012)))
    if size >= 64:
        _lattice(img, tile, radius, size)
    if size >= 32:
        g = round(big * 0.075)
        d.rounded_rectangle(
            (g, g, big - 1 - g, big - 1 - g),
            round(radius * 0.6),
            outline=(*GOLD, 255),
            width=max(K, round(big * 0.014)),
        )
    c = big / 2
    if size >= 64:
        # The card back's medallion, round here, and its spider.
        r = big * 0.36
        d.ellipse((c - r, c - r, c + r, c + r), fill=(*NAVY, 255), outline=(*GOLD, 255), width=round(big * 0.018))
        s = r / 58
        draw_spider(d, c, c + 4 * s, s, leg_width=round(3.4 * s))  # bolder than on the card: an icon is seen small
    else:
        # Small: the spider alone fills the tile (inside the gold frame from 32 px), its legs
        # a whole pixel or more wide; at 16 px the mark on its back would be a grey smudge.
        s = big * (0.70 if size >= 32 else 0.94) / 94
        draw_spider(d, c, c + 4 * s, s, leg_width=round(K * (1.6 if size >= 32 else 1.15)), mark=size >= 32)
    return downscale(img, (size, size))


def _lattice(img: Image.Image, tile: tuple[int, int, int, int], radius: int, size: int) -> None:
    """The card back's diagonal lattice, clipped to the tile."""
    big = img.width
    lat = Image.new("RGBA", img.size, (0, 0, 0, 0))
    ld = ImageDraw.Draw(lat)
    step = big // (7 if size < 128 else 9)
    width = max(K, round(big * 0.008))
    for k in range(-big, 2 * big, step):
        ld.line([(k, 0), (k + big, big)], fill=(*LATTICE, 255), width=width)
        ld.line([(k, 0), (k - big, big)], fill=(*LATTICE, 255), width=width)
    mask = Image.new("L", img.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(tile, radius, fill=255)
    img.paste(lat, (0, 0), Image.composite(lat.getchannel("A"), Image.new("L", img.size, 0), mask))
