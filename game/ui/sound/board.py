"""`SoundBoard`: the cues of the last action waiting for their moment, played through an `Output`.

The board is pure bookkeeping (no pyglet): the table hands it an action's
cues on the animation's clock (`schedule`) and moves the clock on
(`update`); the board plays each cue when it falls due, at the player's
volume, on one of `VOICES` voices. A new action replaces the cues still
waiting from the last one, and when every voice is busy the one that began
first makes way: a burst of actions never piles sounds up, the newest wins.
With sound off (Options, or M) nothing plays.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from game.engine import Game
from game.engine.cards import Card
from game.engine.events import Event
from game.ui.sound.cues import Beats, Cue, Sound, cues, picked, refused

VOICES = 6
# The player's volume steps (Options): a gain on every sound.
VOLUMES = {"quiet": 0.3, "medium": 0.6, "loud": 1.0}


class Output(Protocol):
    """Where sounds go: the pyglet players in the game, a recorder in tests."""

    def play(self, voice: int, sound: Sound, pitch: float, pan: float, volume: float) -> None:
        """Start `sound` on `voice` (stopping what that voice played)."""

    def length(self, sound: Sound) -> float:
        """How long `sound` lasts at pitch 1, in seconds."""

    def close(self) -> object:
        """Stop for good (the game is quitting), never waiting long on a sound server."""


class SoundBoard:
    """See the module docstring. `output` None: no sound device (nothing plays)."""

    def __init__(
        self, output: Output | None = None, on: bool = True, volume: str = "medium", beats: Beats | None = None
    ) -> None:
        self.output = output
        self.beats = beats or Beats(0.22, 0.18, 0.28, 0.05, 0.018)
        self._held: tuple[int, int] | None = None  # the group last heard picked up (column, count)
        self.on = on
        self.gain = VOLUMES[volume]
        self.pending: list[tuple[float, Cue]] = []  # (when, cue), in time order
        self._voices: list[tuple[float, float]] = [(0.0, 0.0)] * VOICES  # (began, ends) per voice

    def configure(self, on: bool, volume: str) -> None:
        """The player's choice: sound on or off, and its volume step."""
        self.on = on
        self.gain = VOLUMES.get(volume, VOLUMES["medium"])
        if not on:
            self.pending.clear()

    @property
    def silent(self) -> bool:
        return self.output is None or not self.on

    def schedule(self, cues: Iterable[Cue], now: float) -> None:
        """An action's cues, from `now` on the animation clock; those still
        waiting from the action before are dropped. Cues due now play at once."""
        self.pending = []
        if self.silent:
            return
        self.pending = sorted(((now + cue.at, cue) for cue in cues), key=lambda item: item[0])
        self.update(now)

    def action(
        self,
        events: Sequence[Event],
        factor: float,
        now: float,
        starts: Sequence[float] | None = None,
        undo: bool = False,
    ) -> None:
        """An action's sounds (`cues.cues`), from `now`, in time with its animation."""
        self.schedule(cues(events, self.beats, factor, starts, undo), now)

    def hold(self, held: tuple[int, int] | None, game: Game, now: float) -> None:
        """The keyboard's (or click-to-move's) selection, (column, count): a
        group newly picked up makes the pick-up sound."""
        if held is not None and held != self._held:
            col, count = held
            self.picked(col, game.column(col)[-count], now)
        self._held = held

    def picked(self, column: int, card: Card, now: float) -> None:
        """A group lifted from `column`, `card` its first."""
        self.play(picked(column, card), now)

    def refused(self, column: int | None, now: float) -> None:
        """A refused move from `column` (None: a refused deal, at the stock)."""
        self.play(refused(column), now)

    def play(self, cue: Cue, now: float) -> None:
        """One cue at once, beside any still waiting (a pick-up, a refusal)."""
        if not self.silent:
            self._start(cue, now)

    def update(self, now: float) -> None:
        """Play every cue that has fallen due by `now`."""
        if not self.pending:
            return
        due = 0
        while due < len(self.pending) and self.pending[due][0] <= now:
            due += 1
        if due == 0:
            return
        cues = [cue for _, cue in self.pending[:due]]
        del self.pending[:due]
        for cue in cues[-VOICES:]:  # a long stall: the latest of them, never a pile
            self._start(cue, now)

    def cancel(self) -> None:
        """Forget the cues still waiting (the animation they kept time with ended)."""
        self.pending.clear()

    def _start(self, cue: Cue, now: float) -> None:
        output = self.output
        volume = cue.volume * self.gain
        if output is None or volume <= 0:
            return
        voice = self._voice(now)
        self._voices[voice] = (now, now + output.length(cue.sound) / max(cue.pitch, 0.01))
        output.play(voice, cue.sound, cue.pitch, cue.pan, min(1.0, volume))

    def _voice(self, now: float) -> int:
        """A voice that is free at `now`, else the one that began first."""
        for k, (_, ends) in enumerate(self._voices):
            if ends <= now:
                return k
        return min(range(VOICES), key=lambda k: self._voices[k][0])
