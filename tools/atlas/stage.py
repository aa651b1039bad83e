"""Where a court figure stands in its half frame, and the colours it is dressed in."""

from __future__ import annotations

from dataclasses import dataclass

from tools.atlas.figures import Figure
from tools.atlas.palette import Color
from tools.atlas.pen import Pen

HALF_W, HALF_H = 152, 96  # the top half of the court frame, in card pixels
HEAD_Y = 38.0  # the head's centre
HW, HH = 13.0, 15.5  # half the head's width and height
ROBE_TOP = 60.0  # where the shoulders begin


@dataclass(frozen=True, slots=True)
class Stage:
    """A figure about to be drawn: the pen, its data, and its two robe colours."""

    pen: Pen
    fig: Figure
    accent: Color  # the suit's colour
    partner: Color  # the second robe colour

    @property
    def hx(self) -> float:
        return self.fig.head_x

    @property
    def facing(self) -> int:
        """-1 looking to the left of the picture, 1 to the right, 0 straight out."""
        return {"front": 0, "left": -1, "profile-left": -1, "right": 1, "profile-right": 1}[self.fig.facing]

    @property
    def profile(self) -> bool:
        return self.fig.facing.startswith("profile")

    @property
    def left_colour(self) -> Color:
        return self.partner if self.fig.swap else self.accent

    @property
    def right_colour(self) -> Color:
        return self.accent if self.fig.swap else self.partner
