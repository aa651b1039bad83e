"""The table: cards as sprites, input turned into engine calls, events into animations.

The engine's `Game` is the only model. The view keeps a mirror of where each
card sprite lies (columns, stock, removed runs) and changes it only by
applying the events the engine returns, so animations follow exactly what
happened and never come from comparing tables. Geometry comes from
`layout.compute_layout`; timing from `animator.Animator`.

Hooks for the application (all optional attributes):
- `on_game_changed(game, events)`: after every action (move, deal, undo,
  restart, new game); the place to autosave and record statistics (a win
  is a `GameWon` among the events).
- `on_leaving_game(game)`: just before the game is restarted or replaced by
  another, while it still holds its moves (statistics count it abandoned).
- `on_settings_changed(settings)`: the view changed a setting itself (F11).
- `on_screen(name)`: show another screen: "new" (button, Ctrl+N), "options"
  (button, Ctrl+O), "rules" (button, F2), "stats" (button, F3) or
  "describe" (F1, the table in words). Without it, New game deals a new game
  of the same variant and the other screens are not offered.
Methods for them: `start_game(game)` shows another game with its opening
deal; `apply_settings(settings, translator)` applies new options at once.
"""

from __future__ import annotations

import contextlib
import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial

import arcade
from PIL import Image

from game.engine import Card, Game, IllegalMove
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
from game.i18n import Translator
from game.settings import Settings

from . import chrome
from .animator import Animator, Tween, ease_in_out, ease_out, linear
from .atlas import CardAtlas, CardSheet
from .hud import Hud
from .layout import (
    DEALS,
    Rect,
    TableLayout,
    TableShape,
    compute_layout,
)
from .pacing import Pacer
from .static_layer import StaticLayer

DOUBLE_CLICK_S = 0.4
DRAG_THRESHOLD = 4.0  # pixels the pointer must travel before a press becomes a drag
IDLE_AFTER_S = 0.2  # quiet time before the window stops redrawing

# Base durations (seconds) at "normal" speed; scaled by settings.animation_factor.
GLIDE_S = 0.22
SETTLE_S = 0.16
FLIP_S = 0.18
DEAL_S = 0.28
DEAL_STAGGER_S = 0.05
OPENING_STAGGER_S = 0.018
RUN_S = 0.32
RUN_STAGGER_S = 0.035
SHAKE_S = 0.32
BOUNCE_EVERY_S = 0.045  # the win: a card leaves the piles this often…
BOUNCE_LIFE_S = 5.5  # …and bounces this long

# Stacking order (sprite.z): piles under columns, anything moving above all.
Z_STOCK = 0
Z_REMOVED = 20
Z_COLUMN = 300
Z_FLYING = 1000
Z_DRAGGED = 5000


class CardSprite(arcade.BasicSprite):
    """One card on the table. `card` is the engine's card (with its face),
    `target` the centre the layout gives it at rest, `z` its stacking rank."""

    def __init__(self, texture: arcade.Texture, card: Card) -> None:
        super().__init__(texture)
        self.card = card
        self.target: tuple[float, float] = (0.0, 0.0)
        self.z: float = 0.0
        self.flying = False


class _Marker:
    """A stand-in sprite for tweens that only schedule a callback."""

    center_x = 0.0
    center_y = 0.0
    width = 0.0


class _Grab:
    """A press on a movable group: maybe a drag, maybe the first half of a double-click."""

    def __init__(self, col: int, index: int, x: float, y: float, sprites: list[CardSprite]) -> None:
        self.col = col
        self.index = index
        self.x = x
        self.y = y
        self.sprites = sprites
        self.offsets = [(s.center_x - x, s.center_y - y) for s in sprites]
        self.dragging = False
        self.legal: list[int] = []


class GameView(arcade.View):
    """The playing table for one `Game` (the lead swaps games with `start_game`)."""

    def __init__(
        self,
        game: Game,
        settings: Settings,
        translator: Translator,
        atlas: CardAtlas | None = None,
        clock: Callable[[], float] = time.monotonic,
        window: arcade.Window | None = None,
        animate_opening: bool = True,
    ) -> None:
        super().__init__(window)
        self.game = game
        self.settings = settings
        self.t = translator
        # Cards are drawn from images pre-scaled to their size on screen
        # (made on a worker thread; until then, the full-size ones).
        self.sheet: CardSheet | None = None if atlas else CardSheet.shared()
        self.atlas = atlas or CardAtlas.shared()
        self.sharp_size: tuple[int, int] | None = None  # the size self.atlas is scaled for
        self._scaling: _ScaleJob | None = None
        self.clock = clock

        # Hooks (see the module docstring).
        self.on_game_changed: Callable[[Game, list[Event]], None] | None = None
        self.on_leaving_game: Callable[[Game], None] | None = None
        self.on_settings_changed: Callable[[Settings], None] | None = None
        self.on_screen: Callable[[str], None] | None = None

        self.animator = Animator()
        self.pacer = Pacer(self.window)
        self.table_size = self.window.get_size()

        # Sprite lists, drawn in this order.
        self.slots: arcade.SpriteList[arcade.BasicSprite] = arcade.SpriteList()
        self.cards: arcade.SpriteList[CardSprite] = arcade.SpriteList()
        # Lives in the card list, stacked just under the dragged cards.
        self.drag_shadow = CardSprite(chrome.shadow_texture(), Card.of(1, "S"))
        self.drag_shadow.z = Z_DRAGGED - 1
        # Placement help: glows over the columns that can take the dragged
        # group; in the card list too, over resting cards but under the group.
        self.highlights: list[CardSprite] = []
        self.confetti: arcade.SpriteList[arcade.BasicSprite] = arcade.SpriteList()
        self.hud = Hud(translator)
        # While things move, the resting table is drawn from an offscreen
        # copy and only moving cards are drawn each frame (see static_layer).
        # False draws every frame in full (the pixels are the same).
        self.use_cache = True
        self.static = StaticLayer(self.window.ctx)

        # Where each card sprite lies, mirrored from the events.
        self.pool: list[CardSprite] = []
        self.columns: list[list[CardSprite]] = [[] for _ in range(10)]
        self.stock: list[CardSprite] = []
        self.removed: list[list[CardSprite]] = []

        self.grab: _Grab | None = None
        self.last_press: tuple[float, CardSprite] | None = None
        self.pressed_button: str | None = None
        self.hover: str | None = None
        self._hand_cursor = False
        self.time = 0.0
        self.quiet_since = 0.0
        self.z_dirty = False
        # Sprites may lie off their layout places with no tween to bring them
        # back (a cancelled drag): the next _finish_animations places them.
        self.unplaced = False
        self.bouncers: list[list[float]] = []
        self.bounce_queue: list[CardSprite] = []
        self.bounce_next = 0.0

        self.layout = self._compute_layout()
        self._place_chrome()
        self._rebuild_from_game()
        if animate_opening:
            self._animate_opening(_table_dealt(game.opening()))
        self._refresh_hud()
        if game.is_won:  # a finished game shown again: offer the next one
            self._show_win()

    # ------------------------------------------------------------------ hooks

    def start_game(self, game: Game) -> None:
        """Show another game (new deal, loaded code, resumed save), animating its opening."""
        self._cancel_grab()
        self._finish_animations()
        if self.on_leaving_game is not None and game is not self.game:
            self.on_leaving_game(self.game)
        self.game = game
        self._hide_win()
        events = game.opening()
        self._rebuild_from_game()
        self._animate_opening(_table_dealt(events))
        self._after_action(events)

    def apply_settings(self, settings: Settings, translator: Translator) -> None:
        """Take new options at once: texts, four-colour faces, fullscreen."""
        self._finish_animations()
        self.settings = settings
        self.t = translator
        for sprite in self._model_sprites():
            sprite.texture = self._texture(sprite.card)
        self.hud.set_translator(translator)
        self.layout = self._compute_layout()
        self._place_everything()
        self._refresh_hud()
        if self.window.fullscreen != settings.fullscreen:
            self._set_fullscreen(settings.fullscreen)
        self._wake()

    # -------------------------------------------------------------- actions

    def new_game(self) -> None:
        if self.on_screen is not None:
            self.on_screen("new")
        else:
            self.deal_again()

    def deal_again(self) -> None:
        """A new deal of the same variant (the win panel's first button)."""
        self.start_game(Game.random(self.game.suits, self.game.rule))

    def replay(self) -> None:
        """The same deal again (the win panel's second button; Restart otherwise)."""
        self.restart()

    def restart(self) -> None:
        self._finish_animations()
        self._hide_win()
        if self.on_leaving_game is not None:
            self.on_leaving_game(self.game)
        events = self.game.restart()
        self._apply(events)
        self._after_action(events)

    def undo(self) -> None:
        self._finish_animations()
        try:
            events = self.game.undo()
        except IllegalMove as err:
            self._refuse(err.reason)
            return
        self._apply(events)
        self._after_action(events)

    def deal(self) -> None:
        self._finish_animations()
        try:
            events = self.game.deal()
        except IllegalMove as err:
            reason = err.reason
            if reason == "empty-column" and self.game.cards_on_table < 10:
                reason = "empty-column-few"
            self._refuse(reason, self.stock[:10])
            return
        self._apply(events)
        self._after_action(events)

    def move(self, src: int, count: int, dst: int) -> bool:
        """Try a move; on refusal the group flies back with a reminder."""
        try:
            events = self.game.move(src, count, dst)
        except IllegalMove as err:
            self._refuse(err.reason, self.columns[src][-count:], shake=False)
            return False
        self._apply(events)
        self._after_action(events)
        return True

    def send_to_best(self, src: int, count: int) -> bool:
        """The double-click (and auto-placement) move."""
        dst = self.game.best_destination(src, count)
        if dst is None:
            self._refuse(self._refusal(src, count), self.columns[src][-count:], shake=True)
            return False
        return self.move(src, count, dst)

    def show_screen(self, name: str) -> None:
        """Ask the application for another screen (see `on_screen`)."""
        if self.on_screen is not None:
            self.on_screen(name)

    def copy_code(self) -> None:
        code = self.game.code
        if code is None:
            return
        try:
            self.window.set_clipboard_text(code)
        except Exception:  # noqa: BLE001 - headless windows and some platforms have no clipboard
            self._toast(self.t.t("table.code.no_clipboard", code=code))
            return
        self._toast(self.t.t("table.code.copied", code=code))

    def toggle_fullscreen(self) -> None:
        self._set_fullscreen(not self.window.fullscreen)

    # ----------------------------------------------------------------- input

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self._wake()
        self._finish_animations()
        if button != arcade.MOUSE_BUTTON_LEFT:
            return
        self.pressed_button = self.hud.button_at(x, y)
        if self.pressed_button is not None:
            self._refresh_hover(x, y)
            return
        if self.won_shown:
            return  # the table is empty; only the buttons answer
        if self.layout.on_code(x, y):
            self.copy_code()
            return
        if self.layout.on_stock(x, y):
            self.deal()
            return
        hit = self.layout.card_at(x, y)
        if hit is None:
            return
        col, index = hit
        column = self.columns[col]
        count = len(column) - index
        sprite = column[index]
        now = self.clock()
        if index < len(column) - self.game.movable_count(col):
            self._refuse(self._refusal(col, count), column[index:], shake=True)
            self.last_press = None
            return
        if (
            self.settings.double_click
            and self.last_press is not None
            and self.last_press[1] is sprite
            and now - self.last_press[0] <= DOUBLE_CLICK_S
        ):
            self.last_press = None
            self.send_to_best(col, count)
            return
        self.last_press = (now, sprite)
        self.grab = _Grab(col, index, x, y, column[index:])

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        grab = self.grab
        if grab is None:
            self.on_mouse_motion(x, y, dx, dy)
            return
        self._wake()
        if not grab.dragging:
            if abs(x - grab.x) + abs(y - grab.y) < DRAG_THRESHOLD:
                return
            self._start_drag(grab)
        for sprite, (ox, oy) in zip(grab.sprites, grab.offsets):
            sprite.center_x = x + ox
            sprite.center_y = y + oy
        self._place_drag_shadow(grab)

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        self._wake()
        if button != arcade.MOUSE_BUTTON_LEFT:
            return
        pressed, self.pressed_button = self.pressed_button, None
        if pressed is not None:
            self._refresh_hover(x, y)
            if pressed == self.hud.button_at(x, y):  # released on the button it pressed
                self._press_button(pressed)
            return
        grab, self.grab = self.grab, None
        if grab is None or not grab.dragging:
            return  # a single click does nothing
        self._clear_highlights()
        self._drop(grab)

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        self._refresh_hover(x, y)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        self._wake()
        if symbol == arcade.key.ESCAPE and self.grab is not None and self.grab.dragging:
            # Esc while dragging: the group flies home, nothing else happens.
            sprites = self.grab.sprites
            self._cancel_grab()
            self._fly_back(sprites)
            return
        self._cancel_grab()
        self._finish_animations()
        ctrl = modifiers & (arcade.key.MOD_CTRL | arcade.key.MOD_COMMAND)
        if symbol == arcade.key.F11:
            self.toggle_fullscreen()
        elif symbol == arcade.key.ESCAPE:
            if self.window.fullscreen:
                self._set_fullscreen(False)
        elif symbol == arcade.key.F1:
            self.show_screen("describe")
        elif symbol == arcade.key.F2:
            self.show_screen("rules")
        elif symbol == arcade.key.F3:
            self.show_screen("stats")
        elif ctrl and symbol == arcade.key.Z:
            self.undo()
        elif ctrl and symbol == arcade.key.N:
            self.new_game()
        elif ctrl and symbol == arcade.key.R:
            self.restart()
        elif ctrl and symbol == arcade.key.O:
            self.show_screen("options")
        elif ctrl and symbol == arcade.key.C:
            self.copy_code()

    def on_resize(self, width: int, height: int) -> None:
        self._wake()
        if (width, height) == tuple(self.table_size):
            return  # pyglet repeats the size when a window first shows: keep the opening deal flying
        self.table_size = (width, height)
        self._cancel_grab()
        self._finish_animations()
        self.layout = self._compute_layout()
        if self.sheet is not None and self.sharp_size != self._card_size():
            # Full-size images (linear filtering) until ones of the new size are made.
            self.atlas = self.sheet.full()
            self.sharp_size = None
        self._place_everything()

    def on_hide_view(self) -> None:
        self._cancel_grab()
        self._finish_animations()
        self.static.release()  # another screen shows: free the offscreen image
        self.pacer.wake()  # the next view starts at full frame rate

    def on_show_view(self) -> None:
        self.on_resize(*self.window.get_size())
        self._wake()

    # ------------------------------------------------------------- drawing

    def on_update(self, delta_time: float) -> None:
        # Long stalls (a dragged window, a slow first frame) must not make
        # animations jump past their whole length at once.
        dt = min(delta_time, 1 / 20)
        self.time += dt
        self.animator.update(dt)
        if self.z_dirty:
            self._restack()
        self.hud.update(self.time)
        self._sharpen()
        self._update_confetti(dt)
        busy = (
            self.animator.busy
            or (self.grab is not None and self.grab.dragging)
            or self.time < self.hud.toast_until + 0.05
            or bool(self.bouncers)
            or bool(self.bounce_queue)
        )
        if busy:
            self.quiet_since = self.time
        elif self.time - self.quiet_since > IDLE_AFTER_S:
            self.pacer.rest()

    def on_draw(self) -> None:
        # One texel per pixel once the images are scaled: nearest is exact.
        sharp = self.sharp_size is not None
        if not (self.use_cache and self.static.draw(chrome.FELT, self.slots, self.cards, self._live_sprites(), sharp)):
            # A flat felt: on software OpenGL a full-window textured quad (a
            # vignette) costs as much as a third of the whole table.
            self.clear(color=chrome.FELT)
            self.slots.draw(pixelated=sharp)
            self.cards.draw(pixelated=sharp)
        # The HUD, the message and the win panel are drawn live, over every
        # card (moving ones too): hover, a fading message cost no cache redraw.
        self.hud.draw()
        self.confetti.draw(pixelated=sharp)
        self.hud.draw_win()

    def _live_sprites(self) -> set[CardSprite]:
        """What the static layer must not cache: cards with a tween (waiting or
        running), the dragged group, its shadow and the placement glows."""
        moving = self.animator.moving
        live = {s for s in self.cards if s.flying or moving(s)}
        live.update(self.highlights)
        if self.drag_shadow in self.cards:
            live.add(self.drag_shadow)
        return live

    # ------------------------------------------------------- event playback

    def _apply(self, events: Sequence[Event]) -> None:
        """Mirror the events on the sprites and queue their animations."""
        f = self.settings.animation_factor
        cursor = self.animator.now
        # The layout of the table as the last event left it (each event that
        # changes the table lays it out again): the view's layout at the end.
        layout: TableLayout | None = None
        for event in events:
            if isinstance(event, CardsMoved):
                group = self.columns[event.src][event.src_index :]
                del self.columns[event.src][event.src_index :]
                self.columns[event.dst].extend(group)
                for sprite, card in zip(group, event.cards):
                    sprite.card = card
                layout = self._compute_layout()
                for k, sprite in enumerate(group):
                    self._tween_to(sprite, layout.cards[event.dst][event.dst_index + k], cursor, GLIDE_S * f)
                self._settle(layout, cursor, SETTLE_S * f)
                cursor += GLIDE_S * f
            elif isinstance(event, CardFlipped):
                sprite = self.columns[event.column][event.index]
                sprite.card = event.card
                layout = self._compute_layout()
                self._tween_to(
                    sprite, layout.cards[event.column][event.index], cursor, FLIP_S * f, flip=True, ease=linear
                )
                self._settle(layout, cursor, SETTLE_S * f)
                cursor += FLIP_S * f * 0.6
            elif isinstance(event, StockDealt):
                dealt = self.stock[:10]
                del self.stock[:10]
                for col, (sprite, card) in enumerate(zip(dealt, event.cards)):
                    sprite.card = card
                    self.columns[col].append(sprite)
                layout = self._compute_layout()
                for col, sprite in enumerate(dealt):
                    self._tween_to(
                        sprite,
                        layout.cards[col][event.indices[col]],
                        cursor + col * DEAL_STAGGER_S * f,
                        DEAL_S * f,
                        flip=True,
                        ease=ease_in_out,
                    )
                self._settle(layout, cursor, SETTLE_S * f)
                cursor += (9 * DEAL_STAGGER_S + DEAL_S) * f
            elif isinstance(event, StockReturned):
                returned = []
                for col in range(10):
                    sprite = self.columns[col].pop()
                    sprite.card = event.cards[col].turned(False)
                    returned.append(sprite)
                self.stock[0:0] = returned
                # Raised at once, not when each one starts: waiting at the end
                # of its column with a stock card's rank it would slip under the
                # card above it. Column 10 leaves first, column 1 lands on top.
                for sprite in reversed(returned):
                    self._lift(sprite)
                layout = self._compute_layout()
                for col in range(9, -1, -1):
                    self._tween_to(
                        returned[col],
                        layout.stock[0],
                        cursor + (9 - col) * DEAL_STAGGER_S * f,
                        DEAL_S * f,
                        flip=True,
                        ease=ease_in_out,
                    )
                self._settle(layout, cursor, SETTLE_S * f)
                cursor += (9 * DEAL_STAGGER_S + DEAL_S) * f
            elif isinstance(event, RunRemoved):
                run = self.columns[event.column][event.index : event.index + 13]
                del self.columns[event.column][event.index : event.index + 13]
                self.removed.append(run)
                layout = self._compute_layout()
                pile = layout.removed[len(self.removed) - 1]
                # The ace leaves first, the king last: the pile builds up
                # under the king, which ends on top.
                for k, sprite in enumerate(reversed(run)):
                    self._tween_to(
                        sprite,
                        pile,
                        cursor + k * RUN_STAGGER_S * f,
                        RUN_S * f,
                        ease=ease_in_out,
                        lift=layout.card_height * 0.3,
                    )
                self._settle(layout, cursor + 12 * RUN_STAGGER_S * f, SETTLE_S * f)
                cursor += (12 * RUN_STAGGER_S + RUN_S) * f
            elif isinstance(event, RunRestored):
                run = self.removed.pop()
                self.columns[event.column].extend(run)
                # Raised at once, the king last: until each card leaves, the
                # pile still shows its king on top (not the ace, as their
                # column ranks would put it).
                for sprite in reversed(run):
                    self._lift(sprite)
                layout = self._compute_layout()
                for k, sprite in enumerate(run):
                    self._tween_to(
                        sprite,
                        layout.cards[event.column][event.index + k],
                        cursor + k * RUN_STAGGER_S * f,
                        RUN_S * f,
                        ease=ease_in_out,
                    )
                self._settle(layout, cursor, SETTLE_S * f)
                cursor += (12 * RUN_STAGGER_S + RUN_S) * f
            elif isinstance(event, GameWon):
                self._schedule(cursor, self._celebrate)
            elif isinstance(event, TableDealt):
                self._rebuild_from_game()  # lays the table out again
                layout = self.layout
                self._animate_opening(event, cursor)
                cursor = self.animator.end_time
        self.layout = layout if layout is not None else self._compute_layout()
        self.z_dirty = True
        if f == 0:
            self._finish_animations()

    def _tween_to(
        self,
        sprite: CardSprite,
        rect: Rect,
        start: float,
        duration: float,
        *,
        flip: bool = False,
        ease: Callable[[float], float] = ease_out,
        lift: float = 0.0,
        shake: float = 0.0,
    ) -> None:
        sprite.target = rect.center
        texture = self._texture(sprite.card)
        flip_fn = None
        if flip:

            def flip_fn(s: CardSprite = sprite, tex: arcade.Texture = texture) -> None:
                s.texture = tex
        elif sprite.texture is not texture:
            sprite.texture = texture
        self.animator.add(
            Tween(
                sprite,
                rect.center_x,
                rect.center_y,
                start,
                duration,
                ease=ease,
                flip=flip_fn,
                full_width=rect.width,
                lift=lift,
                shake=shake,
                on_begin=partial(self._lift, sprite),
                on_end=partial(self._land, sprite),
            )
        )

    def _settle(self, layout: TableLayout, start: float, duration: float) -> None:
        """Glide every card whose place changed (a fan tightened or loosened)
        to its new place, after whatever it is already doing."""
        for sprite, rect in self._placements(layout):
            if sprite.target != rect.center:
                sprite.target = rect.center
                begin = max([start, *(t.end_time for t in self.animator.tweens_of(sprite))])
                self.animator.add(Tween(sprite, rect.center_x, rect.center_y, begin, duration, full_width=rect.width))

    def _schedule(self, at: float, fn: Callable[[], None]) -> None:
        self.animator.add(Tween(_Marker(), 0.0, 0.0, at, 0.0, on_end=fn))

    def _lift(self, sprite: CardSprite) -> None:
        self._flying_seq = getattr(self, "_flying_seq", 0) + 1
        sprite.flying = True
        if sprite not in self.cards:  # a covered pile card, about to show
            self.cards.append(sprite)
        sprite.z = Z_FLYING + self._flying_seq
        self.z_dirty = True

    def _land(self, sprite: CardSprite) -> None:
        sprite.flying = False
        sprite.size = (self.layout.card_width, self.layout.card_height)
        self.z_dirty = True

    def _restack(self) -> None:
        """Put resting cards back in their drawing order (flying ones stay on
        top), and hide what is wholly covered at rest: software OpenGL pays
        for every pixel of every card drawn, and a stock of fifty cards in
        five piles, or a run of thirteen under its king, shows only one card
        per pile. Anything with a tween stays visible. (A hidden sprite
        leaves the sprite list: arcade still rasterises an invisible one.)"""
        moving = self.animator.moving
        for i, sprite in enumerate(self.stock):
            self._show(sprite, i % 10 == 0 or moving(sprite))
        for run in self.removed:
            for k, sprite in enumerate(run):
                self._show(sprite, k == 0 or moving(sprite))
        for column in self.columns:
            for sprite in column:
                self._show(sprite, True)
        for z, sprite in self._rest_order():
            if not sprite.flying:
                sprite.z = z
        self.cards.sort(key=lambda s: s.z)
        self._sync_slots()
        self.z_dirty = False

    def _show(self, sprite: CardSprite, shown: bool) -> None:
        # (Not sprite.sprite_lists: the static layer's live list holds sprites too.)
        if shown and sprite not in self.cards:
            self.cards.append(sprite)
        elif not shown and sprite in self.cards:
            self.cards.remove(sprite)

    def _sync_slots(self) -> None:
        """The marks of empty places: a column's only when no card covers it,
        the removed pile's before the first run, the stock's once it is empty."""
        marks = [mark for col, mark in enumerate(self.slot_marks) if not self.columns[col]]
        if not self.removed:
            marks.append(self.removed_mark)
        if not self.stock:
            marks.append(self.stock_mark)
        if marks != list(self.slots):
            self.slots.clear()
            self.slots.extend(marks)

    def _rest_order(self) -> list[tuple[float, CardSprite]]:
        order: list[tuple[float, CardSprite]] = []
        for i, sprite in enumerate(self.stock):
            order.append((Z_STOCK + DEALS - i // 10, sprite))
        for p, run in enumerate(self.removed):
            for k, sprite in enumerate(run):
                order.append((Z_REMOVED + p * 14 + (12 - k), sprite))
        for column in self.columns:
            for i, sprite in enumerate(column):
                order.append((Z_COLUMN + i, sprite))
        return order

    def _finish_animations(self) -> None:
        if not self.animator.busy and not self.unplaced and not self.z_dirty:
            return  # at rest everything already lies on the layout
        self.animator.finish_all()
        if self.z_dirty:
            self._restack()
        # Sprites end exactly at the layout, whatever the tweens were.
        self._place_cards()
        self.unplaced = False

    def _animate_opening(self, dealt: TableDealt, start: float | None = None) -> None:
        """The deal of a new or restarted game: the cards fly from the stock
        in the order the event lists them (round by round for a fresh deal)."""
        f = self.settings.animation_factor
        if f == 0:
            return
        start = self.animator.now if start is None else start
        origin = self.layout.stock[0] if self.layout.stock else self.layout.stock_area
        placements = [(col, i) for col, i, _ in dealt.placements if i < len(self.columns[col])]
        for col, i in placements:
            sprite = self.columns[col][i]
            sprite.position = origin.center
            sprite.texture = self.atlas.back
        for k, (col, i) in enumerate(placements):
            sprite = self.columns[col][i]
            self._tween_to(
                sprite,
                self.layout.cards[col][i],
                start + k * OPENING_STAGGER_S * f,
                DEAL_S * f,
                flip=sprite.card.face_up,
                ease=ease_in_out,
            )
        self.z_dirty = True

    # ----------------------------------------------------------- the model

    def _rebuild_from_game(self) -> None:
        """Lay the sprites out as the game's table is now (a new game, a restart)."""
        g = self.game
        need = 104
        while len(self.pool) < need:
            sprite = CardSprite(self.atlas.back, Card.of(1, "S", False))
            self.pool.append(sprite)
        spare = iter(self.pool)
        self.columns = [[] for _ in range(10)]
        for col, column in enumerate(g.columns):
            for card in column:
                sprite = next(spare)
                sprite.card = card
                self.columns[col].append(sprite)
        self.stock = []
        for card in g.stock:
            sprite = next(spare)
            sprite.card = card.turned(False)
            self.stock.append(sprite)
        self.removed = []
        for suit in g.removed:
            run = []
            for rank in range(13, 0, -1):
                sprite = next(spare)
                sprite.card = Card.of(rank, suit, True)
                run.append(sprite)
            self.removed.append(run)
        for sprite in spare:  # a position text may hold fewer than 104 cards
            self._show(sprite, False)
        for sprite in self._model_sprites():
            sprite.flying = False
            sprite.texture = self._texture(sprite.card)
        self.layout = self._compute_layout()
        self._place_cards()
        self._restack()

    def _model_sprites(self) -> list[CardSprite]:
        out = list(self.stock)
        for run in self.removed:
            out.extend(run)
        for column in self.columns:
            out.extend(column)
        return out

    def _shape(self) -> TableShape:
        return TableShape(
            tuple(tuple(s.card.face_up for s in column) for column in self.columns),
            len(self.stock) // 10,
            len(self.removed),
        )

    def _texture(self, card: Card) -> arcade.Texture:
        return self.atlas.texture_for(card, card.face_up, self.settings.four_colour)

    def _placements(self, layout: TableLayout) -> list[tuple[CardSprite, Rect]]:
        out: list[tuple[CardSprite, Rect]] = []
        for i, sprite in enumerate(self.stock):
            out.append((sprite, layout.stock[i // 10]))
        for p, run in enumerate(self.removed):
            out.extend((sprite, layout.removed[p]) for sprite in run)
        for col, column in enumerate(self.columns):
            out.extend(zip(column, layout.cards[col]))
        return out

    def _place_cards(self) -> None:
        """Every card sprite exactly where the layout puts it."""
        w, h = self.layout.card_width, self.layout.card_height
        for sprite, rect in self._placements(self.layout):
            sprite.target = rect.center
            sprite.position = rect.center
            sprite.size = (w, h)
            texture = self._texture(sprite.card)
            if sprite.texture is not texture:
                sprite.texture = texture
                sprite.size = (w, h)

    def _compute_layout(self) -> TableLayout:
        return compute_layout(self.table_size[0], self.table_size[1], self._shape(), self.hud.text_widths)

    # ------------------------------------------------------------- refusals

    def _refusal(self, col: int, count: int) -> str:
        """Why the last `count` cards of `col` cannot go anywhere: the group's
        own fault if it has one, else the first target's complaint."""
        reasons = []
        for dst in range(10):
            if dst == col:
                continue
            try:
                self.game.check_move(col, count, dst)
            except IllegalMove as err:
                if err.reason in ("face-down", "not-descending", "mixed-suits", "game-over"):
                    return err.reason
                reasons.append(err.reason)
        return "rank" if "rank" in reasons or not reasons else reasons[0]

    def _refuse(self, reason: str, sprites: Sequence[CardSprite] = (), shake: bool = True) -> None:
        """A refused action: the cards shake (or fly back), and the rule is recalled."""
        f = self.settings.animation_factor
        start = self.animator.now
        for sprite in sprites:
            rect = self._rect_of(sprite)
            if rect is None:
                continue
            amp = self.layout.card_width * 0.06 if shake and f > 0 else 0.0
            self._tween_to(sprite, rect, start, (SHAKE_S if shake else GLIDE_S) * max(f, 0.0), shake=amp)
        if f == 0:
            self._finish_animations()
        if self.settings.interactive_rules:
            key = f"table.rule.{reason}"
            try:
                self._toast(self.t.t(key))
            except KeyError:
                pass

    def _rect_of(self, sprite: CardSprite) -> Rect | None:
        for s, rect in self._placements(self.layout):
            if s is sprite:
                return rect
        return None

    # -------------------------------------------------------------- dragging

    def _start_drag(self, grab: _Grab) -> None:
        grab.dragging = True
        self.unplaced = True
        count = len(grab.sprites)
        grab.legal = self.game.legal_destinations(grab.col, count)
        for k, sprite in enumerate(grab.sprites):
            sprite.z = Z_DRAGGED + k
            sprite.flying = True
        self.cards.append(self.drag_shadow)
        self._place_drag_shadow(grab)
        if self.settings.placement_help:
            for col in grab.legal:
                self._highlight(self.layout.column_end(col))
        self._restack()

    def _place_drag_shadow(self, grab: _Grab) -> None:
        """The shadow under the lifted group: a little larger, down and to the right."""
        first, last = grab.sprites[0], grab.sprites[-1]
        w = self.layout.card_width
        h = first.center_y - last.center_y + self.layout.card_height
        lift = w * 0.07
        self.drag_shadow.size = (w * 1.18, h + w * 0.18)
        self.drag_shadow.position = (first.center_x + lift, (first.center_y + last.center_y) / 2 - lift * 1.4)

    def _hide_drag_shadow(self) -> None:
        if self.drag_shadow in self.cards:
            self.cards.remove(self.drag_shadow)

    def _drop(self, grab: _Grab) -> None:
        self._hide_drag_shadow()
        count = len(grab.sprites)
        for sprite in grab.sprites:
            sprite.flying = False
        group = Rect.union(
            Rect(s.center_x - s.width / 2, s.center_y - s.height / 2, s.width, s.height) for s in grab.sprites
        )
        dst = self.layout.drop_column(group, grab.legal)
        if dst is not None:
            self.move(grab.col, count, dst)
            return
        if self.settings.auto_placement and self.game.best_destination(grab.col, count) is not None:
            self.send_to_best(grab.col, count)
            return
        # Flies back; if it was dropped on another column, say why that one refused.
        others = [c for c in range(10) if c != grab.col]
        over = self.layout.drop_column(group, others)
        reason = None
        if over is not None:
            try:
                self.game.check_move(grab.col, count, over)
            except IllegalMove as err:
                reason = err.reason
        self._fly_back(grab.sprites)
        if reason is not None and self.settings.interactive_rules:
            self._toast(self.t.t(f"table.rule.{reason}"))

    def _fly_back(self, sprites: Sequence[CardSprite]) -> None:
        f = self.settings.animation_factor
        for sprite in sprites:
            rect = self._rect_of(sprite)
            if rect is not None:
                self._tween_to(sprite, rect, self.animator.now, GLIDE_S * f, ease=ease_out)
        self.z_dirty = True
        if f == 0:
            self._finish_animations()

    def _highlight(self, rect: Rect) -> None:
        sprite = CardSprite(self.atlas.highlight, Card.of(1, "S"))
        m = self.atlas.highlight_margin * rect.width
        sprite.size = (rect.width + 2 * m, rect.height + 2 * m)
        sprite.position = rect.center
        sprite.z = Z_DRAGGED - 2
        self.highlights.append(sprite)
        self.cards.append(sprite)

    def _cancel_grab(self) -> None:
        """Forget a press or drag in progress (its cards go home when animations finish)."""
        if self.grab is not None:
            for sprite in self.grab.sprites:
                sprite.flying = False
            self.grab = None
            self._hide_drag_shadow()
            self.z_dirty = True
            self._clear_highlights()

    def _clear_highlights(self) -> None:
        for sprite in self.highlights:
            self.cards.remove(sprite)
        self.highlights.clear()

    # ----------------------------------------------------------- HUD & chrome

    def _place_chrome(self) -> None:
        self.hud.place(self.layout)
        self._place_slots()

    def _place_slots(self) -> None:
        self.slots.clear()  # _sync_slots puts back the marks that show
        self.slot_marks = [self._slot_sprite(self.atlas.empty, rect) for rect in self.layout.slots]
        self.removed_mark = self._slot_sprite(self.atlas.empty, self.layout.removed[0])
        # The empty-stock mark sits where the front back lay; shown only once
        # the stock is empty (behind a shrinking stock it would peek out).
        area = self.layout.stock_area
        w = self.layout.card_width
        self.stock_mark = self._slot_sprite(self.atlas.stock, Rect(area.right - w, area.bottom, w, area.height))
        self.z_dirty = True

    def _slot_sprite(self, texture: arcade.Texture, rect: Rect) -> arcade.BasicSprite:
        sprite = arcade.BasicSprite(texture)
        sprite.size = (rect.width, rect.height)
        sprite.position = rect.center
        return sprite

    def _place_everything(self) -> None:
        self._place_chrome()
        self._place_cards()
        self._restack()
        if self.grab is None:
            self._clear_highlights()

    def _refresh_hud(self) -> None:
        self.hud.show_numbers(self.game.score, self.game.moves, self.game.code)

    def _refresh_hover(self, x: float, y: float) -> None:
        hover = self.hud.button_at(x, y) or ("code" if self.layout.on_code(x, y) else None)
        if hover == self.hover and self.pressed_button is None:
            return
        self.hover = hover
        self.hud.hover(hover, self.pressed_button)
        self._set_hand_cursor(hover is not None or self.layout.on_stock(x, y))
        self._wake()

    def _set_hand_cursor(self, hand: bool) -> None:
        """A pointing hand over what can be clicked (where the platform has cursors)."""
        if hand == self._hand_cursor:
            return
        self._hand_cursor = hand
        with contextlib.suppress(Exception):  # headless windows have no cursor
            cursor = self.window.get_system_mouse_cursor(self.window.CURSOR_HAND) if hand else None
            self.window.set_mouse_cursor(cursor)

    def _press_button(self, name: str) -> None:
        actions: dict[str, Callable[[], object]] = {
            "new": self.new_game,
            "restart": self.restart,
            "undo": self.undo,
            "options": partial(self.show_screen, "options"),
            "rules": partial(self.show_screen, "rules"),
            "stats": partial(self.show_screen, "stats"),
            "win-new": self.deal_again,
            "win-again": self.replay,
        }
        actions[name]()

    # ---------------------------------------------------------------- toast

    def notify(self, message: str) -> None:
        """Show a short message over the table (the same box as rule reminders)."""
        self._toast(message)

    def _toast(self, message: str) -> None:
        self.hud.toast(message, self.time)
        self._wake()

    @property
    def toast_message(self) -> str | None:
        """The message on screen now (None when there is none)."""
        return self.hud.toast_message

    # ------------------------------------------------------------------ win

    def _celebrate(self) -> None:
        self._show_win()
        if self.settings.animation_factor == 0:
            return
        # Every removed card bounces off the table, kings first, pile by pile.
        queue: list[CardSprite] = []
        for k in range(13):
            for run in self.removed:
                queue.append(run[k])
        self.bounce_queue = queue
        self.bounce_next = self.time

    def _update_confetti(self, dt: float) -> None:
        if not self.bounce_queue and not self.bouncers:
            return
        lay = self.layout
        while self.bounce_queue and self.time >= self.bounce_next:
            source = self.bounce_queue.pop(0)
            sprite = arcade.BasicSprite(source.texture)
            sprite.size = (lay.card_width, lay.card_height)
            sprite.position = source.position
            self.confetti.append(sprite)
            # Mostly to the right (the piles are on the left), high enough
            # that each card crosses a good part of the table as it bounces.
            vx = random.uniform(0.12, 0.45) * lay.width * (1 if random.random() < 0.85 else -1)
            vy = random.uniform(0.9, 1.7) * lay.height
            self.bouncers.append([vx, vy, 0.0])
            self.bounce_next += BOUNCE_EVERY_S
        g = -lay.height * 2.8
        floor = lay.card_height / 2
        alive_sprites = []
        alive = []
        for sprite, b in zip(self.confetti, self.bouncers):
            b[1] += g * dt
            b[2] += dt
            x = sprite.center_x + b[0] * dt
            y = sprite.center_y + b[1] * dt
            if y < floor:
                y = floor
                b[1] = -b[1] * 0.72
            sprite.position = (x, y)
            if -lay.card_width < x < lay.width + lay.card_width and b[2] < BOUNCE_LIFE_S:
                alive_sprites.append(sprite)
                alive.append(b)
        if len(alive_sprites) != len(self.confetti):
            self.confetti.clear()
            self.confetti.extend(alive_sprites)
        self.bouncers = alive

    @property
    def won_shown(self) -> bool:
        return self.hud.won_shown

    def _show_win(self) -> None:
        self.hud.show_win(self.game.score, self.game.moves)
        self._wake()

    def _hide_win(self) -> None:
        self.hud.hide_win()
        self.bounce_queue = []
        self.bouncers = []
        self.confetti.clear()

    # ---------------------------------------------------------------- misc

    def _after_action(self, events: list[Event]) -> None:
        self._refresh_hud()
        self._wake()
        if self.on_game_changed is not None:
            self.on_game_changed(self.game, events)

    def _set_fullscreen(self, on: bool) -> None:
        try:
            self.window.set_fullscreen(on)
        except Exception:  # noqa: BLE001 - headless windows cannot go fullscreen
            return
        if self.settings.fullscreen != on:
            self.settings = replace(self.settings, fullscreen=on)  # Settings is immutable
            if self.on_settings_changed is not None:
                self.on_settings_changed(self.settings)
        self.on_resize(*self.window.get_size())

    def _card_size(self) -> tuple[int, int]:
        return (round(self.layout.card_width), round(self.layout.card_height))

    def _sharpen(self) -> None:
        """Swap in card images scaled to the cards' size once a worker has
        made them, at a quiet moment (no animation, no drag), re-texturing
        every card at once."""
        if self.sheet is None:
            return
        size = self._card_size()
        if self.sharp_size == size:
            return
        job = self._scaling
        if job is None or job.size != size:
            self._scaling = _ScaleJob(self.sheet, size)
            return
        if not job.done or self.animator.busy or self.grab is not None:
            return
        self._scaling = None
        images = job.result()
        if images is None:  # could not scale: keep the full-size images for good
            self.sheet = None
            return
        self.atlas = self.sheet.atlas(images, *size)
        self.sharp_size = size
        self._place_slots()
        self._place_cards()
        self._restack()
        self._wake()

    def prepare_images(self) -> None:
        """Make the scaled card images now rather than on a worker thread
        (a screenshot or a benchmark wants the table as players see it)."""
        if self.sheet is not None and self.sharp_size != self._card_size():
            if self._scaling is None or self._scaling.size != self._card_size():
                self._scaling = _ScaleJob(self.sheet, self._card_size())
            self._finish_animations()
            self._scaling.result()
            self._sharpen()

    def wake(self) -> None:
        """Redraw at full rate again for a moment (the window calls this when exposed)."""
        self._wake()

    def _wake(self) -> None:
        self.quiet_since = self.time
        self.pacer.wake()

    @property
    def at_rest(self) -> bool:
        """True when nothing moves: no tween, no drag, no message, no celebration."""
        return not (
            self.animator.busy
            or self.grab is not None
            or self.hud.toast_message is not None
            or self.bouncers
            or self.bounce_queue
        )

    def resting_positions_match_layout(self) -> bool:
        """Every card sprite sits exactly where the layout of the game puts it
        (tests and debugging; true whenever the view is at rest)."""
        layout = compute_layout(self.table_size[0], self.table_size[1], TableShape.of(self.game), self.hud.text_widths)
        for sprite, rect in self._placements(layout):
            if abs(sprite.center_x - rect.center_x) > 0.01 or abs(sprite.center_y - rect.center_y) > 0.01:
                return False
            if abs(sprite.width - rect.width) > 0.01:
                return False
        return True


def _table_dealt(events: Sequence[Event]) -> TableDealt:
    """The `TableDealt` that `Game.opening()` returns."""
    for event in events:
        if isinstance(event, TableDealt):
            return event
    raise ValueError("Game.opening() returned no TableDealt event")


class _ScaleJob:
    """Card images scaled for one card size, made on a daemon thread (Pillow
    releases the GIL while resampling, so frames go on meanwhile)."""

    def __init__(self, sheet: CardSheet, size: tuple[int, int]) -> None:
        self.size = size
        self._images: dict[str, Image.Image] | None = None
        self._thread = threading.Thread(target=self._run, args=(sheet,), name="card-scaling", daemon=True)
        self._thread.start()

    def _run(self, sheet: CardSheet) -> None:
        # A failure leaves _images None: the view keeps the full-size images.
        with contextlib.suppress(OSError, ValueError, MemoryError):
            self._images = sheet.scaled_images(*self.size)

    @property
    def done(self) -> bool:
        return not self._thread.is_alive()

    def result(self) -> dict[str, Image.Image] | None:
        """The images (waiting for them if need be), or None if scaling failed."""
        self._thread.join()
        return self._images
