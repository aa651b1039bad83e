"""The win: every removed card bounces off the table, kings first, pile by pile.

Copies of the removed cards (the table's own sprites stay where they are)
leave the piles one after another and bounce along the bottom of the
window until they leave it or their time is up. Physics per card is a typed
`Bouncer`; `update` answers whether anything is still moving, so the view
knows when the window may rest again.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import arcade

from game.ui.layout.table import TableLayout

BOUNCE_EVERY_S = 0.045  # a card leaves the piles this often…
BOUNCE_LIFE_S = 5.5  # …and bounces this long
GRAVITY = 2.8  # window heights per second squared
RESTITUTION = 0.72  # the share of its speed a card keeps at each bounce


@dataclass(slots=True)
class Bouncer:
    """One card in the air: its sprite, speed (pixels per second) and age."""

    sprite: arcade.BasicSprite
    vx: float
    vy: float
    age: float = 0.0


class Celebration:
    """Bouncing copies of the removed cards, drawn over the table."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.confetti: arcade.SpriteList[arcade.BasicSprite] = arcade.SpriteList()
        self._rng = rng or random.Random()
        self._queue: list[arcade.BasicSprite] = []
        self._bouncers: list[Bouncer] = []
        self._next = 0.0

    @property
    def busy(self) -> bool:
        return bool(self._queue or self._bouncers)

    def start(self, removed: Sequence[Sequence[arcade.BasicSprite]], now: float) -> None:
        """Queue every card of the removed piles (`removed[p][k]`, kings at
        k = 0): all the kings first, then all the queens, …"""
        self._queue = [run[k] for k in range(13) for run in removed if k < len(run)]
        self._next = now

    def stop(self) -> None:
        self._queue = []
        self._bouncers = []
        self.confetti.clear()

    def update(self, dt: float, now: float, layout: TableLayout) -> bool:
        """Launch the cards whose turn has come and move every card in the
        air; True while anything is queued or moving."""
        if not self.busy:
            return False
        while self._queue and now >= self._next:
            self._launch(self._queue.pop(0), layout)
            self._next += BOUNCE_EVERY_S
        g = -layout.height * GRAVITY
        floor = layout.card_height / 2
        alive = []
        for b in self._bouncers:
            b.vy += g * dt
            b.age += dt
            x = b.sprite.center_x + b.vx * dt
            y = b.sprite.center_y + b.vy * dt
            if y < floor:
                y = floor
                b.vy = -b.vy * RESTITUTION
            b.sprite.position = (x, y)
            if -layout.card_width < x < layout.width + layout.card_width and b.age < BOUNCE_LIFE_S:
                alive.append(b)
        if len(alive) != len(self._bouncers):
            self.confetti.clear()
            self.confetti.extend(b.sprite for b in alive)
        self._bouncers = alive
        return self.busy

    def _launch(self, source: arcade.BasicSprite, layout: TableLayout) -> None:
        sprite = arcade.BasicSprite(source.texture)
        sprite.size = (layout.card_width, layout.card_height)
        sprite.position = source.position
        self.confetti.append(sprite)
        # Mostly to the right (the piles are on the left), high enough that
        # each card crosses a good part of the table as it bounces.
        rng = self._rng
        vx = rng.uniform(0.12, 0.45) * layout.width * (1 if rng.random() < 0.85 else -1)
        vy = rng.uniform(0.9, 1.7) * layout.height
        self._bouncers.append(Bouncer(sprite, vx, vy))
