"""Render the card atlas: ``resources/cards.png`` and ``resources/cards.json``.

    python tools/render_atlas.py [--out DIR] [--sheet PNG]

Everything is drawn with Pillow from vector shapes and the font shipped in
``resources/fonts/``, so the same command writes byte-identical files on every
machine with the same Pillow. The game only loads the atlas; it never renders
cards itself.

Layout of ``cards.json``::

    {"card": {"w": 200, "h": 280}, "highlight_margin": 16, "padding": 2,
     "images": {"AS": {"x": 2, "y": 2, "w": 200, "h": 280}, ...}}

Rectangles are in pixels from the top left of ``cards.png``. Faces are named by
the engine's card text (``AS`` ... ``KC``); four-colour faces add ``-4c``
(diamonds and clubs only); ``back``, ``empty`` and ``stock`` are card-sized;
``highlight`` is the card plus ``highlight_margin`` on every side, to be drawn
centred on the card or empty slot it marks.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from functools import cache, partial
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter, ImageFont

ROOT = Path(__file__).resolve().parent.parent
FONT_PATH = ROOT / "resources" / "fonts" / "DejaVuSans-Bold.ttf"

# Twice a 100 x 140 base, so fullscreen 1080p stays sharp.
CARD_W, CARD_H = 200, 280
RADIUS = 14
SS = 4  # supersampling factor for every vector shape
PADDING = 2  # transparent pixels between atlas cells (no bleeding with linear filtering)
GLOW = 16  # the highlight frame reaches this far outside the card

RANKS = "A23456789TJQK"
SUITS = "SHDC"
Color = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

RED: Color = (200, 16, 38)
BLACK: Color = (22, 22, 26)
BLUE: Color = (22, 78, 196)
GREEN: Color = (16, 128, 52)
CLASSIC: dict[str, Color] = {"S": BLACK, "H": RED, "D": RED, "C": BLACK}
FOUR_COLOUR: dict[str, Color] = {"S": BLACK, "H": RED, "D": BLUE, "C": GREEN}

FACE_WHITE: Color = (253, 252, 248)
EDGE_GREY: Color = (150, 150, 146)
GOLD: Color = (230, 178, 40)
DARK_GOLD: Color = (150, 104, 14)
INK: Color = (28, 24, 24)
SKIN: Color = (250, 214, 172)
FELT: Color = (30, 107, 58)
FRAME_CREAM: Color = (255, 250, 236)


# --------------------------------------------------------------------------
# Small geometry helpers


def bezier(
    p0: Sequence[float],
    p1: Sequence[float],
    p2: Sequence[float],
    p3: Sequence[float],
    steps: int = 24,
) -> list[tuple[float, float]]:
    """Points along a cubic Bézier curve (the end point excluded)."""
    out = []
    for i in range(steps):
        t = i / steps
        a, b, c, d = (1 - t) ** 3, 3 * t * (1 - t) ** 2, 3 * t * t * (1 - t), t**3
        out.append(
            (
                a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1],
            )
        )
    return out


def downscale(img: Image.Image, size: tuple[int, int]) -> Image.Image:
    """Supersampled drawing to its final size: LANCZOS gives smooth, sharp edges."""
    return img.resize(size, Image.Resampling.LANCZOS)


def colour_layer(mask: Image.Image, colour: Color) -> Image.Image:
    """A solid colour shaped by an L mask."""
    layer = Image.new("RGBA", mask.size, (*colour, 255))
    layer.putalpha(mask)
    return layer


# --------------------------------------------------------------------------
# Suit symbols: drawn once per size into a mask, in a unit box of 1000 units.

# Width / height of each symbol, so pips of one height look balanced.
SUIT_ASPECT = {"S": 0.86, "H": 0.96, "D": 0.76, "C": 0.88}


def _heart_points(w: float, h: float, flip: bool = False) -> list[tuple[float, float]]:
    """The classic heart curve, fitted to a w x h box (point at the bottom)."""
    raw = []
    for i in range(200):
        t = 2 * math.pi * i / 200
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        raw.append((x, -y))
    xs = [p[0] for p in raw]
    ys = [p[1] for p in raw]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    pts = [((x - x0) / (x1 - x0) * w, (y - y0) / (y1 - y0) * h) for x, y in raw]
    if flip:
        pts = [(x, h - y) for x, y in pts]
    return pts


def _draw_suit(draw: ImageDraw.ImageDraw, suit: str, w: float, h: float) -> None:
    """Draw one suit symbol filling (0, 0)-(w, h) in white on an L image."""
    fill = 255
    if suit == "H":
        draw.polygon(_heart_points(w, h), fill=fill)
    elif suit == "D":
        # Slightly concave sides, like a printed diamond.
        top, right, bottom, left = (w / 2, 0), (w, h / 2), (w / 2, h), (0, h / 2)
        k = 0.06
        pts: list[tuple[float, float]] = []
        for a, b in ((top, right), (right, bottom), (bottom, left), (left, top)):
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            pull = (
                mid[0] + (w / 2 - mid[0]) * k * 2,
                mid[1] + (h / 2 - mid[1]) * k * 2,
            )
            pts += bezier(a, pull, pull, b)
        draw.polygon(pts, fill=fill)
    elif suit == "S":
        body_h = h * 0.80
        draw.polygon(_heart_points(w, body_h, flip=True), fill=fill)
        _draw_stem(draw, w, h, top=h * 0.55)
    elif suit == "C":
        # Three round leaves that nearly touch, so the notches between them show.
        r = w * 0.26
        cx = w / 2
        draw.ellipse((cx - r, 0, cx + r, 2 * r), fill=fill)
        cy = r + w * 0.41
        draw.ellipse((0, cy - r, 2 * r, cy + r), fill=fill)
        draw.ellipse((w - 2 * r, cy - r, w, cy + r), fill=fill)
        # Fill the middle between the leaf centres only, keeping the notches between leaves.
        draw.polygon([(cx, r), (w - r, cy), (cx, cy + r * 0.4), (r, cy)], fill=fill)
        _draw_stem(draw, w, h, top=cy)
    else:  # pragma: no cover - SUITS is fixed
        raise ValueError(suit)


def _draw_stem(draw: ImageDraw.ImageDraw, w: float, h: float, top: float) -> None:
    """The flared foot of spades and clubs."""
    cx = w / 2
    half_top = w * 0.045
    half_bottom = w * 0.25
    left = bezier(
        (cx - half_top, top),
        (cx - half_top, h * 0.88),
        (cx - half_bottom * 0.6, h),
        (cx - half_bottom, h),
        16,
    )
    right = bezier(
        (cx + half_bottom, h),
        (cx + half_bottom * 0.6, h),
        (cx + half_top, h * 0.88),
        (cx + half_top, top),
        16,
    )
    draw.polygon(left + [(cx - half_bottom, h), (cx + half_bottom, h)] + right, fill=255)


@cache
def suit_mask(suit: str, height: int) -> Image.Image:
    """The antialiased mask of a suit symbol `height` pixels tall (cached per size)."""
    width = max(1, round(height * SUIT_ASPECT[suit]))
    big = Image.new("L", (width * SS, height * SS), 0)
    _draw_suit(ImageDraw.Draw(big), suit, width * SS - 1, height * SS - 1)
    return downscale(big, (width, height))


@cache
def suit_image(suit: str, height: int, colour: Color, upside_down: bool = False) -> Image.Image:
    """A coloured suit symbol, cached per size, colour and way up."""
    img = colour_layer(suit_mask(suit, height), colour)
    return img.transpose(Image.Transpose.ROTATE_180) if upside_down else img


def paste_centred(card: Image.Image, img: Image.Image, cx: float, cy: float) -> None:
    card.alpha_composite(img, (round(cx - img.width / 2), round(cy - img.height / 2)))


# --------------------------------------------------------------------------
# Text from the shipped font


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_PATH), size)


@cache
def rank_mask(rank: str, cap_height: int, max_width: int) -> Image.Image:
    """The rank as an antialiased mask whose ink is exactly `cap_height` tall.

    "10" is squeezed to `max_width` so it is no wider than the other ranks.
    """
    text = "10" if rank == "T" else rank
    size = round(cap_height * SS / 0.729)  # DejaVu Sans Bold cap height is 0.729 em
    f = font(size)
    left, top, right, bottom = (round(v) for v in f.getbbox(text))
    big = Image.new("L", (right - left + 8, bottom - top + 8), 0)
    ImageDraw.Draw(big).text((4 - left, 4 - top), text, font=f, fill=255)
    box = big.getbbox()
    assert box is not None
    big = big.crop(box)
    h = cap_height
    w = round(big.width * h / big.height)
    if text == "10":
        # Two digits would make the index twice as wide as a letter: squeeze them.
        w = min(w, max_width)
    return downscale(big, (max(1, w), h))


# --------------------------------------------------------------------------
# Card faces


@cache
def card_base() -> Image.Image:
    """White rounded card with a fine grey edge, transparent outside the corners."""
    big = Image.new("RGBA", (CARD_W * SS, CARD_H * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.rounded_rectangle((0, 0, CARD_W * SS - 1, CARD_H * SS - 1), RADIUS * SS, fill=(*EDGE_GREY, 255))
    e = round(1.25 * SS)
    d.rounded_rectangle(
        (e, e, CARD_W * SS - 1 - e, CARD_H * SS - 1 - e),
        RADIUS * SS - e,
        fill=(*FACE_WHITE, 255),
    )
    return downscale(big, (CARD_W, CARD_H))


# The corner index. Cards in a Spider column show only their top strip, so the
# big rank and its suit sit side by side within the top ~15 % of the card.
INDEX_CAP = 29  # rank height in px (of 280): ends at 12.5 % of the card
INDEX_TOP = 6
INDEX_LEFT = 10
INDEX_SUIT = 27
SMALL_CAP = 18
SMALL_SUIT = 17


@cache
def index_layer(rank: str, suit: str, colour: Color) -> Image.Image:
    """Both corner indices: big top left, small top right, and both again turned 180°."""
    layer = Image.new("RGBA", (CARD_W, CARD_H), (0, 0, 0, 0))
    rm = rank_mask(rank, INDEX_CAP, 44)
    layer.alpha_composite(colour_layer(rm, colour), (INDEX_LEFT, INDEX_TOP))
    s = suit_image(suit, INDEX_SUIT, colour)
    layer.alpha_composite(s, (INDEX_LEFT + rm.width + 4, INDEX_TOP + (INDEX_CAP - INDEX_SUIT) // 2))
    # Small echo at the top right, right-aligned: rank then suit.
    sm = rank_mask(rank, SMALL_CAP, 26)
    ss = suit_image(suit, SMALL_SUIT, colour)
    right = CARD_W - 11
    layer.alpha_composite(ss, (right - ss.width, INDEX_TOP))
    layer.alpha_composite(colour_layer(sm, colour), (right - ss.width - 3 - sm.width, INDEX_TOP))
    layer.alpha_composite(layer.transpose(Image.Transpose.ROTATE_180))
    return layer


# Pip area: between the top and bottom index bands.
PIP_H = 38
PIP_TOP = 71  # centre of the top row
PIP_BOTTOM = CARD_H - PIP_TOP
PIP_X = (57, CARD_W // 2, CARD_W - 57)

# Traditional pip patterns: (column 0/1/2, row fraction 0 top .. 1 bottom).
PATTERNS: dict[int, list[tuple[int, float]]] = {
    2: [(1, 0), (1, 1)],
    3: [(1, 0), (1, 0.5), (1, 1)],
    4: [(0, 0), (2, 0), (0, 1), (2, 1)],
    5: [(0, 0), (2, 0), (1, 0.5), (0, 1), (2, 1)],
    6: [(0, 0), (2, 0), (0, 0.5), (2, 0.5), (0, 1), (2, 1)],
    7: [(0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (0, 1), (2, 1)],
    8: [(0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (1, 0.75), (0, 1), (2, 1)],
    9: [
        (0, 0),
        (2, 0),
        (0, 1 / 3),
        (2, 1 / 3),
        (1, 0.5),
        (0, 2 / 3),
        (2, 2 / 3),
        (0, 1),
        (2, 1),
    ],
    10: [
        (0, 0),
        (2, 0),
        (1, 1 / 6),
        (0, 1 / 3),
        (2, 1 / 3),
        (0, 2 / 3),
        (2, 2 / 3),
        (1, 5 / 6),
        (0, 1),
        (2, 1),
    ],
}


def pip_centres(rank: int) -> list[tuple[int, float, bool]]:
    """(x, y, upside down) of each pip of a number card: lower pips face the other way."""
    out = []
    for col, frac in PATTERNS[rank]:
        y = PIP_TOP + frac * (PIP_BOTTOM - PIP_TOP)
        out.append((PIP_X[col], y, frac > 0.5))
    return out


def draw_face(rank_index: int, suit: str, colours: dict[str, Color]) -> Image.Image:
    rank = RANKS[rank_index]
    colour = colours[suit]
    card = card_base().copy()
    card.alpha_composite(index_layer(rank, suit, colour))
    n = rank_index + 1
    if n == 1:
        if suit == "S":
            # The ace of spades gets the traditional ornate pip: nested spades.
            paste_centred(card, suit_image(suit, 120, colour), CARD_W / 2, CARD_H / 2)
            for size, fill in ((66, FACE_WHITE), (56, GOLD), (46, colour)):
                body = suit_image(suit, size, fill)
                body = body.crop((0, 0, body.width, round(size * 0.8)))  # no stem
                paste_centred(card, body, CARD_W / 2, CARD_H / 2 - 16)
        else:
            paste_centred(card, suit_image(suit, 100, colour), CARD_W / 2, CARD_H / 2)
    elif n <= 10:
        for x, y, down in pip_centres(n):
            paste_centred(card, suit_image(suit, PIP_H, colour, down), x, y)
    else:
        panel = court_panel(rank, suit, colour)
        card.alpha_composite(panel, (COURT_BOX[0], COURT_BOX[1]))
    return card


# --------------------------------------------------------------------------
# Court cards: a framed figure, top half drawn, bottom half the top turned 180°.

COURT_BOX = (24, 44, CARD_W - 24, CARD_H - 44)  # frame inside the index bands


def _partner(colour: Color) -> Color:
    """The second robe colour: blue beside red, red beside the dark suits."""
    return (30, 70, 170) if colour in (RED,) else RED


def court_panel(rank: str, suit: str, colour: Color) -> Image.Image:
    x0, y0, x1, y1 = COURT_BOX
    pw, ph = x1 - x0, y1 - y0
    half_h = ph // 2
    S = SS

    big = Image.new("RGBA", (pw * S, ph * S), (*FRAME_CREAM, 255))
    half = Image.new("RGBA", (pw * S, half_h * S), (*FRAME_CREAM, 255))
    d = ImageDraw.Draw(half)

    def P(x: float, y: float) -> tuple[float, float]:
        return (x * S, y * S)

    def box(a: float, b: float, c: float, e: float) -> tuple[float, float, float, float]:
        return (a * S, b * S, c * S, e * S)

    def poly(points: Iterable[tuple[float, float]], fill: Color, outline: bool = True) -> None:
        pts = [P(x, y) for x, y in points]
        d.polygon(
            pts,
            fill=(*fill, 255),
            outline=(*INK, 255) if outline else None,
            width=S if outline else 1,
        )

    def ellipse(b: tuple[float, float, float, float], fill: Color, outline: bool = True) -> None:
        d.ellipse(
            box(*b),
            fill=(*fill, 255),
            outline=(*INK, 255) if outline else None,
            width=S if outline else 1,
        )

    def line(points: Sequence[tuple[float, float]], fill: Color, width: float) -> None:
        d.line(
            [P(x, y) for x, y in points],
            fill=(*fill, 255),
            width=round(width * S),
            joint="curve",
        )

    accent = colour
    partner = _partner(colour)
    cx = pw * 0.46  # figure a little left of centre: the held item goes right
    head_cy = 38.0
    hw, hh = 14.0, 16.0

    # Held item, behind the shoulders.
    if rank == "K" and suit in "DC":
        # A sceptre: gold rod topped with a fleur of three balls.
        sx = pw - 24
        poly([(sx - 1.8, 84), (sx - 1.8, 16), (sx + 1.8, 16), (sx + 1.8, 84)], GOLD)
        ellipse((sx - 5, 8, sx + 5, 18), GOLD)
        for bx, by in ((sx, 4), (sx - 6, 9), (sx + 6, 9)):
            ellipse((bx - 2.6, by - 2.6, bx + 2.6, by + 2.6), accent)
        for ry in (30, 46):
            poly(
                [(sx - 3, ry), (sx + 3, ry), (sx + 3, ry + 3), (sx - 3, ry + 3)],
                DARK_GOLD,
            )
    elif rank == "K":
        # Sword raised behind the shoulder.
        sx = pw - 24
        poly(
            [(sx - 3, 60), (sx - 3, 10), (sx, 3), (sx + 3, 10), (sx + 3, 60)],
            (214, 220, 228),
        )
        line([(sx, 12), (sx, 58)], (160, 168, 180), 0.8)
        poly([(sx - 2, 62), (sx + 2, 62), (sx + 2, 76), (sx - 2, 76)], (110, 64, 30))
        poly([(sx - 9, 59), (sx + 9, 59), (sx + 9, 63), (sx - 9, 63)], GOLD)
        ellipse((sx - 3, 75, sx + 3, 81), GOLD)
    elif rank == "Q":
        sx = pw - 22
        line([(sx, 84), (sx - 2, 50), (sx, 24)], (40, 120, 50), 2.2)
        ellipse((sx - 13, 46, sx - 1, 54), (60, 150, 70))
        ellipse((sx + 1, 56, sx + 12, 63), (60, 150, 70))
        for k in range(6):
            a = k * math.pi / 3
            px, py = sx + 6.5 * math.cos(a), 22 + 6.5 * math.sin(a)
            ellipse((px - 5, py - 5, px + 5, py + 5), accent)
        ellipse((sx - 4, 18, sx + 4, 26), GOLD)
    else:
        # A halberd: staff and axe blade.
        sx = pw - 22
        poly(
            [(sx - 1.6, 90), (sx - 1.6, 14), (sx + 1.6, 14), (sx + 1.6, 90)],
            (130, 84, 40),
        )
        poly([(sx, 2), (sx + 4, 14), (sx - 4, 14)], (214, 220, 228))
        poly(
            [
                (sx + 1.6, 16),
                (sx + 13, 12),
                (sx + 16, 22),
                (sx + 13, 32),
                (sx + 1.6, 28),
            ],
            (214, 220, 228),
        )
        poly([(sx - 1.6, 18), (sx - 8, 22), (sx - 1.6, 26)], (214, 220, 228))

    # Long hair for the queen, behind the head.
    if rank == "Q":
        poly(
            [
                (cx - hw - 5, 28),
                (cx - hw - 8, 64),
                (cx + hw + 8, 64),
                (cx + hw + 5, 28),
                (cx, 14),
            ],
            (196, 142, 44),
        )

    # Robe: sloping shoulders, split in the accent and partner colours, gold band.
    robe_top = 60.0
    sl, sr = cx - 38, cx + 38
    bottom = half_h + 2
    left_edge = bezier(
        (cx - 10, robe_top - 2),
        (cx - 26, robe_top - 2),
        (sl, robe_top + 2),
        (sl, robe_top + 16),
        12,
    )
    right_edge = bezier(
        (sr, robe_top + 16),
        (sr, robe_top + 2),
        (cx + 26, robe_top - 2),
        (cx + 10, robe_top - 2),
        12,
    )
    poly([(cx, robe_top - 2)] + left_edge + [(sl - 2, bottom), (cx, bottom)], accent)
    poly([(cx, bottom), (sr + 2, bottom)] + right_edge + [(cx, robe_top - 2)], partner)
    # Patterned cloth: gold diamonds on the accent side, cream dots on the partner side.
    for row in range(3):
        for col in range(2):
            tx = cx - 28 + col * 11 + (row % 2) * 5
            ty = robe_top + 12 + row * 8
            poly(
                [(tx, ty - 2.6), (tx + 2.6, ty), (tx, ty + 2.6), (tx - 2.6, ty)],
                GOLD,
                outline=False,
            )
            ux = cx + 17 + col * 10 + (row % 2) * 5
            ellipse((ux - 1.8, ty - 1.8, ux + 1.8, ty + 1.8), FRAME_CREAM, outline=False)
    poly(
        [
            (cx - 6, robe_top + 2),
            (cx + 6, robe_top + 2),
            (cx + 7, bottom),
            (cx - 7, bottom),
        ],
        GOLD,
    )
    for by in (68, 76, 84):
        ellipse((cx - 2.2, by - 2.2, cx + 2.2, by + 2.2), accent)

    # Arms: the right hand holds the item, the left rests on the chest.
    hand_y = {"K": 70.0, "Q": 68.0, "J": 64.0}[rank]
    poly(
        [
            (sr - 6, robe_top + 6),
            (sr + 3, robe_top + 12),
            (sx + 1, hand_y + 5),
            (sx - 3, hand_y - 5),
        ],
        accent,
    )
    poly(
        [
            (sx - 5, hand_y - 6),
            (sx + 2, hand_y + 6),
            (sx - 1, hand_y + 7),
            (sx - 8, hand_y - 4),
        ],
        GOLD,
    )
    ellipse((sx - 4.5, hand_y - 5, sx + 4.5, hand_y + 5), SKIN)
    poly(
        [
            (sl + 2, robe_top + 8),
            (sl + 8, robe_top + 4),
            (cx - 9, robe_top + 20),
            (cx - 12, robe_top + 27),
        ],
        partner,
    )
    ellipse((cx - 15, robe_top + 18, cx - 6, robe_top + 28), SKIN)
    if rank == "K":
        # The king's orb in his left hand.
        ellipse((cx - 22, robe_top + 13, cx - 10, robe_top + 25), GOLD)
        line([(cx - 16, robe_top + 13), (cx - 16, robe_top + 8)], INK, 1.2)
        line([(cx - 18.5, robe_top + 10), (cx - 13.5, robe_top + 10)], INK, 1.2)

    # Collar: a white ruff for the queen and jack, ermine for the king.
    if rank == "K":
        poly(
            [
                (cx - 20, robe_top - 2),
                (cx + 20, robe_top - 2),
                (cx + 16, robe_top + 8),
                (cx - 16, robe_top + 8),
            ],
            (250, 250, 250),
        )
        for k in range(5):
            ex = cx - 14 + k * 7
            poly(
                [
                    (ex, robe_top + 1),
                    (ex + 1.2, robe_top + 4),
                    (ex - 1.2, robe_top + 4),
                ],
                INK,
                outline=False,
            )
    else:
        for k in range(7):
            ex = cx - 15 + k * 5
            ellipse((ex - 3.5, robe_top - 5, ex + 3.5, robe_top + 3), (250, 250, 250))

    # Neck and head.
    poly(
        [
            (cx - 5, head_cy + 8),
            (cx + 5, head_cy + 8),
            (cx + 5, robe_top - 3),
            (cx - 5, robe_top - 3),
        ],
        SKIN,
    )
    if rank == "J":
        # Short curls on both sides, below the cap.
        ellipse((cx - hw - 4, head_cy - 12, cx - hw + 8, head_cy + 8), (120, 70, 30))
        ellipse((cx + hw - 8, head_cy - 12, cx + hw + 4, head_cy + 8), (120, 70, 30))
    ellipse((cx - hw, head_cy - hh, cx + hw, head_cy + hh), SKIN)
    if rank == "K":
        # Grey beard and moustache.
        poly(
            bezier(
                (cx - hw + 1, head_cy + 1),
                (cx - hw, head_cy + 20),
                (cx - 3, head_cy + 22),
                (cx, head_cy + 24),
                12,
            )
            + bezier(
                (cx, head_cy + 24),
                (cx + 3, head_cy + 22),
                (cx + hw, head_cy + 20),
                (cx + hw - 1, head_cy + 1),
                12,
            )
            + [(cx + 5, head_cy + 6), (cx - 5, head_cy + 6)],
            (214, 208, 196),
        )
        poly(
            [
                (cx - 8, head_cy + 7),
                (cx, head_cy + 4),
                (cx + 8, head_cy + 7),
                (cx, head_cy + 9),
            ],
            (180, 172, 160),
        )
    # Eyes, brows, nose, mouth.
    for ex in (cx - 5, cx + 5):
        ellipse((ex - 1.6, head_cy - 4, ex + 1.6, head_cy - 1), INK, outline=False)
        line([(ex - 3, head_cy - 7), (ex + 3, head_cy - 7.5)], INK, 0.9)
    line(
        [(cx + 0.5, head_cy - 3), (cx + 1.5, head_cy + 3), (cx - 1, head_cy + 4)],
        INK,
        0.8,
    )
    if rank != "K":
        line([(cx - 3, head_cy + 8), (cx + 3, head_cy + 8)], (190, 50, 50), 1.2)
        ellipse((cx - 10, head_cy + 1, cx - 5, head_cy + 5), (246, 176, 160), outline=False)
        ellipse((cx + 5, head_cy + 1, cx + 10, head_cy + 5), (246, 176, 160), outline=False)

    # Headwear.
    top = head_cy - hh
    if rank == "K":
        base = top + 5
        pts = [
            (cx - 15, base),
            (cx - 17, base - 16),
            (cx - 9, base - 8),
            (cx - 4.5, base - 19),
            (cx, base - 9),
            (cx + 4.5, base - 19),
            (cx + 9, base - 8),
            (cx + 17, base - 16),
            (cx + 15, base),
        ]
        poly(pts, GOLD)
        poly(
            [
                (cx - 15, base - 4),
                (cx + 15, base - 4),
                (cx + 15, base + 1),
                (cx - 15, base + 1),
            ],
            DARK_GOLD,
        )
        for jx, jc in ((cx - 8, partner), (cx, accent), (cx + 8, partner)):
            ellipse((jx - 2, base - 3.5, jx + 2, base + 0.5), jc, outline=False)
        for tx, ty in (
            (cx - 17, base - 16),
            (cx - 4.5, base - 19),
            (cx + 4.5, base - 19),
            (cx + 17, base - 16),
        ):
            ellipse((tx - 2, ty - 2, tx + 2, ty + 2), FRAME_CREAM)
    elif rank == "Q":
        base = top + 6
        poly(
            [
                (cx - 12, base),
                (cx - 12, base - 7),
                (cx - 6, base - 4),
                (cx, base - 12),
                (cx + 6, base - 4),
                (cx + 12, base - 7),
                (cx + 12, base),
            ],
            GOLD,
        )
        for tx, ty in ((cx - 12, base - 7), (cx, base - 12), (cx + 12, base - 7)):
            ellipse((tx - 2.3, ty - 2.3, tx + 2.3, ty + 2.3), FRAME_CREAM)
        ellipse((cx - 2, base - 5, cx + 2, base - 1), accent, outline=False)
    else:
        # A flat cap with a feather.
        poly(
            bezier(
                (cx + 10, top + 2),
                (cx + 20, top - 2),
                (cx + 28, top - 8),
                (cx + 30, top - 14),
                10,
            )
            + bezier(
                (cx + 30, top - 14),
                (cx + 22, top - 9),
                (cx + 12, top - 5),
                (cx + 6, top + 2),
                10,
            ),
            GOLD,
        )
        d.chord(
            box(cx - hw - 3, top - 8, cx + hw + 3, top + 14),
            180,
            360,
            fill=(*accent, 255),
            outline=(*INK, 255),
            width=S,
        )
        poly(
            [
                (cx - hw - 6, top + 3),
                (cx + hw + 6, top + 3),
                (cx + hw + 4, top + 7),
                (cx - hw - 4, top + 7),
            ],
            partner,
        )

    # Assemble: top half, the same turned 180° below, divider, frame, corner pips.
    big.alpha_composite(half, (0, 0))
    big.alpha_composite(half.transpose(Image.Transpose.ROTATE_180), (0, ph * S - half_h * S))
    bd = ImageDraw.Draw(big)
    bd.line([(0, ph * S / 2), (pw * S, ph * S / 2)], fill=(*INK, 255), width=S)
    bd.rectangle((0, 0, pw * S - 1, ph * S - 1), outline=(*INK, 255), width=round(1.5 * S))
    bd.rectangle(
        (3 * S, 3 * S, pw * S - 1 - 3 * S, ph * S - 1 - 3 * S),
        outline=(*GOLD, 255),
        width=S,
    )
    panel = downscale(big, (pw, ph))
    pip = suit_image(suit, 20, colour)
    panel.alpha_composite(pip, (8, 8))
    panel.alpha_composite(suit_image(suit, 20, colour, True), (pw - 8 - pip.width, ph - 8 - pip.height))
    return panel


# --------------------------------------------------------------------------
# Back, empty slot, stock placeholder, highlight


def draw_back() -> Image.Image:
    S = SS
    W, H = CARD_W * S, CARD_H * S
    big = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.rounded_rectangle((0, 0, W - 1, H - 1), RADIUS * S, fill=(*EDGE_GREY, 255))
    e = round(1.25 * S)
    d.rounded_rectangle((e, e, W - 1 - e, H - 1 - e), RADIUS * S - e, fill=(*FACE_WHITE, 255))
    m = 9 * S  # white margin around the blue field
    field = (m, m, W - 1 - m, H - 1 - m)
    navy, lattice = (20, 44, 112), (54, 96, 184)
    d.rounded_rectangle(field, 8 * S, fill=(*navy, 255))
    # Diagonal lattice, clipped to the field by a mask.
    lat = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    ld = ImageDraw.Draw(lat)
    step = 14 * S
    for k in range(-H, W + H, step):
        ld.line([(k, 0), (k + H, H)], fill=(*lattice, 255), width=round(1.6 * S))
        ld.line([(k, 0), (k - H, H)], fill=(*lattice, 255), width=round(1.6 * S))
    # Small dots at the lattice crossings make it richer.
    for i in range(0, W + step, step):
        for j in range(0, H + step, step):
            ox = i + (step / 2 if (j // step) % 2 else 0)
            ld.ellipse(
                (ox - 1.6 * S, j - 1.6 * S, ox + 1.6 * S, j + 1.6 * S),
                fill=(150, 180, 235, 255),
            )
    mask = Image.new("L", (W, H), 0)
    ImageDraw.Draw(mask).rounded_rectangle(field, 8 * S, fill=255)
    big.paste(
        lat,
        (0, 0),
        Image.composite(lat.getchannel("A"), Image.new("L", (W, H), 0), mask),
    )
    # Gold inner border.
    g = m + 6 * S
    d.rounded_rectangle((g, g, W - 1 - g, H - 1 - g), 5 * S, outline=(*GOLD, 255), width=round(1.5 * S))
    d.rounded_rectangle((m, m, W - 1 - m, H - 1 - m), 8 * S, outline=(10, 24, 70, 255), width=S)
    # Central medallion with a spider.
    cx, cy = W / 2, H / 2
    rx, ry = 46 * S, 58 * S
    d.ellipse(
        (cx - rx, cy - ry, cx + rx, cy + ry),
        fill=(*navy, 255),
        outline=(*GOLD, 255),
        width=round(2.5 * S),
    )
    d.ellipse(
        (cx - rx + 6 * S, cy - ry + 6 * S, cx + rx - 6 * S, cy + ry - 6 * S),
        outline=(*lattice, 255),
        width=S,
    )
    _draw_spider(d, cx, cy, S)
    return downscale(big, (CARD_W, CARD_H))


def _draw_spider(d: ImageDraw.ImageDraw, cx: float, cy: float, S: int) -> None:
    gold = (*GOLD, 255)
    w = round(2.4 * S)
    # Four legs a side, each bent at the knee: the front pairs reach up, the back pairs down.
    legs = (
        ((4, -10), (16, -30), (10, -50)),
        ((6, -7), (28, -20), (36, -4)),
        ((6, -4), (28, 4), (34, 24)),
        ((4, -2), (18, 18), (22, 42)),
    )
    for side in (-1, 1):
        for pts in legs:
            d.line(
                [(cx + side * x * S, cy + y * S) for x, y in pts],
                fill=gold,
                width=w,
                joint="curve",
            )
    d.ellipse((cx - 9 * S, cy - 16 * S, cx + 9 * S, cy + 1 * S), fill=gold)  # head and chest
    d.ellipse((cx - 12 * S, cy - 2 * S, cx + 12 * S, cy + 26 * S), fill=gold)  # abdomen
    d.polygon(
        [
            (cx, cy + 6 * S),
            (cx + 4 * S, cy + 12 * S),
            (cx, cy + 18 * S),
            (cx - 4 * S, cy + 12 * S),
        ],
        fill=(20, 44, 112, 255),
    )


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
    W, H = CARD_W + 2 * GLOW, CARD_H + 2 * GLOW
    glow = Image.new("RGBA", (W, H), (255, 200, 40, 0))
    ring = Image.new("L", (W, H), 0)
    ImageDraw.Draw(ring).rounded_rectangle(
        (GLOW - 2, GLOW - 2, W - 1 - GLOW + 2, H - 1 - GLOW + 2),
        RADIUS + 2,
        outline=255,
        width=8,
    )
    halo = ring.filter(ImageFilter.GaussianBlur(6))
    halo = halo.point(lambda v: min(255, v * 2))
    glow.putalpha(halo)
    big = Image.new("RGBA", (W * SS, H * SS), (0, 0, 0, 0))
    ImageDraw.Draw(big).rounded_rectangle(
        (
            (GLOW - 2) * SS,
            (GLOW - 2) * SS,
            (W - GLOW + 2) * SS - 1,
            (H - GLOW + 2) * SS - 1,
        ),
        (RADIUS + 2) * SS,
        outline=(255, 236, 140, 255),
        width=4 * SS,
    )
    glow.alpha_composite(downscale(big, (W, H)))
    return glow


# --------------------------------------------------------------------------
# Atlas


Drawing = Callable[[], Image.Image]


def atlas_rows() -> list[list[tuple[str, Drawing]]]:
    """The atlas layout, row by row: a row per suit (ace to king), the extras last."""
    rows: list[list[tuple[str, Drawing]]] = []
    for suit in SUITS:
        rows.append([(RANKS[r] + suit, partial(draw_face, r, suit, CLASSIC)) for r in range(13)])
    for suit in "DC":
        rows.append([(RANKS[r] + suit + "-4c", partial(draw_face, r, suit, FOUR_COLOUR)) for r in range(13)])
    rows.append(
        [
            ("back", draw_back),
            ("empty", draw_empty),
            ("stock", draw_stock),
            ("highlight", draw_highlight),
        ]
    )
    return rows


def build_atlas() -> tuple[Image.Image, dict[str, object]]:
    """The atlas image and its description, every cell PADDING px from its neighbours."""
    rects: dict[str, dict[str, int]] = {}
    placed: list[tuple[Image.Image, int, int]] = []
    width = y = PADDING
    for row in atlas_rows():
        x = PADDING
        row_h = 0
        for name, draw in row:
            img = draw()
            rects[name] = {"x": x, "y": y, "w": img.width, "h": img.height}
            placed.append((img, x, y))
            x += img.width + PADDING
            row_h = max(row_h, img.height)
        width = max(width, x)
        y += row_h + PADDING
    atlas = Image.new("RGBA", (width, y), (0, 0, 0, 0))
    for img, px, py in placed:
        atlas.paste(img, (px, py))
    meta: dict[str, object] = {
        "card": {"w": CARD_W, "h": CARD_H},
        "highlight_margin": GLOW,
        "padding": PADDING,
        "images": rects,
    }
    return atlas, meta


def meta_json(meta: dict[str, object]) -> str:
    """The description as JSON, one image per line, in the atlas order (diffs stay readable)."""
    images: dict[str, dict[str, int]] = meta["images"]  # type: ignore[assignment]
    head = {k: v for k, v in meta.items() if k != "images"}
    lines = [f"  {json.dumps(k)}: {json.dumps(v)}," for k, v in head.items()]
    body = ",\n".join(f"    {json.dumps(n)}: {json.dumps(r)}" for n, r in images.items())
    return "{\n" + "\n".join(lines) + '\n  "images": {\n' + body + "\n  }\n}\n"


def save_png(img: Image.Image, path: Path) -> None:
    """PNG without any metadata, so the bytes depend on the pixels only."""
    img.save(path, format="PNG", optimize=False, compress_level=9)


def render_sheet(atlas: Image.Image, meta: dict[str, object], width: int = 1600) -> Image.Image:
    """The whole deck laid out on felt, plus fanned columns as the game shows them (README)."""
    rects: dict[str, dict[str, int]] = meta["images"]  # type: ignore[assignment]
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
    W = gap + cols * (CARD_W + gap)
    H = gap + len(rows) * (CARD_H + gap) + GLOW + fan_h + gap
    sheet = Image.new("RGBA", (W, H), (*FELT, 255))

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
    scale = width / W
    return sheet.resize((width, round(H * scale)), Image.Resampling.LANCZOS).convert("RGB")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Render the Spider card atlas.")
    parser.add_argument(
        "--out",
        type=Path,
        default=ROOT / "resources",
        help="folder for cards.png and cards.json (default: resources/)",
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
    atlas, meta = build_atlas()
    drawn = time.perf_counter()
    try:
        save_png(atlas, args.out / "cards.png")
        (args.out / "cards.json").write_text(meta_json(meta), encoding="utf-8")
        if args.sheet is not None:
            args.sheet.parent.mkdir(parents=True, exist_ok=True)
            save_png(render_sheet(atlas, meta), args.sheet)
    except OSError as err:
        print(f"error: cannot write: {err}", file=sys.stderr)
        return 2
    done = time.perf_counter()
    count = len(meta["images"])  # type: ignore[arg-type]
    print(
        f"{count} images, atlas {atlas.width}x{atlas.height} px: drawn in {drawn - start:.2f} s, "
        f"written in {done - drawn:.2f} s (total {done - start:.2f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
