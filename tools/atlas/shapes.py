"""Geometry helpers and the four suit symbols, drawn large and downscaled."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw

from tools.atlas.palette import SS, Color


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
    draw.polygon([*left, (cx - half_bottom, h), (cx + half_bottom, h), *right], fill=255)


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
