"""The player's settings, with the defaults of docs/RULES.md §8 and §10.

`Settings` is immutable: a change makes a new object
(``dataclasses.replace(settings, language="it")``), which the session saves
and hands to the view and the screens, so no part can change the others'
settings behind their back. Reading and writing the file is `game.files.storage`'s
job; this module knows only the shape and which values are valid.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import get_args, get_origin, get_type_hints

from game.records.stats import VARIANTS
from game.system import geometry
from game.words.i18n import LANGUAGES

ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
# The table colours (game.ui.render.tables draws them), the default first.
TABLES = ("green", "blue", "red", "grey", "night")
# The card backs (tools/atlas/back.py draws them), the default first.
CARD_BACKS = ("spider", "web", "tartan", "deco")
SOUND_VOLUMES = ("quiet", "medium", "loud")

# How long animations take relative to "normal"; "off" ends them at once.
ANIMATION_FACTOR = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 2.0}

# The text fields that take one of a few values.
_CHOICES: dict[str, tuple[str, ...]] = {
    "animation_speed": ANIMATION_SPEEDS,
    "language": LANGUAGES,
    "variant": VARIANTS,
    "table": TABLES,
    "card_back": CARD_BACKS,
    "sound_volume": SOUND_VOLUMES,
}


@dataclass(frozen=True, slots=True)
class Settings:
    double_click: bool = True
    auto_placement: bool = False
    placement_help: bool = True
    interactive_rules: bool = True
    animation_speed: str = "normal"
    language: str = "en"
    fullscreen: bool = False
    four_colour: bool = False
    # The variant of the last game the player chose (New game, a code, the
    # command line): a new deal that nothing else decides is of this variant,
    # e.g. after a saved game could not be resumed.
    variant: str = "1C"
    # Keyboard and accessibility (docs/RULES.md §8, §9): a click selects a group and a
    # click on a column drops it there; every action is also spoken.
    click_to_move: bool = False
    read_aloud: bool = False
    # Where the window was when the player last quit ("WxH+X+Y", see
    # game.system.geometry; "" before the first quit) and whether it was maximized.
    window: str = ""
    window_maximized: bool = False
    # Appearance: the table's colour, the card back, and the large-print deck
    # (big indices, one big pip) for players with low vision.
    table: str = "green"
    card_back: str = "spider"
    large_print: bool = False
    # The table's sounds (Options, or M to mute and unmute) and their volume step.
    sound: bool = True
    sound_volume: str = "medium"
    # Score, moves and the clock on the bar (docs/RULES.md §8); off, a calm
    # table: the statistics count all the same.
    show_score_time: bool = True

    @property
    def animation_factor(self) -> float:
        return ANIMATION_FACTOR[self.animation_speed]

    def to_json(self) -> dict[str, object]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, data: Mapping[str, object], defaults: Settings) -> tuple[Settings, list[str]]:
        """Settings from a decoded file, and what was wrong in it.

        A missing key takes its value from `defaults`; an unknown key is
        ignored; a wrong value is reported and takes its default too.
        """
        values: dict[str, object] = {}
        problems: list[str] = []
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            if _valid(f.name, value):
                values[f.name] = value
            else:
                problems.append(f"{f.name}: {value!r:.40}")
        return cls(**{**defaults.to_json(), **values}), problems  # type: ignore[arg-type]


def _valid(name: str, value: object) -> bool:
    if name in _CHOICES:
        return isinstance(value, str) and value in _CHOICES[name]
    if name == "window":  # "" or a geometry the window can be placed by
        return isinstance(value, str) and (value == "" or geometry.parse(value) is not None)
    # Any other field only has to be of its declared type ("false" and 0 are
    # not booleans, True is not an int); what it means is checked where it is used.
    return any(_is_a(value, kind) for kind in get_args(_FIELD_TYPES[name]) or (_FIELD_TYPES[name],))


def _is_a(value: object, kind: object) -> bool:
    kind = get_origin(kind) or kind  # tuple[int, int] -> tuple
    if kind is None or kind is type(None):
        return value is None
    return isinstance(kind, type) and type(value) is kind


_FIELD_TYPES: dict[str, object] = get_type_hints(Settings)
