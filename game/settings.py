"""The player's settings, with the defaults of SPEC §8 and §10.

Saving and loading them lives in `game.storage`; this module is only the
shape, so the view and the screens can share one object.
"""

from __future__ import annotations

from dataclasses import dataclass

ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
LANGUAGES = ("en", "it", "es")

# How long animations take relative to "normal"; "off" ends them at once.
ANIMATION_FACTOR = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 2.0}


@dataclass
class Settings:
    double_click: bool = True
    auto_placement: bool = False
    placement_help: bool = True
    interactive_rules: bool = True
    animation_speed: str = "normal"
    language: str = "en"
    fullscreen: bool = False
    four_colour: bool = False

    @property
    def animation_factor(self) -> float:
        return ANIMATION_FACTOR[self.animation_speed]
