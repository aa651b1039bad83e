"""The card sprites: their mirror of the table, their stacking order, the slot marks.

The engine's `Game` is the only model. This part keeps one sprite per card
and knows where each lies (columns, stock, removed runs); it changes that
mirror only when told an event happened (`move_group`, `deal`, …), each of
which returns the sprites concerned so that the choreography can animate
them. `placements(layout)` says where every sprite rests for a layout.

It also owns what is drawn with the cards: the marks of empty places, the
shadow under a dragged group and the placement-help glows. It never decides
anything about the game and never calls the view; the view hands it the
textures (`TextureFor`) it needs.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

import arcade

from game.engine import Card, Game
from game.engine.events import CardFlipped, CardsMoved, RunRemoved, RunRestored, StockDealt, StockReturned
from game.engine.numbers import COLUMNS, DEALS, DECK_SIZE
from game.ui.layout.table import Rect, TableLayout, TableShape
from game.ui.render import chrome
from game.ui.table import covered_cards

TextureFor = Callable[[Card], arcade.Texture]

# Stacking order (sprite.z): piles under columns, anything moving above all.
Z_STOCK = 0
Z_REMOVED = 20
Z_COLUMN = 300
Z_PARKED = 900  # last of the resting cards
Z_FLYING = 1000
Z_DRAGGED = 5000
CARDS = DECK_SIZE
# Where a parked card waits (see `park_next_deal`): far outside any window.
PARKED_AT = (-1.0e6, -1.0e6)


class CardSprite(arcade.BasicSprite):
    """One card on the table. `card` is the engine's card (with its face),
    `target` the centre the layout gives it at rest, `z` its stacking rank."""

    def __init__(self, texture: arcade.Texture, card: Card) -> None:
        super().__init__(texture)
        self.card = card
        self.target: tuple[float, float] = (0.0, 0.0)
        self.z: float = 0.0
        self.flying = False


def _by_z(sprite: CardSprite) -> float:
    return sprite.z


def _slot_sprite(texture: arcade.Texture, rect: Rect) -> arcade.BasicSprite:
    sprite = arcade.BasicSprite(texture)
    sprite.size = (rect.width, rect.height)
    sprite.position = rect.center
    return sprite


class TableSprites:
    """Every card sprite, where it lies, and the sprite lists drawn for the table."""

    def __init__(self) -> None:
        # Drawn in this order: the marks of empty places, then the cards.
        self.slots: arcade.SpriteList[arcade.BasicSprite] = arcade.SpriteList()
        self.cards: arcade.SpriteList[CardSprite] = arcade.SpriteList()
        self.pool: list[CardSprite] = []
        self.columns: list[list[CardSprite]] = [[] for _ in range(COLUMNS)]
        self.stock: list[CardSprite] = []
        self.removed: list[list[CardSprite]] = []
        # Lives in the card list, stacked just under the dragged cards.
        self.drag_shadow = CardSprite(chrome.shadow_texture(), Card.of(1, "S"))
        self.drag_shadow.z = Z_DRAGGED - 1
        # Placement help: glows over the columns that can take the dragged
        # group; in the card list too, over resting cards but under the group.
        self.highlights: list[CardSprite] = []
        self.slot_marks: list[arcade.BasicSprite] = []
        self.removed_mark: arcade.BasicSprite | None = None
        self.stock_mark: arcade.BasicSprite | None = None
        # A group picked up with the keys (or a click): raised and outlined
        # until dropped; a tween on one of its cards leaves its stacking alone.
        self.selected: list[CardSprite] = []
        self.card_size = (0.0, 0.0)  # what a landing card is sized to
        self.z_dirty = False
        self._flying_seq = 0
        self.parked: dict[CardSprite, tuple[float, float]] = {}  # card -> its place

    # ------------------------------------------------------------- the mirror

    def rebuild(self, game: Game, texture: TextureFor) -> None:
        """Lie the sprites as the game's table is now (a new game, a restart)."""
        self.unpark()
        while len(self.pool) < CARDS:
            self.pool.append(CardSprite(texture(Card.of(1, "S", False)), Card.of(1, "S", False)))
        spare = iter(self.pool)
        self.columns = [[] for _ in range(COLUMNS)]
        for col, column in enumerate(game.columns):
            for card in column:
                sprite = next(spare)
                sprite.card = card
                self.columns[col].append(sprite)
        self.stock = []
        for card in game.stock:
            sprite = next(spare)
            sprite.card = card.turned(False)
            self.stock.append(sprite)
        self.removed = []
        for suit in game.removed:
            run = []
            for rank in range(13, 0, -1):
                sprite = next(spare)
                sprite.card = Card.of(rank, suit, True)
                run.append(sprite)
            self.removed.append(run)
        for sprite in spare:  # a position text may hold fewer than 104 cards
            self.show(sprite, False)
        for sprite in self.model_sprites():
            sprite.flying = False
            sprite.texture = texture(sprite.card)

    def move_group(self, event: CardsMoved) -> list[CardSprite]:
        group = self.columns[event.src][event.src_index :]
        del self.columns[event.src][event.src_index :]
        self.columns[event.dst].extend(group)
        for sprite, card in zip(group, event.cards, strict=True):
            sprite.card = card
        return group

    def flip(self, event: CardFlipped) -> CardSprite:
        sprite = self.columns[event.column][event.index]
        sprite.card = event.card
        return sprite

    def deal(self, event: StockDealt) -> list[CardSprite]:
        """The ten sprites dealt, column 1's first."""
        dealt = self.stock[:COLUMNS]
        for sprite in dealt:  # parked ones are in the card list already: back in their place
            position = self.parked.pop(sprite, None)
            if position is not None:
                sprite.position = position
        self.unpark()
        del self.stock[:COLUMNS]
        for col, (sprite, card) in enumerate(zip(dealt, event.cards, strict=True)):
            sprite.card = card
            self.columns[col].append(sprite)
        return dealt

    def return_to_stock(self, event: StockReturned) -> list[CardSprite]:
        """The ten sprites going back to the stock, column 1's first."""
        self.unpark()
        returned = []
        for col in range(COLUMNS):
            sprite = self.columns[col].pop()
            sprite.card = event.cards[col].turned(False)
            returned.append(sprite)
        self.stock[0:0] = returned
        return returned

    def remove_run(self, event: RunRemoved) -> list[CardSprite]:
        """The run's sprites, king first; it becomes the last removed pile."""
        run = self.columns[event.column][event.index : event.index + 13]
        del self.columns[event.column][event.index : event.index + 13]
        self.removed.append(run)
        return run

    def restore_run(self, event: RunRestored) -> list[CardSprite]:
        run = self.removed.pop()
        self.columns[event.column].extend(run)
        return run

    def model_sprites(self) -> list[CardSprite]:
        out = list(self.stock)
        for run in self.removed:
            out.extend(run)
        for column in self.columns:
            out.extend(column)
        return out

    def shape(self) -> TableShape:
        return TableShape(
            tuple([tuple([s.card.face_up for s in column]) for column in self.columns]),
            len(self.stock) // COLUMNS,
            len(self.removed),
        )

    # ------------------------------------------------------------- placement

    def placements(self, layout: TableLayout) -> list[tuple[CardSprite, Rect]]:
        """Where every card sprite rests in `layout`."""
        out: list[tuple[CardSprite, Rect]] = []
        for i, sprite in enumerate(self.stock):
            out.append((sprite, layout.stock[i // COLUMNS]))
        for p, run in enumerate(self.removed):
            out.extend((sprite, layout.removed[p]) for sprite in run)
        for col, column in enumerate(self.columns):
            out.extend(zip(column, layout.cards[col], strict=False))
        return out

    def rect_of(self, sprite: CardSprite, layout: TableLayout) -> Rect | None:
        for s, rect in self.placements(layout):
            if s is sprite:
                return rect
        return None

    def place(self, layout: TableLayout, texture: TextureFor) -> None:
        """Every card sprite exactly where the layout puts it, showing its face."""
        self.unpark()
        w, h = layout.card_width, layout.card_height
        self.card_size = (w, h)
        for sprite, rect in self.placements(layout):
            sprite.target = rect.center
            sprite.position = rect.center
            sprite.size = (w, h)
            image = texture(sprite.card)
            if sprite.texture is not image:
                sprite.texture = image
                sprite.size = (w, h)

    def place_slots(self, layout: TableLayout, empty: arcade.Texture, stock: arcade.Texture) -> None:
        """The marks of empty places for `layout` (`restack` shows those that apply)."""
        self.slots.clear()
        self.slot_marks = [_slot_sprite(empty, rect) for rect in layout.slots]
        self.removed_mark = _slot_sprite(empty, layout.removed[0])
        # The empty-stock mark sits where the front back lay; shown only once
        # the stock is empty (behind a shrinking stock it would peek out).
        area = layout.stock_area
        w = layout.card_width
        self.stock_mark = _slot_sprite(stock, Rect(area.right - w, area.bottom, w, area.height))
        self.z_dirty = True

    # --------------------------------------------------------------- stacking

    def lift(self, sprite: CardSprite) -> None:
        """Raise a card above everything at rest (it starts to fly)."""
        if sprite in self.selected:
            return  # already above everything
        self._flying_seq += 1
        sprite.flying = True
        if sprite not in self.cards:  # a covered pile card, about to show
            self.cards.append(sprite)
        sprite.z = Z_FLYING + self._flying_seq
        self.z_dirty = True

    def land(self, sprite: CardSprite) -> None:
        sprite.size = self.card_size
        if sprite not in self.selected:  # a selected card stays raised
            sprite.flying = False
            self.z_dirty = True

    def restack(self, moving: Callable[[CardSprite], bool]) -> None:
        """Put resting cards back in their drawing order (flying ones stay on
        top), and hide what is wholly covered at rest: software OpenGL pays
        for every pixel of every card drawn, and a stock of fifty cards in
        five piles, or a run of thirteen under its king, shows only one card
        per pile. Anything `moving` stays visible. (A hidden sprite leaves
        the sprite list: arcade still rasterises an invisible one.)"""
        # One pass, the visibility and the resting rank of each card together
        # (this runs on every deal's and move's first frame).
        cards = self.cards
        for i, sprite in enumerate(self.stock):
            self.show(sprite, i % COLUMNS == 0 or moving(sprite))
            if not sprite.flying:
                sprite.z = Z_PARKED if sprite in self.parked else Z_STOCK + DEALS - i // COLUMNS
        for p, run in enumerate(self.removed):
            for k, sprite in enumerate(run):
                self.show(sprite, k == 0 or moving(sprite))
                if not sprite.flying:
                    sprite.z = Z_REMOVED + p * 14 + (12 - k)
        for column in self.columns:
            for i, sprite in enumerate(column):
                if sprite not in cards:
                    cards.append(sprite)
                if not sprite.flying:
                    sprite.z = Z_COLUMN + i
        self._sort()
        self._sync_slots()
        self.z_dirty = False

    def _sort(self) -> None:
        # A sort rewrites arcade's whole index buffer: only when out of order.
        last = -math.inf
        for sprite in self.cards:
            if sprite.z < last:
                self.cards.sort(key=_by_z)
                break
            last = sprite.z

    def show(self, sprite: CardSprite, shown: bool) -> None:
        if sprite in self.parked:  # hidden, in the list
            if shown:
                sprite.position = self.parked.pop(sprite)
            return
        if shown and sprite not in self.cards:
            self.cards.append(sprite)
        elif not shown and sprite in self.cards:
            self.cards.remove(sprite)

    def park_next_deal(self) -> None:
        """At rest: the covered cards of the front stock pile (the next
        deal's) join the card list now, out of the window, where they cover
        no pixel; the deal puts them back in their place, and its click makes
        nine appends to arcade's card list fewer. Whatever else moves stock cards unparks
        them first (`unpark`)."""
        cards, parked = self.cards, self.parked
        new = [sprite for sprite in self.stock[1:COLUMNS] if sprite not in parked and sprite not in cards]
        for sprite in new:
            parked[sprite] = sprite.position
            sprite.position = PARKED_AT
            sprite.z = Z_PARKED
            cards.append(sprite)
        if new:
            self._sort()

    def unpark(self) -> None:
        """Every parked card back in its place and out of the list: hidden as before."""
        for sprite, position in self.parked.items():
            sprite.position = position
            self.cards.remove(sprite)
        self.parked.clear()

    def _sync_slots(self) -> None:
        """The marks of empty places: a column's only when no card covers it,
        the removed pile's before the first run, the stock's once it is empty."""
        marks = [mark for col, mark in enumerate(self.slot_marks) if not self.columns[col]]
        if not self.removed and self.removed_mark is not None:
            marks.append(self.removed_mark)
        if not self.stock and self.stock_mark is not None:
            marks.append(self.stock_mark)
        if marks != list(self.slots):
            self.slots.clear()
            self.slots.extend(marks)

    def cut_covered(self) -> None:
        """This frame's strips of covered column cards (see covered_cards);
        none while the card list is being restacked, none off the columns."""
        covered_cards.cut_columns(self.columns, in_order=not self.z_dirty)
        covered_cards.reset(self.stock)
        for run in self.removed:
            covered_cards.reset(run)

    # ------------------------------------------------------------ a dragged group

    def lift_group(self, group: Sequence[CardSprite], shadow: bool = True) -> None:
        """Raise a group above everything (with its shadow under it)."""
        for k, sprite in enumerate(group):
            sprite.z = Z_DRAGGED + k
            sprite.flying = True
        if shadow:
            self.cards.append(self.drag_shadow)
        self.z_dirty = True

    def place_shadow(self, group: Sequence[CardSprite], layout: TableLayout) -> None:
        """The shadow under the lifted group: a little larger, down and to the right."""
        first, last = group[0], group[-1]
        w = layout.card_width
        h = first.center_y - last.center_y + layout.card_height
        lift = w * 0.07
        self.drag_shadow.size = (w * 1.18, h + w * 0.18)
        self.drag_shadow.position = (first.center_x + lift, (first.center_y + last.center_y) / 2 - lift * 1.4)

    def drop_group(self, group: Iterable[CardSprite]) -> None:
        """The group is let go: no shadow, no glows (its cards fly home or land)."""
        for sprite in group:
            sprite.flying = False
        if self.drag_shadow in self.cards:
            self.cards.remove(self.drag_shadow)
        self.clear_highlights()
        self.z_dirty = True

    def highlight(self, rect: Rect, texture: arcade.Texture, margin: float) -> None:
        """A glow over `rect` (a column that can take the dragged group)."""
        sprite = CardSprite(texture, Card.of(1, "S"))
        m = margin * rect.width
        sprite.size = (rect.width + 2 * m, rect.height + 2 * m)
        sprite.position = rect.center
        sprite.z = Z_DRAGGED - 2
        self.highlights.append(sprite)
        self.cards.append(sprite)

    def clear_highlights(self) -> None:
        for sprite in self.highlights:
            self.cards.remove(sprite)
        self.highlights.clear()
