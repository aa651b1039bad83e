"""What the court figures hold: swords, axes, sceptres, flowers, a fan, a leaf, an arrow.

Each painter draws its object around the hand that holds it (`Figure.hand`),
before the body, so the sleeve and the hand come in front of the shaft.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from tools.atlas.palette import DARK_GOLD, GOLD, PEARL, Color, darker
from tools.atlas.pen import Point, along, rod
from tools.atlas.shapes import bezier
from tools.atlas.stage import Stage

STEEL: Color = (214, 220, 228)
STEEL_EDGE: Color = (150, 158, 172)
WOOD: Color = (130, 84, 40)
GRIP: Color = (110, 64, 30)
LEAF: Color = (60, 150, 70)
STEM: Color = (40, 120, 50)


def _sword(st: Stage) -> None:
    """An upright sword, blade up: the king of spades."""
    p, (x, y) = st.pen, st.fig.hand
    guard = y - 7
    p.poly([(x - 3.2, guard), (x - 3.2, 13), (x, 6), (x + 3.2, 13), (x + 3.2, guard)], STEEL)
    p.line([(x, 13), (x, guard - 2)], STEEL_EDGE, 0.9)
    p.poly([(x - 2, guard), (x + 2, guard), (x + 2, y + 9), (x - 2, y + 9)], GRIP)
    p.poly([(x - 10, guard - 3), (x + 10, guard - 3), (x + 8, guard + 1), (x - 8, guard + 1)], GOLD)
    p.ellipse((x - 3.5, y + 8, x + 3.5, y + 15), GOLD)


def _sword_behind(st: Stage) -> None:
    """A sword held at the shoulder, its blade slanting behind the head: the king of hearts."""
    p, hand = st.pen, st.fig.hand
    tip = (st.hx - 34, 6.0)
    guard = along(hand, tip, 0.1)
    base = along(hand, tip, 0.13)
    point = along(hand, tip, 0.94)
    p.poly([*rod(base, point, 6.4)[:2], tip, *rod(base, point, 6.4)[2:]], STEEL)
    p.line([along(hand, tip, 0.17), along(hand, tip, 0.9)], STEEL_EDGE, 0.9)
    p.rod(along(hand, tip, -0.12), guard, 4, GRIP)
    p.rod(along(hand, tip, 0.1, 10), along(hand, tip, 0.1, -10), 4, GOLD)
    px, py = along(hand, tip, -0.14)
    p.ellipse((px - 3.5, py - 3.5, px + 3.5, py + 3.5), GOLD)


def _battle_axe(st: Stage) -> None:
    """A long axe over the shoulder, its broad crescent blade outward: the king of diamonds."""
    p, (x, y) = st.pen, st.fig.hand
    top = 6.0  # the spike's point, inside the frame's gold line
    p.rod((x, y + 24), (x, top + 6), 3.6, WOOD)
    outer = bezier((x + 2, top + 8), (x + 14, top + 3), (x + 21, top + 1), (x + 21, top))
    outer += bezier((x + 21, top), (x + 15, top + 11), (x + 15, top + 25), (x + 21, top + 36))
    outer += bezier((x + 21, top + 36), (x + 19, top + 33), (x + 12, top + 29), (x + 2, top + 27))
    p.poly(outer, STEEL)
    p.line(bezier((x + 18, top + 3), (x + 13, top + 13), (x + 13, top + 24), (x + 18, top + 33)), STEEL_EDGE, 0.9)
    p.poly([(x - 2, top + 11), (x - 9, top + 15), (x - 2, top + 21)], STEEL)
    p.poly([(x - 2.5, top + 7), (x, top), (x + 2.5, top + 7)], STEEL)


def _sceptre(st: Stage) -> None:
    """A gold rod topped with three balls: the king of clubs."""
    p, (x, y) = st.pen, st.fig.hand
    p.rod((x, y + 16), (x, 19), 3.6, GOLD)
    p.ellipse((x - 5, 11, x + 5, 21), GOLD)
    for bx, by in ((x, 8), (x - 6, 12.5), (x + 6, 12.5)):
        p.ellipse((bx - 2.8, by - 2.8, bx + 2.8, by + 2.8), st.accent)
    for ry in (32, 47):
        p.poly([(x - 3, ry), (x + 3, ry), (x + 3, ry + 3), (x - 3, ry + 3)], DARK_GOLD)


def _lily_sceptre(st: Stage) -> None:
    """A slender sceptre ending in a fleur-de-lis: the queen of spades."""
    p, (x, y) = st.pen, st.fig.hand
    p.rod((x, y + 18), (x, 22), 3, GOLD)
    p.poly([(x - 5, 22), (x + 5, 22), (x + 4, 26), (x - 4, 26)], DARK_GOLD)
    p.poly([(x, 6), (x + 3.5, 14), (x, 21), (x - 3.5, 14)], GOLD)
    for side in (-1, 1):
        p.poly([(x + side, 18), (x + side * 8, 9), (x + side * 9, 16), (x + side * 4, 22)], GOLD)


def _rose(st: Stage) -> None:
    """A red rose raised beside the face: the queen of hearts."""
    p, (x, y) = st.pen, st.fig.hand
    p.line([(x, y + 4), (x - 2, y - 18), (x + 1, 24)], STEM, 2.2)
    p.poly([(x - 1, y - 12), (x - 12, y - 19), (x - 3, y - 20)], LEAF)
    p.poly([(x, y - 22), (x + 11, y - 28), (x + 3, y - 18)], LEAF)
    rose: Color = (196, 28, 56)  # a rose is red whatever the suit
    p.ellipse((x - 9, 12, x + 9, 30), rose)
    p.ellipse((x - 5.5, 15.5, x + 5.5, 26.5), (222, 60, 80))
    p.draw.arc(p.box(x - 6, 16, x + 6, 28), 200, 520, fill=(120, 10, 30), width=round(p.scale * 0.9))
    p.ellipse((x - 2.2, 19, x + 2.2, 23), (150, 16, 36), outline=False)


def _tulip(st: Stage) -> None:
    """A tulip held up before the face: the queen of diamonds."""
    p, (x, y) = st.pen, st.fig.hand
    p.line([(x, y + 4), (x + 2, y - 20), (x, 28)], STEM, 2.2)
    p.poly([(x + 1, y - 4), (x - 5, y - 14), (x - 11, y - 32), (x - 1, y - 18)], LEAF)
    p.poly([(x + 1, y - 10), (x + 6, y - 20), (x + 11, y - 34), (x + 5, y - 14)], LEAF)
    petals = st.partner
    p.poly(
        [
            (x - 8, 14),
            (x - 9, 22),
            (x - 5, 30),
            (x + 5, 30),
            (x + 9, 22),
            (x + 8, 14),
            (x + 4, 20),
            (x, 11),
            (x - 4, 20),
        ],
        petals,
    )
    p.poly([(x - 4, 20), (x, 11), (x + 4, 20), (x, 29)], darker(petals, 0.7))


def _fan(st: Stage) -> None:
    """An open folding fan: the queen of clubs."""
    p, (x, y) = st.pen, st.fig.hand
    r = 24
    box = (x - r, y - r, x + r, y + r)
    start, end, folds = 205.0, 335.0, 8
    for k in range(folds):
        a0 = start + (end - start) * k / folds
        a1 = start + (end - start) * (k + 1) / folds
        colour = st.accent if k % 2 == 0 else GOLD
        p.draw.pieslice(p.box(*box), a0, a1, fill=(*colour, 255))
    p.draw.pieslice(p.box(*box), start, end, outline=(28, 24, 24, 255), width=p.scale)
    p.ellipse((x - 9, y - 9, x + 9, y + 9), PEARL)
    for k in range(folds + 1):
        a = math.radians(start + (end - start) * k / folds)
        p.line([(x + 9 * math.cos(a), y + 9 * math.sin(a)), (x + r * math.cos(a), y + r * math.sin(a))], DARK_GOLD, 0.8)
    p.ellipse((x - 2.5, y - 2.5, x + 2.5, y + 2.5), DARK_GOLD)


def _halberd(st: Stage) -> None:
    """A staff with a spike, an axe blade and a hook: the jack of spades."""
    p, (x, y) = st.pen, st.fig.hand
    p.rod((x, y + 30), (x, 14), 3.2, WOOD)
    p.poly([(x, 5), (x + 4, 15), (x - 4, 15)], STEEL)
    p.poly([(x - 1.6, 16), (x - 14, 12), (x - 17, 22), (x - 14, 32), (x - 1.6, 28)], STEEL)
    p.poly([(x + 1.6, 18), (x + 8, 22), (x + 1.6, 26)], STEEL)
    p.ellipse((x - 3, 40, x + 3, 44), st.accent)


def _leaf(st: Stage) -> None:
    """A large leaf raised on its stalk: the jack of hearts."""
    p, (x, y) = st.pen, st.fig.hand
    p.line([(x, y + 4), (x + 1, y - 26)], STEM, 2.2)
    tip, base = (x - 4, 7.0), (x + 1, y - 24)
    left = bezier(base, (x - 16, y - 30), (x - 14, 12), tip)
    right = bezier(tip, (x + 8, 12), (x + 14, y - 34), base)
    p.poly(left + right, LEAF)
    p.line([base, (x - 1, 22), tip], STEM, 1.0)
    for k in range(3):
        vy = y - 30 - k * 7.5
        p.line([(x - 0.5 - k * 0.5, vy), (x - 7 + k * 0.6, vy - 6)], STEM, 0.7)
        p.line([(x - 0.5 - k * 0.5, vy - 2), (x + 6 - k * 0.6, vy - 8)], STEM, 0.7)


def _axe(st: Stage) -> None:
    """A short-handled axe, its blade turned away from the head: the jack of diamonds."""
    p, (x, y) = st.pen, st.fig.hand
    out = 1 if x > st.hx else -1

    def at(dx: float, py: float) -> Point:
        return (x + out * dx, py + 2)

    p.rod((x, y + 20), (x, 10), 3.4, WOOD)
    blade = [at(1.6, 14), *bezier(at(1.6, 14), at(10, 10), at(15, 6), at(17, 4), 8)]
    blade += bezier(at(17, 4), at(14, 14), at(14, 24), at(17, 34), 8)
    blade += bezier(at(17, 34), at(14, 31), at(8, 28), at(1.6, 27), 8)
    p.poly(blade, STEEL)
    p.line(bezier(at(15, 7), at(12, 15), at(12, 24), at(15, 31), 8), STEEL_EDGE, 0.9)
    p.poly([(x - 2, 12), (x, 6), (x + 2, 12)], STEEL)
    p.poly([at(-1.6, 16), at(-7, 18), at(-7, 24), at(-1.6, 25)], STEEL)


def _arrow(st: Stage) -> None:
    """A long arrow, point up, feathered in the suit's colour: the jack of clubs."""
    p, (x, y) = st.pen, st.fig.hand
    p.rod((x, y + 28), (x, 12), 2.4, WOOD)
    p.poly([(x, 5), (x + 5, 16), (x, 14), (x - 5, 16)], STEEL)
    for k in range(3):
        fy = y + 14 + k * 4
        for side in (-1, 1):
            p.poly(
                [(x + side * 1.2, fy), (x + side * 6, fy + 4), (x + side * 6, fy + 8), (x + side * 1.2, fy + 5)],
                st.accent,
            )


ATTRIBUTES: dict[str, Callable[[Stage], None]] = {
    "sword": _sword,
    "sword-behind": _sword_behind,
    "battle-axe": _battle_axe,
    "sceptre": _sceptre,
    "lily-sceptre": _lily_sceptre,
    "rose": _rose,
    "tulip": _tulip,
    "fan": _fan,
    "halberd": _halberd,
    "leaf": _leaf,
    "axe": _axe,
    "arrow": _arrow,
}


def attribute(st: Stage) -> None:
    ATTRIBUTES[st.fig.attribute](st)
