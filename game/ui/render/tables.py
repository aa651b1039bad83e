"""The table colours a player can choose, and the one in use.

Each table is a felt (its centre colour and the darker colour its edges fade
to), the HUD bar over it and the panels and buttons of the dialogs, matched
to it so a dialog looks like part of the same table. The night table is dark
and low in contrast around the cards, for dim rooms; its cards are drawn a
little dimmer too (87 %), so a white card does not glare in a dark room, every
index still at least 4.5:1 against its card.

`use(name)` switches the table for everything drawn from then on (the
table view calls it with the player's setting, at start and on every change);
`current()` is what the felt, the HUD and the screens read.
"""

from __future__ import annotations

from dataclasses import dataclass

Rgb = tuple[int, int, int]
Rgba = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Table:
    name: str
    felt: Rgb  # the centre of the felt, and the flat colour before its texture exists
    edge: Rgb  # what the corners fade to
    bar: Rgba  # the HUD's top bar
    panel: Rgb  # a dialog's panel and the win panel (opaque)
    button: Rgb  # a dialog's plain button
    button_hover: Rgb
    border: Rgb  # a panel's rim
    cards: Rgb = (255, 255, 255)  # multiplies every card's colours: the night table's cards glare less


TABLES: dict[str, Table] = {
    t.name: t
    for t in (
        Table(
            "green",
            (14, 94, 50),
            (5, 46, 22),
            (6, 40, 20, 205),
            (12, 46, 26),
            (24, 78, 46),
            (38, 112, 66),
            (96, 150, 108),
        ),
        Table(
            "blue",
            (20, 72, 122),
            (6, 30, 62),
            (6, 26, 52, 205),
            (10, 34, 64),
            (26, 66, 112),
            (40, 92, 150),
            (100, 140, 190),
        ),
        Table(
            "red",
            (116, 26, 42),
            (52, 8, 18),
            (44, 8, 16, 205),
            (52, 14, 22),
            (98, 30, 44),
            (132, 46, 62),
            (184, 110, 118),
        ),
        Table(
            "grey",
            (92, 98, 102),
            (40, 44, 48),
            (30, 33, 36, 205),
            (40, 44, 48),
            (70, 76, 82),
            (98, 106, 114),
            (150, 156, 160),
        ),
        Table(
            "night",
            (30, 34, 42),
            (10, 11, 15),
            (8, 9, 12, 225),
            (18, 20, 26),
            (40, 44, 54),
            (60, 66, 80),
            (92, 98, 112),
            (222, 222, 222),
        ),
    )
}
DEFAULT = "green"

_current = TABLES[DEFAULT]


def use(name: str) -> bool:
    """Draw on the table `name` from now on (an unknown name: the default).
    True when that changed the table."""
    global _current
    table = TABLES.get(name, TABLES[DEFAULT])
    changed = table is not _current
    _current = table
    return changed


def current() -> Table:
    return _current
