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
  "describe" (F1, the table in words). Without it, New game deals a new game
  of the same variant and the other screens are not offered.
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
from .gestures import Gestures, Grab
from .hud import Hud
from .hud_input import HudInput
from .intents import Command, Intent, PutBack, SendToBest, Take
from .layout import TableLayout
from .pacing import Pacer
from .table_renderer import TableRenderer
from .table_scene import TableScene
from .table_sprites import CardSprite


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
        self.renderer = TableRenderer(self.window)
        self.pacer = Pacer(self.window)
        self.buttons = HudInput(self.hud, self.window)
        self.time = 0.0

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
        self.scene.finish()
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
        self.scene.finish()
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
                self.scene.send_home(self.scene.sprites.columns[src][-count:], self._speed, shake=False)
            case Command.DEAL | Command.UNDO:
                self.scene.finish()
                self._play(intent)
            case Command.RESTART | Command.REPLAY:
                self.scene.finish()
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
                self.scene.send_home(self.scene.sprites_of(cards), self._speed, shake=not isinstance(intent, Move))
                self._remind(reason)

    def _show(self, events: Sequence[Event]) -> None:
        """Animate what happened (and celebrate a win when the runs have landed)."""
        played = self.scene.play(events, self.game, self._speed)
        if played.won_at is not None:
            self.scene.animator.call_at(played.won_at, self._celebrate)
        if self._speed == 0:
            self.scene.finish()

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
        self.scene.finish()
        if button != arcade.MOUSE_BUTTON_LEFT:
            return
        if self.buttons.press(x, y, self.layout):
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
        if self.buttons.holding:
            command = self.buttons.release(x, y, self.layout)
            if command is not None:
                self.do(command)
            return
        grab = self.gestures.grab
        intent = self.gestures.release(self.layout, self.game, self.settings.auto_placement)
        if grab is not None and grab.dragging:
            self.scene.sprites.drop_group(grab.cards)
        if intent is not None:
            self.do(intent)

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        if self.buttons.motion(x, y, self.layout):
            self._wake()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        self._wake()
        command = keymap.lookup(symbol, modifiers)
        if command is Command.CANCEL and self.gestures.dragging:
            # Esc while dragging: the group flies home, nothing else happens.
            grab = self._cancel_grab()
            if grab is not None:
                self.scene.send_home(grab.cards, self._speed, shake=False)
            return
        self._cancel_grab()
        self.scene.finish()
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
        self.scene.finish()
        self.renderer.release()  # another screen shows: free the offscreen image
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
        if self.scene.update(dt, quiet=self.gestures.grab is None):
            self._wake()
        self.hud.update(self.time)
        celebrating = self.celebration.update(dt, self.time, self.layout)
        toast = self.time < self.hud.toast_until + 0.05
        self.pacer.tick(self.time, self.scene.animator.busy or self.gestures.dragging or toast or celebrating)

    def on_draw(self) -> None:
        self.renderer.draw(self.scene, self.hud, self.celebration.confetti)

    def prepare_images(self) -> None:
        """Make the scaled card images now rather than on a worker thread
        (a screenshot or a benchmark wants the table as players see it)."""
        if self.scene.prepare_images():
            self._wake()

    def wake(self) -> None:
        """Redraw at full rate again for a moment (the window calls this when exposed)."""
        self._wake()

    def _wake(self) -> None:
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

    def _refresh_hud(self) -> None:
        self.hud.show_numbers(self.game.score, self.game.moves, self.game.code)
