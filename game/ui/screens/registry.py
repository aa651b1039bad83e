"""Every dialog by name, and how each is made and told what changed: the one
list the application, the tests and the pictures (tools/screens_gallery.py)
all read.

A screen is made from a `Sources`: what the dialogs show (the settings, the
game, the statistics…) and what their buttons do. The application's sources
are live (`game.ui.app.dialogs`); the tests and the gallery give samples.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any, Protocol, TypeVar

from game.engine import Game
from game.records.daily_record import DailyRecord
from game.records.history import History
from game.records.settings import Settings
from game.records.share import SharedGame
from game.records.stats import Stats
from game.ui.cards.atlas import CardAtlas
from game.ui.screens.appearance import AppearanceScreen
from game.ui.screens.base import Screen
from game.ui.screens.calendar import CalendarScreen
from game.ui.screens.confirm import ConfirmScreen
from game.ui.screens.description import DescriptionScreen
from game.ui.screens.history import HistoryScreen
from game.ui.screens.new_game import NewGameScreen
from game.ui.screens.options import OptionsScreen
from game.ui.screens.rules import RulesScreen
from game.ui.screens.statistics import StatisticsScreen
from game.words.i18n import Translator

NAMES = ("new", "options", "appearance", "rules", "stats", "history", "describe", "restart", "leave", "daily")

S = TypeVar("S", bound=Screen)


class Sources(Protocol):
    """What the dialogs show and what their buttons do."""

    @property
    def translator(self) -> Translator: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def game(self) -> Game:
        """The game on the table."""
        ...

    @property
    def stats(self) -> Stats: ...

    @property
    def sound_missing(self) -> bool: ...

    @property
    def window(self) -> Any: ...

    def cards(self) -> CardAtlas: ...

    def in_progress(self) -> str | None:
        """The variant of the game in progress, not counted yet (None if none)."""
        ...

    def today(self) -> date: ...

    def history(self) -> History: ...

    def description(self) -> str:
        """The table in words, in the player's language."""
        ...

    def share_line(self) -> str | None: ...

    def show_screen(self, name: str) -> None: ...

    def back_to_table(self) -> None: ...

    def play(self, game: Game) -> None: ...

    def play_code(self, code: str) -> None: ...

    def play_daily(self, variant: str, day: date | None = None) -> None: ...

    def open_calendar(self, variant: str) -> None:
        """The deal of the day's calendar, to play `variant` (New game's choice)."""
        ...

    def daily_variant(self) -> str: ...

    def calendar(self) -> DailyRecord: ...

    def watch(self, shared: SharedGame) -> None: ...

    def watch_line(self, line: str) -> str | None: ...

    def restart(self) -> None: ...

    def confirm_leave(self) -> None: ...

    def cancel_leave(self) -> None: ...

    def apply_settings(self, settings: Settings) -> None: ...

    def stats_reset(self, stats: Stats) -> None: ...


def make(name: str, s: Sources) -> Screen:
    """The dialog `name`, made from `s`."""
    t, back = s.translator, s.back_to_table
    match name:
        case "new":
            game = s.game
            return NewGameScreen(t, game.suits, game.rule, s.play, back, on_watch=s.watch, on_daily=s.open_calendar)
        case "options":
            return OptionsScreen(
                s.settings,
                t,
                s.apply_settings,
                back,
                on_appearance=lambda: s.show_screen("appearance"),
                sound_missing=s.sound_missing,
            )
        case "appearance":
            return AppearanceScreen(s.settings, t, s.apply_settings, lambda: s.show_screen("options"), cards=s.cards)
        case "rules":
            return RulesScreen(t, back)
        case "stats":
            return StatisticsScreen(
                s.stats,
                t,
                s.stats_reset,
                back,
                in_progress=s.in_progress(),
                today=s.today(),
                on_history=lambda: s.show_screen("history"),
            )
        case "history":  # from Statistics, and back to it
            return HistoryScreen(s.history(), t, s.play_code, s.watch_line, lambda: s.show_screen("stats"))
        case "describe":
            return DescriptionScreen(s.description(), t, back, line=s.share_line(), window=s.window)
        case "restart":
            return ConfirmScreen(t, "restart", s.restart, back)
        case "leave":  # before New game, a deal of the day or Play again leave a game that counts
            return ConfirmScreen(t, "leave", s.confirm_leave, s.cancel_leave)
        case "daily":  # from New game, and back to it
            return CalendarScreen(
                t, s.calendar, s.today, s.daily_variant, s.play_daily, lambda: s.show_screen("new"), window=s.window
            )
    raise KeyError(name)


def update(name: str, screen: Screen, s: Sources) -> None:
    """Tell the kept dialog `name` what changed since it last showed."""
    updates: dict[str, Callable[[], None]] = {
        "new": lambda: _as(screen, NewGameScreen).reset(s.game.suits, s.game.rule),
        "options": lambda: _as(screen, OptionsScreen).reset(s.settings, s.sound_missing),
        "appearance": lambda: _as(screen, AppearanceScreen).reset(s.settings),
        "stats": lambda: _as(screen, StatisticsScreen).reset(s.stats, s.in_progress(), s.today()),
        "history": lambda: _as(screen, HistoryScreen).reset(s.history()),
        "describe": lambda: _as(screen, DescriptionScreen).reset(s.description(), s.share_line()),
    }
    change = updates.get(name)
    if change is not None:
        change()
    screen.use(s.translator)


def _as(screen: Screen, kind: type[S]) -> S:
    assert isinstance(screen, kind)
    return screen
