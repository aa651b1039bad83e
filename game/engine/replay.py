"""A game watched again: its deal and its record, stepped through by the engine.

`Replay` holds a game of its own (never the game in progress) at action
`at` of `total`. Stepping forward plays the next token and answers its
events; stepping back undoes the last one (its inverse events) while the
undo history reaches, and otherwise lays the table anew from the deal (a
won game cannot be undone; the history keeps 100 actions); `seek` jumps to
any action, the table laid anew. Every table shown is the one the record
gives at that point: `Game.from_code(code).play(record[:at])`.

>>> r = Replay("SP1-S1C-AAAAAAD", ("1>8", "8:2>7", "deal", "10>8"))
>>> r.at, r.total
(0, 4)
>>> _ = r.forward(); _ = r.forward(); r.at, r.game.record
(2, '1>8 8:2>7')
>>> r.back() is not None, r.at, r.game.record
(True, 1, '1>8')
>>> r.seek(4); r.game.moves, r.at_end
(4, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from .events import Event
from .game import Game


class Replay:
    """The game `code` with the record `tokens`, at action `at` (0: the deal)."""

    def __init__(self, code: str, tokens: Sequence[str]) -> None:
        self.code = code
        self.tokens: tuple[str, ...] = tuple(tokens)
        self.game = Game.from_code(code)
        self._at = 0

    @property
    def at(self) -> int:
        """How many actions of the record are on the table."""
        return self._at

    @property
    def total(self) -> int:
        return len(self.tokens)

    @property
    def at_end(self) -> bool:
        return self._at >= len(self.tokens)

    def forward(self) -> list[Event] | None:
        """Play the next action: its events, None at the end."""
        if self.at_end:
            return None
        events = self.game.play([self.tokens[self._at]])
        self._at += 1
        return events

    def back(self) -> list[Event] | None:
        """Take back the last action: the inverse events to animate; an empty
        list when the table was laid anew instead (show it whole); None at
        the deal."""
        if self._at == 0:
            return None
        if self.game.can_undo:
            self._at -= 1
            return self.game.undo()
        self.seek(self._at - 1)
        return []

    def seek(self, at: int) -> None:
        """The table after `at` actions (clamped to 0 … total), laid anew."""
        at = min(max(at, 0), len(self.tokens))
        if at == self._at:
            return
        if at < self._at:
            self.game = Game.from_code(self.code)
            self._at = 0
        self.game.play(self.tokens[self._at : at])
        self._at = at
