"""A game watched again: its deal and its record, stepped through by the engine.

`Replay` holds a game of its own (never the game in progress) at action
`at` of `total`. Stepping forward plays the next token and answers its
events; stepping back undoes the last one (its inverse events) while the
undo history reaches, and otherwise lays the table anew (a won game cannot
be undone; the history keeps 100 actions); `seek` jumps to any action, the
table laid anew. Every table shown is the one the record gives at that
point: `Game.from_code(code).play(record[:at])`.

A seek costs the same however long the record: the game is kept every
`CHECKPOINT` actions as the replay first passes there (or as `prepare`
plays ahead), and a seek starts from the nearest kept game before it, so it
plays at most `CHECKPOINT` actions once the record has been gone through.

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

CHECKPOINT = 200  # actions between two games kept: at most this many are played by a seek


class Replay:
    """The game `code` with the record `tokens`, at action `at` (0: the deal)."""

    def __init__(self, code: str, tokens: Sequence[str]) -> None:
        self.code = code
        self.tokens: tuple[str, ...] = tuple(tokens)
        self.game = Game.from_code(code)
        self._at = 0
        self._kept: list[Game] = [self.game.copy()]  # the game after 0, CHECKPOINT, 2 × CHECKPOINT … actions
        self._ahead: tuple[Game, int] | None = None  # `prepare`'s game, and its action

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
        self._keep(self.game, self._at)
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
        nearest = min(at // CHECKPOINT, len(self._kept) - 1)
        if at < self._at or nearest * CHECKPOINT > self._at:
            self.game, self._at = self._kept[nearest].copy(), nearest * CHECKPOINT
        self._at = self._play(self.game, self._at, at)

    def prepare(self, actions: int) -> bool:
        """Play up to `actions` actions ahead of the games kept, so later seeks
        are short (the view calls it between frames); False once the whole
        record is kept. The game shown does not change."""
        if (len(self._kept) - 1) * CHECKPOINT + CHECKPOINT > len(self.tokens):
            return False
        last = (len(self._kept) - 1) * CHECKPOINT  # the seeks may have kept games beyond this one's
        game, at = self._ahead if self._ahead and self._ahead[1] >= last else (self._kept[-1].copy(), last)
        at = self._play(game, at, min(at + actions, len(self.tokens)))
        self._ahead = (game, at)
        return (len(self._kept) - 1) * CHECKPOINT + CHECKPOINT <= len(self.tokens)

    def _play(self, game: Game, at: int, to: int) -> int:
        """Play `game` from action `at` to `to`, keeping it at each checkpoint passed; `to`."""
        while at < to:
            stop = min(to, (at // CHECKPOINT + 1) * CHECKPOINT)
            game.play(self.tokens[at:stop])
            at = stop
            self._keep(game, at)
        return at

    def _keep(self, game: Game, at: int) -> None:
        if at % CHECKPOINT == 0 and at // CHECKPOINT == len(self._kept):
            self._kept.append(game.copy())
