"""Rectangles in window pixels: the one shape every layout is made of (no OpenGL)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple


class Rect(NamedTuple):
    """An axis-aligned rectangle in window pixels (y up).

    A NamedTuple, not a frozen dataclass: a layout makes ~120 of them on
    every deal and move, and a tuple is made in half the time (a frozen
    dataclass sets each field through object.__setattr__). Immutable and
    hashable as before; unlike before it also equals a plain 4-tuple."""

    left: float
    bottom: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.left + self.width

    @property
    def top(self) -> float:
        return self.bottom + self.height

    @property
    def center_x(self) -> float:
        return self.left + self.width / 2

    @property
    def center_y(self) -> float:
        return self.bottom + self.height / 2

    @property
    def center(self) -> tuple[float, float]:
        return (self.left + self.width / 2, self.bottom + self.height / 2)

    def contains(self, x: float, y: float) -> bool:
        left, bottom, width, height = self  # (`right` and `top`, without their calls: hit-tests run on every press)
        return left <= x < left + width and bottom <= y < bottom + height

    def overlap_area(self, other: Rect) -> float:
        w = min(self.right, other.right) - max(self.left, other.left)
        h = min(self.top, other.top) - max(self.bottom, other.bottom)
        return w * h if w > 0 and h > 0 else 0.0

    def moved(self, dx: float, dy: float) -> Rect:
        return Rect(self.left + dx, self.bottom + dy, self.width, self.height)

    @staticmethod
    def union(rects: Iterable[Rect]) -> Rect:
        rs = list(rects)
        left = min(r.left for r in rs)
        bottom = min(r.bottom for r in rs)
        right = max(r.right for r in rs)
        top = max(r.top for r in rs)
        return Rect(left, bottom, right - left, top - bottom)
