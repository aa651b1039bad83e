"""Sample sources for the dialogs (`game.ui.screens.registry.Sources`): the
pictures of docs/screens/ (tools/screens_gallery.py) and the screen tests
show every dialog with the same, realistic data — a game in progress, years
of statistics, a page of last games — and buttons that only note their press.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, timedelta
from typing import Any

from game.engine import Game
from game.records.daily_record import DailyRecord, aware
from game.records.history import History, PlayedGame
from game.records.settings import Settings
from game.records.share import SharedGame, line_of
from game.records.stats import Stats
from game.ui.cards.atlas import CardAtlas
from game.ui.cards.loading import CardPipeline
from game.words.i18n import Translator, catalogue

TODAY = date(2026, 11, 13)


def sample_stats() -> Stats:
    """A few games of three variants, and a streak of daily deals."""
    stats = Stats()
    stats["2C"].add_win(1183, 117, seconds=1265)
    stats["2C"].add_win(1097, 146, seconds=1731)
    stats["2C"].add_loss(seconds=840)
    stats["1C"].add_win(1201, 104, seconds=498)
    stats["4F"].add_loss(seconds=3125)
    for day in (10, 11, 12):
        stats.daily.add_won(date(2026, 11, day))
    return stats


def sample_history(games: int = 37) -> History:
    """Games of every variant and result, the longest numbers players see;
    every fourth kept without its line (too long to keep: no Watch)."""
    history = History()
    for n in range(games):
        variant = ("1C", "2C", "2F", "4C", "4F")[n % 5]
        code = f"SP1-S{variant}-AAAAAA{'ABCDEFGH'[n % 8]}"
        result = ("won", "lost", "abandoned")[n % 3]
        score = 1183 - n * 7 if result == "won" else 480 - n * 3
        line = None if n % 4 == 3 else f"{code}:0:"
        when = datetime(2026, 11, 1, 8, 0) + timedelta(hours=7 * n)
        history.add(PlayedGame(when, variant, code, result, score, 100 + n * 13, 95 + n * 377, line))
    return history


def sample_calendar() -> DailyRecord:
    """A month of deals of the day: a streak won, a day played and not won, a day won late."""
    record = DailyRecord()
    for day in (9, 10, 11, 12):
        record.add(date(2026, 11, day), "2C", won=True, moves=131 + day, seconds=462 + day, when=moment(2026, 11, day))
    record.add(date(2026, 11, 3), "4F", won=False, moves=57, seconds=723, when=moment(2026, 11, 3))
    record.add(date(2026, 11, 5), "1C", won=True, moves=104, seconds=498, when=moment(2026, 11, 7), late=True)
    return record


def moment(year: int, month: int, day: int) -> datetime:
    return aware(datetime(year, month, day, 20, 0))


class SampleSources:
    """Every dialog's sources, with sample data; a button's press is noted in `pressed`."""

    def __init__(
        self,
        lang: str = "en",
        table: str = "green",
        game: Game | None = None,
        window: Any = None,
        cards: CardPipeline | None = None,
    ) -> None:
        self.card_pipeline = cards if cards is not None else CardPipeline()  # the table's, if there is one
        self.translator = Translator(lang)
        self.settings = Settings(language=lang, table=table)
        if game is None:
            game = Game.from_code("SP1-S2C-AAAAAAD")
            game.play("deal")
        self.game = game
        self.stats = sample_stats()
        self.sound_missing = False
        self.window = window
        self.pressed: list[tuple[str, object]] = []
        self._history = sample_history()
        self._calendar = sample_calendar()

    def _note(self, name: str) -> Callable[..., None]:
        return lambda *args: self.pressed.append((name, args[0] if args else None))

    def cards(self) -> CardAtlas:
        return CardAtlas.shared(self.card_pipeline)

    def in_progress(self) -> str | None:
        return "2C"

    def today(self) -> date:
        return TODAY

    def history(self) -> History:
        return self._history

    def description(self) -> str:
        return self.game.describe(catalogue(self.settings.language))

    def share_line(self) -> str | None:
        return line_of(self.game)

    def show_screen(self, name: str) -> None:
        self._note("show_screen")(name)

    def back_to_table(self) -> None:
        self._note("back")()

    def play(self, game: Game) -> None:
        self._note("play")(game)

    def play_code(self, code: str) -> None:
        self._note("play_code")(code)

    def play_daily(self, variant: str, day: date | None = None) -> None:
        self._note("play_daily")((variant, day))

    def open_calendar(self, variant: str) -> None:
        self._note("open_calendar")(variant)

    def daily_variant(self) -> str:
        return "2C"

    def calendar(self) -> DailyRecord:
        return self._calendar

    def watch(self, shared: SharedGame) -> None:
        self._note("watch")(shared)

    def watch_line(self, line: str) -> str | None:
        self._note("watch_line")(line)
        return None

    def restart(self) -> None:
        self._note("restart")()

    def confirm_leave(self) -> None:
        self._note("confirm_leave")()

    def cancel_leave(self) -> None:
        self._note("cancel_leave")()

    def apply_settings(self, settings: Settings) -> None:
        self._note("settings")(settings)

    def stats_reset(self, stats: Stats) -> None:
        self._note("stats_reset")(stats)
