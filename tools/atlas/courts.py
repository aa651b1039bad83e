"""Court cards: a framed figure, the top half drawn, the bottom half the top turned 180°.

The painters here draw the parts a `figures.Figure` names, in a fixed order
from back to front: the attribute, hair, robe, arms, collar, head, headgear.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image, ImageDraw

from tools.atlas.figures import FIGURES, Figure
from tools.atlas.palette import CARD_H, CARD_W, DARK_GOLD, FRAME_CREAM, GOLD, INK, RED, SKIN, SS, Color
from tools.atlas.pen import Pen
from tools.atlas.shapes import bezier, downscale, suit_image

COURT_BOX = (24, 44, CARD_W - 24, CARD_H - 44)  # frame inside the index bands

STEEL: Color = (214, 220, 228)
WOOD: Color = (130, 84, 40)
LEAF: Color = (60, 150, 70)
WHITE: Color = (250, 250, 250)


def _partner(colour: Color) -> Color:
    """The second robe colour: blue beside red, red beside the dark suits."""
    return (30, 70, 170) if colour in (RED,) else RED


@dataclass(frozen=True, slots=True)
class Stage:
    """Where the figure stands in the half panel, and its two robe colours."""

    pen: Pen
    width: int  # of the half panel
    height: int
    accent: Color  # the suit's colour
    partner: Color
    cx: float  # the head's centre line
    sx: float  # the attribute's centre line
    head_cy: float = 38.0
    hw: float = 14.0  # half the head's width
    hh: float = 16.0  # half the head's height
    robe_top: float = 60.0


# --------------------------------------------------------------------------
# Attributes, held in the right hand behind the shoulder


def _sword(st: Stage) -> None:
    p, sx = st.pen, st.sx
    p.poly([(sx - 3, 60), (sx - 3, 10), (sx, 3), (sx + 3, 10), (sx + 3, 60)], STEEL)
    p.line([(sx, 12), (sx, 58)], (160, 168, 180), 0.8)
    p.poly([(sx - 2, 62), (sx + 2, 62), (sx + 2, 76), (sx - 2, 76)], (110, 64, 30))
    p.poly([(sx - 9, 59), (sx + 9, 59), (sx + 9, 63), (sx - 9, 63)], GOLD)
    p.ellipse((sx - 3, 75, sx + 3, 81), GOLD)


def _sceptre(st: Stage) -> None:
    """A gold rod topped with a fleur of three balls."""
    p, sx = st.pen, st.sx
    p.poly([(sx - 1.8, 84), (sx - 1.8, 16), (sx + 1.8, 16), (sx + 1.8, 84)], GOLD)
    p.ellipse((sx - 5, 8, sx + 5, 18), GOLD)
    for bx, by in ((sx, 4), (sx - 6, 9), (sx + 6, 9)):
        p.ellipse((bx - 2.6, by - 2.6, bx + 2.6, by + 2.6), st.accent)
    for ry in (30, 46):
        p.poly([(sx - 3, ry), (sx + 3, ry), (sx + 3, ry + 3), (sx - 3, ry + 3)], DARK_GOLD)


def _flower(st: Stage) -> None:
    p, sx = st.pen, st.sx
    p.line([(sx, 84), (sx - 2, 50), (sx, 24)], (40, 120, 50), 2.2)
    p.ellipse((sx - 13, 46, sx - 1, 54), LEAF)
    p.ellipse((sx + 1, 56, sx + 12, 63), LEAF)
    for k in range(6):
        a = k * math.pi / 3
        px, py = sx + 6.5 * math.cos(a), 22 + 6.5 * math.sin(a)
        p.ellipse((px - 5, py - 5, px + 5, py + 5), st.accent)
    p.ellipse((sx - 4, 18, sx + 4, 26), GOLD)


def _halberd(st: Stage) -> None:
    """A staff and an axe blade."""
    p, sx = st.pen, st.sx
    p.poly([(sx - 1.6, 90), (sx - 1.6, 14), (sx + 1.6, 14), (sx + 1.6, 90)], WOOD)
    p.poly([(sx, 2), (sx + 4, 14), (sx - 4, 14)], STEEL)
    p.poly([(sx + 1.6, 16), (sx + 13, 12), (sx + 16, 22), (sx + 13, 32), (sx + 1.6, 28)], STEEL)
    p.poly([(sx - 1.6, 18), (sx - 8, 22), (sx - 1.6, 26)], STEEL)


ATTRIBUTES: dict[str, Callable[[Stage], None]] = {
    "sword": _sword,
    "sceptre": _sceptre,
    "flower": _flower,
    "halberd": _halberd,
}


# --------------------------------------------------------------------------
# Body: hair behind the head, robe, arms, collar


def _long_hair(st: Stage) -> None:
    cx, hw = st.cx, st.hw
    st.pen.poly(
        [(cx - hw - 5, 28), (cx - hw - 8, 64), (cx + hw + 8, 64), (cx + hw + 5, 28), (cx, 14)],
        (196, 142, 44),
    )


def _robe(st: Stage) -> None:
    """Sloping shoulders, split in the accent and partner colours, a gold band down the middle."""
    p, cx, robe_top = st.pen, st.cx, st.robe_top
    sl, sr = cx - 38, cx + 38
    bottom = st.height + 2
    left_edge = bezier((cx - 10, robe_top - 2), (cx - 26, robe_top - 2), (sl, robe_top + 2), (sl, robe_top + 16), 12)
    right_edge = bezier((sr, robe_top + 16), (sr, robe_top + 2), (cx + 26, robe_top - 2), (cx + 10, robe_top - 2), 12)
    p.poly([(cx, robe_top - 2), *left_edge, (sl - 2, bottom), (cx, bottom)], st.accent)
    p.poly([(cx, bottom), (sr + 2, bottom), *right_edge, (cx, robe_top - 2)], st.partner)
    # Patterned cloth: gold diamonds on the accent side, cream dots on the partner side.
    for row in range(3):
        for col in range(2):
            tx = cx - 28 + col * 11 + (row % 2) * 5
            ty = robe_top + 12 + row * 8
            p.poly([(tx, ty - 2.6), (tx + 2.6, ty), (tx, ty + 2.6), (tx - 2.6, ty)], GOLD, outline=False)
            ux = cx + 17 + col * 10 + (row % 2) * 5
            p.ellipse((ux - 1.8, ty - 1.8, ux + 1.8, ty + 1.8), FRAME_CREAM, outline=False)
    p.poly([(cx - 6, robe_top + 2), (cx + 6, robe_top + 2), (cx + 7, bottom), (cx - 7, bottom)], GOLD)
    for by in (68, 76, 84):
        p.ellipse((cx - 2.2, by - 2.2, cx + 2.2, by + 2.2), st.accent)


def _arms(st: Stage, fig: Figure) -> None:
    """The right hand holds the attribute, the left rests on the chest (with an orb for kings)."""
    p, cx, sx, robe_top, hand_y = st.pen, st.cx, st.sx, st.robe_top, fig.hand_y
    sl, sr = cx - 38, cx + 38
    p.poly([(sr - 6, robe_top + 6), (sr + 3, robe_top + 12), (sx + 1, hand_y + 5), (sx - 3, hand_y - 5)], st.accent)
    p.poly([(sx - 5, hand_y - 6), (sx + 2, hand_y + 6), (sx - 1, hand_y + 7), (sx - 8, hand_y - 4)], GOLD)
    p.ellipse((sx - 4.5, hand_y - 5, sx + 4.5, hand_y + 5), SKIN)
    p.poly(
        [(sl + 2, robe_top + 8), (sl + 8, robe_top + 4), (cx - 9, robe_top + 20), (cx - 12, robe_top + 27)], st.partner
    )
    p.ellipse((cx - 15, robe_top + 18, cx - 6, robe_top + 28), SKIN)
    if fig.orb:
        p.ellipse((cx - 22, robe_top + 13, cx - 10, robe_top + 25), GOLD)
        p.line([(cx - 16, robe_top + 13), (cx - 16, robe_top + 8)], INK, 1.2)
        p.line([(cx - 18.5, robe_top + 10), (cx - 13.5, robe_top + 10)], INK, 1.2)


def _ermine(st: Stage) -> None:
    p, cx, robe_top = st.pen, st.cx, st.robe_top
    p.poly([(cx - 20, robe_top - 2), (cx + 20, robe_top - 2), (cx + 16, robe_top + 8), (cx - 16, robe_top + 8)], WHITE)
    for k in range(5):
        ex = cx - 14 + k * 7
        p.poly([(ex, robe_top + 1), (ex + 1.2, robe_top + 4), (ex - 1.2, robe_top + 4)], INK, outline=False)


def _ruff(st: Stage) -> None:
    for k in range(7):
        ex = st.cx - 15 + k * 5
        st.pen.ellipse((ex - 3.5, st.robe_top - 5, ex + 3.5, st.robe_top + 3), WHITE)


COLLARS: dict[str, Callable[[Stage], None]] = {"ermine": _ermine, "ruff": _ruff}


# --------------------------------------------------------------------------
# Head and face


def _head(st: Stage, fig: Figure) -> None:
    p, cx, head_cy, hw, hh = st.pen, st.cx, st.head_cy, st.hw, st.hh
    p.poly([(cx - 5, head_cy + 8), (cx + 5, head_cy + 8), (cx + 5, st.robe_top - 3), (cx - 5, st.robe_top - 3)], SKIN)
    if fig.hair == "curls":
        # Short curls on both sides, below the cap.
        p.ellipse((cx - hw - 4, head_cy - 12, cx - hw + 8, head_cy + 8), (120, 70, 30))
        p.ellipse((cx + hw - 8, head_cy - 12, cx + hw + 4, head_cy + 8), (120, 70, 30))
    p.ellipse((cx - hw, head_cy - hh, cx + hw, head_cy + hh), SKIN)
    if fig.beard:
        _beard(st)
    _face(st, fig.young)


def _beard(st: Stage) -> None:
    """A grey beard and moustache."""
    p, cx, head_cy, hw = st.pen, st.cx, st.head_cy, st.hw
    left = bezier((cx - hw + 1, head_cy + 1), (cx - hw, head_cy + 20), (cx - 3, head_cy + 22), (cx, head_cy + 24), 12)
    right = bezier((cx, head_cy + 24), (cx + 3, head_cy + 22), (cx + hw, head_cy + 20), (cx + hw - 1, head_cy + 1), 12)
    p.poly([*left, *right, (cx + 5, head_cy + 6), (cx - 5, head_cy + 6)], (214, 208, 196))
    p.poly([(cx - 8, head_cy + 7), (cx, head_cy + 4), (cx + 8, head_cy + 7), (cx, head_cy + 9)], (180, 172, 160))


def _face(st: Stage, young: bool) -> None:
    """Eyes, brows, nose; a mouth and rosy cheeks on a young face."""
    p, cx, head_cy = st.pen, st.cx, st.head_cy
    for ex in (cx - 5, cx + 5):
        p.ellipse((ex - 1.6, head_cy - 4, ex + 1.6, head_cy - 1), INK, outline=False)
        p.line([(ex - 3, head_cy - 7), (ex + 3, head_cy - 7.5)], INK, 0.9)
    p.line([(cx + 0.5, head_cy - 3), (cx + 1.5, head_cy + 3), (cx - 1, head_cy + 4)], INK, 0.8)
    if young:
        p.line([(cx - 3, head_cy + 8), (cx + 3, head_cy + 8)], (190, 50, 50), 1.2)
        p.ellipse((cx - 10, head_cy + 1, cx - 5, head_cy + 5), (246, 176, 160), outline=False)
        p.ellipse((cx + 5, head_cy + 1, cx + 10, head_cy + 5), (246, 176, 160), outline=False)


# --------------------------------------------------------------------------
# Headgear


def _crown(st: Stage) -> None:
    p, cx = st.pen, st.cx
    base = st.head_cy - st.hh + 5
    spikes = [
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
    p.poly(spikes, GOLD)
    p.poly([(cx - 15, base - 4), (cx + 15, base - 4), (cx + 15, base + 1), (cx - 15, base + 1)], DARK_GOLD)
    for jx, jc in ((cx - 8, st.partner), (cx, st.accent), (cx + 8, st.partner)):
        p.ellipse((jx - 2, base - 3.5, jx + 2, base + 0.5), jc, outline=False)
    for tx, ty in ((cx - 17, base - 16), (cx - 4.5, base - 19), (cx + 4.5, base - 19), (cx + 17, base - 16)):
        p.ellipse((tx - 2, ty - 2, tx + 2, ty + 2), FRAME_CREAM)


def _coronet(st: Stage) -> None:
    p, cx = st.pen, st.cx
    base = st.head_cy - st.hh + 6
    p.poly(
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
        p.ellipse((tx - 2.3, ty - 2.3, tx + 2.3, ty + 2.3), FRAME_CREAM)
    p.ellipse((cx - 2, base - 5, cx + 2, base - 1), st.accent, outline=False)


def _cap(st: Stage) -> None:
    """A flat cap with a feather."""
    p, cx, hw = st.pen, st.cx, st.hw
    top = st.head_cy - st.hh
    feather = bezier((cx + 10, top + 2), (cx + 20, top - 2), (cx + 28, top - 8), (cx + 30, top - 14), 10)
    feather += bezier((cx + 30, top - 14), (cx + 22, top - 9), (cx + 12, top - 5), (cx + 6, top + 2), 10)
    p.poly(feather, GOLD)
    p.chord((cx - hw - 3, top - 8, cx + hw + 3, top + 14), 180, 360, st.accent)
    p.poly([(cx - hw - 6, top + 3), (cx + hw + 6, top + 3), (cx + hw + 4, top + 7), (cx - hw - 4, top + 7)], st.partner)


HEADGEAR: dict[str, Callable[[Stage], None]] = {"crown": _crown, "coronet": _coronet, "cap": _cap}


# --------------------------------------------------------------------------
# The panel


def _paint_figure(st: Stage, fig: Figure) -> None:
    ATTRIBUTES[fig.attribute](st)
    if fig.hair == "long":
        _long_hair(st)
    _robe(st)
    _arms(st, fig)
    COLLARS[fig.collar](st)
    _head(st, fig)
    HEADGEAR[fig.headgear](st)


def court_panel(rank: str, suit: str, colour: Color) -> Image.Image:
    """The framed court picture of `rank` of `suit`, its figure in `colour` and a partner colour."""
    x0, y0, x1, y1 = COURT_BOX
    pw, ph = x1 - x0, y1 - y0
    half_h = ph // 2
    s = SS
    fig = FIGURES[rank + suit]

    big = Image.new("RGBA", (pw * s, ph * s), (*FRAME_CREAM, 255))
    half = Image.new("RGBA", (pw * s, half_h * s), (*FRAME_CREAM, 255))
    # The figure a little left of centre: the held item goes right.
    stage = Stage(Pen(half, s), pw, half_h, colour, _partner(colour), cx=pw * 0.46, sx=pw - fig.staff_x)
    _paint_figure(stage, fig)

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
