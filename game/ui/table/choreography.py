"""The engine's events turned into card animations.

For each event the sprites' mirror is changed (`TableSprites`) and the cards
concerned get tweens on the animator's timeline; every duration is a base
length at "normal" speed times the speed option's factor. One action makes
a little timeline: a group glides, the card under it flips, a finished run
flies off. `play` returns when that timeline ends (and when the game was
won, for the celebration), and the layout the table has at the end.

The dispatch is one `match` over the event types with `assert_never`, so a
new kind of event cannot be forgotten here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import assert_never

import arcade

from game.engine import Game
from game.engine.events import (
    CardFlipped,
    CardsMoved,
    Event,
    GameWon,
    RunRemoved,
    RunRestored,
    StockDealt,
    StockReturned,
    TableDealt,
)
from game.engine.numbers import COLUMNS
from game.ui.cards.images import CardImages
from game.ui.layout.table import Rect, TableLayout
from game.ui.motion.animator import Animator, Ease, Tween, ease_in_out, ease_out, linear
from game.ui.sound.cues import Beats
from game.ui.table.sprites import CardSprite, TableSprites

# Base durations (seconds) at "normal" speed; scaled by the speed factor.
GLIDE_S = 0.22
SETTLE_S = 0.16
FLIP_S = 0.18
DEAL_S = 0.28
DEAL_STAGGER_S = 0.05
OPENING_STAGGER_S = 0.018
RUN_S = 0.32
RUN_STAGGER_S = 0.035
SHAKE_S = 0.32
# What the sounds keep time with (game.ui.sound.cues).
BEATS = Beats(GLIDE_S, FLIP_S, DEAL_S, DEAL_STAGGER_S, OPENING_STAGGER_S)

LayOut = Callable[[], TableLayout]


def _show(sprite: CardSprite, texture: arcade.Texture) -> None:
    sprite.texture = texture  # the layout of the sprites' table as it is now


@dataclass(frozen=True, slots=True)
class Played:
    """The outcome of `play`: when the animation ends, when the game was won
    (None if it was not), the table's layout at the end, and when each event
    began (seconds from the call: the sounds keep time with them)."""

    end: float
    won_at: float | None
    layout: TableLayout
    starts: tuple[float, ...] = ()


class Choreography:
    """Plays events on one table's sprites (see the module docstring)."""

    def __init__(self, animator: Animator, sprites: TableSprites, images: CardImages) -> None:
        self.animator = animator
        self.sprites = sprites
        self.images = images

    def play(self, events: Sequence[Event], game: Game, lay_out: LayOut, factor: float) -> Played:
        """Mirror `events` on the sprites and queue their animations from now."""
        cursor = self.animator.now
        won_at: float | None = None
        laid: list[TableLayout] = []  # each layout made: the last is the table's at the end
        table_layout = lay_out

        def measured() -> TableLayout:
            laid.append(table_layout())
            return laid[-1]

        lay_out = measured
        now = cursor
        starts: list[float] = []
        for event in events:
            starts.append(cursor - now)
            match event:
                case CardsMoved():
                    cursor = self._moved(event, lay_out, cursor, factor)
                case CardFlipped():
                    cursor = self._flipped(event, lay_out, cursor, factor)
                case StockDealt():
                    cursor = self._dealt(event, lay_out, cursor, factor)
                case StockReturned():
                    cursor = self._returned(event, lay_out, cursor, factor)
                case RunRemoved():
                    cursor = self._removed(event, lay_out, cursor, factor)
                case RunRestored():
                    cursor = self._restored(event, lay_out, cursor, factor)
                case GameWon():
                    won_at = cursor
                case TableDealt():
                    self.sprites.rebuild(game, self.images.texture)
                    layout = lay_out()
                    self.sprites.place(layout, self.images.texture)
                    self.sprites.restack(self.animator.moving)
                    self.opening(event, layout, factor, cursor)
                    cursor = self.animator.end_time
                case _:
                    assert_never(event)
        self.sprites.z_dirty = True
        end = max(cursor, self.animator.end_time)
        return Played(end, won_at, laid[-1] if laid else table_layout(), tuple(starts))

    # ------------------------------------------------------------- the events

    def _moved(self, event: CardsMoved, lay_out: LayOut, at: float, f: float) -> float:
        group = self.sprites.move_group(event)
        layout = lay_out()
        for k, sprite in enumerate(group):
            self.tween(sprite, layout.cards[event.dst][event.dst_index + k], at, GLIDE_S * f)
        self._settle(layout, at, SETTLE_S * f)
        return at + GLIDE_S * f

    def _flipped(self, event: CardFlipped, lay_out: LayOut, at: float, f: float) -> float:
        sprite = self.sprites.flip(event)
        layout = lay_out()
        self.tween(sprite, layout.cards[event.column][event.index], at, FLIP_S * f, flip=True, ease=linear)
        self._settle(layout, at, SETTLE_S * f)
        return at + FLIP_S * f * 0.6

    def _dealt(self, event: StockDealt, lay_out: LayOut, at: float, f: float) -> float:
        dealt = self.sprites.deal(event)
        layout = lay_out()
        for col, sprite in enumerate(dealt):
            rect = layout.cards[col][event.indices[col]]
            self.tween(sprite, rect, at + col * DEAL_STAGGER_S * f, DEAL_S * f, flip=True, ease=ease_in_out)
        self._settle(layout, at, SETTLE_S * f)
        return at + (9 * DEAL_STAGGER_S + DEAL_S) * f

    def _returned(self, event: StockReturned, lay_out: LayOut, at: float, f: float) -> float:
        returned = self.sprites.return_to_stock(event)
        # Raised at once, not when each one starts: waiting at the end of its
        # column with a stock card's rank it would slip under the card above
        # it. Column 10 leaves first, column 1 lands on top.
        for sprite in reversed(returned):
            self.sprites.lift(sprite)
        layout = lay_out()
        for col in range(COLUMNS - 1, -1, -1):
            start = at + (9 - col) * DEAL_STAGGER_S * f
            self.tween(returned[col], layout.stock[0], start, DEAL_S * f, flip=True, ease=ease_in_out)
        self._settle(layout, at, SETTLE_S * f)
        return at + (9 * DEAL_STAGGER_S + DEAL_S) * f

    def _removed(self, event: RunRemoved, lay_out: LayOut, at: float, f: float) -> float:
        run = self.sprites.remove_run(event)
        layout = lay_out()
        pile = layout.removed[len(self.sprites.removed) - 1]
        # The ace leaves first, the king last: the pile builds up under the
        # king, which ends on top.
        for k, sprite in enumerate(reversed(run)):
            start = at + k * RUN_STAGGER_S * f
            self.tween(sprite, pile, start, RUN_S * f, ease=ease_in_out, lift=layout.card_height * 0.3)
        self._settle(layout, at + 12 * RUN_STAGGER_S * f, SETTLE_S * f)
        return at + (12 * RUN_STAGGER_S + RUN_S) * f

    def _restored(self, event: RunRestored, lay_out: LayOut, at: float, f: float) -> float:
        run = self.sprites.restore_run(event)
        # Raised at once, the king last: until each card leaves, the pile
        # still shows its king on top (not the ace, as their column ranks
        # would put it).
        for sprite in reversed(run):
            self.sprites.lift(sprite)
        layout = lay_out()
        for k, sprite in enumerate(run):
            rect = layout.cards[event.column][event.index + k]
            self.tween(sprite, rect, at + k * RUN_STAGGER_S * f, RUN_S * f, ease=ease_in_out)
        self._settle(layout, at, SETTLE_S * f)
        return at + (12 * RUN_STAGGER_S + RUN_S) * f

    # ----------------------------------------------------- other animations

    def opening(self, dealt: TableDealt, layout: TableLayout, f: float, start: float | None = None) -> float:
        """The deal of a new or restarted game: the cards fly from the stock
        in the order the event lists them (round by round for a fresh deal).
        Returns when the last one lands."""
        if f == 0:
            return self.animator.now
        start = self.animator.now if start is None else start
        origin = layout.stock[0] if layout.stock else layout.stock_area
        columns = self.sprites.columns
        placements = [(col, i) for col, i, _ in dealt.placements if i < len(columns[col])]
        for col, i in placements:
            sprite = columns[col][i]
            sprite.position = origin.center
            sprite.texture = self.images.back_texture()
        for k, (col, i) in enumerate(placements):
            sprite = columns[col][i]
            start_k = start + k * OPENING_STAGGER_S * f
            self.tween(sprite, layout.cards[col][i], start_k, DEAL_S * f, flip=sprite.card.face_up, ease=ease_in_out)
        self.sprites.z_dirty = True
        return self.animator.end_time

    def send_home(
        self, sprites: Sequence[CardSprite], layout: TableLayout, f: float, shake: bool, raised: float = 0.0
    ) -> float:
        """Refused cards: they shake where they lie, or glide back home
        (`raised` above it: a selected group stays picked up)."""
        start = self.animator.now
        for sprite in sprites:
            rect = self.sprites.rect_of(sprite, layout)
            if rect is None:
                continue
            amp = layout.card_width * 0.06 if shake and f > 0 else 0.0
            self.tween(sprite, rect.moved(0, raised), start, (SHAKE_S if shake else GLIDE_S) * max(f, 0.0), shake=amp)
            sprite.target = rect.center  # its place on the table, raised or not
        self.sprites.z_dirty = True
        return self.animator.end_time

    # ------------------------------------------------------------- tweens

    def tween(
        self,
        sprite: CardSprite,
        rect: Rect,
        start: float,
        duration: float,
        *,
        flip: bool = False,
        ease: Ease = ease_out,
        lift: float = 0.0,
        shake: float = 0.0,
    ) -> None:
        """Send `sprite` to `rect` (turning it over on the way if `flip`),
        raised above the table while it flies."""
        center = rect.center
        sprite.target = center
        texture = self.images.texture(sprite.card)
        flip_fn = None
        if flip:
            flip_fn = partial(_show, sprite, texture)  # at the middle, edge-on
        elif sprite.texture is not texture:
            sprite.texture = texture
        self.animator.add(
            Tween(
                sprite,
                center[0],
                center[1],
                start,
                duration,
                ease=ease,
                flip=flip_fn,
                full_width=rect.width,
                lift=lift,
                shake=shake,
                on_begin=partial(self.sprites.lift, sprite),
                on_end=partial(self.sprites.land, sprite),
            )
        )

    def _settle(self, layout: TableLayout, start: float, duration: float) -> None:
        """Glide every card whose place changed (a fan tightened or loosened)
        to its new place, after whatever it is already doing."""
        for sprite, rect in unsettled(self.sprites, layout):
            sprite.target = rect.center
            begin = max([start, *(t.end_time for t in self.animator.tweens_of(sprite))])
            self.animator.add(Tween(sprite, rect.center_x, rect.center_y, begin, duration, full_width=rect.width))


def unsettled(sprites: TableSprites, layout: TableLayout) -> list[tuple[CardSprite, Rect]]:
    """The sprites' `placements` whose sprite's target is not its place's
    centre (in the same order), quicker than testing each: a deal's or a
    move's click asks, for ~100 cards that mostly stay."""
    out: list[tuple[CardSprite, Rect]] = []
    piles = layout.stock
    centers = [rect.center for rect in piles]
    for i, sprite in enumerate(sprites.stock):
        if sprite.target != centers[i // COLUMNS]:
            out.append((sprite, piles[i // COLUMNS]))
    for p, run in enumerate(sprites.removed):
        rect = layout.removed[p]
        center = rect.center
        out.extend((sprite, rect) for sprite in run if sprite.target != center)
    for column, rects, places in zip(sprites.columns, layout.cards, layout.centers, strict=True):
        if tuple([sprite.target for sprite in column]) == places:
            continue  # the whole column stays (one comparison of tuples)
        for sprite, rect, center in zip(column, rects, places, strict=False):
            if sprite.target != center:
                out.append((sprite, rect))
    return out
