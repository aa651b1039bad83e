"""The dialogs of one window, each made the first time it opens and kept.

`Dialogs` owns the window's `ScreensView` and one screen of each kind
(`screens.registry`). Opening a dialog tells the kept screen what changed
since it last showed (the settings, the statistics, the table in words…)
and the language of the moment, then shows it over the table; nothing is
made again, so a dialog opens at once, and closing it frees nothing because
opening took nothing. The application (`controller.SpiderApp`) says what
each dialog's buttons do, through `AppSources`.
"""

from __future__ import annotations

from datetime import date
from typing import Any, Protocol

import arcade

from game.engine import Game
from game.play.session import Session
from game.records.daily_record import DailyRecord
from game.records.history import History
from game.records.settings import Settings
from game.records.share import SharedGame
from game.records.stats import Stats
from game.ui.cards.atlas import CardAtlas
from game.ui.screens import registry
from game.ui.screens.base import Screen
from game.ui.screens.host import ScreensView
from game.ui.table.view import GameView
from game.words.i18n import Translator


class App(Protocol):
    """What the dialogs ask of the application (`controller.SpiderApp`)."""

    window: arcade.Window
    view: GameView
    session: Session
    translator: Translator

    @property
    def settings(self) -> Settings: ...

    @property
    def sound_missing(self) -> bool: ...

    def show_screen(self, name: str) -> None: ...

    def back_to_table(self) -> None: ...

    def play(self, game: Game) -> None: ...

    def play_code(self, code: str) -> None: ...

    def play_daily(self, variant: str, day: date | None = None) -> None: ...

    def open_calendar(self, variant: str) -> None: ...

    def daily_variant(self) -> str: ...

    def calendar(self) -> DailyRecord: ...

    def watch(self, shared: SharedGame) -> None: ...

    def watch_line(self, line: str) -> str | None: ...

    def restart(self) -> None: ...

    def confirm_leave(self) -> None: ...

    def cancel_leave(self) -> None: ...

    def apply_settings(self, settings: Settings) -> None: ...

    def stats_reset(self, stats: Stats) -> None: ...

    def session_history(self) -> History: ...

    @staticmethod
    def share_line(game: Game) -> str | None: ...


class AppSources:
    """The application as the dialogs' `registry.Sources`: live values and its actions."""

    def __init__(self, app: App) -> None:
        self.app = app

    @property
    def translator(self) -> Translator:
        return self.app.translator

    @property
    def settings(self) -> Settings:
        return self.app.settings

    @property
    def game(self) -> Game:
        return self.app.view.game

    @property
    def stats(self) -> Stats:
        return self.app.session.stats

    @property
    def sound_missing(self) -> bool:
        return self.app.sound_missing

    @property
    def window(self) -> Any:
        return self.app.window

    def cards(self) -> CardAtlas:
        return self.app.view.images.atlas  # the table's own card images: nothing more is decoded

    def in_progress(self) -> str | None:
        return self.app.session.in_progress_variant()

    def today(self) -> date:
        return self.app.session.today()

    def history(self) -> History:
        return self.app.session_history()

    def description(self) -> str:
        return self.app.view.table_in_words()

    def share_line(self) -> str | None:
        return self.app.share_line(self.game)

    def show_screen(self, name: str) -> None:
        self.app.show_screen(name)

    def back_to_table(self) -> None:
        self.app.back_to_table()

    def play(self, game: Game) -> None:
        self.app.play(game)

    def play_code(self, code: str) -> None:
        self.app.play_code(code)

    def play_daily(self, variant: str, day: date | None = None) -> None:
        self.app.play_daily(variant, day)

    def open_calendar(self, variant: str) -> None:
        self.app.open_calendar(variant)

    def daily_variant(self) -> str:
        return self.app.daily_variant()

    def calendar(self) -> DailyRecord:
        return self.app.calendar()

    def watch(self, shared: SharedGame) -> None:
        self.app.watch(shared)

    def watch_line(self, line: str) -> str | None:
        return self.app.watch_line(line)

    def restart(self) -> None:
        self.app.restart()

    def confirm_leave(self) -> None:
        self.app.confirm_leave()

    def cancel_leave(self) -> None:
        self.app.cancel_leave()

    def apply_settings(self, settings: Settings) -> None:
        self.app.apply_settings(settings)

    def stats_reset(self, stats: Stats) -> None:
        self.app.stats_reset(stats)


class Dialogs:
    """The window's dialogs (see the module docstring)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.sources = AppSources(app)
        self.host = ScreensView(app.window)
        self.screens: dict[str, Screen] = {}

    def screen(self, name: str) -> Screen:
        """The kept screen `name`, told what changed since it last showed."""
        screen = self.screens.get(name)
        if screen is None:
            screen = self.screens[name] = registry.make(name, self.sources)
        else:
            registry.update(name, screen, self.sources)
        return screen

    def prepare_next(self) -> bool:
        """Make the next dialog not yet made, ready to show (its texts laid
        out, its images made), without showing it; False once all are."""
        name = next((n for n in registry.NAMES if n not in self.screens), None)
        if name is None:
            return False
        self.host.prepare(self.screen(name))
        return True

    def open(self, name: str) -> ScreensView:
        """Show the dialog `name` over the table, dimmed behind it (docs/RULES.md §10)."""
        return self.host.open(self.screen(name), over=self.app.view)

    @property
    def shown(self) -> Screen | None:
        """The screen open now (None when the table shows)."""
        return self.host.screen if self.app.window.current_view is self.host else None
