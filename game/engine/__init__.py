"""The Spider rules engine: pure Python, no arcade, no pyglet.

>>> from game.engine import Game
>>> g = Game.from_code("SP1-S1C-AAAAAAD")
>>> g.code, g.deals_left, len(g.columns)
('SP1-S1C-AAAAAAD', 5, 10)
"""

from .cards import Card
from .errors import IllegalMove, InvalidCode, InvalidPosition
from .game import Game
from .rules import Rule

__all__ = ["Card", "Game", "IllegalMove", "InvalidCode", "InvalidPosition", "Rule"]
