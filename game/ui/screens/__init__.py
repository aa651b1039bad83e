"""The screens around the table: New game, Options (and its Appearance dialog),
Rules, Statistics, Description, and the confirmation before a Restart.

Each is an `arcade.gui.UIView` that takes what it shows and callbacks in its
constructor; the table view decides what happens when one closes.
"""

from __future__ import annotations

from game.ui.screens.appearance import AppearanceView
from game.ui.screens.confirm import ConfirmView
from game.ui.screens.description import DescriptionView
from game.ui.screens.history import HistoryView
from game.ui.screens.new_game import NewGameView
from game.ui.screens.options import OptionsView
from game.ui.screens.rules import RulesView
from game.ui.screens.statistics import StatisticsView

__all__ = [
    "AppearanceView",
    "ConfirmView",
    "DescriptionView",
    "HistoryView",
    "NewGameView",
    "OptionsView",
    "RulesView",
    "StatisticsView",
]
