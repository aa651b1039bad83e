"""Drawing in card pixels on a supersampled image, shapes outlined in ink."""

from __future__ import annotations

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

    def chord(self, b: Box, start: float, end: float, fill: Color) -> None:
        self.draw.chord(self.box(*b), start, end, fill=(*fill, 255), outline=(*INK, 255), width=self.scale)
