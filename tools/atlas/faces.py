"""A card face: the white card, its corner indices, and the pips of aces and numbers."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw, ImageFont

from tools.atlas.courts import COURT_BOX, court_panel
from tools.atlas.palette import CARD_H, CARD_W, EDGE_GREY, FACE_WHITE, FONT_PATH, GOLD, RADIUS, RANKS, SS, Color
from tools.atlas.shapes import colour_layer, downscale, paste_centred, suit_image

# --------------------------------------------------------------------------
# Text from the shipped font


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_PATH), size)


@cache
def rank_mask(rank: str, cap_height: int, max_width: int) -> Image.Image:
    """The rank as an antialiased mask whose ink is exactly `cap_height` tall.

    "10" is squeezed to `max_width` so it is no wider than the other ranks.
    """
    text = "10" if rank == "T" else rank
    size = round(cap_height * SS / 0.729)  # DejaVu Sans Bold cap height is 0.729 em
    f = font(size)
    left, top, right, bottom = (round(v) for v in f.getbbox(text))
    big = Image.new("L", (right - left + 8, bottom - top + 8), 0)
    ImageDraw.Draw(big).text((4 - left, 4 - top), text, font=f, fill=255)
    box = big.getbbox()
    assert box is not None
    big = big.crop(box)
    h = cap_height
    w = round(big.width * h / big.height)
    if text == "10":
        # Two digits would make the index twice as wide as a letter: squeeze them.
        w = min(w, max_width)
    return downscale(big, (max(1, w), h))


# --------------------------------------------------------------------------
# Card faces


@cache
def card_base() -> Image.Image:
    """White rounded card with a fine grey edge, transparent outside the corners."""
    big = Image.new("RGBA", (CARD_W * SS, CARD_H * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.rounded_rectangle((0, 0, CARD_W * SS - 1, CARD_H * SS - 1), RADIUS * SS, fill=(*EDGE_GREY, 255))
    e = round(1.25 * SS)
    d.rounded_rectangle(
        (e, e, CARD_W * SS - 1 - e, CARD_H * SS - 1 - e),
        RADIUS * SS - e,
        fill=(*FACE_WHITE, 255),
    )
    return downscale(big, (CARD_W, CARD_H))


# The corner index. Cards in a Spider column show only their top strip, so the
# big rank and its suit sit side by side within the top ~15 % of the card.
INDEX_CAP = 29  # rank height in px (of 280): ends at 12.5 % of the card
INDEX_TOP = 6
INDEX_LEFT = 10
INDEX_SUIT = 27
# The top right shows the suit alone, as tall as the band allows: a small
# rank and suit there were 6 px tall on the cards of an 800x600 window, too
# small to tell a spade from a club; the suit alone is 10 px there.
CORNER_SUIT = 30
CORNER_TOP = 5  # it ends where the index band does (12.5 % of the card)
CORNER_RIGHT = 11


@cache
def index_layer(rank: str, suit: str, colour: Color) -> Image.Image:
    """The corner marks: the index (rank and suit) top left, the suit alone
    top right, and both again turned 180°."""
    layer = Image.new("RGBA", (CARD_W, CARD_H), (0, 0, 0, 0))
    rm = rank_mask(rank, INDEX_CAP, 44)
    layer.alpha_composite(colour_layer(rm, colour), (INDEX_LEFT, INDEX_TOP))
    s = suit_image(suit, INDEX_SUIT, colour)
    layer.alpha_composite(s, (INDEX_LEFT + rm.width + 4, INDEX_TOP + (INDEX_CAP - INDEX_SUIT) // 2))
    # The suit at the top right, right-aligned.
    corner = suit_image(suit, CORNER_SUIT, colour)
    layer.alpha_composite(corner, (CARD_W - CORNER_RIGHT - corner.width, CORNER_TOP))
    layer.alpha_composite(layer.transpose(Image.Transpose.ROTATE_180))
    return layer


# Pip area: between the top and bottom index bands.
PIP_H = 38
PIP_TOP = 71  # centre of the top row
PIP_BOTTOM = CARD_H - PIP_TOP
PIP_X = (57, CARD_W // 2, CARD_W - 57)

# Traditional pip patterns: (column 0/1/2, row fraction 0 top .. 1 bottom).
PATTERNS: dict[int, list[tuple[int, float]]] = {
    2: [(1, 0), (1, 1)],
    3: [(1, 0), (1, 0.5), (1, 1)],
    4: [(0, 0), (2, 0), (0, 1), (2, 1)],
    5: [(0, 0), (2, 0), (1, 0.5), (0, 1), (2, 1)],
    6: [(0, 0), (2, 0), (0, 0.5), (2, 0.5), (0, 1), (2, 1)],
    7: [(0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (0, 1), (2, 1)],
    8: [(0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (1, 0.75), (0, 1), (2, 1)],
    9: [
        (0, 0),
        (2, 0),
        (0, 1 / 3),
        (2, 1 / 3),
        (1, 0.5),
        (0, 2 / 3),
        (2, 2 / 3),
        (0, 1),
        (2, 1),
    ],
    10: [
        (0, 0),
        (2, 0),
        (1, 1 / 6),
        (0, 1 / 3),
        (2, 1 / 3),
        (0, 2 / 3),
        (2, 2 / 3),
        (1, 5 / 6),
        (0, 1),
        (2, 1),
    ],
}


def pip_centres(rank: int) -> list[tuple[int, float, bool]]:
    """(x, y, upside down) of each pip of a number card: lower pips face the other way."""
    out = []
    for col, frac in PATTERNS[rank]:
        y = PIP_TOP + frac * (PIP_BOTTOM - PIP_TOP)
        out.append((PIP_X[col], y, frac > 0.5))
    return out


def draw_face(rank_index: int, suit: str, colours: dict[str, Color]) -> Image.Image:
    rank = RANKS[rank_index]
    colour = colours[suit]
    card = card_base().copy()
    card.alpha_composite(index_layer(rank, suit, colour))
    n = rank_index + 1
    if n == 1:
        if suit == "S":
            # The ace of spades gets the traditional ornate pip: nested spades.
            paste_centred(card, suit_image(suit, 120, colour), CARD_W / 2, CARD_H / 2)
            for size, fill in ((66, FACE_WHITE), (56, GOLD), (46, colour)):
                body = suit_image(suit, size, fill)
                body = body.crop((0, 0, body.width, round(size * 0.8)))  # no stem
                paste_centred(card, body, CARD_W / 2, CARD_H / 2 - 16)
        else:
            paste_centred(card, suit_image(suit, 100, colour), CARD_W / 2, CARD_H / 2)
    elif n <= 10:
        for x, y, down in pip_centres(n):
            paste_centred(card, suit_image(suit, PIP_H, colour, down), x, y)
    else:
        panel = court_panel(rank, suit, colour)
        card.alpha_composite(panel, (COURT_BOX[0], COURT_BOX[1]))
    return card
