"""Court heads: hair, face (front, three-quarter or profile) and beard, under the headgear (headgear.py)."""

from __future__ import annotations

from tools.atlas.headgear import HEADGEAR_BACK
from tools.atlas.palette import INK, SKIN, Color, darker
from tools.atlas.shapes import bezier
from tools.atlas.stage import HEAD_Y, HH, HW, ROBE_TOP, Stage

LIPS: Color = (190, 50, 50)
CHEEK: Color = (246, 176, 160)


# --------------------------------------------------------------------------
# Hair, drawn behind the head


def _hair_back(st: Stage) -> None:
    p, hx, colour, style = st.pen, st.hx, st.fig.hair_colour, st.fig.hair
    back = -st.facing if st.facing else 1
    if style == "long":
        left = bezier((hx - 6, HEAD_Y - HH - 2), (hx - HW - 8, HEAD_Y - 14), (hx - HW - 2, 48), (hx - HW - 8, 64))
        right = bezier((hx + HW + 8, 64), (hx + HW + 2, 48), (hx + HW + 8, HEAD_Y - 14), (hx + 6, HEAD_Y - HH - 2))
        p.poly([*left, (hx - 8, 60), (hx + 8, 60), *right], colour)
        for side in (-1, 1):  # a few strands
            x = hx + side * (HW + 3)
            p.line(
                bezier((x, HEAD_Y - 6), (x + side * 2, HEAD_Y + 6), (x - side * 1, 50), (x + side * 2, 60), 8),
                darker(colour, 0.72),
                0.7,
            )
    elif style == "flowing":
        # Down the back of the neck to the shoulder, on the side away from the face.
        p.poly(
            [
                (hx, HEAD_Y - HH + 2),
                (hx + back * (HW + 4), HEAD_Y - 4),
                (hx + back * (HW + 8), 62),
                (hx + back * 2, 62),
            ],
            colour,
        )
    elif style == "bob":
        p.ellipse((hx - HW - 5, HEAD_Y - HH - 1, hx + HW + 5, HEAD_Y + 12), colour)
    elif style == "curls":
        for side in (-1, 1):
            for k in range(3):
                cx, cy = hx + side * (HW + 1), HEAD_Y - 8 + k * 7
                p.ellipse((cx - 5, cy - 5, cx + 5, cy + 5), colour)
    else:  # short: a little hair at the temples, under the crown
        p.ellipse((hx - HW - 2, HEAD_Y - 12, hx + HW + 2, HEAD_Y + 6), colour)


def _hair_top(st: Stage) -> None:
    """The hair over the forehead, down to just above the brows."""
    p, hx = st.pen, st.hx + st.facing * -1.5
    p.chord((hx - HW, HEAD_Y - HH - 1, hx + HW, HEAD_Y + HH - 1), 206, 334, st.fig.hair_colour)


# --------------------------------------------------------------------------
# Face


def head(st: Stage) -> None:
    """Neck, hair, head, beard and features, in that order."""
    p, hx = st.pen, st.hx
    p.poly([(hx - 5, HEAD_Y + 8), (hx + 5, HEAD_Y + 8), (hx + 5, ROBE_TOP - 3), (hx - 5, ROBE_TOP - 3)], SKIN)
    back = HEADGEAR_BACK.get(st.fig.headgear)
    if back is not None:
        back(st)
    _hair_back(st)
    if st.profile:
        _profile_head(st)
        return
    p.ellipse((hx - HW, HEAD_Y - HH, hx + HW, HEAD_Y + HH), SKIN)
    _hair_top(st)
    _beard(st)
    _face(st)


def _face(st: Stage) -> None:
    """Eyes, brows and nose, turned a little toward where the figure looks; lips when beardless."""
    p, d = st.pen, st.facing
    fx = st.hx + d * 3  # the face's centre line
    for ex in (fx - 5, fx + 5):
        p.ellipse((ex - 1.6, HEAD_Y - 4, ex + 1.6, HEAD_Y - 1), INK, outline=False)
        p.line([(ex - 3, HEAD_Y - 7), (ex + 3, HEAD_Y - 7.5)], INK, 0.9)
    p.line(
        [(fx + d * 1, HEAD_Y - 3), (fx + d * 2 + (0.5 if d == 0 else 0), HEAD_Y + 3), (fx - d, HEAD_Y + 4)], INK, 0.8
    )
    if st.fig.beard == "none":
        p.line([(fx - 3, HEAD_Y + 8.5), (fx + 3, HEAD_Y + 8.5)], LIPS, 1.3)
        for cx in (fx - 8, fx + 8):
            p.ellipse((cx - 2.5, HEAD_Y + 1, cx + 2.5, HEAD_Y + 5), CHEEK, outline=False)


def _profile_head(st: Stage) -> None:
    """A head seen from the side: the nose out of the oval, hair over the back, one eye, the ear."""
    p, hx, d = st.pen, st.hx, st.facing
    edge = hx + d * HW
    p.poly([(edge - d * 1, HEAD_Y - 4), (edge + d * 4.5, HEAD_Y + 3), (edge - d * 0.5, HEAD_Y + 5)], SKIN)
    p.ellipse((hx - HW, HEAD_Y - HH, hx + HW, HEAD_Y + HH), SKIN)
    p.poly(
        [
            (edge - d * 2.5, HEAD_Y - 3),
            (edge + d * 0.2, HEAD_Y - 2),
            (edge + d * 1.5, HEAD_Y + 3.5),
            (edge - d * 2, HEAD_Y + 4),
        ],
        SKIN,
        outline=False,
    )
    # Hair over the back of the head: a chord from the crown of the head to the nape.
    start, end = (235.0, 420.0) if d < 0 else (120.0, 305.0)
    p.chord((hx - HW, HEAD_Y - HH, hx + HW, HEAD_Y + HH), start, end, st.fig.hair_colour)
    _beard(st)
    ex = hx + d * 7.5
    p.ellipse((ex - 1.5, HEAD_Y - 4, ex + 1.5, HEAD_Y - 1), INK, outline=False)
    p.line([(ex - 3, HEAD_Y - 7), (ex + 3, HEAD_Y - 7.5)], INK, 0.9)
    p.ellipse((hx - d * 2 - 2.5, HEAD_Y - 3, hx - d * 2 + 2.5, HEAD_Y + 4), SKIN)  # the ear
    if st.fig.beard == "none":
        p.line([(edge - d * 3, HEAD_Y + 9), (edge + d * 0.5, HEAD_Y + 9)], LIPS, 1.2)
        p.ellipse((ex - 3, HEAD_Y + 2, ex + 2, HEAD_Y + 6), CHEEK, outline=False)


def _beard(st: Stage) -> None:
    style = st.fig.beard
    if style == "none":
        return
    p, d = st.pen, st.facing
    fx = st.hx + d * (6 if st.profile else 2)
    half = 8 if st.profile else HW
    colour = st.fig.hair_colour
    length = {"full": 23.0, "pointed": 28.0, "broad": 25.0, "short": 15.0}[style]
    tip = 1.0 if style == "pointed" else 6.0
    left = bezier(
        (fx - half + 1, HEAD_Y + 1),
        (fx - half, HEAD_Y + length - 4),
        (fx - tip, HEAD_Y + length),
        (fx, HEAD_Y + length),
    )
    right = bezier(
        (fx, HEAD_Y + length),
        (fx + tip, HEAD_Y + length),
        (fx + half, HEAD_Y + length - 4),
        (fx + half - 1, HEAD_Y + 1),
    )
    if style == "broad":
        # Wide and wavy at the bottom.
        left = bezier((fx - half - 2, HEAD_Y), (fx - half - 4, HEAD_Y + 20), (fx - 6, HEAD_Y + 28), (fx, HEAD_Y + 26))
        right = bezier((fx, HEAD_Y + 26), (fx + 6, HEAD_Y + 28), (fx + half + 4, HEAD_Y + 20), (fx + half + 2, HEAD_Y))
    p.poly([*left, *right, (fx + 5, HEAD_Y + 6), (fx - 5, HEAD_Y + 6)], colour)
    if style != "short":
        # The moustache; the king of hearts is the one without.
        p.poly([(fx - 8, HEAD_Y + 7), (fx, HEAD_Y + 4), (fx + 8, HEAD_Y + 7), (fx, HEAD_Y + 9)], darker(colour, 0.85))
    for k in range(2 if style == "short" else 3):
        y = HEAD_Y + 12 + k * 5
        p.line([(fx - 2, y), (fx, y + 3), (fx + 2, y)], darker(colour, 0.7), 0.7)
