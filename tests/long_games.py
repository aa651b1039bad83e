"""A legal game of any length, for the tests of what a very long one does
(a pasted line, a replay sought in steps): one card moved back and forth
between two columns that both take it. Imported as ``long_games``."""

from __future__ import annotations

from functools import cache

from game.engine import Game, Move
from game.records.share import share_line

CODE = "SP1-S1C-AAAAAAA"  # its 8 of column 8 goes onto column 10 and back


@cache
def back_and_forth(actions: int = 50_000, code: str = CODE) -> str:
    """The shared line of `code` played `actions` times: the first single
    card that can go to a column and come straight back, again and again."""
    game = Game.from_code(code)
    for move in game.legal_moves():
        if move.count != 1:
            continue
        trial = Game.from_code(code)
        trial.move(move)
        back = Move(move.dst, 1, move.src)
        if trial.can_move(back):
            tokens = [str(move), str(back)] * (actions // 2) + [str(move)] * (actions % 2)
            return share_line(code, " ".join(tokens))
    raise ValueError(f"{code} has no card to move back and forth")
