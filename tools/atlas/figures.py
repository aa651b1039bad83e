"""The twelve court figures, described as data: what each holds and wears.

The painters in ``courts`` draw whatever a `Figure` names, so changing a court
card is changing a line here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Attribute = Literal["sword", "sceptre", "flower", "halberd"]
Hair = Literal["none", "long", "curls"]
Collar = Literal["ermine", "ruff"]
Headgear = Literal["crown", "coronet", "cap"]


@dataclass(frozen=True, slots=True)
class Figure:
    """One court figure (the top half; the card shows it twice, head to head)."""

    attribute: Attribute  # held in the right hand, behind the shoulder
    staff_x: float  # how far from the frame's right edge the attribute stands
    hand_y: float  # height of the right hand on the attribute
    hair: Hair
    beard: bool
    orb: bool  # an orb in the left hand
    collar: Collar
    headgear: Headgear
    young: bool  # a red mouth and rosy cheeks


_SWORD_KING = Figure("sword", 24, 70.0, "none", True, True, "ermine", "crown", False)
_SCEPTRE_KING = Figure("sceptre", 24, 70.0, "none", True, True, "ermine", "crown", False)
_QUEEN = Figure("flower", 22, 68.0, "long", False, False, "ruff", "coronet", True)
_JACK = Figure("halberd", 22, 64.0, "curls", False, False, "ruff", "cap", True)

FIGURES: dict[str, Figure] = {
    "KS": _SWORD_KING,
    "KH": _SWORD_KING,
    "KD": _SCEPTRE_KING,
    "KC": _SCEPTRE_KING,
    "QS": _QUEEN,
    "QH": _QUEEN,
    "QD": _QUEEN,
    "QC": _QUEEN,
    "JS": _JACK,
    "JH": _JACK,
    "JD": _JACK,
    "JC": _JACK,
}
