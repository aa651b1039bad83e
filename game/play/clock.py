"""The time one game has been played (docs/RULES.md §15): a clock that runs
only while the game is played.

It counts from 0 when a table is laid out (a new deal, a restart, "Same deal
again", a code) and goes on from the saved time when a game is resumed. It
stands still while anything holds it, each hold for its own reason (`Hold`):
a screen open over the table, the window minimized or without the focus,
the player's own pause (P), a game won. Holds add up: the clock runs again
only once every one is released, so a screen closed while the window is
still minimized keeps it still.

The time source is a monotonic `ticker` (seconds as a float), injected: the
tests move it by hand, and a change of the wall clock (a time zone, a
daylight-saving hour) never adds or removes play time.

>>> now = [100.0]
>>> clock = PlayClock(lambda: now[0])
>>> now[0] += 75
>>> clock.hold(Hold.SCREEN); now[0] += 1000; clock.seconds
75
>>> clock.release(Hold.SCREEN); now[0] += 5; clock.seconds, clock.running
(80, True)
>>> clock.reset(); clock.seconds
0
"""

from __future__ import annotations

import time
from collections.abc import Callable
from enum import StrEnum

MAX_SECONDS = 999_999_999  # as the statistics bound a count


class Hold(StrEnum):
    """Why the clock stands still."""

    SCREEN = "screen"  # a screen (a dialog, a replay) shows instead of the table
    MINIMIZED = "minimized"
    UNFOCUSED = "unfocused"  # another window has the keyboard
    PAUSED = "paused"  # the player's pause (P): the cards are hidden
    OVER = "over"  # the game is won: its time is kept as it was at the win


class PlayClock:
    """Time played in the game on the table (see the module docstring)."""

    def __init__(self, ticker: Callable[[], float] = time.monotonic, seconds: float = 0) -> None:
        self._ticker = ticker
        self._seconds = float(seconds)  # counted up to `_since`
        self._since: float | None = ticker()  # None while held
        self._holds: set[Hold] = set()

    @property
    def seconds(self) -> int:
        """Whole seconds played so far."""
        running = 0.0 if self._since is None else max(self._ticker() - self._since, 0.0)
        return min(int(self._seconds + running), MAX_SECONDS)

    @property
    def running(self) -> bool:
        return not self._holds

    @property
    def holds(self) -> frozenset[Hold]:
        """What holds the clock now (empty while it runs)."""
        return frozenset(self._holds)

    def hold(self, why: Hold) -> None:
        """Stop the clock for `why` (nothing more if it is already held for it)."""
        if self._since is not None:
            self._seconds += max(self._ticker() - self._since, 0.0)
            self._since = None
        self._holds.add(why)

    def release(self, why: Hold) -> None:
        """`why` holds the clock no more; it runs again when nothing else does."""
        self._holds.discard(why)
        if not self._holds and self._since is None:
            self._since = self._ticker()

    def set(self, why: Hold, held: bool) -> None:
        """Hold or release for `why`, as `held` says."""
        if held:
            self.hold(why)
        else:
            self.release(why)

    def reset(self, seconds: float = 0) -> None:
        """Another game, or the same deal laid out again: from `seconds` (0 for
        a fresh table), and no longer over. The other holds stay: a game begun
        from a screen starts counting when the table shows again."""
        self._seconds = float(seconds)
        self._holds.discard(Hold.OVER)
        self._since = None if self._holds else self._ticker()
