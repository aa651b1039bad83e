"""The game's clock held while its game is not played (docs/RULES.md §15).

The session's `PlayClock` runs only while the table shows in a window the
player is at: `ClockHolds` holds it while another view shows instead (a
screen, a replay), while the window is minimized and while another window
has the focus, and lets it go again when each ends. The player's own pause
(P) is the table's (`GameView`); a win is the session's.
"""

from __future__ import annotations

import arcade

from game.play.clock import Hold, PlayClock


class ClockHolds:
    """Follows one window for one clock (see the module docstring)."""

    def __init__(self, window: arcade.Window, clock: PlayClock, table: arcade.View) -> None:
        self.window = window
        self.clock = clock
        self.table = table
        window.push_handlers(
            on_hide=lambda: clock.hold(Hold.MINIMIZED),
            on_show=lambda: clock.release(Hold.MINIMIZED),
            on_deactivate=lambda: clock.hold(Hold.UNFOCUSED),
            on_activate=lambda: clock.release(Hold.UNFOCUSED),
        )

    def sync(self) -> None:
        """After a view was shown: the table, or a screen instead of it."""
        self.clock.set(Hold.SCREEN, self.window.current_view is not self.table)
