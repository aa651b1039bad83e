"""The table: the arcade View that wires the table's parts together.

The engine's `Game` is the only model. Each part does one thing and answers
with a value; only this view knows them all and hands one's answer to the
next, so no part calls back into another: `gestures` (mouse) and `keymap`
(keys) turn input into an `Intent`; `commands.apply` applies it to the game
(`Applied(events)` or `Refused(reason, cards)`); the `scene` plays events
on the sprites (`choreography`) and answers when they end; `celebration`
bounces the cards of a won game; `hud` draws the bar, the messages and the
win panel; `table_renderer` draws each frame whole; `pacing` stops
redrawing at rest.

The application sets its hooks (`TableHooks`) and calls `start_game(game)`
(another game, with its opening deal), `apply_settings(settings, translator)`
(new options at once), `notify(message)`, or `do(intent)` (what a key does).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import arcade

from game.engine import Game, Move
from game.engine.events import Event
from game.play.clock import Hold
from game.records.settings import Settings
from game.system.speech import Says
from game.ui.cards.atlas import CardAtlas
from game.ui.cards.images import CardImages
from game.ui.cards.loading import CardPipeline
from game.ui.hud.bar import Hud
from game.ui.hud.buttons import HudInput
from game.ui.hud.pause_panel import PausePanel
from game.ui.hud.voice import Voice
from game.ui.input import commands, keymap
from game.ui.input.commands import Applied, Refused
from game.ui.input.gestures import Gestures, Grab
from game.ui.input.intents import Command, Intent, PutBack, SendToBest, Take
from game.ui.input.keyboard import KeyboardPlay, Say
from game.ui.layout.table import TableLayout
from game.ui.motion.celebration import Celebration
from game.ui.render.pacing import Pacer
from game.ui.table.hooks import TableHooks, set_fullscreen
from game.ui.table.pause import AWAY, resumes
from game.ui.table.pointer import PointerInput
from game.ui.table.renderer import TableRenderer
from game.ui.table.scene import TableScene
from game.ui.table.sprites import CardSprite
from game.ui.table.window_commands import WindowCommands
from game.words.i18n import Translator


class GameView(PointerInput, WindowCommands, arcade.View, TableHooks):
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
        speaker: Says | None = None,
        cards: CardPipeline | None = None,
    ) -> None:
        arcade.View.__init__(self, window)
        TableHooks.__init__(self)
        self.game = game
        self.settings = settings
        self.t = translator
        self.clock = clock

        self.renderer = TableRenderer(self.window, settings.table)  # the table's colours, before the HUD takes them
        self.images = CardImages(atlas, settings, cards)
        self.hud = Hud(translator)
        if not settings.show_score_time:  # a calm table: measured before the first layout
            self.hud.show_score_time(False)
        self.pause = PausePanel()
        self.voice = Voice(translator, settings, speaker, clock, layout=lambda: self.scene.layout)
        self.scene = TableScene(self.images, self.window.get_size(), self.hud.text_widths)
        self.gestures: Gestures[CardSprite] = Gestures()
        self.keys = KeyboardPlay()
        self.celebration = Celebration()
        self.pacer = Pacer.of(self.window)
        self.buttons = HudInput(self.hud, self.window)
        self.time = 0.0

        self.hud.place(self.scene.layout)
        self.scene.rebuild(game)
        self.scene.place(marks=True)
        if animate_opening:
            self.scene.opening(game.opening(), self._speed)
        self.refresh_hud()
        if game.is_won:  # a finished game shown again: offer the next one
            self.hud.show_win(game.score, game.moves)

    def start_game(self, game: Game) -> None:
        """Show another game (new deal, loaded code, resumed save), animating its opening."""
        self._set_paused(False)
        self._cancel_grab()
        self.scene.finish()
        if self.on_leaving_game is not None and game is not self.game:
            self.on_leaving_game(self.game)
        self.game = game
        self.hud.hide_win()
        self.celebration.stop()
        self._forget_selection()
        events = game.opening()
        self.voice.opened(events, game.deals_left)
        self.scene.rebuild(game)
        self.scene.opening(events, self._speed)
        self._after_action(events)

    def apply_settings(self, settings: Settings, translator: Translator) -> None:
        """Take new options at once: texts, the table, the card back, the deck, fullscreen."""
        self.scene.finish()
        self.settings = settings
        self.t = translator
        self.images.follow(settings, self.scene.card_size)
        if self.renderer.use_table(settings.table):
            self.hud.repaint()
        if settings.show_score_time != self.hud.numbers_shown:
            self.hud.show_score_time(settings.show_score_time)
        self.hud.set_translator(translator)
        self.voice.configure(settings, translator)
        self.scene.retexture()
        self.hud.place(self.layout)
        self.pause.place(self.layout, translator)
        self.refresh_hud()
        if self.window.fullscreen != settings.fullscreen:
            self._set_fullscreen(settings.fullscreen)
        self.pacer.wake()

    def notify(self, message: str) -> None:
        """Show a short message over the table (the same box as rule reminders)."""
        self.hud.toast(message, self.time)
        self.voice.speak(message)
        self.pacer.wake()

    # -------------------------------------------------------------- intents

    def do(self, intent: Intent) -> None:
        """Carry out what the player asked, however they asked it."""
        if self.paused and (intent in (Command.DEAL, Command.UNDO, Command.REDO) or not isinstance(intent, Command)):
            self._set_paused(False)  # the cards come back first: nothing is played blind
            return
        match intent:
            case Move() | SendToBest() | Take():
                self._play(intent)
            case PutBack(src, count):
                self.scene.send_home(self.scene.sprites.columns[src][-count:], self._speed, shake=False)
            case Command.DEAL | Command.UNDO | Command.REDO:
                self.scene.finish()
                self._play(intent)
            case Command.RESTART if self.on_screen is not None:
                self.on_screen("restart")  # the application asks first if there is something to lose
            case Command.RESTART | Command.REPLAY:
                self._set_paused(False)
                self.scene.finish()
                self.hud.hide_win()
                self.celebration.stop()
                if self.on_leaving_game is not None:
                    self.on_leaving_game(self.game)
                self._play(Command.RESTART)
            case Command.NEW_GAME if self.on_screen is not None:
                self.on_screen("new")
            case Command.NEW_GAME | Command.DEAL_AGAIN:
                self.start_game(Game.random(self.game.suits, self.game.rule))
            case Command.PAUSE:
                self._set_paused(not self.paused)
            case _:
                self._window_command(intent)

    def _play(self, intent: commands.EngineIntent, shake: bool | None = None) -> None:
        """Apply an intent; show what happened, or refuse (the cards shake or,
        dropped with the mouse, glide home; a selection stays held)."""
        outcome = commands.apply(self.game, intent)
        match outcome:
            case Applied(events):
                self._forget_selection()
                self.voice.applied(intent, events, self.game.deals_left)
                self._after_action(list(events))  # first: a win is counted before its panel shows
                self._show(events, undo=intent is Command.UNDO)
            case Refused(reason, cards):
                shake = not isinstance(intent, Move) if shake is None else shake
                self.scene.refuse(cards, self._speed, shake)
                self.voice.refused(reason, self.notify if self.settings.interactive_rules else None)

    def _show(self, events: Sequence[Event], undo: bool = False) -> None:
        """Animate what happened, with its sounds (and celebrate a win when the runs have landed)."""
        played = self.scene.play(events, self.game, self._speed, undo)
        if played.won_at is not None:
            self.scene.animator.call_at(played.won_at, self._celebrate)
        if self._speed == 0:
            self.scene.finish()

    # ----------------------------------------------------------------- input

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        self.pacer.wake()
        action = keymap.lookup(symbol, modifiers)
        if action is Command.CANCEL and self.gestures.dragging:
            # Esc while dragging: the group flies home, nothing else happens.
            grab = self._cancel_grab()
            if grab is not None:
                self.scene.send_home(grab.cards, self._speed, shake=False)
            return
        self._cancel_grab()
        self.scene.finish()
        if self.paused and resumes(action, self.keys.focused):
            self._set_paused(False)  # a key of play brings the cards back, and does nothing more
        elif action is not None:
            self._answer(self.keys.handle(action, self.game, self.hud.won_shown))
        self._show_keys()

    def _answer(self, outcome: Intent | Say | None) -> None:
        """Do what the keyboard (or a click to move) answered."""
        match outcome:
            case Say(key):
                self.notify(self.t.t(key))
            case Move():
                self._play(outcome, shake=True)
            case None:
                pass
            case _:
                self.do(outcome)

    def _show_keys(self) -> None:
        """Show the keyboard's state: the selected group, the cursor, the focus."""
        self.scene.select(self.keys.selection, self.game, self.settings.placement_help)
        cursor = self.keys.cursor
        self.hud.show_cursor_at(cursor, self.layout)
        self.hud.focus(self.keys.focused)
        self.voice.hold(self.keys.selection, self.game)

    def _forget_selection(self) -> None:
        self.keys.forget()
        self.scene.deselect()

    def _cancel_grab(self) -> Grab[CardSprite] | None:
        """Forget a press or drag in progress (its cards go home when animations finish)."""
        grab = self.gestures.cancel()
        if grab is not None:
            self.scene.sprites.drop_group(grab.cards)
        return grab

    # ----------------------------------------------------------- the window

    def on_resize(self, width: int, height: int) -> None:
        self.pacer.wake()
        if (width, height) == tuple(self.scene.size):
            return  # pyglet repeats the size when a window first shows: keep the opening deal flying
        self._cancel_grab()
        self.scene.resize((width, height))
        self.hud.place(self.layout)
        self.pause.place(self.layout, self.t)

    def on_hide_view(self) -> None:
        self._cancel_grab()
        self.scene.finish()
        self.buttons.clear()  # the button that opened it is not lit on return
        self.pacer.wake()  # the next view starts at full frame rate

    def on_show_view(self) -> None:
        self.on_resize(*self.window.get_size())
        self.pacer.wake()

    def _set_fullscreen(self, on: bool) -> None:
        if not set_fullscreen(self.window, on):
            return
        if self.settings.fullscreen != on:
            self.change_settings(fullscreen=on)
        self.on_resize(*self.window.get_size())

    # --------------------------------------------------------------- frames

    def on_update(self, delta_time: float) -> None:
        # Long stalls (a dragged window, a slow first frame) must not make
        # animations jump past their whole length at once.
        dt = min(delta_time, 1 / 20)
        self.time += dt
        if self.scene.update(dt, quiet=self.gestures.grab is None) | self.renderer.update():  # both asked
            self.pacer.wake()
        self.hud.update(self.time)
        self._tick_clock()
        celebrating = self.celebration.update(dt, self.time, self.layout)
        if self.voice.update():  # the status line fades: draw every frame
            self.pacer.wake()
        busy = self.scene.animator.busy or self.gestures.dragging or celebrating
        busy = busy or self.time < self.hud.toast_until + 0.05  # a message still shows
        self.pacer.tick(self.time, busy)

    def draw_behind(self) -> None:
        """The table as a dialog shows it behind itself: without the win
        panel, whose place the dialog takes (opened from it, it would stick
        out around a smaller dialog)."""
        self.renderer.draw(
            self.scene, self.hud, self.celebration.confetti, self.voice.status, win=False, pause=self.pause
        )

    def update_still(self) -> bool:
        """Behind a dialog (which dims a still of the table): True when the
        still is out of date (the felt of a newly chosen table is made)."""
        return self.renderer.update()

    def on_draw(self) -> None:
        renderer, pacer = self.renderer, self.pacer
        renderer.draw(
            self.scene,
            self.hud,
            self.celebration.confetti,
            self.voice.status,
            pause=self.pause,
            bar_only=pacer.bar_only,
        )
        self.pacer.drawn()

    def prepare_images(self) -> None:
        """Make the scaled card images now rather than on a worker thread
        (a screenshot or a benchmark wants the table as players see it)."""
        if self.scene.prepare_images():
            self.pacer.wake()
        self.renderer.prepare()

    def wake(self) -> None:
        """Redraw at full rate again for a moment (the window calls this when exposed)."""
        self.pacer.wake()

    @property
    def at_rest(self) -> bool:
        """True when nothing moves: no tween, no drag, no message, no celebration."""
        busy = self.scene.animator.busy or self.gestures.grab or self.celebration.busy
        return not (busy or self.hud.toast_message is not None)

    def _celebrate(self) -> None:
        self.hud.show_win(self.game.score, self.game.moves, self.win_facts(self.game) if self.win_facts else None)
        self.pacer.wake()
        if self._speed > 0:
            self.celebration.start(self.scene.sprites.removed, self.time)

    @property
    def _speed(self) -> float:
        """How long animations take relative to "normal" (0: no animation)."""
        return self.settings.animation_factor

    def _after_action(self, events: list[Event]) -> None:
        self.refresh_hud()
        self.pacer.wake()
        if self.on_game_changed is not None:
            self.on_game_changed(self.game, events)

    @property
    def layout(self) -> TableLayout:
        """Where everything is on the table now."""
        return self.scene.layout

    def refresh_hud(self) -> None:
        """The bar's numbers and the variant line, as the game stands (and as the hooks tell)."""
        game = self.game
        self.hud.show_numbers(game.score, game.moves, game.code, undo=game.can_undo, redo=game.can_redo)
        self.voice.name_variant(game.suits, game.rule.value, self.day_of(game))
        self._tick_clock()

    # ------------------------------------------------- the clock and the pause

    @property
    def paused(self) -> bool:
        """The player's pause (P): the clock stands still and the cards are hidden."""
        return self.pause.shown

    def _set_paused(self, on: bool) -> None:
        """P, or a key of play or a click on the hidden table: the clock stops
        and the cards hide, or both come back (a won game has nothing to pause)."""
        on = on and not self.game.is_won
        if on == self.paused:
            return
        self._cancel_grab()
        self._forget_selection()
        self.scene.finish()
        self.pause.show(on, self.layout, self.t)
        if self.play_clock is not None:
            self.play_clock.set(Hold.PAUSED, on)
        self.voice.say(self.t.t("table.pause.on" if on else "table.pause.off"))
        self._tick_clock()
        self.pacer.wake()

    def _tick_clock(self) -> None:
        """The bar's clock says the time played, or "Paused" while the player
        or the window away stops it; one frame when it changed, not a second of them."""
        clock = self.play_clock
        if clock is not None and self.hud.show_clock(clock.seconds, bool(clock.holds & AWAY)):
            self.pacer.once()
