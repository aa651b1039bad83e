"""One run of Spider for one player, without a window: the application logic.

The session owns what outlives a screen: the game in progress, the settings,
the statistics and the data folder they are saved in. The interface (the
table, the screens, `game.ui.app.controller`) asks it to act and shows what it
answers; nothing here imports arcade, so every rule below is tested without
OpenGL (``tests/play/test_session.py``).

- **Launch** (`Session.open`): takes the data folder for this process (one
  Spider per folder, `game.files.folder_lock`), clears what crashed saves left,
  loads the three files, and resumes the game in progress, or begins the
  game asked for, or a new deal of the variant the player last chose.
- **Each action** (`record`): the game is saved at once; a win is counted.
- **Leaving a game** (`begin` another, `restart`, `new_deal`): a game counts
  from its first action, even if every action was undone since (the
  ``started`` flag, saved with the game so a relaunch does not forget it);
  leaving a game that counts and is not won counts a loss. A fresh deal, of
  whatever origin (a restart, "Same deal again" after a win, a new game),
  starts uncounted. Closing the window counts nothing: the game resumes at
  the next launch.
- **Settings** (`change_settings`): a new immutable `Settings`, saved.

Every method that writes returns the `Notice`s of what could not be written;
the interface words them (once per file, not per move).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import date, datetime
from pathlib import Path

from game.engine import Game, Rule
from game.engine.events import Event, GameWon, TableDealt
from game.files.folder_lock import FolderLock
from game.files.storage import Notice, Storage
from game.play.clock import Hold, PlayClock
from game.records.daily import daily_code
from game.records.daily_record import FIRST_DAY, DailyRecord, DayResult, aware
from game.records.history import History, PlayedGame
from game.records.settings import Settings
from game.records.stats import Stats, WinFacts, variant_of


class Session:
    """The game in progress, the settings and statistics, and their files."""

    def __init__(
        self,
        storage: Storage,
        settings: Settings,
        stats: Stats,
        game: Game,
        *,
        started: bool = False,
        lock: FolderLock | None = None,
        daily: date | None = None,
        late: bool = False,
        clock: Callable[[], datetime] = datetime.now,
        seconds: int = 0,
        ticker: Callable[[], float] = time.monotonic,
    ) -> None:
        self._storage = storage
        self._settings = settings
        self._stats = stats
        self._game = game
        self._started = started
        self._daily = daily  # the day whose deal this game is (docs/RULES.md §14), else None
        self._late = late and daily is not None  # begun after its day (from the calendar): no streak
        self._calendar: DailyRecord | None = None  # read when first needed, as the history
        self._clock = clock
        # Time played (docs/RULES.md §15), from what earlier runs counted; the
        # interface holds it while the game is not played (`clock`).
        self.clock = PlayClock(ticker, seconds)
        if game.is_won:
            self.clock.hold(Hold.OVER)
        self._history: History | None = None  # read when first needed: launch reads no more files
        self._lock = lock  # held for the life of the session (the process)
        # Values the command line set for this run only (--lang, --fullscreen):
        # name → (this run's value, the saved one). Saves write the saved one
        # until the player changes that setting himself.
        self._launch_only: dict[str, tuple[object, object]] = {}

    @classmethod
    def open(
        cls,
        folder: Path,
        requested: Game | None = None,
        *,
        fullscreen: bool = False,
        language: str | None = None,
        clock: Callable[[], datetime] = datetime.now,
        environ: Mapping[str, str] | None = None,
        background: bool = False,
    ) -> tuple[Session, list[Notice]]:
        """Launch on `folder`: the requested game, else the game in progress,
        else a new deal of the variant the player last chose; `fullscreen`
        (``--fullscreen``) and `language` (``--lang``) hold for this run and
        are not saved; `background`: saves are written on a thread of their
        own (`problems` tells of failures). Raises `FolderInUse` when another
        Spider has the folder, `FolderBlocked` when something else in the
        lock's place keeps it from being taken."""
        lock = FolderLock.acquire(folder)
        storage = Storage(folder, clock=clock, environ=environ)
        if background:
            storage.write_in_background()
        storage.remove_stale_temporaries()
        saved_settings, notices = storage.load_settings()
        launch = {
            "fullscreen": saved_settings.fullscreen or fullscreen,
            "language": language or saved_settings.language,
        }
        settings = replace(saved_settings, **launch)  # type: ignore[arg-type]
        stats, found = storage.load_stats()
        notices += found
        saved, found = storage.load_game()
        notices += found
        if saved is not None:
            session = cls(
                storage,
                settings,
                stats,
                saved.game,
                started=saved.started,
                lock=lock,
                daily=saved.daily,
                late=saved.late,
                clock=clock,
                seconds=saved.seconds,
            )
            session._remember_launch_only(saved_settings)
            if requested is None and not saved.game.is_won:
                return session, notices  # resumed: it is on disk already
            # Launching another game leaves this one, as New game does; a
            # finished game is not resumed.
            notices += session.begin(requested or session.deal_of(variant_of(saved.game)))
            return session, notices
        session = cls(storage, settings, stats, requested or cls.deal_of(settings.variant), lock=lock, clock=clock)
        session._remember_launch_only(saved_settings)
        notices += session.begin(session.game)
        return session, notices

    def close(self) -> None:
        """Save the game with its time played up to now (the time since the
        last action would be lost otherwise), then let another Spider have
        the folder (the process ending does it too), once every save is on
        disk."""
        self._save_game()
        self._storage.flush()
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    # ---- what the interface reads -----------------------------------------

    @property
    def game(self) -> Game:
        return self._game

    @property
    def settings(self) -> Settings:
        return self._settings

    @property
    def stats(self) -> Stats:
        return self._stats

    # ---- time played and the last games ------------------------------------

    @property
    def seconds(self) -> int:
        """The time this game has been played, in whole seconds."""
        return self.clock.seconds

    def history(self) -> tuple[History, list[Notice]]:
        """The last games (read from disk the first time)."""
        if self._history is not None:
            return self._history, []
        self._history, notices = self._storage.load_history()
        return self._history, notices

    def _remember(self, result: str | None) -> list[Notice]:
        """Put the game being finished or left in the history, and save it."""
        history, notices = self.history()
        history.add(PlayedGame.of(self._game, self._clock(), self.seconds, result))
        notice = self._storage.save_history(history)
        return notices + ([notice] if notice else [])

    def win_facts(self, game: Game) -> WinFacts | None:
        """What the win panel tells of `game` beside its score (its win
        counted by now): the variant's record, the streak, the time played.
        None for any game but the session's (a replay's)."""
        if game is not self._game:
            return None
        variant = variant_of(game)
        numbers = self._stats[variant]
        return WinFacts(variant, numbers.won, numbers.played, numbers.current_streak, self.seconds)

    @property
    def daily(self) -> date | None:
        """The day whose deal the game is, None for any other game."""
        return self._daily

    @property
    def late(self) -> bool:
        """The game is a past day's deal, begun after its day (from the calendar): not in the streak."""
        return self._late

    def today(self) -> date:
        """The player's local date (the deal of the day follows it)."""
        return self._clock().date()

    def todays_deal(self, variant: str, day: date | None = None) -> Game:
        """Today's deal of `variant` (``"2F"``), or the deal of another `day`, at its first table."""
        return Game.from_code(daily_code(day or self.today(), variant))

    def calendar(self) -> tuple[DailyRecord, list[Notice]]:
        """The days whose deal was played (read from disk the first time)."""
        if self._calendar is not None:
            return self._calendar, []
        self._calendar, notices = self._storage.load_daily()
        return self._calendar, notices

    def day_result(self, day: date | None = None, variant: str | None = None) -> DayResult | None:
        """The result of `day` (today by default) in `variant` (else the day's
        best): as recorded, or, while its deal is the game being played, that
        game as it stands now."""
        day = day or self.today()
        record, _ = self.calendar()
        if self._daily == day and not self._game.is_won and variant in (None, variant_of(self._game)):
            known = record.result(day, variant_of(self._game))
            if self._started and not (known is not None and known.won):
                return self._day_result(won=False)
        return record.result(day, variant)

    def _day_result(self, *, won: bool) -> DayResult:
        game, now = self._game, aware(self._clock())
        return DayResult(
            variant_of(game), won, game.moves, self.seconds, self._late, now.replace(second=0, microsecond=0)
        )

    def _note_day(self, *, won: bool) -> list[Notice]:
        """The deal of the day being played began to count, was won or was left: in the calendar."""
        if self._daily is None:
            return []
        record, notices = self.calendar()
        result = self._day_result(won=won)
        record.add(
            self._daily,
            result.variant,
            won=won,
            moves=result.moves,
            seconds=result.seconds,
            when=result.when,
            late=self._late,
        )
        notice = self._storage.save_daily(record)
        return notices + ([notice] if notice else [])

    @property
    def in_progress(self) -> bool:
        """The game counts (an action was made, even if undone) and is not won:
        leaving it now would count a loss."""
        return self._started and not self._game.is_won

    def in_progress_variant(self) -> str | None:
        """The variant (``"2F"``) of the game in progress, for the Statistics
        screen; None when no game is in progress."""
        return variant_of(self._game) if self.in_progress else None

    # ---- what the player does ----------------------------------------------

    def record(self, events: Sequence[Event]) -> list[Notice]:
        """After every action on the game (move, deal, undo, restart): save
        it, and count a win. A table laid out anew (`TableDealt`: a restart,
        the win panel's same deal again, a new game shown) is a fresh deal,
        uncounted until its first action, whatever came before it."""
        if any(isinstance(event, TableDealt) for event in events):
            self._started = False
            self.clock.reset()  # a table laid out again: its time counts from zero
        begun = not self._started and bool(self._game.record)
        self._started = self._started or bool(self._game.record)
        won = any(isinstance(event, GameWon) for event in events)
        if won:
            self.clock.hold(Hold.OVER)  # the time of a won game stops at the win
        notices = [self._save_game()]
        if won:
            self._stats.record_win(self._game, self.seconds)
            notices += self._remember("won")
        if self._daily is not None and (begun or won):
            # A past day played from the calendar is counted apart (`calendar`), never in the streak.
            if not self._late:
                (self._stats.daily.add_won if won else self._stats.daily.add_played)(self._daily)
            notices += self._note_day(won=won)
        if won or (begun and self._daily is not None):
            notices.append(self._storage.save_stats(self._stats))
        return [n for n in notices if n is not None] + self._storage.problems()

    def problems(self) -> list[Notice]:
        """Saves written in the background that failed since last asked."""
        return self._storage.problems()

    def abandon(self) -> list[Notice]:
        """The player leaves the game unfinished: a loss if it counts. The
        game itself stays (a restart plays it again from the start). Either
        way the game no longer counts: a won game left for its own deal
        again is not in progress again."""
        if not self.in_progress:
            self._started = False
            return []
        self._stats.record_loss(self._game, self.seconds)
        left = self._note_day(won=False)  # the day's result as it was left
        self._started = False
        notice = self._storage.save_stats(self._stats)
        return left + ([notice] if notice else []) + self._remember(None)

    def begin(self, game: Game, *, daily: date | None = None) -> list[Notice]:
        """Play `game` from now on (a new deal, a code, New game): the one
        left counts a loss if it was in progress; its variant is remembered
        for the next new deal. `daily`: the day whose deal it is (New game's
        Today's deal, or a past day from the calendar: played late, counted
        apart from the streak), kept in the calendar and the statistics."""
        notices = self.abandon() if game is not self._game else []
        if game is not self._game:
            self.clock.reset()
            # Only the day's own deal is that day's (a file must never say otherwise), and no day to come.
            today = self.today()
            ours = (
                daily is not None and FIRST_DAY <= daily <= today and game.code == daily_code(daily, variant_of(game))
            )
            self._daily = daily if ours else None
            self._late = self._daily is not None and self._daily < today
        self._game, self._started = game, bool(game.record)
        notices += self.change_settings(replace(self._settings, variant=variant_of(game)))
        notice = self._save_game()
        return notices + ([notice] if notice else [])

    def _save_game(self) -> Notice | None:
        return self._storage.save_game(self._game, self._started, self._daily, self.seconds, self._late)

    def new_deal(self) -> tuple[Game, list[Notice]]:
        """A new random deal of the current game's variant, begun."""
        game = self.deal_of(variant_of(self._game))
        return game, self.begin(game)

    def restart(self) -> tuple[list[Event], list[Notice]]:
        """The same deal from its first table (a loss if the game counted)."""
        notices = self.abandon()
        self._started = False
        events = self._game.restart()
        return events, notices + self.record(events)

    def change_settings(self, settings: Settings) -> list[Notice]:
        """Use and save new settings (nothing is written when nothing changed).
        A value set for this run only is saved once the player changes it."""
        if settings == self._settings:
            return []
        for name, (this_run, _saved) in list(self._launch_only.items()):
            if getattr(settings, name) != this_run:
                del self._launch_only[name]  # the player chose: saved from now on
        kept = {name: saved for name, (_this_run, saved) in self._launch_only.items()}
        self._settings = settings
        notice = self._storage.save_settings(replace(settings, **kept))  # type: ignore[arg-type]
        return [notice] if notice else []

    def _remember_launch_only(self, saved: Settings) -> None:
        for name in ("fullscreen", "language"):
            this_run, on_disk = getattr(self._settings, name), getattr(saved, name)
            if this_run != on_disk:
                self._launch_only[name] = (this_run, on_disk)

    def reset_stats(self) -> list[Notice]:
        """Forget every statistic (the screen has asked the player first)."""
        self._stats.reset()
        notice = self._storage.save_stats(self._stats)
        return [notice] if notice else []

    @staticmethod
    def deal_of(variant: str) -> Game:
        """A new random deal of `variant` (``"4F"``)."""
        return Game.random(int(variant[0]), Rule.FLEXIBLE if variant[1] == "F" else Rule.CLASSIC)
