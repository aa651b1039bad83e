"""The Spider rules engine: pure Python, no arcade, no pyglet.

>>> from game.engine import Game, Move
>>> g = Game.from_code("SP1-S1C-AAAAAAD")
>>> g.code, g.deals_left, len(g.columns)
('SP1-S1C-AAAAAAD', 5, 10)
>>> g.check_move(Move.parse("1>2"))
Traceback (most recent call last):
...
game.engine.errors.IllegalMove: 2S needs a card one rank higher, not 6S
"""

from .cards import Card
from .errors import IllegalMove, InvalidCode, InvalidMove, InvalidPosition, MoveError, Reason
from .game import Game
from .moves import Move
from .rules import Rule

__all__ = [
    "Card",
    "Game",
    "IllegalMove",
    "InvalidCode",
    "InvalidMove",
    "InvalidPosition",
    "Move",
    "MoveError",
    "Reason",
    "Rule",
]
