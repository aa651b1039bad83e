"""The table: the arcade View that wires the table's parts together.

The engine's `Game` is the only model. Each part does one thing and answers
with a value; only this view knows them all and hands one's answer to the
next, so no part calls back into another: `gestures` (mouse) and `keymap`
(keys) turn input into an `Intent`; `commands.apply` applies it to the game
(`Applied(events)` or `Refused(reason, cards)`); the `scene` plays events
on the sprites (`choreography`) and answers when they end; `celebration`
bounces the cards of a won game; `hud` draws the bar, the messages and the
win panel; `static_layer` caches the resting table while cards move;
`pacing` stops redrawing at rest.

Hooks for the application (optional attributes):
- `on_game_changed(game, events)`: after every action (move, deal, undo,
  restart, new game); the place to autosave and record statistics (a win
  is a `GameWon` among the events).
- `on_leaving_game(game)`: just before the game is restarted or replaced by
  another, while it still holds its moves (statistics count it abandoned).
- `on_settings_changed(settings)`: the view changed a setting itself (F11).
- `on_screen(name)`: show another screen: "new" (button, Ctrl+N), "options"
  (button, Ctrl+O), "rules" (button, F2), "stats" (button, F3) or
  "describe" (F1, the table in words), or "restart" (button, Ctrl+R: the
  application asks first, then does `Command.REPLAY`). Without it, New game
  deals a new game of the same variant, Restart restarts at once and the
  other screens are not offered.
- `on_quit()`: Ctrl+Q (Cmd+Q); without it the window closes.
Methods for them: `start_game(game)` shows another game with its opening
deal; `apply_settings(settings, translator)` applies new options at once;
`notify(message)` shows a message; `do(intent)` does what a key would.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Sequence
from dataclasses import replace

import arcade

from game.engine import Game, Move
from game.engine.events import Event
from game.i18n import Translator
from game.settings import Settings

from . import commands, keymap
from .atlas import CardAtlas
from .card_images import CardImages
from .celebration import Celebration
from .commands import Applied, Refused
from .first_frame import FirstFrame
from .gestures import Gestures, Grab
from .hud import Hud
from .intents import Command, Intent, PutBack, SendToBest, Take
from .layout import TableLayout
from .pacing import Pacer
from .static_layer import StaticLayer
from .style import FELT
from .table_scene import TableScene
from .table_sprites import CardSprite

IDLE_AFTER_S = 0.2  # quiet time before the window stops redrawing


class GameView(arcade.View):
    """The playing table for one `Game` (the application swaps games with `start_game`)."""

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
        self.clock = clock
        # Hooks (see the module docstring).
        self.on_game_changed: Callable[[Game, list[Event]], None] | None = None
        self.on_leaving_game: Callable[[Game], None] | None = None
        self.on_settings_changed: Callable[[Settings], None] | None = None
        self.on_screen: Callable[[str], None] | None = None
        self.on_quit: Callable[[], None] | None = None

        self.images = CardImages(atlas)
        self.images.four_colour = settings.four_colour
        self.hud = Hud(translator)
        self.scene = TableScene(self.images, self.window.get_size(), self.hud.text_widths)
        self.gestures: Gestures[CardSprite] = Gestures()
        self.celebration = Celebration()
        # While things move, the resting table is drawn from an offscreen
        # copy and only moving cards are drawn each frame (see static_layer).
        self.static = StaticLayer(self.window.ctx)
        self.pacer = Pacer(self.window)
        self.first_frame = FirstFrame()

        self.pressed_button: str | None = None
        self.hover: str | None = None
        self._hand_cursor = False
        self.time = 0.0
        self.quiet_since = 0.0

        self.hud.place(self.scene.layout)
        self.scene.rebuild(game)
        self.scene.place(marks=True)
        if animate_opening:
            self.scene.opening(game.opening(), self._speed)
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
        self.scene.rebuild(game)
        self.scene.opening(events, self._speed)
        self._after_action(events)

    def apply_settings(self, settings: Settings, translator: Translator) -> None:
        """Take new options at once: texts, four-colour faces, fullscreen."""
        self._finish_animations()
        self.settings = settings
        self.t = translator
        self.images.four_colour = settings.four_colour
        self.hud.set_translator(translator)
        self.scene.retexture()
        self.hud.place(self.layout)
        self._refresh_hud()
        if self.window.fullscreen != settings.fullscreen:
            self._set_fullscreen(settings.fullscreen)
        self._wake()

    def notify(self, message: str) -> None:
        """Show a short message over the table (the same box as rule reminders)."""
        self.hud.toast(message, self.time)
        self._wake()

    # -------------------------------------------------------------- intents

    def do(self, intent: Intent) -> None:
        """Carry out what the player asked, however they asked it."""
        match intent:
            case Move() | SendToBest() | Take():
                self._play(intent)
            case PutBack(src, count):
                self._send_home(self.scene.sprites.columns[src][-count:], shake=False)
            case Command.DEAL | Command.UNDO:
                self._finish_animations()
                self._play(intent)
            case Command.RESTART if self.on_screen is not None:
                self.on_screen("restart")  # the application asks first if there is something to lose
            case Command.RESTART | Command.REPLAY:
                self._finish_animations()
                self._hide_win()
                if self.on_leaving_game is not None:
                    self.on_leaving_game(self.game)
                self._play(Command.RESTART)
            case Command.NEW_GAME if self.on_screen is not None:
                self.on_screen("new")
            case Command.NEW_GAME | Command.DEAL_AGAIN:
                self.start_game(Game.random(self.game.suits, self.game.rule))
            case _:
                self._window_command(intent)

    def _window_command(self, command: Command) -> None:
        """The commands that leave the game alone: screens, the code, the window."""
        match command:
            case Command.OPTIONS | Command.RULES | Command.STATS | Command.DESCRIBE:
                if self.on_screen is not None:
                    self.on_screen(command.value)
            case Command.COPY_CODE:
                self._copy_code()
            case Command.FULLSCREEN:
                self._set_fullscreen(not self.window.fullscreen)
            case Command.CANCEL:
                if self.window.fullscreen:
                    self._set_fullscreen(False)
            case Command.QUIT:
                if self.on_quit is not None:
                    self.on_quit()
                else:
                    self.window.close()

    def _play(self, intent: commands.EngineIntent) -> None:
        outcome = commands.apply(self.game, intent)
        match outcome:
            case Applied(events):
                self._show(events)
                self._after_action(list(events))
            case Refused(reason, cards):
                self._send_home(self.scene.sprites_of(cards), shake=not isinstance(intent, Move))
                self._remind(reason)

    def _show(self, events: Sequence[Event]) -> None:
        """Animate what happened (and celebrate a win when the runs have landed)."""
        played = self.scene.play(events, self.game, self._speed)
        if played.won_at is not None:
            self.scene.animator.call_at(played.won_at, self._celebrate)
        if self._speed == 0:
            self._finish_animations()

    def _send_home(self, sprites: Sequence[CardSprite], shake: bool) -> None:
        self.scene.send_home(sprites, self._speed, shake)

    def _remind(self, reason: str) -> None:
        """Say which rule refused an action (with Interactive rules on)."""
        if self.settings.interactive_rules:
            with contextlib.suppress(KeyError):
                self.notify(self.t.t(f"table.rule.{reason}"))

    def _copy_code(self) -> None:
        code = self.game.code
        if code is None:
            return
        try:
            self.window.set_clipboard_text(code)
        except Exception:  # headless windows and some platforms have no clipboard
            self.notify(self.t.t("table.code.no_clipboard", code=code))
            return
        self.notify(self.t.t("table.code.copied", code=code))

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
        columns = self.scene.sprites.columns
        intent = self.gestures.press(x, y, self.clock(), self.layout, self.game, columns, self.settings.double_click)
        if intent is not None:
            self.do(intent)

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        grab = self.gestures.grab
        if grab is None:
            self.on_mouse_motion(x, y, dx, dy)
            return
        self._wake()
        if self.gestures.drag(x, y, self.game):
            self.scene.lift(grab, self.settings.placement_help)
        if grab.dragging:
            self.scene.carry(grab, x, y)

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        self._wake()
        if button != arcade.MOUSE_BUTTON_LEFT:
            return
        pressed, self.pressed_button = self.pressed_button, None
        if pressed is not None:
            self._refresh_hover(x, y)
            if pressed == self.hud.button_at(x, y):  # released on the button it pressed
                self.do(Command(pressed))
            return
        grab = self.gestures.grab
        intent = self.gestures.release(self.layout, self.game, self.settings.auto_placement)
        if grab is not None and grab.dragging:
            self.scene.sprites.drop_group(grab.cards)
        if intent is not None:
            self.do(intent)

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        self._refresh_hover(x, y)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        self._wake()
        command = keymap.lookup(symbol, modifiers)
        if command is Command.CANCEL and self.gestures.dragging:
            # Esc while dragging: the group flies home, nothing else happens.
            grab = self._cancel_grab()
            if grab is not None:
                self._send_home(grab.cards, shake=False)
            return
        self._cancel_grab()
        self._finish_animations()
        if command is not None:
            self.do(command)

    def _cancel_grab(self) -> Grab[CardSprite] | None:
        """Forget a press or drag in progress (its cards go home when animations finish)."""
        grab = self.gestures.cancel()
        if grab is not None:
            self.scene.sprites.drop_group(grab.cards)
        return grab

    # ----------------------------------------------------------- the window

    def on_resize(self, width: int, height: int) -> None:
        self._wake()
        if (width, height) == tuple(self.scene.size):
            return  # pyglet repeats the size when a window first shows: keep the opening deal flying
        self._cancel_grab()
        self.scene.resize((width, height))
        self.hud.place(self.layout)

    def on_hide_view(self) -> None:
        self._cancel_grab()
        self._finish_animations()
        self.static.release()  # another screen shows: free the offscreen image
        self.pacer.wake()  # the next view starts at full frame rate

    def on_show_view(self) -> None:
        self.on_resize(*self.window.get_size())
        self._wake()

    def _set_fullscreen(self, on: bool) -> None:
        try:
            self.window.set_fullscreen(on)
        except Exception:  # headless windows cannot go fullscreen
            return
        if self.settings.fullscreen != on:
            self.settings = replace(self.settings, fullscreen=on)
            if self.on_settings_changed is not None:
                self.on_settings_changed(self.settings)
        self.on_resize(*self.window.get_size())

    # --------------------------------------------------------------- frames

    def on_update(self, delta_time: float) -> None:
        # Long stalls (a dragged window, a slow first frame) must not make
        # animations jump past their whole length at once.
        dt = min(delta_time, 1 / 20)
        self.time += dt
        animator = self.scene.animator
        animator.update(dt)
        if self.scene.sprites.z_dirty:
            self.scene.restack()
        self.hud.update(self.time)
        if self.images.sharpen(self.scene.card_size, not animator.busy and self.gestures.grab is None):
            self.scene.place(marks=True)
            self._wake()
        celebrating = self.celebration.update(dt, self.time, self.layout)
        busy = animator.busy or self.gestures.dragging or self.time < self.hud.toast_until + 0.05 or celebrating
        if busy:
            self.quiet_since = self.time
        elif self.time - self.quiet_since > IDLE_AFTER_S:
            self.pacer.rest()

    def on_draw(self) -> None:
        # One texel per pixel once the images are scaled: nearest is exact.
        sharp = self.images.sharp_size is not None
        sprites = self.scene.sprites
        slots, cards = sprites.slots, sprites.cards
        if not self.static.draw(FELT, slots, cards, sprites.live(self.scene.animator.moving), sharp):
            # A flat felt: on software OpenGL a full-window textured quad (a
            # vignette) costs as much as a third of the whole table.
            self.clear(color=FELT)
            slots.draw(pixelated=sharp)
            cards.draw(pixelated=sharp)
        # The HUD, the message and the win panel are drawn live, over every
        # card (moving ones too): hover, a fading message cost no cache redraw.
        self.hud.draw()
        self.celebration.confetti.draw(pixelated=sharp)
        self.hud.draw_win()
        self.first_frame.drawn(self.window.ctx)

    def prepare_images(self) -> None:
        """Make the scaled card images now rather than on a worker thread
        (a screenshot or a benchmark wants the table as players see it)."""
        if self.images.wants(self.scene.card_size):
            self._finish_animations()
            if self.images.prepare(self.scene.card_size):
                self.scene.place(marks=True)
                self._wake()

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
            self.scene.animator.busy
            or self.gestures.grab is not None
            or self.hud.toast_message is not None
            or self.celebration.busy
        )

    @property
    def toast_message(self) -> str | None:
        """The message on screen now (None when there is none)."""
        return self.hud.toast_message

    # ------------------------------------------------------------------ win

    @property
    def won_shown(self) -> bool:
        return self.hud.won_shown

    def _celebrate(self) -> None:
        self._show_win()
        if self._speed > 0:
            self.celebration.start(self.scene.sprites.removed, self.time)

    def _show_win(self) -> None:
        self.hud.show_win(self.game.score, self.game.moves)
        self._wake()

    def _hide_win(self) -> None:
        self.hud.hide_win()
        self.celebration.stop()

    # ------------------------------------------------------ sprites & layout

    @property
    def _speed(self) -> float:
        """How long animations take relative to "normal" (0: no animation)."""
        return self.settings.animation_factor

    def _after_action(self, events: list[Event]) -> None:
        self._refresh_hud()
        self._wake()
        if self.on_game_changed is not None:
            self.on_game_changed(self.game, events)

    @property
    def layout(self) -> TableLayout:
        """Where everything is on the table now."""
        return self.scene.layout

    def _finish_animations(self) -> None:
        self.scene.finish()

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
