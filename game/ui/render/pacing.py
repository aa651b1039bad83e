"""Redraw only while something changes: one pacer per window.

A plain arcade loop redraws 60 times a second forever, which keeps a core
busy on software OpenGL. At rest the window asks for a draw once an hour and
an update four times a second; any input or window event brings back 60 fps
at once (the window wakes its pacer before any view sees the event, see
`SpiderWindow.dispatch_event`). The update rate must change before the draw
rate, because arcade refuses a draw interval shorter than the update one.

There is one `Pacer` per window (`Pacer.of`), shared by every view shown in
it, so no view can believe the window awake while another has put it to rest.
And it never rests while a frame is owed: after a wake, nothing puts the
window to rest before a frame has been drawn (`drawn`). (A screen that took
long to build would otherwise see its first update's long time step as
quiet time and rest before its first frame, leaving the old picture on
screen until the next input.)
"""

from __future__ import annotations

import weakref
from typing import Any, ClassVar

FRAME = 1 / 60
REST_DRAW = 3600.0
REST_UPDATE = 0.25
IDLE_AFTER_S = 0.2  # quiet time before the table stops redrawing


class Pacer:
    """Switches one window between "animating" (60 fps) and "at rest"."""

    _of: ClassVar[weakref.WeakKeyDictionary[Any, Pacer]] = weakref.WeakKeyDictionary()

    def __init__(self, window: Any) -> None:
        self.window = window
        self.resting = False
        self.owed = True  # a frame to draw before any rest
        self.now = 0.0
        self.quiet_since = 0.0
        self.bar_only = False  # the frame owed changes only the bar (`once`): the rest may be a still

    @classmethod
    def of(cls, window: Any) -> Pacer:
        """The one pacer of `window`."""
        pacer = cls._of.get(window)
        if pacer is None:
            pacer = cls._of[window] = cls(window)
        return pacer

    def tick(self, now: float, busy: bool) -> None:
        """A frame at time `now`: rest once nothing has been `busy` for a moment."""
        self.now = now
        if busy:
            self.quiet_since = now
        elif now - self.quiet_since > IDLE_AFTER_S:
            self.rest()

    def drawn(self) -> None:
        """A frame was drawn (the view's `on_draw` says so)."""
        self.owed = False

    def wake(self) -> None:
        """Something changed: full frame rate, and the quiet time starts again."""
        self.bar_only = False
        self.quiet_since = self.now
        self.owed = True
        if self.resting:
            self.resting = False
            self.window.set_update_rate(FRAME)
            self.window.set_draw_rate(FRAME)

    def once(self) -> None:
        """Only the bar changed (the clock's second): one frame, then rest again
        at once, not the `IDLE_AFTER_S` of frames a `wake` gives; at rest that
        frame is `bar_only` (nothing else changed since the last one)."""
        self.owed = True
        if self.resting:
            self.resting = False
            self.bar_only = True
            self.quiet_since = self.now - IDLE_AFTER_S  # quiet already: rest after this frame
            self.window.set_update_rate(FRAME)
            self.window.set_draw_rate(FRAME)

    def rest(self) -> None:
        """Stop redrawing (unless a frame is owed since the last wake)."""
        if not self.resting and not self.owed:
            self.resting = True
            self.window.set_draw_rate(REST_DRAW)
            self.window.set_update_rate(REST_UPDATE)
