"""Drawing in card pixels on a supersampled image, shapes outlined in ink."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from PIL import Image, ImageDraw

from tools.atlas.palette import INK, SS, Color

Point = tuple[float, float]
Box = tuple[float, float, float, float]


class Pen:
    """Draws on an image `scale` times larger than the card pixels its coordinates are in.

    Filled shapes get a one-pixel ink outline unless asked not to, as printed
    court cards have.
    """

    def __init__(self, image: Image.Image, scale: int = SS) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)
        self.scale = scale

    def point(self, x: float, y: float) -> Point:
        return (x * self.scale, y * self.scale)

    def box(self, a: float, b: float, c: float, e: float) -> Box:
        s = self.scale
        return (a * s, b * s, c * s, e * s)

    def poly(self, points: Iterable[Point], fill: Color, outline: bool = True) -> None:
        self.draw.polygon(
            [self.point(x, y) for x, y in points],
            fill=(*fill, 255),
            outline=(*INK, 255) if outline else None,
            width=self.scale if outline else 1,
        )

    def outline(self, points: Iterable[Point]) -> None:
        """Only the ink outline of a polygon (to redraw an edge over what was painted inside)."""
        self.draw.polygon([self.point(x, y) for x, y in points], outline=(*INK, 255), width=self.scale)

    def ellipse(self, b: Box, fill: Color, outline: bool = True) -> None:
        self.draw.ellipse(
            self.box(*b),
            fill=(*fill, 255),
            outline=(*INK, 255) if outline else None,
            width=self.scale if outline else 1,
        )

    def line(self, points: Sequence[Point], fill: Color, width: float) -> None:
        self.draw.line(
            [self.point(x, y) for x, y in points],
            fill=(*fill, 255),
            width=round(width * self.scale),
            joint="curve",
        )

    def rod(self, start: Point, end: Point, width: float, fill: Color, outline: bool = True) -> None:
        """A straight bar `width` wide from `start` to `end` (a staff, a blade, a sleeve)."""
        self.poly(rod(start, end, width), fill, outline)

    def chord(self, b: Box, start: float, end: float, fill: Color) -> None:
        self.draw.chord(self.box(*b), start, end, fill=(*fill, 255), outline=(*INK, 255), width=self.scale)


def rod(start: Point, end: Point, width: float) -> list[Point]:
    """The four corners of a bar `width` wide along the segment `start`-`end`."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length * width / 2, dx / length * width / 2
    return [
        (start[0] + nx, start[1] + ny),
        (end[0] + nx, end[1] + ny),
        (end[0] - nx, end[1] - ny),
        (start[0] - nx, start[1] - ny),
    ]


def along(start: Point, end: Point, t: float, side: float = 0.0) -> Point:
    """The point a fraction `t` of the way from `start` to `end`, moved `side` px to its left."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    return (start[0] + dx * t - dy / length * side, start[1] + dy * t + dx / length * side)
