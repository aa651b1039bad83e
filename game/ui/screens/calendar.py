"""The deal of the day's calendar (docs/RULES.md §14): a month of days, the
days played and won marked, the streak, a day's result, Copy result, and
any day since the first played from here (a past day counts apart from the
streak). Opened from New game, with the variant chosen there.

The month is six rows of seven days, made once: turning a month gives the
same buttons other dates (a day outside the month shows nothing).
"""

from __future__ import annotations

import calendar as months
from collections.abc import Callable
from datetime import date, datetime
from typing import Any

from game.records.daily_record import FIRST_DAY, DailyRecord, aware
from game.records.daily_text import date_text, days_text, month_title, result_line, result_text, weekday_initials
from game.records.history import variant_name
from game.ui.panel import look
from game.ui.panel.boxes import Box, Grid
from game.ui.panel.nodes import Button, Kind, Node, Text
from game.ui.render import clipboard
from game.ui.screens.base import Screen
from game.words.i18n import Translator

WEEKS = 6  # rows of a month, at most
DAY_WIDTH = (56, 48, 42)  # design pixels of a day's button, roomy to tight
DAY_HEIGHT = (34, 30, 26)


class CalendarScreen(Screen):
    """The calendar. `record()` gives the calendar as it is now, `today()`
    the day, `variant()` the variant New game has chosen; `on_play(variant,
    day)` plays a day's deal; `on_back()` goes back to New game."""

    title = "daily.calendar.title"
    first = "play"

    def __init__(
        self,
        translator: Translator,
        record: Callable[[], DailyRecord],
        today: Callable[[], date],
        variant: Callable[[], str],
        on_play: Callable[[str, date], None],
        on_back: Callable[[], None],
        *,
        window: Any = None,
        now: Callable[[], datetime] | None = None,
    ) -> None:
        self._record = record
        self._today = today
        self._variant = variant
        self._on_play = on_play
        self._on_back = on_back
        self._now = now or (lambda: aware(datetime.combine(today(), datetime.now().time())))  # at `today`
        self.window = window  # the clipboard's (None: the current window)
        self.record = DailyRecord()
        self.day = date.today()
        self.shown = (self.day.year, self.day.month)
        self.status = ""
        super().__init__(translator)

    def opened(self) -> None:
        """Opened (again): the calendar as it is now, today chosen, its month shown."""
        self.record = self._record()
        self.day = self._today()
        self.shown = (self.day.year, self.day.month)
        self.status = ""
        self.touch()
        super().opened()

    # ---- the month -----------------------------------------------------------

    def date_at(self, slot: int) -> date | None:
        """The date in slot `slot` (0-41, Monday first) of the month shown."""
        year, month = self.shown
        first_weekday, length = months.monthrange(year, month)
        number = slot - first_weekday + 1
        return date(year, month, number) if 1 <= number <= length else None

    def playable(self, day: date) -> bool:
        return FIRST_DAY <= day <= self._today()

    def turn(self, step: int) -> None:
        year, month = self.shown
        month += step
        year, month = year + (month - 1) // 12, (month - 1) % 12 + 1
        if (date(year, month, 1) <= self._today()) and (
            date(year, month, months.monthrange(year, month)[1]) >= FIRST_DAY
        ):
            self.shown = (year, month)
            self.touch()

    def can_turn(self, step: int) -> bool:
        year, month = self.shown
        if step < 0:
            return date(year, month, 1) > FIRST_DAY
        return (year, month) < (self._today().year, self._today().month)

    def choose(self, slot: int) -> None:
        day = self.date_at(slot)
        if day is not None and self.playable(day):
            self.day = day
            self.status = ""
            self.touch()

    def play(self) -> None:
        self._on_play(self._variant(), self.day)

    def copy(self) -> bool:
        """The chosen day's result as one line on the clipboard; True if it got there."""
        result = self.record.result(self.day)
        if result is None:
            return False
        line = result_line(self.t, self.day, result)
        copied = clipboard.write(self._window(), line)
        self.status = self.t("daily.calendar.copied" if copied else "daily.calendar.no_clipboard")
        self.touch()
        return copied

    def _window(self) -> Any:
        if self.window is not None:
            return self.window
        import arcade

        return arcade.get_window()

    def on_back(self) -> None:
        self._on_back()

    # ---- what it says ----------------------------------------------------------

    def result_of(self, day: date) -> str:
        result = self.record.result(day)
        return self.t("daily.calendar.not_played") if result is None else result_text(self.t, result)

    def day_kind(self, slot: int) -> Kind:
        day = self.date_at(slot)
        if day is None:
            return "day"
        if day == self.day:
            return "selected"
        if self.record.won(day, on_time=True):
            return "won"
        return "played" if self.record.played(day) else "day"

    def _chosen(self) -> str:
        day = date_text(self.t, self.day)
        if self.day == self._today():
            day = self.t("daily.calendar.today", date=day)
        return f"{day}: {self.result_of(self.day)}"

    def _streak(self) -> str:
        return self.t(
            "daily.calendar.streak",
            streak=days_text(self.t, self.record.current_streak(self._now())),
            best=days_text(self.t, self.record.best_streak),
        )

    # ---- nodes -------------------------------------------------------------

    def _day(self, slot: int) -> Button:
        def caption() -> str:
            day = self.date_at(slot)
            return "" if day is None else str(day.day)

        def label() -> str:
            day = self.date_at(slot)
            return (
                ""
                if day is None
                else self.t("daily.calendar.day_label", date=date_text(self.t, day), result=self.result_of(day))
            )

        button = Button(
            f"day.{slot}",
            caption,
            lambda: self.choose(slot),
            kind=lambda: self.day_kind(slot),
            width=DAY_WIDTH,
            height=DAY_HEIGHT,
            exact=True,
            enabled=lambda: (day := self.date_at(slot)) is not None and self.playable(day),
            shown=lambda: self.date_at(slot) is not None,  # a sixth row only when the month needs it
        )
        button.label = label
        return button

    def _month(self) -> Grid:
        initials: list[Node | None] = [
            Text(self._initial(n), size=look.SMALL_SIZE, colour=look.TEXT_DIM) for n in range(7)
        ]
        rows: list[list[Node | None]] = [initials]
        rows += [[self._day(week * 7 + n) for n in range(7)] for week in range(WEEKS)]
        return Grid(rows, column_gap=4, row_gap=4, align=["center"] * 7)

    def _initial(self, n: int) -> Callable[[], str]:
        return lambda: weekday_initials(self.t)[n]

    def build(self) -> Box:
        previous = self.button("previous", "daily.calendar.previous", lambda: self.turn(-1), width=40, height=34)
        previous.caption = lambda: "‹"
        previous.enabled = lambda: self.can_turn(-1)
        following = self.button("next", "daily.calendar.next", lambda: self.turn(1), width=40, height=34)
        following.caption = lambda: "›"
        following.enabled = lambda: self.can_turn(1)
        title = Text(lambda: month_title(self.t, *self.shown), size=look.HEADING_SIZE, bold=True, colour=look.GOLD)
        copy = self.button("copy", "daily.calendar.copy", lambda: self.copy())
        copy.enabled = lambda: self.record.result(self.day) is not None
        return self.panel(
            self.title_text(),
            Box(previous, title, following, row=True, gap=16, align="center"),
            self._month(),
            Text(self._streak, bold=True),
            Text(self._chosen, wrap=True, align="center", lines=2),
            Text(
                lambda: self.t("daily.calendar.variant", variant=variant_name(self.t, self._variant())),
                colour=look.TEXT_DIM,
            ),
            Box(
                self.button("play", "daily.calendar.play", lambda: self.play(), kind="selected", size=16),
                copy,
                self.button("back", "daily.calendar.back", lambda: self.on_back()),
                row=True,
                gap=16,
            ),
            Text(lambda: self.status, size=look.SMALL_SIZE, colour=look.TEXT_DIM, lines=1),
            Text(
                self.say("daily.calendar.legend"),
                size=look.SMALL_SIZE,
                colour=look.TEXT_DIM,
                wrap=True,
                align="center",
                hint=True,
            ),
            gap=10,
        )
