"""Court headgear: the kings' crowns, the queens' veils, coronet and hoods,
the jacks' caps and hats; some with a part drawn behind the head."""

from __future__ import annotations

import math
from collections.abc import Callable

from tools.atlas.palette import DARK_GOLD, GOLD, PEARL, WHITE, Color, darker
from tools.atlas.pen import Point
from tools.atlas.shapes import bezier
from tools.atlas.stage import HEAD_Y, HH, HW, Stage

VEIL: Color = (244, 244, 250)


# --------------------------------------------------------------------------
# Headgear: kings


def _band(st: Stage, base: float, half: float, depth: float = 5.0) -> None:
    """The gold band of a crown, with three jewels."""
    p, hx = st.pen, st.hx
    p.poly(
        [(hx - half, base - depth), (hx + half, base - depth), (hx + half, base + 1), (hx - half, base + 1)], DARK_GOLD
    )
    for jx, jc in ((hx - half * 0.55, st.partner), (hx, st.accent), (hx + half * 0.55, st.partner)):
        p.ellipse((jx - 2, base - depth / 2 - 1.5, jx + 2, base - depth / 2 + 2.5), jc, outline=False)


def _fleur(st: Stage, x: float, base: float, size: float) -> None:
    """A fleur-de-lis: a tall middle petal and two curled side petals."""
    p = st.pen
    p.poly(
        [(x, base - size), (x + size * 0.28, base - size * 0.45), (x, base), (x - size * 0.28, base - size * 0.45)],
        GOLD,
    )
    for side in (-1, 1):
        p.poly(
            [
                (x + side * 1, base - size * 0.2),
                (x + side * size * 0.55, base - size * 0.75),
                (x + side * size * 0.62, base - size * 0.4),
                (x + side * size * 0.3, base),
            ],
            GOLD,
        )


def _fleur_crown(st: Stage) -> None:
    base = HEAD_Y - HH + 5
    p, hx = st.pen, st.hx
    p.poly([(hx - 15, base), (hx - 16, base - 8), (hx + 16, base - 8), (hx + 15, base)], GOLD)
    for x, size in ((hx - 11, 11.0), (hx, 15.0), (hx + 11, 11.0)):
        _fleur(st, x, base - 6, size)
    _band(st, base, 15)


def _arched_crown(st: Stage) -> None:
    """A closed crown: a velvet cap under two gold arches, an orb and cross on top."""
    p, hx = st.pen, st.hx
    base = HEAD_Y - HH + 5
    p.chord((hx - 14, base - 18, hx + 14, base + 6), 180, 360, st.partner)
    p.line(
        [(hx - 14, base - 3), (hx - 12, base - 11), (hx, base - 15), (hx + 12, base - 11), (hx + 14, base - 3)],
        GOLD,
        2.6,
    )
    p.line([(hx, base - 3), (hx, base - 15)], GOLD, 2.6)
    p.ellipse((hx - 3.2, base - 19.5, hx + 3.2, base - 13.5), GOLD)
    p.line([(hx, base - 19.5), (hx, base - 22.5)], GOLD, 1.6)
    p.line([(hx - 2.2, base - 21), (hx + 2.2, base - 21)], GOLD, 1.4)
    _band(st, base + 1, 15, 6)


def _tall_crown(st: Stage) -> None:
    """A tall open crown of three broad points, seen from the side."""
    p, hx = st.pen, st.hx
    base = HEAD_Y - HH + 6
    p.poly(
        [
            (hx - 14, base),
            (hx - 16, base - 17),
            (hx - 8, base - 10),
            (hx, base - 20),
            (hx + 8, base - 10),
            (hx + 16, base - 17),
            (hx + 14, base),
        ],
        GOLD,
    )
    for tx, ty in ((hx - 16, base - 17), (hx, base - 20), (hx + 16, base - 17)):
        p.ellipse((tx - 2.5, ty - 2.5, tx + 2.5, ty + 2.5), st.accent)
    _band(st, base, 14, 6)


def _spiked_crown(st: Stage) -> None:
    p, hx = st.pen, st.hx
    base = HEAD_Y - HH + 5
    spikes = [
        (hx - 15, base),
        (hx - 17, base - 16),
        (hx - 9, base - 8),
        (hx - 4.5, base - 19),
        (hx, base - 9),
        (hx + 4.5, base - 19),
        (hx + 9, base - 8),
        (hx + 17, base - 16),
        (hx + 15, base),
    ]
    p.poly(spikes, GOLD)
    _band(st, base, 15)
    for tx, ty in ((hx - 17, base - 16), (hx - 4.5, base - 19), (hx + 4.5, base - 19), (hx + 17, base - 16)):
        p.ellipse((tx - 2, ty - 2, tx + 2, ty + 2), PEARL)


# --------------------------------------------------------------------------
# Headgear: queens


def _veil_back(st: Stage) -> None:
    hx = st.hx
    left = bezier((hx - 8, HEAD_Y - HH - 3), (hx - HW - 14, HEAD_Y - 10), (hx - HW - 12, 48), (hx - HW - 16, 66))
    right = bezier((hx + HW + 16, 66), (hx + HW + 12, 48), (hx + HW + 14, HEAD_Y - 10), (hx + 8, HEAD_Y - HH - 3))
    st.pen.poly([*left, *right], VEIL)


def _veil_crown(st: Stage) -> None:
    """A crown of pointed arches over a white veil."""
    p, hx = st.pen, st.hx
    base = HEAD_Y - HH + 5
    pts: list[Point] = [(hx - 13, base)]
    for k in range(5):
        x = hx - 13 + k * 6.5
        pts += [(x, base - 8), (x + 3.25, base - 15)]
    pts += [(hx + 13, base - 8), (hx + 13, base)]
    p.poly(pts, GOLD)
    for k in range(5):
        x = hx - 9.75 + k * 6.5
        p.ellipse((x - 1.6, base - 17, x + 1.6, base - 13.8), PEARL, outline=False)
    _band(st, base, 13, 4)


def _coronet(st: Stage) -> None:
    p, hx = st.pen, st.hx
    base = HEAD_Y - HH + 6
    p.poly(
        [
            (hx - 12, base),
            (hx - 12, base - 7),
            (hx - 6, base - 4),
            (hx, base - 13),
            (hx + 6, base - 4),
            (hx + 12, base - 7),
            (hx + 12, base),
        ],
        GOLD,
    )
    for tx, ty in ((hx - 12, base - 7), (hx, base - 13), (hx + 12, base - 7)):
        p.ellipse((tx - 2.5, ty - 2.5, tx + 2.5, ty + 2.5), PEARL)
    p.ellipse((hx - 2.2, base - 5, hx + 2.2, base - 0.6), st.accent, outline=False)


def _hood_back(st: Stage) -> None:
    """A hood over the head and down the back, in the partner colour."""
    p, hx, d = st.pen, st.hx, st.facing
    p.poly([(hx - d * 4, HEAD_Y), (hx - d * (HW + 12), 64), (hx + d * 6, 64), (hx + d * 4, HEAD_Y)], st.partner)
    p.ellipse((hx - HW - 5 - d * 2, HEAD_Y - HH - 5, hx + HW + 5 - d * 2, HEAD_Y + HH - 2), st.partner)


def _hood(st: Stage) -> None:
    """The hood's gold edge around the face, and a circlet of pearls."""
    p, hx, d = st.pen, st.hx, st.facing
    start, end = (190.0, 250.0) if d < 0 else (290.0, 350.0)
    p.draw.arc(
        p.box(hx - HW - 2, HEAD_Y - HH - 2, hx + HW + 2, HEAD_Y + HH + 2),
        start,
        end,
        fill=(*GOLD, 255),
        width=3 * p.scale,
    )
    for k in range(5):
        a = math.radians(215 + k * 27.5)
        x, y = hx - d * 2 + (HW + 3) * math.cos(a), HEAD_Y - 2 + (HH + 1) * math.sin(a)
        p.ellipse((x - 2, y - 2, x + 2, y + 2), PEARL)


def _french_hood(st: Stage) -> None:
    """A rounded headdress framing the face, edged with pearls."""
    p, hx = st.pen, st.hx
    p.chord((hx - HW - 6, HEAD_Y - HH - 9, hx + HW + 6, HEAD_Y + 4), 180, 360, st.accent)
    for k in range(9):
        a = math.pi * (1 + k / 8)
        x, y = hx + (HW + 3) * math.cos(a), HEAD_Y - 2.5 + (HH + 4) * math.sin(a)
        p.ellipse((x - 1.7, y - 1.7, x + 1.7, y + 1.7), PEARL, outline=False)


def _french_hood_back(st: Stage) -> None:
    hx = st.hx
    st.pen.poly(
        [(hx - HW - 6, HEAD_Y - 3), (hx - HW - 8, 62), (hx + HW + 8, 62), (hx + HW + 6, HEAD_Y - 3)],
        darker(st.accent, 0.72),
    )


# --------------------------------------------------------------------------
# Headgear: jacks


def _feather_cap(st: Stage) -> None:
    """A flat cap with a feather sweeping back."""
    p, hx, d = st.pen, st.hx, st.facing or 1
    top = HEAD_Y - HH
    back = -d
    feather = bezier(
        (hx + back * 8, top + 2), (hx + back * 20, top - 2), (hx + back * 28, top - 8), (hx + back * 32, top - 16), 10
    )
    feather += bezier(
        (hx + back * 32, top - 16), (hx + back * 22, top - 9), (hx + back * 12, top - 5), (hx + back * 4, top + 2), 10
    )
    p.poly(feather, GOLD)
    p.chord((hx - HW - 3, top - 8, hx + HW + 3, top + 14), 180, 360, st.accent)
    p.poly([(hx - HW - 6, top + 3), (hx + HW + 6, top + 3), (hx + HW + 4, top + 7), (hx - HW - 4, top + 7)], st.partner)


def _brim_hat(st: Stage) -> None:
    """A round hat with a broad brim turned up all round, and a gold band."""
    p, hx = st.pen, st.hx
    top = HEAD_Y - HH
    p.chord((hx - 11, top - 14, hx + 11, top + 10), 180, 360, st.partner)
    p.line([(hx - 10.5, top - 1), (hx + 10.5, top - 1)], GOLD, 2.2)
    p.poly(
        [
            (hx - HW - 4, top + 8),
            (hx - HW - 9, top - 4),
            (hx - 9, top + 1),
            (hx + 9, top + 1),
            (hx + HW + 9, top - 4),
            (hx + HW + 4, top + 8),
        ],
        st.accent,
    )


def _tall_cap(st: Stage) -> None:
    """A tall cap with a rolled rim, its point falling forward."""
    p, hx = st.pen, st.hx
    top = HEAD_Y - HH
    p.poly(
        [
            (hx - 12, top + 4),
            (hx - 9, top - 11),
            (hx + 2, top - 16),
            (hx + 12, top - 13),
            (hx + 9, top - 7),
            (hx + 12, top + 4),
        ],
        st.accent,
    )
    for k in range(3):
        x = hx - 6 + k * 6
        p.line([(x, top + 1), (x + 1.2, top - 10 + k * 1.5)], GOLD, 1.2)
    p.ellipse((hx + 10, top - 16, hx + 16, top - 10), GOLD)
    p.poly([(hx - HW - 3, top + 8), (hx - HW - 3, top + 1), (hx + HW + 3, top + 1), (hx + HW + 3, top + 8)], st.partner)


def _plumed_hat(st: Stage) -> None:
    """A wide hat tilted to one side, with a big plume."""
    p, hx = st.pen, st.hx
    top = HEAD_Y - HH
    for k, colour in enumerate((WHITE, GOLD, st.partner)):
        sx = hx - 4 + k * 5
        p.poly(
            bezier((sx, top - 4), (sx - 6, top - 16), (sx - 20 + k * 4, top - 20), (sx - 26 + k * 6, top - 12), 8)
            + bezier((sx - 26 + k * 6, top - 12), (sx - 16, top - 14), (sx - 6, top - 8), (sx + 3, top - 3), 8),
            colour,
        )
    p.chord((hx - 11, top - 11, hx + 11, top + 11), 180, 360, st.accent)
    p.poly([(hx - HW - 9, top + 6), (hx - HW - 6, top + 1), (hx + HW + 8, top - 1), (hx + HW + 10, top + 3)], st.accent)
    p.line([(hx - 10, top), (hx + 10, top - 1)], GOLD, 1.4)


HEADGEAR: dict[str, Callable[[Stage], None]] = {
    "fleur-crown": _fleur_crown,
    "arched-crown": _arched_crown,
    "tall-crown": _tall_crown,
    "spiked-crown": _spiked_crown,
    "veil-crown": _veil_crown,
    "coronet": _coronet,
    "hood": _hood,
    "french-hood": _french_hood,
    "feather-cap": _feather_cap,
    "brim-hat": _brim_hat,
    "tall-cap": _tall_cap,
    "plumed-hat": _plumed_hat,
}
HEADGEAR_BACK: dict[str, Callable[[Stage], None]] = {
    "veil-crown": _veil_back,
    "hood": _hood_back,
    "french-hood": _french_hood_back,
}


def headgear(st: Stage) -> None:
    HEADGEAR[st.fig.headgear](st)
