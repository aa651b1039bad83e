"""Court cards: a framed figure, the top half drawn, the bottom half the top turned 180°.

A figure is painted from back to front: what it holds, its robe, arms and
collar, then its head and headgear (``heads``). What each part looks like is
the figure's data (``figures``).
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageChops, ImageDraw

from tools.atlas.attributes import attribute
from tools.atlas.figures import FIGURES, Pattern
from tools.atlas.headgear import headgear
from tools.atlas.heads import head
from tools.atlas.palette import CARD_H, CARD_W, FRAME_CREAM, GOLD, INK, RED, SKIN, SS, WHITE, Color
from tools.atlas.pen import Pen, Point
from tools.atlas.shapes import bezier, downscale, suit_image
from tools.atlas.stage import HALF_H, HALF_W, ROBE_TOP, Stage

COURT_BOX = (24, 44, CARD_W - 24, CARD_H - 44)  # frame inside the index bands
CREAM: Color = FRAME_CREAM
SHOULDER = 38.0  # from the head's centre line to the edge of each shoulder


def _partner(colour: Color) -> Color:
    """The second robe colour: blue beside red, red beside the dark suits."""
    return (30, 70, 170) if colour in (RED,) else RED


# --------------------------------------------------------------------------
# Robe


def _robe_sides(st: Stage) -> tuple[list[Point], list[Point]]:
    """The outlines of the robe's two halves: sloping shoulders down past the frame's middle."""
    hx, top, bottom = st.hx, ROBE_TOP, HALF_H + 2
    sl, sr = hx - SHOULDER, hx + SHOULDER
    left_edge = bezier((hx - 10, top - 2), (hx - 26, top - 2), (sl, top + 2), (sl, top + 16), 12)
    right_edge = bezier((sr, top + 16), (sr, top + 2), (hx + 26, top - 2), (hx + 10, top - 2), 12)
    left = [(hx, top - 2), *left_edge, (sl - 2, bottom), (hx, bottom)]
    right = [(hx, bottom), (sr + 2, bottom), *right_edge, (hx, top - 2)]
    return left, right


def _pattern(p: Pen, kind: Pattern, x0: float, x1: float, colour: Color) -> None:
    """Small repeated motifs over the band x0..x1 of the robe (clipped to the robe later)."""
    ink = GOLD if colour != GOLD else CREAM
    for row in range(6):
        y = ROBE_TOP + 8 + row * 6
        for col in range(6):
            x = x0 + col * 7 + (row % 2) * 3.5
            if x > x1:
                break
            _motif(p, kind, x, y, ink, row + col)


def _motif(p: Pen, kind: Pattern, x: float, y: float, ink: Color, parity: int) -> None:
    if kind == "dots":
        p.ellipse((x - 1.6, y - 1.6, x + 1.6, y + 1.6), CREAM, outline=False)
    elif kind == "lozenges":
        p.poly([(x, y - 2.6), (x + 2.2, y), (x, y + 2.6), (x - 2.2, y)], ink, outline=False)
    elif kind == "chequer" and parity % 2 == 0:
        p.poly([(x - 2.5, y - 2.5), (x + 2.5, y - 2.5), (x + 2.5, y + 2.5), (x - 2.5, y + 2.5)], ink, outline=False)
    elif kind == "stripes" and parity % 2 == 0:
        p.line([(x, y - 4), (x, y + 4)], ink, 1.6)
    elif kind == "chevrons":
        p.line([(x - 3, y - 1.5), (x, y + 1.5), (x + 3, y - 1.5)], ink, 1.1)
    elif kind == "fleurs":
        for dx, dy in ((0, -1.6), (-1.5, 0.6), (1.5, 0.6)):
            p.ellipse((x + dx - 1.1, y + dy - 1.1, x + dx + 1.1, y + dy + 1.1), ink, outline=False)
    elif kind == "scales":
        p.draw.arc(p.box(x - 3, y - 3, x + 3, y + 3), 0, 180, fill=(*ink, 255), width=p.scale)


def _robe(st: Stage) -> None:
    """The robe's two halves in two colours, each with its cloth pattern, and the front."""
    p = st.pen
    left, right = _robe_sides(st)
    for outline, colour, kind, (x0, x1) in (
        (left, st.left_colour, st.fig.left, (st.hx - SHOULDER, st.hx - 4)),
        (right, st.right_colour, st.fig.right, (st.hx + 4, st.hx + SHOULDER)),
    ):
        p.poly(outline, colour)
        layer = Image.new("RGBA", p.image.size, (0, 0, 0, 0))
        _pattern(Pen(layer, p.scale), kind, x0, x1, colour)
        clip = Image.new("L", p.image.size, 0)
        ImageDraw.Draw(clip).polygon([p.point(x, y) for x, y in outline], fill=255)
        layer.putalpha(ImageChops.multiply(layer.getchannel("A"), clip))
        p.image.alpha_composite(layer)
        p.outline(outline)
    FRONTS[st.fig.front](st)


def _front_buttons(st: Stage) -> None:
    p, hx = st.pen, st.hx
    p.poly([(hx - 6, ROBE_TOP + 2), (hx + 6, ROBE_TOP + 2), (hx + 7, HALF_H + 2), (hx - 7, HALF_H + 2)], GOLD)
    for by in (68, 76, 84, 92):
        p.ellipse((hx - 2.2, by - 2.2, hx + 2.2, by + 2.2), st.accent)


def _front_sash(st: Stage) -> None:
    """A sash from one shoulder to the other hip."""
    p, hx = st.pen, st.hx
    p.rod((hx - 26, ROBE_TOP + 4), (hx + 22, HALF_H + 4), 9, GOLD)
    for t in (0.25, 0.5, 0.75):
        x, y = hx - 26 + 48 * t, ROBE_TOP + 4 + (HALF_H - ROBE_TOP) * t
        p.ellipse((x - 2, y - 2, x + 2, y + 2), st.partner, outline=False)


def _front_laced(st: Stage) -> None:
    """A bodice laced down the middle."""
    p, hx = st.pen, st.hx
    p.poly([(hx - 8, ROBE_TOP + 2), (hx + 8, ROBE_TOP + 2), (hx + 5, HALF_H + 2), (hx - 5, HALF_H + 2)], GOLD)
    for k in range(5):
        y = ROBE_TOP + 7 + k * 6.5
        p.line([(hx - 5, y), (hx + 5, y + 4)], INK, 0.8)
        p.line([(hx + 5, y), (hx - 5, y + 4)], INK, 0.8)


def _front_ermine(st: Stage) -> None:
    """An ermine stole down the front: white fur with black tails."""
    p, hx = st.pen, st.hx
    p.poly([(hx - 9, ROBE_TOP), (hx + 9, ROBE_TOP), (hx + 10, HALF_H + 2), (hx - 10, HALF_H + 2)], WHITE)
    _ermine_tails(
        p, [(hx - 4, ROBE_TOP + 12 + k * 9) for k in range(3)] + [(hx + 4, ROBE_TOP + 16 + k * 9) for k in range(3)]
    )


def _ermine_tails(p: Pen, at: list[Point]) -> None:
    for x, y in at:
        p.poly([(x, y - 2), (x + 1.4, y + 2), (x - 1.4, y + 2)], INK, outline=False)


FRONTS: dict[str, Callable[[Stage], None]] = {
    "buttons": _front_buttons,
    "sash": _front_sash,
    "laced": _front_laced,
    "ermine": _front_ermine,
}


# --------------------------------------------------------------------------
# Arms and collar


def _holding_arm(st: Stage) -> None:
    """The sleeve from the shoulder to the hand on the attribute, a gold cuff and the hand."""
    p, (x, y) = st.pen, st.fig.hand
    side = 1 if x > st.hx else -1
    shoulder = (st.hx + side * (SHOULDER - 6), ROBE_TOP + 10)
    colour = st.left_colour if side > 0 else st.right_colour  # sleeves contrast with the robe
    p.rod(shoulder, (x - side * 3, y + 1), 11, colour)
    p.rod((x - side * 8, y + 2), (x - side * 4, y + 1), 12, GOLD)
    p.ellipse((x - 4.5, y - 5, x + 4.5, y + 5), SKIN)


def _other_arm(st: Stage) -> None:
    """The free hand: on the chest, holding an orb, at the waist, or hidden."""
    kind = st.fig.other_hand
    if kind == "none":
        return
    p, hx = st.pen, st.hx
    side = -1 if st.fig.hand[0] > hx else 1
    colour = st.right_colour if side < 0 else st.left_colour
    shoulder = (hx + side * (SHOULDER - 4), ROBE_TOP + 8)
    hand = (hx + side * 11, ROBE_TOP + 23) if kind != "waist" else (hx + side * 26, HALF_H - 8)
    p.rod(shoulder, hand, 10, colour)
    x, y = hand
    p.ellipse((x - 4.5, y - 5, x + 4.5, y + 5), SKIN)
    if kind == "orb":
        _orb(p, x, y - 9)


def _orb(p: Pen, x: float, y: float) -> None:
    """A gold globe with its band and a cross."""
    p.ellipse((x - 8, y - 8, x + 8, y + 8), GOLD)
    p.line([(x - 8, y), (x + 8, y)], INK, 0.8)
    p.line([(x, y), (x, y + 8)], INK, 0.8)
    p.line([(x, y - 8), (x, y - 14)], INK, 1.6)
    p.line([(x - 3, y - 11.5), (x + 3, y - 11.5)], INK, 1.6)


def _collar(st: Stage) -> None:
    p, hx, kind = st.pen, st.hx, st.fig.collar
    if kind == "ermine":
        p.poly(
            [(hx - 22, ROBE_TOP - 2), (hx + 22, ROBE_TOP - 2), (hx + 18, ROBE_TOP + 8), (hx - 18, ROBE_TOP + 8)], WHITE
        )
        _ermine_tails(p, [(hx - 15 + k * 7.5, ROBE_TOP + 3) for k in range(5)])
    elif kind == "ruff":
        for k in range(7):
            ex = hx - 15 + k * 5
            p.ellipse((ex - 3.5, ROBE_TOP - 5, ex + 3.5, ROBE_TOP + 3), WHITE)
    elif kind == "neckline":
        p.poly([(hx - 11, ROBE_TOP - 3), (hx + 11, ROBE_TOP - 3), (hx + 7, ROBE_TOP + 6), (hx - 7, ROBE_TOP + 6)], SKIN)
        p.line([(hx - 10, ROBE_TOP - 2), (hx, ROBE_TOP + 4), (hx + 10, ROBE_TOP - 2)], GOLD, 1.4)
        p.ellipse((hx - 2.5, ROBE_TOP + 3, hx + 2.5, ROBE_TOP + 8), st.partner)
    else:  # a chain of office across the shoulders
        for k in range(9):
            t = k / 8
            x = hx - 20 + 40 * t
            y = ROBE_TOP + 1 + 7 * (1 - (2 * t - 1) ** 2)
            p.ellipse((x - 2, y - 2, x + 2, y + 2), GOLD)


# --------------------------------------------------------------------------
# The panel


def paint_figure(st: Stage) -> None:
    """One figure in the top half, from back to front."""
    attribute(st)
    _robe(st)
    _other_arm(st)
    _collar(st)
    head(st)
    headgear(st)
    _holding_arm(st)


def figure_half(name: str, colour: Color) -> Image.Image:
    """The top half of the court card `name` (``KS``...), its figure alone on cream, `SS` times larger."""
    half = Image.new("RGBA", (HALF_W * SS, HALF_H * SS), (*FRAME_CREAM, 255))
    paint_figure(Stage(Pen(half, SS), FIGURES[name], colour, _partner(colour)))
    return half


def court_panel(rank: str, suit: str, colour: Color) -> Image.Image:
    """The framed court picture of `rank` of `suit`, its figure in `colour` and a partner colour."""
    x0, y0, x1, y1 = COURT_BOX
    pw, ph = x1 - x0, y1 - y0
    assert (pw, ph // 2) == (HALF_W, HALF_H)
    half_h = ph // 2
    s = SS

    big = Image.new("RGBA", (pw * s, ph * s), (*FRAME_CREAM, 255))
    half = figure_half(rank + suit, colour)

    # Assemble: top half, the same turned 180° below, divider, frame, corner pips.
    big.alpha_composite(half, (0, 0))
    big.alpha_composite(half.transpose(Image.Transpose.ROTATE_180), (0, ph * s - half_h * s))
    bd = ImageDraw.Draw(big)
    bd.line([(0, ph * s / 2), (pw * s, ph * s / 2)], fill=(*INK, 255), width=s)
    bd.rectangle((0, 0, pw * s - 1, ph * s - 1), outline=(*INK, 255), width=round(1.5 * s))
    bd.rectangle((3 * s, 3 * s, pw * s - 1 - 3 * s, ph * s - 1 - 3 * s), outline=(*GOLD, 255), width=s)
    panel = downscale(big, (pw, ph))
    pip = suit_image(suit, 20, colour)
    panel.alpha_composite(pip, (8, 8))
    panel.alpha_composite(suit_image(suit, 20, colour, True), (pw - 8 - pip.width, ph - 8 - pip.height))
    return panel
