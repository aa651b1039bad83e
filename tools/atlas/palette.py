"""The card's measures and colours, shared by every drawing."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FONT_PATH = ROOT / "resources" / "fonts" / "DejaVuSans-Bold.ttf"

# Twice a 100 x 140 base, so fullscreen 1080p stays sharp.
CARD_W, CARD_H = 200, 280
RADIUS = 14
SS = 4  # supersampling factor for every vector shape
PADDING = 2  # transparent pixels between atlas cells (no bleeding with linear filtering)
GLOW = 16  # the highlight frame reaches this far outside the card

RANKS = "A23456789TJQK"
SUITS = "SHDC"
Color = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

RED: Color = (200, 16, 20)
BLACK: Color = (22, 22, 26)
BLUE: Color = (22, 78, 196)
GREEN: Color = (0, 125, 90)
CLASSIC: dict[str, Color] = {"S": BLACK, "H": RED, "D": RED, "C": BLACK}
FOUR_COLOUR: dict[str, Color] = {"S": BLACK, "H": RED, "D": BLUE, "C": GREEN}

FACE_WHITE: Color = (253, 252, 248)
EDGE_GREY: Color = (150, 150, 146)
GOLD: Color = (230, 178, 40)
DARK_GOLD: Color = (150, 104, 14)
INK: Color = (28, 24, 24)
SKIN: Color = (250, 214, 172)
FELT: Color = (30, 107, 58)
FRAME_CREAM: Color = (255, 250, 236)
WHITE: Color = (250, 250, 250)  # ermine, ruffs
PEARL: Color = (248, 246, 236)


def darker(c: Color, k: float) -> Color:
    """`c` with each channel scaled by `k` (a shade of the same colour)."""
    return (round(c[0] * k), round(c[1] * k), round(c[2] * k))
