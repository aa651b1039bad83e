"""The spider emblem: the card back's medallion and the window icon draw the same spider."""

from __future__ import annotations

from PIL import ImageDraw

from tools.atlas.palette import GOLD, Color

NAVY: Color = (20, 44, 112)
LATTICE: Color = (54, 96, 184)

# Four legs a side, each bent at the knee: the front pairs reach up, the back pairs down.
# Units: the spider is 72 wide and 92 tall, its body centred on (0, 0)..(0, 26).
LEGS = (
    ((4, -10), (16, -30), (10, -50)),
    ((6, -7), (28, -20), (36, -4)),
    ((6, -4), (28, 4), (34, 24)),
    ((4, -2), (18, 18), (22, 42)),
)


def draw_spider(
    d: ImageDraw.ImageDraw,
    cx: float,
    cy: float,
    s: float,
    leg_width: int | None = None,
    mark: bool = True,
    colour: Color = GOLD,
    mark_colour: Color = NAVY,
) -> None:
    """A gold spider, `s` image pixels to a unit, centred on the top of its abdomen at (cx, cy).

    `leg_width` (image pixels) thickens the legs where a unit is too small for them
    to show (the 16 and 32 px icons); without `mark` the abdomen is plain.
    `colour` (gold) and the mark's `mark_colour` (navy) change for other backs.
    """
    gold = (*colour, 255)
    w = round(2.4 * s) if leg_width is None else leg_width
    for side in (-1, 1):
        for pts in LEGS:
            d.line(
                [(cx + side * x * s, cy + y * s) for x, y in pts],
                fill=gold,
                width=w,
                joint="curve",
            )
    d.ellipse((cx - 9 * s, cy - 16 * s, cx + 9 * s, cy + 1 * s), fill=gold)  # head and chest
    d.ellipse((cx - 12 * s, cy - 2 * s, cx + 12 * s, cy + 26 * s), fill=gold)  # abdomen
    if not mark:
        return
    d.polygon(
        [
            (cx, cy + 6 * s),
            (cx + 4 * s, cy + 12 * s),
            (cx, cy + 18 * s),
            (cx - 4 * s, cy + 12 * s),
        ],
        fill=(*mark_colour, 255),
    )
