"""The application: the table view wired to storage, statistics and the screens.

The table view knows nothing of files or other screens; it calls hooks. This
module answers them: it autosaves after every action (so a crash or a kill
loses at most the action in flight), counts wins and abandoned games, applies
and saves options, and swaps the window between the table and the screens.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from game.engine import Game
from game.engine.events import Event, GameWon
from game.i18n import Translator, catalogue
from game.settings import Settings
from game.stats import Stats
from game.storage import Notice, Storage

from .intents import Command
from .table_view import GameView


class SpiderApp:
    """Owns the player's settings and statistics for one run of the game."""

    def __init__(self, view: GameView, storage: Storage, settings: Settings, stats: Stats) -> None:
        self.view = view
        self.window = view.window
        self.storage = storage
        self.settings = settings
        self.stats = stats
        self.translator = Translator(settings.language)
        view.on_game_changed = self.game_changed
        view.on_leaving_game = self.leaving_game
        view.on_settings_changed = self.settings_changed
        view.on_screen = self.show_screen
        self._notices: set[str] = set()

    # ---- hooks from the table ------------------------------------------------

    def game_changed(self, game: Game, events: list[Event]) -> None:
        self._report(self.storage.save_game(game))
        if any(isinstance(event, GameWon) for event in events) and self.stats.record_win(game):
            self._report(self.storage.save_stats(self.stats))

    def leaving_game(self, game: Game) -> None:
        if self.stats.record_abandoned(game):
            self._report(self.storage.save_stats(self.stats))

    def settings_changed(self, settings: Settings) -> None:
        self.settings = settings
        self._report(self.storage.save_settings(settings))

    def show_notices(self, notices: list[Notice]) -> None:
        """Tell the player about files that could not be used (at launch)."""
        if notices:
            self.view.notify("  ".join(notice.text(self.translator) for notice in notices))

    def _report(self, notice: Notice | None) -> None:
        # A failing disk fails every save: say so once per file, not per move.
        if notice is not None and notice.file not in self._notices:
            self._notices.add(notice.file)
            self.view.notify(notice.text(self.translator))

    # ---- screens ---------------------------------------------------------------

    @staticmethod
    def load_screens() -> None:
        """Import the screens (and arcade.gui): after the first frame, not
        before it, so the table shows sooner; by the first click, it is done."""
        from . import screens  # noqa: F401

    def show_screen(self, name: str) -> None:
        from .screens import ConfirmView, DescriptionView, NewGameView, OptionsView, RulesView, StatisticsView
        from .screens.base import ScreenView

        if name == "restart" and not self.view.game.record:
            self.restart()  # nothing to lose: no question (issue 12 §1)
            return
        t = self.translator
        game = self.view.game
        back = self.back_to_table
        screens: dict[str, Callable[[], ScreenView]] = {
            "new": lambda: NewGameView(t, game.suits, game.rule, on_play=self.play, on_cancel=back),
            "options": lambda: OptionsView(self.settings, t, on_change=self.apply_settings, on_close=back),
            "rules": lambda: RulesView(t, on_close=back),
            "stats": lambda: StatisticsView(self.stats, t, on_reset=self.stats_reset, on_close=back),
            "describe": lambda: DescriptionView(game.describe(catalogue(self.settings.language)), t, on_close=back),
            "restart": lambda: ConfirmView(t, "restart", on_yes=self.restart, on_no=back),
        }
        # Over the table, which stays visible behind, dimmed (issue 12 §5).
        self.window.show_view(screens[name]().over(self.view))

    def restart(self) -> None:
        """The same deal from the start, without asking (again)."""
        self.window.show_view(self.view)
        self.view.do(Command.REPLAY)

    def back_to_table(self) -> None:
        self.window.show_view(self.view)

    def play(self, game: Game) -> None:
        self.window.show_view(self.view)
        self.view.start_game(game)

    def apply_settings(self, settings: Settings) -> None:
        self.settings = replace(settings)
        self.translator = Translator(settings.language)
        self.view.apply_settings(self.settings, self.translator)
        self._report(self.storage.save_settings(self.settings))

    def stats_reset(self, stats: Stats) -> None:
        self.stats = stats
        self._report(self.storage.save_stats(stats))
