"""Redraw only while something changes.

A plain arcade loop redraws 60 times a second forever, which keeps a core
busy on software OpenGL (PLATFORM.md: 0.7 of a core at rest). At rest the
table asks for a draw once an hour and an update four times a second; the
first input brings back 60 fps. The update rate must change before the draw
rate, because arcade refuses a draw interval shorter than the update one.
"""

from __future__ import annotations

from typing import Any

FRAME = 1 / 60
REST_DRAW = 3600.0
REST_UPDATE = 0.25
IDLE_AFTER_S = 0.2  # quiet time before the window stops redrawing


class Pacer:
    """Switches one window between "animating" (60 fps) and "at rest"."""

    def __init__(self, window: Any) -> None:
        self.window = window
        self.resting = False
        self.now = 0.0
        self.quiet_since = 0.0

    def tick(self, now: float, busy: bool) -> None:
        """A frame at time `now`: rest once nothing has been `busy` for a moment."""
        self.now = now
        if busy:
            self.quiet_since = now
        elif now - self.quiet_since > IDLE_AFTER_S:
            self.rest()

    def wake(self) -> None:
        """Something changed: full frame rate, and the quiet time starts again."""
        self.quiet_since = self.now
        if self.resting:
            self.resting = False
            self.window.set_update_rate(FRAME)
            self.window.set_draw_rate(FRAME)

    def rest(self) -> None:
        if not self.resting:
            self.resting = True
            self.window.set_draw_rate(REST_DRAW)
            self.window.set_update_rate(REST_UPDATE)
