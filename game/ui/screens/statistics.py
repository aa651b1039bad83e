"""Statistics: a table of every variant and of all of them together, and a reset that asks first.

The variants are the columns and the numbers the rows, so the averages of
the wins and the time played fit beside the counts even at 800 px in
Spanish; the last column adds every variant up (docs/RULES.md §11). Every
figure is a text node of its own, read by a screen reader in reading order.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from game.records.history import clock_text, variant_name
from game.records.stats import VARIANTS, Stats, VariantStats
from game.ui.panel import look
from game.ui.panel.boxes import Box, Grid
from game.ui.panel.nodes import Align, Node, Say, Text
from game.ui.screens.base import Screen
from game.words.i18n import Translator

# The table's rows, one number each; its columns are the variants, then every variant together.
ROWS = (
    "played",
    "won",
    "clean_wins",
    "win_rate",
    "average_score",
    "best_score",
    "average_moves",
    "fewest_moves",
    "streak",
    "best_streak",
    "time",
    "best_time",
)
ALL = "all"  # the column of every variant together
COLUMNS = (*VARIANTS, ALL)
# The rows' names that came with the averages and the time (replay.json), the others in screens.json.
LATER_ROWS = ("average_score", "average_moves", "time")
NAME_MIN_WIDTH = 120  # design pixels
CELL_MIN_WIDTH = 64
CELL_PAD = (12, 4)  # design pixels of room in each cell beside its text (less on a dense panel)
SPACING = (8, 4)  # between columns
BODY = (look.BODY_SIZE, look.SMALL_SIZE)  # the table's text: smaller on a dense panel
HEADER_SIZE = look.SMALL_SIZE
NOTHING_YET = "–"  # best score, fewest moves and the averages before the first win


class StatisticsScreen(Screen):
    """Per-variant numbers. Reset asks for confirmation (Cancel is focused, so
    a stray Enter never erases anything); once confirmed the screen erases
    ``stats`` in place and calls ``on_reset(stats)`` so the caller saves them."""

    title = "screens.stats.title"
    first = "close"

    def __init__(
        self,
        stats: Stats,
        translator: Translator,
        on_reset: Callable[[Stats], None],
        on_close: Callable[[], None],
        *,
        in_progress: str | None = None,
        today: date | None = None,
        on_history: Callable[[], None] | None = None,
    ) -> None:
        self._on_reset = on_reset
        self._on_close = on_close
        self._on_history = on_history
        self.confirming = False
        self.status = ""
        self.cells: dict[tuple[str, str], Text] = {}  # each figure's text, by (column, row)
        super().__init__(translator)
        self.reset(stats, in_progress, today)

    def reset(self, stats: Stats, in_progress: str | None = None, today: date | None = None) -> None:
        """Opened again: the figures as they are now."""
        self.stats = stats
        self.today = today or date.today()
        self.in_progress = in_progress  # the variant ("2C") of the unfinished game, not counted yet
        self.confirming = False
        self.status = ""
        self.touch()

    # ---- actions -----------------------------------------------------------

    def ask_reset(self) -> None:
        self.confirming = True
        self.status = ""
        self.focus("cancel")
        self.touch()

    def cancel_reset(self) -> None:
        self.confirming = False
        self.focus("reset")
        self.touch()

    def confirm_reset(self) -> None:
        self.stats.reset()
        self.confirming = False
        self.status = self.t("screens.stats.done")
        self._on_reset(self.stats)
        self.focus("close")
        self.touch()

    def on_back(self) -> None:
        if self.confirming:
            self.cancel_reset()  # Esc backs out of the question first
        else:
            self._on_close()

    # ---- the figures -------------------------------------------------------

    def variant_name(self, variant: str) -> str:
        return variant_name(self.t, variant)

    def numbers(self, column: str) -> VariantStats:
        """A variant's numbers, or every variant's together (`ALL`)."""
        return self.stats.total() if column == ALL else self.stats[column]

    @staticmethod
    def row_key(row: str) -> str:
        return f"replay.stats.{row}" if row in LATER_ROWS else f"screens.stats.{row}"

    def row_name(self, row: str) -> str:
        return self.t(self.row_key(row))

    def column_name(self, column: str) -> str:
        return self.t("replay.stats.all") if column == ALL else self.variant_name(column)

    def cell_text(self, numbers: VariantStats, row: str, column: str = "") -> str:
        if row == "win_rate":
            if not numbers.played:
                return NOTHING_YET
            return self.t("screens.stats.percent", rate=round(numbers.win_rate * 100))
        if row == "time":
            return clock_text(numbers.seconds, hours=True) if numbers.seconds else NOTHING_YET
        if row == "best_time":
            best = numbers.best_seconds
            return NOTHING_YET if best is None else clock_text(best, hours=True)
        if row in ("streak", "best_streak") and column == ALL:
            return NOTHING_YET  # a streak is a variant's: wins in a row of one kind of game
        value = {
            "played": numbers.played,
            "won": numbers.won,
            "clean_wins": numbers.clean_wins,
            "average_score": numbers.average_score,
            "best_score": numbers.best_score,
            "average_moves": numbers.average_moves,
            "fewest_moves": numbers.fewest_moves,
            "streak": numbers.current_streak,
            "best_streak": numbers.best_streak,
        }[row]
        return NOTHING_YET if value is None else str(value)

    def cell(self, column: str, row: str) -> str:
        return self.cell_text(self.numbers(column), row, column)

    # ---- sizes ---------------------------------------------------------------

    def _body(self) -> float:
        return BODY[min(self.dense, 1)]

    def _pad(self) -> int:
        return self.px(CELL_PAD[min(self.dense, 1)])

    def name_width(self) -> float:
        return self.measured("names", self._name_width)

    def _name_width(self) -> float:
        widest = max(self.text_width(self.row_name(row), self._body()) for row in ROWS)
        return max(self.px(NAME_MIN_WIDTH), int(widest) + self._pad())

    def column_width(self, column: str) -> float:
        """A variant's column: its name on two lines at most (names wrap
        between words, never inside one: "Medium ·" over "Classic", never "·"
        alone on a line), or its widest value."""
        return self.measured(f"column.{column}", lambda: self._column_width(column))

    def _column_width(self, column: str) -> float:
        name = self.column_name(column)
        assert self.fonts is not None
        widest = max(
            self.text_width(name.rsplit(" ", 1)[0], HEADER_SIZE, True),
            self.fonts.widest_word(name, self.flow.pt(HEADER_SIZE), True),
            *(self.text_width(self.cell(column, row), self._body(), column == ALL) for row in ROWS),
        )
        return max(self.px(CELL_MIN_WIDTH), int(widest) + self._pad())

    def table_width(self) -> float:
        gap = self.px(SPACING[min(self.dense, 1)])
        return self.name_width() + sum(self.column_width(c) + gap for c in COLUMNS)

    # ---- nodes -------------------------------------------------------------

    def _says(self, column: str, row: str | None = None) -> Say:
        """A column's name (no `row`) or one of its figures, as it reads now."""
        if row is None:
            return lambda: self.column_name(column)
        return lambda: self.cell(column, row)

    def _width_of(self, column: str) -> Callable[[], float]:
        return lambda: self.column_width(column)

    def _table(self) -> Grid:
        header: list[Node | None] = [None]
        header += [
            Text(
                self._says(column),
                size=HEADER_SIZE,
                bold=True,
                colour=look.GOLD,
                wrap=True,
                width=self._width_of(column),
                align="center",
            )
            for column in COLUMNS
        ]
        rows: list[list[Node | None]] = [header]
        for row in ROWS:
            line: list[Node | None] = [Text(self.say(self.row_key(row)), size=BODY, colour=look.TEXT_DIM)]
            for column in COLUMNS:
                cell = self.cells[(column, row)] = Text(self._says(column, row), size=BODY, bold=column == ALL)
                line.append(cell)
            rows.append(line)
        centred: Align = "center"
        align = ["start", *(centred for _ in COLUMNS)]
        return Grid(
            rows,
            column_gap=SPACING,
            row_gap=6,
            align=align,
            min_width=[self.name_width, *(self._width_of(c) for c in COLUMNS)],
            valign="end",
        )

    def _note(
        self,
        say: Say,
        *,
        size: float = look.BODY_SIZE,
        colour: look.Rgba = look.TEXT,
        bold: bool = False,
        shown: Callable[[], bool] = lambda: True,
        hint: bool = False,
    ) -> Text:
        """A line under the table, wrapping at its width."""
        return Text(
            say,
            size=size,
            colour=colour,
            bold=bold,
            wrap=True,
            width=self.table_width,
            align="center",
            shown=shown,
            hint=hint,
        )

    def days(self, n: int) -> str:
        """`n` days in the player's language: 1 day, 3 days (each language's own plural)."""
        return self.t(f"screens.stats.days.{'one' if n == 1 else 'other'}", n=n)

    def _daily(self) -> str:
        daily = self.stats.daily
        return self.t(
            "replay.daily.stats",
            played=self.days(daily.played_days),
            won=self.days(daily.won_days),
            streak=self.days(daily.current_streak(self.today)),
            best=self.days(daily.best_streak),
        )

    def build(self) -> Box:
        asking = lambda: self.confirming  # noqa: E731
        calm = lambda: not self.confirming  # noqa: E731
        buttons = Box(row=True, gap=16)
        if self._on_history is not None:
            history = self._on_history
            buttons.add(self.button("history", "replay.history.open", lambda: history()))
        buttons.add(self.button("erase", "screens.stats.confirm_yes", lambda: self.confirm_reset(), kind="danger"))
        buttons.add(self.button("cancel", "screens.cancel", lambda: self.cancel_reset()))
        buttons.add(self.button("reset", "screens.stats.reset", lambda: self.ask_reset(), width=240))
        buttons.add(self.button("close", "screens.close", lambda: self.on_back(), kind="selected", size=16))
        for node in buttons.children:
            name = getattr(node, "name", "")
            node.shown = asking if name in ("erase", "cancel") else calm
        return self.panel(
            self.title_text(),
            self._table(),
            # While the question is asked, it takes these lines' place.
            self._note(self.say("replay.stats.averages"), size=look.SMALL_SIZE, colour=look.TEXT_DIM, shown=calm),
            self._note(
                lambda: self.t("screens.stats.in_progress", variant=self.variant_name(self.in_progress or "1C")),
                colour=look.GOLD,
                shown=lambda: self.in_progress in VARIANTS,
            ),
            self._note(self._daily, shown=calm),
            # The rules of counting, left out only where the window has no room.
            self._note(self.say("screens.stats.note"), size=look.SMALL_SIZE, colour=look.TEXT_DIM, hint=True),
            self._note(self.say("screens.stats.confirm"), colour=look.ERROR, bold=True, shown=asking),
            buttons,
            Text(lambda: self.status, size=look.SMALL_SIZE, colour=look.TEXT_DIM, lines=1),
        )
