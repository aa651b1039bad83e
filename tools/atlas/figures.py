"""The twelve court figures, described as data: pose, attribute, headgear and dress.

Each king, queen and jack has its own figure, after the traditional French
(Paris) and English patterns: the king of hearts with the sword behind his
head, the one-eyed king of diamonds with his axe, the king of clubs with orb
and sceptre, the queens with sceptre, rose, tulip and fan, the jacks with
halberd, leaf, axe and arrow. The painters in ``attributes``, ``heads`` and
``courts`` draw whatever a `Figure` names, so changing a court card is
changing its line here.

Coordinates are pixels of the top half of the court frame (152 x 96; the
bottom half is the top turned 180°), x from the left, y down.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Facing = Literal["front", "left", "right", "profile-left", "profile-right"]
Attribute = Literal[
    "sword",  # upright, blade up
    "sword-behind",  # slanting behind the head
    "battle-axe",
    "sceptre",
    "lily-sceptre",
    "rose",
    "tulip",
    "fan",
    "halberd",
    "leaf",
    "axe",
    "arrow",
]
OtherHand = Literal["chest", "orb", "waist", "none"]
Hair = Literal["short", "long", "curls", "flowing", "bob"]
Beard = Literal["none", "full", "pointed", "broad", "short"]
Headgear = Literal[
    "fleur-crown",
    "arched-crown",
    "tall-crown",
    "spiked-crown",
    "veil-crown",
    "coronet",
    "hood",
    "french-hood",
    "feather-cap",
    "brim-hat",
    "tall-cap",
    "plumed-hat",
]
Pattern = Literal["stripes", "chequer", "dots", "lozenges", "chevrons", "fleurs", "scales", "plain"]
Front = Literal["buttons", "sash", "laced", "ermine"]
Collar = Literal["ermine", "ruff", "neckline", "chain"]
RGB = tuple[int, int, int]

BLOND: RGB = (214, 160, 52)
AUBURN: RGB = (160, 78, 34)
BROWN: RGB = (104, 62, 30)
DARK: RGB = (52, 36, 28)
GREY: RGB = (200, 196, 188)
WHITE_HAIR: RGB = (236, 234, 228)


@dataclass(frozen=True, slots=True, kw_only=True)
class Figure:
    """One court figure, the top half of its card."""

    name: str  # the traditional name, for the reader
    facing: Facing
    head_x: float  # the head's centre
    attribute: Attribute
    hand: tuple[float, float]  # where the hand holding the attribute is
    other_hand: OtherHand
    hair: Hair
    hair_colour: RGB
    beard: Beard
    headgear: Headgear
    left: Pattern  # the cloth on the figure's left of the picture (the suit's colour side)
    right: Pattern  # the other side (the partner colour)
    front: Front  # down the middle of the robe
    collar: Collar
    swap: bool = False  # the partner colour on the left instead


FIGURES: dict[str, Figure] = {
    # Kings: crowned and bearded.
    "KS": Figure(
        name="David",
        facing="front",
        head_x=84,
        attribute="sword",
        hand=(38, 68),
        other_hand="waist",
        hair="short",
        hair_colour=BROWN,
        beard="full",
        headgear="fleur-crown",
        left="stripes",
        right="dots",
        front="ermine",
        collar="ermine",
    ),
    "KH": Figure(
        name="Charlemagne",
        facing="left",
        head_x=70,
        attribute="sword-behind",
        hand=(110, 70),
        other_hand="chest",
        hair="short",
        hair_colour=AUBURN,
        beard="short",
        headgear="arched-crown",
        left="lozenges",
        right="fleurs",
        front="buttons",
        collar="ermine",
        swap=True,
    ),
    "KD": Figure(
        name="Caesar",
        facing="profile-left",
        head_x=66,
        attribute="battle-axe",
        hand=(118, 70),
        other_hand="chest",
        hair="short",
        hair_colour=GREY,
        beard="pointed",
        headgear="tall-crown",
        left="chequer",
        right="scales",
        front="sash",
        collar="ermine",
    ),
    "KC": Figure(
        name="Alexander",
        facing="front",
        head_x=72,
        attribute="sceptre",
        hand=(126, 70),
        other_hand="orb",
        hair="short",
        hair_colour=WHITE_HAIR,
        beard="broad",
        headgear="spiked-crown",
        left="fleurs",
        right="chevrons",
        front="buttons",
        collar="ermine",
        swap=True,
    ),
    # Queens: crowned, veiled or hooded; a sceptre, a flower or a fan.
    "QS": Figure(
        name="Pallas",
        facing="front",
        head_x=84,
        attribute="lily-sceptre",
        hand=(41, 70),
        other_hand="chest",
        hair="bob",
        hair_colour=DARK,
        beard="none",
        headgear="veil-crown",
        left="scales",
        right="stripes",
        front="laced",
        collar="neckline",
    ),
    "QH": Figure(
        name="Judith",
        facing="right",
        head_x=68,
        attribute="rose",
        hand=(118, 64),
        other_hand="chest",
        hair="long",
        hair_colour=BLOND,
        beard="none",
        headgear="coronet",
        left="dots",
        right="lozenges",
        front="buttons",
        collar="ruff",
        swap=True,
    ),
    "QD": Figure(
        name="Rachel",
        facing="profile-left",
        head_x=86,
        attribute="tulip",
        hand=(44, 66),
        other_hand="none",
        hair="flowing",
        hair_colour=AUBURN,
        beard="none",
        headgear="hood",
        left="chevrons",
        right="chequer",
        front="sash",
        collar="neckline",
    ),
    "QC": Figure(
        name="Argine",
        facing="left",
        head_x=68,
        attribute="fan",
        hand=(118, 60),
        other_hand="chest",
        hair="long",
        hair_colour=BROWN,
        beard="none",
        headgear="french-hood",
        left="lozenges",
        right="stripes",
        front="laced",
        collar="ruff",
        swap=True,
    ),
    # Jacks: young and beardless, in hats; a weapon or a leaf.
    "JS": Figure(
        name="Ogier",
        facing="profile-right",
        head_x=68,
        attribute="halberd",
        hand=(124, 64),
        other_hand="chest",
        hair="flowing",
        hair_colour=BLOND,
        beard="none",
        headgear="feather-cap",
        left="chequer",
        right="dots",
        front="buttons",
        collar="ruff",
    ),
    "JH": Figure(
        name="La Hire",
        facing="profile-left",
        head_x=86,
        attribute="leaf",
        hand=(47, 62),
        other_hand="waist",
        hair="bob",
        hair_colour=BROWN,
        beard="none",
        headgear="brim-hat",
        left="stripes",
        right="scales",
        front="laced",
        collar="chain",
        swap=True,
    ),
    "JD": Figure(
        name="Hector",
        facing="front",
        head_x=84,
        attribute="axe",
        hand=(50, 66),
        other_hand="chest",
        hair="curls",
        hair_colour=AUBURN,
        beard="none",
        headgear="tall-cap",
        left="fleurs",
        right="chequer",
        front="sash",
        collar="ruff",
    ),
    "JC": Figure(
        name="Lancelot",
        facing="right",
        head_x=68,
        attribute="arrow",
        hand=(120, 66),
        other_hand="waist",
        hair="bob",
        hair_colour=DARK,
        beard="none",
        headgear="plumed-hat",
        left="dots",
        right="chevrons",
        front="buttons",
        collar="chain",
        swap=True,
    ),
}
