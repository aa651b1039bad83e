"""The card backs: the navy spider (the first, ``back``) and the other designs
a player may choose (``back-<name>``), all on the same white-edged card.

Every back is the card's rounded shape, opaque everywhere but its corners
(the table draws covered cards as strips and relies on it), with a coloured
field inside a white margin, as on a printed deck.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import Image, ImageDraw

from tools.atlas.emblem import LATTICE, NAVY, draw_spider
from tools.atlas.palette import CARD_H, CARD_W, EDGE_GREY, FACE_WHITE, GOLD, RADIUS, SS, Color
from tools.atlas.shapes import downscale, suit_image

MARGIN = 9  # the white margin around the field, in card pixels
FIELD_RADIUS = 8

Field = tuple[int, int, int, int]


def _card() -> tuple[Image.Image, ImageDraw.ImageDraw, Field]:
    """A blank supersampled card: its grey edge, the white margin; and the field's box."""
    s = SS
    sw, sh = CARD_W * s, CARD_H * s
    big = Image.new("RGBA", (sw, sh), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.rounded_rectangle((0, 0, sw - 1, sh - 1), RADIUS * s, fill=(*EDGE_GREY, 255))
    e = round(1.25 * s)
    d.rounded_rectangle((e, e, sw - 1 - e, sh - 1 - e), RADIUS * s - e, fill=(*FACE_WHITE, 255))
    m = MARGIN * s
    return big, d, (m, m, sw - 1 - m, sh - 1 - m)


def _clipped(big: Image.Image, pattern: Image.Image, field: Field) -> None:
    """Paste `pattern` (RGBA, card-sized) onto `big`, only inside the field."""
    mask = Image.new("L", big.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(field, FIELD_RADIUS * SS, fill=255)
    clipped = pattern.copy()
    clipped.putalpha(Image.composite(pattern.getchannel("A"), Image.new("L", big.size, 0), mask))
    big.alpha_composite(clipped)


def _frame(d: ImageDraw.ImageDraw, field: Field, line: Color, rim: Color) -> None:
    """An inner border line 6 px inside the field, and the field's own dark rim."""
    s = SS
    m, _, r, b = field
    g = m + 6 * s
    d.rounded_rectangle((g, g, r - 6 * s, b - 6 * s), 5 * s, outline=(*line, 255), width=round(1.5 * s))
    d.rounded_rectangle(field, FIELD_RADIUS * s, outline=(*rim, 255), width=s)


def draw_back() -> Image.Image:
    """The navy back: a lattice in a gold frame, the spider emblem in a medallion."""
    s = SS
    big, d, field = _card()
    sw, sh = big.size
    navy, lattice = NAVY, LATTICE
    d.rounded_rectangle(field, FIELD_RADIUS * s, fill=(*navy, 255))
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
    _clipped(big, lat, field)
    _frame(d, field, GOLD, (10, 24, 70))
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


WEB_FIELD: Color = (16, 62, 58)
SILVER: Color = (206, 220, 222)


def draw_web() -> Image.Image:
    """A silver spider's web spun across a deep teal field, its spider at the hub."""
    s = SS
    big, d, field = _card()
    sw, sh = big.size
    d.rounded_rectangle(field, FIELD_RADIUS * s, fill=(*WEB_FIELD, 255))
    web = Image.new("RGBA", (sw, sh), (0, 0, 0, 0))
    wd = ImageDraw.Draw(web)
    cx, cy = sw / 2, sh / 2
    spokes = 16
    reach = math.hypot(sw, sh) / 2
    angles = [2 * math.pi * k / spokes + 0.1 for k in range(spokes)]
    thread = (*SILVER, 255)
    for a in angles:
        wd.line([(cx, cy), (cx + reach * math.cos(a), cy + reach * math.sin(a))], fill=thread, width=round(1.1 * s))
    # The spiral: rings that sag a little between spokes, as a real web does.
    radius = 9.0 * s
    while radius < reach:
        points = []
        for k in range(spokes + 1):
            a0 = angles[k % spokes]
            a1 = angles[(k + 1) % spokes] + (2 * math.pi if k + 1 == spokes else 0)
            for t in (0.0, 0.5):
                a = a0 + (a1 - a0) * t
                r = radius * (0.9 if t else 1.0)
                points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
        wd.line(points, fill=thread, width=round(0.9 * s), joint="curve")
        radius *= 1.24
    _clipped(big, web, field)
    _frame(d, field, SILVER, (6, 30, 28))
    # The spider at the hub, in silver on a dark disc so its legs read.
    d.ellipse((cx - 30 * s, cy - 34 * s, cx + 30 * s, cy + 38 * s), fill=(*WEB_FIELD, 255), outline=thread, width=s)
    draw_spider(d, cx, cy - 4 * s, s * 0.62, colour=SILVER, mark_colour=WEB_FIELD)
    return downscale(big, (CARD_W, CARD_H))


TARTAN_RED: Color = (156, 22, 36)
TARTAN_DARK: Color = (70, 10, 22)
TARTAN_GREEN: Color = (18, 70, 44)


def draw_tartan() -> Image.Image:
    """A red tartan: dark and green bands woven across, fine gold and white lines."""
    s = SS
    big, d, field = _card()
    sw, sh = big.size
    d.rounded_rectangle(field, FIELD_RADIUS * s, fill=(*TARTAN_RED, 255))
    cloth = Image.new("RGBA", (sw, sh), (0, 0, 0, 0))
    # The sett: bands (offset, width, colour, alpha) repeated every `repeat` px, both ways.
    repeat = 44 * s
    sett = (
        (0, 14, TARTAN_DARK, 150),
        (18, 8, TARTAN_GREEN, 140),
        (30, 1.4, GOLD, 230),
        (36, 1.0, FACE_WHITE, 200),
    )
    for vertical in (False, True):
        layer = Image.new("RGBA", (sw, sh), (0, 0, 0, 0))
        ld = ImageDraw.Draw(layer)
        span = sw if vertical else sh
        for start in range(-repeat, span + repeat, repeat):
            for offset, width, colour, alpha in sett:
                a = start + offset * s
                b = a + width * s
                box = (a, 0, b, sh) if vertical else (0, a, sw, b)
                ld.rectangle(box, fill=(*colour, alpha))
        cloth = Image.alpha_composite(cloth, layer)
    _clipped(big, cloth, field)
    _frame(d, field, GOLD, TARTAN_DARK)
    return downscale(big, (CARD_W, CARD_H))


DECO_FIELD: Color = (22, 22, 26)
DECO_GOLD: Color = (214, 170, 70)


def draw_deco() -> Image.Image:
    """Black and gold, in the manner of the 1920s: a sunburst from the middle,
    stepped frames, and the four suits in a diamond at the centre."""
    s = SS
    big, d, field = _card()
    sw, sh = big.size
    d.rounded_rectangle(field, FIELD_RADIUS * s, fill=(*DECO_FIELD, 255))
    rays = Image.new("RGBA", (sw, sh), (0, 0, 0, 0))
    rd = ImageDraw.Draw(rays)
    cx, cy = sw / 2, sh / 2
    reach = math.hypot(sw, sh)
    count = 36
    for k in range(count):
        a0 = 2 * math.pi * k / count
        a1 = a0 + math.pi / count * 0.55
        rd.polygon(
            [
                (cx, cy),
                (cx + reach * math.cos(a0), cy + reach * math.sin(a0)),
                (cx + reach * math.cos(a1), cy + reach * math.sin(a1)),
            ],
            fill=(*DECO_GOLD, 70),
        )
    _clipped(big, rays, field)
    m = field[0]
    for inset, width in ((6, 1.6), (11, 0.9)):
        g = m + inset * s
        d.rectangle((g, g, sw - 1 - g, sh - 1 - g), outline=(*DECO_GOLD, 255), width=round(width * s))
    d.rounded_rectangle(field, FIELD_RADIUS * s, outline=(0, 0, 0, 255), width=s)
    # Stepped corner marks inside the frames.
    for fx in (0, 1):
        for fy in (0, 1):
            x = m + 16 * s if fx == 0 else sw - 1 - m - 16 * s
            y = m + 16 * s if fy == 0 else sh - 1 - m - 16 * s
            dx, dy = (1 if fx == 0 else -1), (1 if fy == 0 else -1)
            for step in range(3):
                k = (4 + step * 5) * s
                d.line(
                    [(x, y + dy * k), (x + dx * k, y + dy * k), (x + dx * k, y)],
                    fill=(*DECO_GOLD, 255),
                    width=round(1.1 * s),
                )
    # The centre: a gold-rimmed black diamond holding the four suits.
    rx, ry = 44 * s, 62 * s
    diamond = [(cx, cy - ry), (cx + rx, cy), (cx, cy + ry), (cx - rx, cy)]
    d.polygon(diamond, fill=(*DECO_FIELD, 255), outline=(*DECO_GOLD, 255), width=round(2.5 * s))
    inner = [(cx, cy - ry + 9 * s), (cx + rx - 6 * s, cy), (cx, cy + ry - 9 * s), (cx - rx + 6 * s, cy)]
    d.polygon(inner, outline=(*DECO_GOLD, 255), width=s)
    size = 17 * s
    for suit, (ox, oy) in zip("SHDC", ((0, -20), (18, 0), (0, 20), (-18, 0)), strict=True):
        pip = suit_image(suit, size, DECO_GOLD)
        big.alpha_composite(pip, (round(cx + ox * s - pip.width / 2), round(cy + oy * s - pip.height / 2)))
    return downscale(big, (CARD_W, CARD_H))


# The backs a player may choose, by the name the settings keep: the atlas
# names the first one ``back`` and the others ``back-<name>``.
BACKS: dict[str, Callable[[], Image.Image]] = {
    "spider": draw_back,
    "web": draw_web,
    "tartan": draw_tartan,
    "deco": draw_deco,
}


def back_name(back: str) -> str:
    """The atlas's name for the back a player calls `back`."""
    return "back" if back == "spider" else f"back-{back}"
