"""What lies on the table and where: sprites, layout and their animation timeline.

The scene keeps the card sprites (`TableSprites`), the layout of the window
for the table they mirror, the card images and the animator, and keeps them
consistent: the layout follows the sprites' table, a finished animation
leaves every card exactly on its layout place, new images re-texture every
card at once. It knows nothing of input, screens, the HUD or the player's
files; the view asks it to play events (`play`) or to send refused cards
home (`send_home`), and reads `layout` for its hit-tests.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.engine import Game
from game.engine.events import Event, TableDealt
from game.engine.numbers import COLUMNS
from game.ui.cards.images import CardImages
from game.ui.input.commands import ColumnEnd, StockFront
from game.ui.input.gestures import Grab
from game.ui.input.keyboard import Selection
from game.ui.layout.table import Rect, TableLayout, compute_layout
from game.ui.motion.animator import Animator
from game.ui.sound.board import SoundBoard
from game.ui.table.choreography import BEATS, Choreography, Played
from game.ui.table.sprites import CardSprite, TableSprites


class TableScene:
    """The table's sprites laid out in a window of `size` (see the module docstring)."""

    def __init__(self, images: CardImages, size: tuple[int, int], text_widths: Mapping[str, float]) -> None:
        self.images = images
        self.size = size
        # The HUD's measured texts (the layout makes room for them); the HUD
        # updates this mapping in place when the language changes.
        self.text_widths = text_widths
        self.animator = Animator()
        self.sprites = TableSprites()
        self.choreography = Choreography(self.animator, self.sprites, self.images)
        # The sounds keep time with the animations (silent until given an output).
        self.sounds = SoundBoard(beats=BEATS)
        # Sprites may lie off their layout places with no tween to bring them
        # back (a cancelled drag): the next `finish` places them.
        self.unplaced = False
        self._lit: tuple[int, ...] = ()  # the columns lit for the selection
        self._ahead: TableLayout | None = None  # the layout `lay_out_ahead` last saw
        self.layout = self.lay_out()

    def lay_out(self) -> TableLayout:
        """The layout of the table as the sprites hold it now."""
        return compute_layout(self.size[0], self.size[1], self.sprites.shape(), self.text_widths)

    def lay_out_ahead(self) -> None:
        """At rest: lay out the table the next deal would leave (remembered
        by `compute_layout`) and park its cards (`TableSprites.park_next_deal`),
        work the deal's click would otherwise do."""
        self.sprites.park_next_deal()
        if self._ahead is self.layout:
            return
        self._ahead = self.layout
        dealt = self.sprites.shape().dealt()
        if dealt is not None:
            compute_layout(self.size[0], self.size[1], dealt, self.text_widths)

    @property
    def card_size(self) -> tuple[int, int]:
        return (round(self.layout.card_width), round(self.layout.card_height))

    # ------------------------------------------------------------ whole table

    def rebuild(self, game: Game) -> None:
        """Lay the sprites out as the game's table is now (a new game, a restart)."""
        self.sprites.rebuild(game, self.images.texture)
        self.layout = self.lay_out()
        self.sprites.place(self.layout, self.images.texture)
        self.restack()

    def resize(self, size: tuple[int, int]) -> None:
        """A new window size: everything at its new place at once."""
        self.size = size
        self.finish()
        self.layout = self.lay_out()
        self.images.resized(self.card_size)
        self.place(marks=True)

    def place(self, marks: bool = False) -> None:
        """Every card (and with `marks`, every mark of an empty place) where
        the layout puts it, showing the images in use."""
        if marks:
            atlas = self.images.atlas
            self.sprites.place_slots(self.layout, atlas.empty, atlas.stock)
        self.sprites.place(self.layout, self.images.texture)
        self._show_selection()
        self.restack()

    def retexture(self) -> None:
        """New options, texts or images: every card shows its image now, and
        the table is laid out again (the HUD's texts may have changed)."""
        self.layout = self.lay_out()
        self.place(marks=True)

    def update(self, dt: float, quiet: bool) -> bool:
        """Advance the animations by `dt`; when `quiet` (no drag), take card
        images newly scaled to the cards' size. True when those changed."""
        self.animator.update(dt)
        self.sounds.update(self.animator.now)
        if self.sprites.z_dirty:
            self.restack()
        if quiet and not self.animator.busy:
            self.lay_out_ahead()
        if self.images.sharpen(self.card_size, quiet and not self.animator.busy):
            self.place(marks=True)
            return True
        return False

    def prepare_images(self) -> bool:
        """Make the card images of the cards' size now, not on a worker
        thread (a screenshot or a benchmark wants the table as players see
        it). True when they changed."""
        if not self.images.wants(self.card_size):
            return False
        self.finish()
        if not self.images.prepare(self.card_size):
            return False
        self.place(marks=True)
        return True

    def restack(self) -> None:
        self.sprites.restack(self.animator.moving)

    def finish(self) -> None:
        """End every animation at once, every card exactly on its place."""
        self.sounds.cancel()  # the sounds still waiting kept time with what ends now
        if not self.animator.busy and not self.unplaced and not self.sprites.z_dirty:
            return  # at rest everything already lies on the layout
        self.animator.finish_all()
        if self.sprites.z_dirty:
            self.restack()
        # Sprites end exactly at the layout, whatever the tweens were.
        self.sprites.place(self.layout, self.images.texture)
        self.unplaced = False
        self._show_selection()

    # ------------------------------------------------------------- animation

    def play(self, events: Sequence[Event], game: Game, speed: float, undo: bool = False) -> Played:
        """Mirror what happened on the sprites and queue its animation and sounds."""
        now = self.animator.now
        played = self.choreography.play(events, game, self.lay_out, speed)
        self.sounds.action(events, speed, now, played.starts, undo)
        self.layout = played.layout
        return played

    def opening(self, events: Sequence[Event], speed: float) -> None:
        """The cards of a new or restarted table fly from the stock (ticking as they land)."""
        self.sounds.action(events, speed, self.animator.now)
        for event in events:
            if isinstance(event, TableDealt):
                self.choreography.opening(event, self.layout, speed)

    def refuse(self, cards: ColumnEnd | StockFront | None, speed: float, shake: bool) -> None:
        """A refused move or deal: its cards shake or glide home, with the refusal's soft knock."""
        self.send_home(self.sprites_of(cards), speed, shake)
        self.sounds.refused(cards.col if isinstance(cards, ColumnEnd) else None, self.animator.now)

    def send_home(self, sprites: Sequence[CardSprite], speed: float, shake: bool) -> None:
        """Refused cards shake, or glide back where they belong (a selected
        group shakes where it is held, raised)."""
        raised = self.raised if sprites and sprites[0] in self.sprites.selected else 0.0
        if not self.sprites.parked.keys().isdisjoint(sprites):  # a refused deal shakes the stock's front
            self.sprites.unpark()
        self.choreography.send_home(sprites, self.layout, speed, shake, raised)
        if speed == 0:
            self.finish()

    # ------------------------------------------------------------- selection

    @property
    def raised(self) -> float:
        """How far above its place a selected group is drawn."""
        return round(self.layout.card_height * 0.08)

    def select(self, held: Selection | None, game: Game, placement_help: bool) -> None:
        """Show the group `held` picked up (the keyboard's or click-to-move's
        selection): raised and outlined, and with `placement_help` the
        columns that can take it glowing. None: nothing held."""
        self.sounds.hold(None if held is None else (held.col, held.count), game, self.animator.now)
        if held is None:
            self.deselect()
            return
        group = self.sprites.columns[held.col][-held.count :]
        lit = game.legal_destinations(held.col, held.count) if placement_help else []
        if group == self.sprites.selected and tuple(lit) == self._lit:
            return
        self.deselect()
        self.sprites.selected = group
        self._lit = tuple(lit)
        self.sprites.lift_group(group, shadow=False)
        self._show_selection()
        self.restack()

    def deselect(self) -> None:
        selected = self.sprites.selected
        if not selected:
            return
        self.sprites.selected = []
        self._lit = ()
        self.sprites.drop_group(selected)
        for sprite in selected:
            sprite.position = sprite.target
        self.restack()

    def _show_selection(self) -> None:
        selected = self.sprites.selected
        if not selected:
            return
        self.sprites.clear_highlights()
        atlas = self.images.atlas
        for col in self._lit:
            self.sprites.highlight(self.layout.column_end(col), atlas.highlight, atlas.highlight_margin)
        lift = self.raised
        for sprite in selected:
            sprite.position = (sprite.target[0], sprite.target[1] + lift)
        w, h = self.layout.card_width, self.layout.card_height
        outline = Rect.union(Rect(s.center_x - w / 2, s.center_y - h / 2, w, h) for s in selected)
        self.sprites.highlight(outline, atlas.highlight, atlas.highlight_margin)

    def sprites_of(self, cards: ColumnEnd | StockFront | None) -> list[CardSprite]:
        match cards:
            case ColumnEnd(col, count):
                return self.sprites.columns[col][-count:]
            case StockFront():
                return self.sprites.stock[:COLUMNS]
        return []

    # -------------------------------------------------------------- dragging

    def lift(self, grab: Grab[CardSprite], placement_help: bool) -> None:
        """A press became a drag: the group rises, and with `placement_help`
        the columns that can take it light up."""
        self.unplaced = True
        self.sounds.picked(grab.col, grab.cards[0].card, self.animator.now)
        self.sprites.lift_group(grab.cards)
        self.sprites.place_shadow(grab.cards, self.layout)
        if placement_help:
            atlas = self.images.atlas
            for col in grab.legal:
                self.sprites.highlight(self.layout.column_end(col), atlas.highlight, atlas.highlight_margin)
        self.restack()

    def carry(self, grab: Grab[CardSprite], x: float, y: float) -> None:
        """The dragged group follows the pointer, its shadow under it."""
        for sprite, position in zip(grab.cards, grab.positions(x, y), strict=True):
            sprite.position = position
        self.sprites.place_shadow(grab.cards, self.layout)
