"""Tweens on a clock of their own: the timing logic of every card animation.

No OpenGL here: a tween moves anything with `center_x`, `center_y` and
`width` (an arcade sprite in the game, a plain object in tests). The view
turns engine events into tweens; the animator only plays them.

Each tween starts at an absolute time on the animator's clock, so one action
becomes a little timeline (a group glides, then the card under it flips, then
a finished run flies off). A tween reads its starting point when it begins,
not when it is made, so tweens on the same sprite chain naturally.
`finish_all()` snaps every tween, running or waiting, to its end in start
order: a new input never waits for an animation and sprites always end
exactly where the tweens (built from the layout) put them. `call_at(t, fn)`
puts a plain callback on the same timeline (the win celebration starts when
the last run has landed), run in its turn by `update` and by `finish_all`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

Ease = Callable[[float], float]


def ease_out(t: float) -> float:
    """Fast start, soft landing (cubic): cards settle into place."""
    return 1.0 - (1.0 - t) ** 3


def ease_in_out(t: float) -> float:
    """Soft start and landing (cubic): longer flights."""
    return 4 * t**3 if t < 0.5 else 1.0 - (-2 * t + 2) ** 3 / 2


def linear(t: float) -> float:
    return t


class Movable(Protocol):
    center_x: float
    center_y: float
    width: float


@dataclass(eq=False, slots=True)
class Tween:
    """Move `sprite` to (`x`, `y`) between `start` and `start + duration`.

    `flip`: called once at the middle, when the card is edge-on (the view
    swaps its texture there); meanwhile the width squeezes to nothing and
    back to `full_width`. `lift`: how high the path arcs above the straight
    line (pixels), for cards flying across the table. `shake`: amplitude of
    a sideways shake around the end point (a refused action). `on_begin` and
    `on_end` run once each (the view raises the card above others when it
    begins, and puts it back in its stacking order when it lands).
    """

    sprite: Movable
    x: float
    y: float
    start: float
    duration: float
    ease: Ease = ease_out
    flip: Callable[[], None] | None = None
    full_width: float = 0.0
    lift: float = 0.0
    shake: float = 0.0
    on_begin: Callable[[], None] | None = None
    on_end: Callable[[], None] | None = None
    # Filled in when the tween begins.
    x0: float = field(default=0.0, init=False)
    y0: float = field(default=0.0, init=False)
    begun: bool = field(default=False, init=False)
    flipped: bool = field(default=False, init=False)
    finished: bool = field(default=False, init=False)

    @property
    def end_time(self) -> float:
        return self.start + self.duration

    def begin(self) -> None:
        self.begun = True
        self.x0 = self.sprite.center_x
        self.y0 = self.sprite.center_y
        if self.on_begin:
            self.on_begin()

    def step(self, t: float) -> None:
        """Show the tween at progress `t` (0..1, not eased)."""
        p = self.ease(t) if 0.0 < t < 1.0 else t
        s = self.sprite
        x = self.x0 + (self.x - self.x0) * p
        y = self.y0 + (self.y - self.y0) * p
        if self.lift:
            y += self.lift * math.sin(math.pi * t)
        if self.shake:
            x += self.shake * math.sin(t * math.pi * 6) * (1.0 - t)
        s.center_x = x
        s.center_y = y
        if self.flip is not None:
            if t >= 0.5 and not self.flipped:
                self.flipped = True
                self.flip()
            # Edge-on at the middle; never exactly 0 wide (a zero scale
            # would lose the texture's aspect).
            s.width = max(self.full_width * abs(math.cos(math.pi * t)), 0.5)

    def end(self) -> None:
        if self.finished:
            return
        self.finished = True
        if not self.begun:
            self.begin()
        s = self.sprite
        s.center_x = self.x
        s.center_y = self.y
        if self.flip is not None:
            if not self.flipped:
                self.flipped = True
                self.flip()
            s.width = self.full_width
        if self.on_end:
            self.on_end()


@dataclass(eq=False)
class _Call:
    """A callback on the timeline (`call_at`)."""

    start: float
    fn: Callable[[], None]

    def end(self) -> None:
        self.fn()


class Animator:
    """Plays tweens; `update(dt)` each frame, `finish_all()` on any input."""

    def __init__(self) -> None:
        self.now = 0.0
        self._tweens: list[Tween] = []
        self._calls: list[_Call] = []
        # The tween currently moving each sprite: a newer one ends it first.
        self._active: dict[int, Tween] = {}
        # How many tweens (waiting or running) each sprite has.
        self._count: dict[int, int] = {}

    @property
    def busy(self) -> bool:
        """True while a tween or a callback waits or runs."""
        return bool(self._tweens or self._calls)

    @property
    def end_time(self) -> float:
        """When the last tween ends or the last callback runs (now, if none)."""
        ends = [t.end_time for t in self._tweens] + [c.start for c in self._calls]
        return max(ends, default=self.now)

    def call_at(self, at: float, fn: Callable[[], None]) -> None:
        """Run `fn` once the clock reaches `at` (or at once in `finish_all`)."""
        self._calls.append(_Call(at, fn))

    def add(self, tween: Tween) -> None:
        self._tweens.append(tween)
        key = id(tween.sprite)
        self._count[key] = self._count.get(key, 0) + 1

    def moving(self, sprite: Any) -> bool:
        """True while `sprite` has a tween, waiting or running."""
        return id(sprite) in self._count

    def tweens_of(self, sprite: Any) -> list[Tween]:
        return [t for t in self._tweens if t.sprite is sprite]

    def update(self, dt: float) -> None:
        self.now += dt
        if self._calls:
            self._run_due_calls()
        if not self._tweens:
            return
        self._tweens.sort(key=lambda t: t.start)
        for tween in list(self._tweens):
            if tween.start > self.now:
                break
            if tween.finished:
                continue
            if not tween.begun:
                self._take_over(tween)
            if tween.duration <= 0 or self.now >= tween.end_time:
                tween.end()
            else:
                tween.step((self.now - tween.start) / tween.duration)
        self._retire()

    def finish_all(self) -> None:
        """End every tween at once, and run every callback, in start order."""
        while self._tweens or self._calls:
            items: list[Tween | _Call] = [*self._tweens, *self._calls]
            items.sort(key=lambda item: item.start)
            self._tweens = []
            self._calls = []
            for item in items:
                if isinstance(item, _Call):
                    item.end()
                    continue
                if item.finished:
                    continue
                if not item.begun:
                    self._take_over(item)
                item.end()
            # Callbacks may have queued more; loop until none.
        self._active.clear()
        self._count.clear()

    def _run_due_calls(self) -> None:
        due = sorted((c for c in self._calls if c.start <= self.now), key=lambda c: c.start)
        if due:
            self._calls = [c for c in self._calls if c.start > self.now]
            for call in due:
                call.end()

    def _take_over(self, tween: Tween) -> None:
        """Begin `tween`, first ending whatever else was moving its sprite."""
        key = id(tween.sprite)
        previous = self._active.get(key)
        if previous is not None and previous is not tween:
            previous.end()
        tween.begin()
        self._active[key] = tween

    def _retire(self) -> None:
        if not any(t.finished for t in self._tweens):
            return
        for tween in self._tweens:
            if tween.finished:
                key = id(tween.sprite)
                if self._active.get(key) is tween:
                    del self._active[key]
                left = self._count.get(key, 1) - 1
                if left:
                    self._count[key] = left
                else:
                    self._count.pop(key, None)
        self._tweens = [t for t in self._tweens if not t.finished]
