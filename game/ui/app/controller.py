"""The application in the window: the table and the screens wired to the session.

The table view knows nothing of files or other screens; it calls hooks. This
module answers them by asking the `Session` (which saves after every action,
counts wins and abandoned games, and keeps the settings), turns the session's
notices into words, and swaps the window between the table and the screens.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING

import arcade

from game.engine import Game
from game.engine.events import Event
from game.files.storage import DataFile, Notice, NoticeKind
from game.play.session import Session
from game.records import share
from game.records.daily_record import DailyRecord
from game.records.history import History
from game.records.settings import Settings
from game.records.stats import Stats
from game.system.geometry import Geometry
from game.ui.app.clock_holds import ClockHolds
from game.ui.app.notices import notice_text
from game.ui.app.window import SpiderWindow
from game.ui.hud.bar import TOAST_S
from game.ui.input.intents import Command
from game.ui.input.pad import Pads
from game.ui.render import clipboard
from game.ui.table.view import GameView
from game.words.i18n import Translator

if TYPE_CHECKING:
    from game.ui.app.accessibility import Accessibility
    from game.ui.app.dialogs import Dialogs
    from game.ui.table.replay import ReplayView  # imported when a replay first opens: nothing before the first table

# How long after an action a failed background save is looked for (a save
# takes milliseconds; the player is told within a second).
SAVE_CHECK_S = 0.5
PREPARE_EVERY_S = 0.3  # while the table rests, a dialog is made ready this often until all are


class SpiderApp:
    """The window's side of one session: hooks, notices, screens."""

    def __init__(
        self,
        view: GameView,
        session: Session,
        *,
        schedule: Callable[[Callable[[float], object], float], object] = arcade.schedule_once,
        clock: Callable[[], float] = time.monotonic,
        repeat: Callable[[Callable[[float], object], float], object] = arcade.schedule,
        unschedule: Callable[[Callable[[float], object]], object] = arcade.unschedule,
    ) -> None:
        self.view = view
        self.window = view.window
        self.session = session
        self.translator = Translator(session.settings.language)
        view.on_game_changed = self.game_changed
        view.on_leaving_game = self.leaving_game
        view.on_settings_changed = self.settings_changed
        view.on_screen, view.win_facts = self.show_screen, session.win_facts
        view.play_clock = session.clock
        view.daily_of = lambda game: session.daily if game is session.game else None
        view.refresh_hud()  # the variant line names a resumed deal of the day
        if isinstance(self.window, SpiderWindow):
            self.window.on_quit = self.quit
        self._told: set[tuple[NoticeKind, DataFile]] = set()
        # Notices take turns in the message box, each for its full time
        # (several bad files at launch would not fit, or be read, at once).
        self._schedule = schedule
        self._schedule_repeat, self._unschedule = repeat, unschedule
        self._clock = clock
        self._box_free_at = 0.0
        self._save_check_due = False  # one look at background saves at a time
        self.pads: Pads | None = None
        self.access: Accessibility | None = None
        self.replay_view: ReplayView | None = None  # while a replay shows
        self._dialogs: Dialogs | None = None
        self._leave: tuple[Callable[[], None], str] | None = None  # what waits for "leave this game?"
        self._daily_variant = "1C"  # the calendar plays New game's choice
        # The game's clock runs only while its table shows in a window the player is at.
        self.clock_holds = ClockHolds(self.window, session.clock, view)

    def _show(self, view: arcade.View) -> None:
        """Show a view in the window, and run or stop the game's clock to match.
        (The dialogs' view going from one dialog to another stays shown: shown
        again, it would be hidden first and let go of the table behind.)"""
        if self.window.current_view is not view:
            self.window.show_view(view)
        self.clock_holds.sync()

    @property
    def settings(self) -> Settings:
        return self.session.settings

    @property
    def stats(self) -> Stats:
        return self.session.stats

    # ---- hooks from the table ------------------------------------------------

    def game_changed(self, game: Game, events: list[Event]) -> None:
        if game is self.session.game:
            self._report(self.session.record(events))
            # Saved in the background: a failure is told once it is known.
            if not self._save_check_due:
                self._save_check_due = True
                self._schedule(self._check_saves, SAVE_CHECK_S)
        else:  # the view dealt another game itself (the win panel's New game)
            self._report(self.session.begin(game))

    def _check_saves(self, _dt: float) -> None:
        self._save_check_due = False
        self._report(self.session.problems())

    def leaving_game(self, game: Game) -> None:
        if game is self.session.game:
            self._report(self.session.abandon())

    def settings_changed(self, settings: Settings) -> None:
        # The view changes only fullscreen (F11) and sound (M) itself; the rest of its
        # copy may be older than the session's (the variant of the last game begun).
        changed = replace(self.session.settings, fullscreen=settings.fullscreen, sound=settings.sound)
        self._report(self.session.change_settings(changed))

    def show_notices(self, notices: list[Notice]) -> None:
        """Tell the player about files that could not be used (at launch)."""
        for notice in notices:
            self._tell(notice_text(notice, self.translator))

    def _report(self, notices: list[Notice]) -> None:
        # A failing disk fails every save: say so once per file, not per move.
        for notice in notices:
            if (notice.kind, notice.file) not in self._told:
                self._told.add((notice.kind, notice.file))
                self._tell(notice_text(notice, self.translator))

    def _tell(self, text: str) -> None:
        now = self._clock()
        at = max(now, self._box_free_at)
        self._box_free_at = at + TOAST_S
        if at <= now:
            self.view.notify(text)
        else:
            self._schedule(lambda _dt: self.view.notify(text), at - now)

    # ---- screen readers ----------------------------------------------------------

    def start_accessibility(self) -> Accessibility:
        """Offer the window's accessibility tree to screen readers (after the
        first frame; nothing runs until one asks, nothing at all without an
        accessibility bus)."""
        from game.ui.app.accessibility import Accessibility

        self.access = Accessibility(self.view)
        self.access.start()
        return self.access

    # ---- game controllers --------------------------------------------------------

    def start_pads(self, manager: Callable[[], object] | None = None) -> Pads:
        """Play with game controllers too (after the first frame: finding
        them costs the table nothing). A pad plugged in or out is told."""
        self.pads = Pads(self.window, manager, told=self._pad_told)
        self.pads.start()
        return self.pads

    def _pad_told(self, name: str, connected: bool) -> None:
        self._tell(self.translator.t("access.pad.connected" if connected else "access.pad.disconnected", name=name))

    # ---- screens ---------------------------------------------------------------

    def load_screens(self) -> None:
        """Import the screens: after the first frame, not before it, so the
        table shows sooner; by the first click, it is done. Then everything
        made so far (the libraries, the table) is set aside from the garbage
        collector's full passes (`gc.freeze`): they would scan it again and
        again, a pause that can land on a key press. And then, one at a time
        while the table rests, each dialog is made ready to show, so even the
        first open of each shows at once."""
        import gc

        from game.ui.app import dialogs  # noqa: F401

        gc.freeze()
        self._schedule_repeat(self._prepare_dialog, PREPARE_EVERY_S)

    def _prepare_dialog(self, _dt: float) -> None:
        if self.window.current_view is not self.view or not self.view.at_rest:
            return  # a frame of play, or a dialog open: not now
        if not self.dialogs.prepare_next():
            self._unschedule(self._prepare_dialog)

    def start_sound(self) -> None:
        """After the first frame (never the launch's cost): the sound thread
        opens the device and decodes the sounds; until it is done, and for
        good without a device, the table is silent."""
        from game.ui.sound.output import PygletOutput

        sounds = self.view.scene.sounds
        sounds.output = PygletOutput()
        sounds.configure(self.settings.sound, self.settings.sound_volume)

    @property
    def sound_missing(self) -> bool:
        """True once it is known that there is no sound device."""
        output = self.view.scene.sounds.output
        return getattr(output, "state", "ready") == "none"

    @property
    def dialogs(self) -> Dialogs:
        """The window's dialogs (made the first time one opens)."""
        if self._dialogs is None:
            from game.ui.app.dialogs import Dialogs

            self._dialogs = Dialogs(self)
        return self._dialogs

    def show_screen(self, name: str) -> None:
        if name in ("watch", "copy"):  # the win panel's Watch again and Copy game
            (self.watch_game if name == "watch" else self.copy_line)(self.view.game)
            return
        if name == "restart" and not self.session.in_progress:
            # Nothing to lose (no action yet, even undone, or won): no question (docs/RULES.md §7).
            self.restart()
            return
        self._show(self.dialogs.open(name))

    @staticmethod
    def share_line(game: Game) -> str | None:
        """The game as one line to share (docs/RULES.md §12), None when it has no code."""
        return share.line_of(game) if game.code is not None else None

    def copy_line(self, game: Game) -> bool:
        """The win panel's Copy game: the game as one line (docs/RULES.md §12)
        on the clipboard, and say so; True if it got there."""
        line = self.share_line(game)
        if line is None:  # a game typed as a position has no code
            self.view.notify(self.translator.t("replay.share.no_code"))
            return False
        copied = clipboard.write(self.window, line)
        self.view.notify(self.translator.t("replay.share.copied" if copied else "replay.share.no_clipboard"))
        return copied

    def watch_game(self, game: Game) -> None:
        """Replay `game` from its deal to where it stands (the win panel's Watch again)."""
        if game.code is None:  # a game typed as a position: there is no deal to replay it from
            self.view.notify(self.translator.t("replay.share.no_code"))
            return
        self.watch(share.SharedGame(game.code, tuple(game.record.split())))

    def watch(self, shared: share.SharedGame) -> None:
        """Open the replay of a shared game over the table (docs/RULES.md §13),
        playing from its deal. The replay has its own game and no hooks: nothing is saved or
        counted, and leaving it shows the game in progress as it was."""
        from game.engine.replay import Replay
        from game.ui.table.replay import ReplayView

        images = self.view.images
        view = ReplayView(
            Replay(shared.code, shared.record),
            self.settings,
            self.translator,
            self.back_to_table,
            window=self.window,
            atlas=images.atlas if images.sheet is None else None,  # the table's own (tests give one)
            cards=images.cards,
        )
        view.on_quit, view.voice.quiet_when = self.view.on_quit, self.view.voice.quiet_when  # as at the table
        view.on_settings_changed = self.settings_changed  # F11 is kept, as at the table
        self.replay_view = view
        self._show(view)
        view.toggle()  # it plays at once: the player asked to watch (Space pauses)

    def restart(self) -> None:
        """The same deal from the start, without asking (again)."""
        self._show(self.view)
        self.view.do(Command.REPLAY)

    def back_to_table(self) -> None:
        self.replay_view = None
        self._show(self.view)

    def play(self, game: Game, asked_from: str = "new") -> None:
        """Begin the game chosen on the New game screen; the one left counts
        as lost, so with one in progress the player is asked first, as
        Restart asks (docs/RULES.md §7)."""
        self._leaving(lambda: self._begin(game), asked_from)

    def _begin(self, game: Game, daily: date | None = None) -> None:
        self._report(self.session.begin(game, daily=daily))
        self._show(self.view)
        self.view.start_game(game)

    def _leaving(self, go: Callable[[], None], asked_from: str) -> None:
        """`go` at once, or once the player says the game in progress may be
        left (counted lost); Cancel goes back to the dialog it was asked from."""
        if not self.session.in_progress:
            go()
            return
        self._leave = (go, asked_from)
        self.show_screen("leave")

    def confirm_leave(self) -> None:
        go, _ = self._leave or (self.back_to_table, "")
        self._leave = None
        go()

    def cancel_leave(self) -> None:
        _, asked_from = self._leave or (None, "")
        self._leave = None
        if asked_from:
            self.show_screen(asked_from)
        else:
            self.back_to_table()

    def session_history(self) -> History:
        history, notices = self.session.history()
        self._report(notices)
        return history

    def play_code(self, code: str) -> None:
        """The history's Play again: the same deal afresh."""
        self.play(Game.from_code(code), asked_from="history")

    def watch_line(self, line: str) -> str | None:
        """The history's Watch: the game's replay, or the sentence saying why it cannot open."""
        try:
            shared = share.parse(line)
        except share.ShareError as err:
            return self.translator.t(f"replay.error.{err.what}", n=err.action or 0)
        self.watch(shared)
        return None

    def play_daily(self, variant: str, day: date | None = None) -> None:
        """Begin today's deal of `variant` (New game's Today's deal), or the
        deal of a past `day` (the calendar: played late, apart from the
        streak), asking first when a game that counts would be left: counted
        in the deal of the day's calendar and the variant's statistics."""
        asked_from = "new" if day is None else "daily"
        day = day or self.session.today()
        self._leaving(lambda: self._begin(self.session.todays_deal(variant, day), daily=day), asked_from)

    def open_calendar(self, variant: str) -> None:
        """New game's Deal of the day: the calendar, to play `variant`."""
        self._daily_variant = variant
        self.show_screen("daily")

    def daily_variant(self) -> str:
        return self._daily_variant

    def calendar(self) -> DailyRecord:
        record, notices = self.session.calendar()
        self._report(notices)
        return record

    def apply_settings(self, settings: Settings) -> None:
        new_language = settings.language != self.translator.lang
        self.translator = Translator(settings.language)
        self._report(self.session.change_settings(settings))
        self.view.apply_settings(settings, self.translator)
        self.view.scene.sounds.configure(settings.sound, settings.sound_volume)
        self.window.set_caption(self.translator.t("table.title"))  # the caption speaks the new language
        backdrop = getattr(self.window.current_view, "backdrop", None)  # the table behind the dialog
        if new_language and backdrop is not None:
            backdrop.again()  # shows the change at once: its bar, its variant line in the new language

    def quit(self, geometry: Geometry) -> None:
        """Ctrl+Q or the window's close button (the window closes next): the
        game is saved after every action already; the window's place is kept."""
        where = replace(self.settings, window=geometry.to_text(), window_maximized=geometry.maximized)
        self.session.change_settings(where)
        self.session.close()
        if self.view.scene.sounds.output is not None:
            self.view.scene.sounds.output.close()  # with a deadline: a frozen sound server never holds the exit

    def stats_reset(self, _stats: Stats) -> None:
        self._report(self.session.reset_stats())
