"""The screens around the table: New game, Options, Rules, Statistics, Description,
and the confirmation before a Restart.

Each is an `arcade.gui.UIView` that takes what it shows and callbacks in its
constructor; the table view decides what happens when one closes.
"""

from __future__ import annotations

from .confirm import ConfirmView
from .description import DescriptionView
from .new_game import NewGameView
from .options import OptionsView
from .rules import RulesView
from .statistics import StatisticsView

__all__ = [
    "ConfirmView",
    "DescriptionView",
    "NewGameView",
    "OptionsView",
    "RulesView",
    "StatisticsView",
]
