"""The large-print deck, for players with low vision (as Windows 7's Large
Print deck): indices about 1.7 times as tall, one big pip in the middle of a
number card instead of a pattern, and the court pictures as drawn, smaller,
clear of the big indices.

Its faces go in a sheet of their own (``cards-large.png``), named as in the
standard sheet, so the game decodes only the deck chosen; the backs and marks
are copied into it.
"""

from __future__ import annotations

from functools import cache

from PIL import Image

from tools.atlas.courts import COURT_BOX, court_panel
from tools.atlas.faces import card_base, rank_mask
from tools.atlas.palette import CARD_H, CARD_W, RANKS, Color
from tools.atlas.shapes import colour_layer, paste_centred, suit_image

LP_CAP = 50  # the rank's height (of 280): 1.7 times the standard deck's 29
LP_SUIT = 46
LP_TOP = 6
LP_LEFT = 9
LP_TEN = 62  # "10" squeezed to this width
CORNER_RIGHT = 11
PIP = 116  # the one pip of a number card
COURT_TOP = 66  # the court picture starts below the big index


@cache
def large_index_layer(rank: str, suit: str, colour: Color) -> Image.Image:
    """The big index top left, the suit again top right, both turned 180° at the bottom."""
    layer = Image.new("RGBA", (CARD_W, CARD_H), (0, 0, 0, 0))
    rm = rank_mask(rank, LP_CAP, LP_TEN)
    layer.alpha_composite(colour_layer(rm, colour), (LP_LEFT, LP_TOP))
    s = suit_image(suit, LP_SUIT, colour)
    layer.alpha_composite(s, (LP_LEFT + rm.width + 4, LP_TOP + (LP_CAP - LP_SUIT) // 2))
    if LP_LEFT + rm.width + 4 + s.width + 8 < CARD_W - CORNER_RIGHT - s.width:
        layer.alpha_composite(s, (CARD_W - CORNER_RIGHT - s.width, LP_TOP + (LP_CAP - LP_SUIT) // 2))
    layer.alpha_composite(layer.transpose(Image.Transpose.ROTATE_180))
    return layer


def draw_large_face(rank_index: int, suit: str, colours: dict[str, Color]) -> Image.Image:
    rank = RANKS[rank_index]
    colour = colours[suit]
    card = card_base().copy()
    card.alpha_composite(large_index_layer(rank, suit, colour))
    if rank_index < 10:
        paste_centred(card, suit_image(suit, PIP, colour), CARD_W / 2, CARD_H / 2)
    else:
        # The court picture as drawn, scaled to the room between the big indices.
        x0, y0, x1, y1 = COURT_BOX
        height = CARD_H - 2 * COURT_TOP
        width = round((x1 - x0) * height / (y1 - y0))
        panel = court_panel(rank, suit, colour).resize((width, height), Image.Resampling.LANCZOS)
        card.alpha_composite(panel, ((CARD_W - width) // 2, COURT_TOP))
    return card
