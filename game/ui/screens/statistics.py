"""Statistics: a table of every variant and of all of them together, and a reset that asks first.

The variants are the columns and the numbers the rows, so the averages of
the wins and the time played fit beside the counts even at 800 px in
Spanish; the last column adds every variant up (docs/RULES.md §11).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from arcade.gui import UIAnchorLayout, UIBoxLayout, UIGridLayout, UILabel, UIWidget

from game.records.history import clock_text, variant_name
from game.records.stats import VARIANTS, Stats, VariantStats
from game.ui.screens import theme
from game.ui.screens.base import Built, ScreenView, text_width, widest_word
from game.words.i18n import Translator

# The table's rows, one number each; its columns are the variants, then every variant together.
ROWS = (
    "played",
    "won",
    "win_rate",
    "average_score",
    "best_score",
    "average_moves",
    "fewest_moves",
    "streak",
    "best_streak",
    "time",
)
ALL = "all"  # the column of every variant together
COLUMNS = (*VARIANTS, ALL)
# The rows' names that came with the averages and the time (replay.json), the others in screens.json.
LATER_ROWS = ("average_score", "average_moves", "time")
NAME_MIN_WIDTH = 120  # design pixels
CELL_MIN_WIDTH = 64
CELL_PAD = 12  # design pixels of room in each cell beside its text
SPACING = 8
HEADER_SIZE = theme.SMALL_SIZE
NOTHING_YET = "–"  # best score, fewest moves and the averages before the first win


class StatisticsView(ScreenView):
    """Per-variant numbers. Reset asks for confirmation (Cancel is focused, so
    a stray Enter never erases anything); once confirmed the view erases
    ``stats`` in place and calls ``on_reset(stats)`` so the caller saves them."""

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
        self.stats = stats
        self.today = today or date.today()
        self.in_progress = in_progress  # the variant ("2C") of the unfinished game, not counted yet
        self.confirming = False
        self.status = ""
        self._on_reset = on_reset
        self._on_close = on_close
        self._on_history = on_history
        self.cells: dict[tuple[str, str], UILabel] = {}
        super().__init__(translator)

    # ---- actions -----------------------------------------------------------

    def ask_reset(self) -> None:
        self.confirming = True
        self.status = ""
        self.rebuild(focus="cancel")

    def cancel_reset(self) -> None:
        self.confirming = False
        self.rebuild(focus="reset")

    def confirm_reset(self) -> None:
        self.stats.reset()
        self.confirming = False
        self.status = self.t("screens.stats.done")
        self._on_reset(self.stats)
        self.rebuild(focus="close")

    def on_back(self) -> None:
        if self.confirming:
            self.cancel_reset()  # Esc backs out of the question first
        else:
            self._on_close()

    # ---- widgets -----------------------------------------------------------

    def variant_name(self, variant: str) -> str:
        return variant_name(self.t, variant)

    def numbers(self, column: str) -> VariantStats:
        """A variant's numbers, or every variant's together (`ALL`)."""
        return self.stats.total() if column == ALL else self.stats[column]

    def row_name(self, row: str) -> str:
        return self.t(f"replay.stats.{row}" if row in LATER_ROWS else f"screens.stats.{row}")

    def column_name(self, column: str) -> str:
        return self.t("replay.stats.all") if column == ALL else self.variant_name(column)

    def cell_text(self, numbers: VariantStats, row: str, column: str = "") -> str:
        if row == "win_rate":
            if not numbers.played:
                return NOTHING_YET
            return self.t("screens.stats.percent", rate=round(numbers.win_rate * 100))
        if row == "time":
            return clock_text(numbers.seconds) if numbers.seconds else NOTHING_YET
        if row in ("streak", "best_streak") and column == ALL:
            return NOTHING_YET  # a streak is a variant's: wins in a row of one kind of game
        value = {
            "played": numbers.played,
            "won": numbers.won,
            "average_score": numbers.average_score,
            "best_score": numbers.best_score,
            "average_moves": numbers.average_moves,
            "fewest_moves": numbers.fewest_moves,
            "streak": numbers.current_streak,
            "best_streak": numbers.best_streak,
        }[row]
        return NOTHING_YET if value is None else str(value)

    @property
    def body_size(self) -> float:
        """The table's text: smaller on a dense panel (a small window, long words)."""
        return theme.BODY_SIZE if self.dense == 0 else theme.SMALL_SIZE

    @property
    def spacing(self) -> int:
        """Between columns (less on a dense panel: Spanish at 800 px)."""
        return self.px(SPACING if self.dense == 0 else SPACING / 2)

    def _widths(self, values: dict[tuple[str, str], str]) -> list[int]:
        """Each column's width in window pixels, from what it holds: the
        row names (one line each), then per variant its name on two lines at
        most (names wrap between words, never inside one) and its widest value."""
        body, header = self.pt(self.body_size), self.pt(HEADER_SIZE)
        pad = self.px(CELL_PAD if self.dense == 0 else CELL_PAD / 3)
        first = max(text_width(self.row_name(row), body) for row in ROWS)
        widths = [max(self.px(NAME_MIN_WIDTH), int(first) + pad)]
        for column in COLUMNS:
            widest = max(
                # At most two lines: "Medium ·" over "Classic", never "·" alone on a line.
                text_width(self.column_name(column).rsplit(" ", 1)[0], header, True),
                widest_word(self.column_name(column), header, True),
                *(text_width(values[(column, row)], body, column == ALL) for row in ROWS),
            )
            widths.append(max(self.px(CELL_MIN_WIDTH), int(widest) + pad))
        return widths

    @staticmethod
    def _cell(widget: UIWidget, width: int, anchor_x: str = "center") -> UIAnchorLayout:
        """A fixed-width cell: labels shrink to their text, cells keep the columns straight."""
        cell = UIAnchorLayout(size_hint=None, width=width, height=widget.height)
        cell.add(widget, anchor_x=anchor_x, anchor_y="bottom")
        return cell

    def _table(self) -> UIGridLayout:
        grid = UIGridLayout(
            column_count=len(COLUMNS) + 1,
            row_count=len(ROWS) + 1,
            horizontal_spacing=self.spacing,
            vertical_spacing=self.gap(6),
            align_horizontal="center",
            align_vertical="bottom",
        )
        values = {(c, row): self.cell_text(self.numbers(c), row, c) for c in COLUMNS for row in ROWS}
        widths = self._widths(values)
        self.table_width = sum(widths) + self.spacing * len(COLUMNS)
        for col, column in enumerate(COLUMNS, 1):
            header = self.label(
                self.column_name(column),
                size=HEADER_SIZE,
                bold=True,
                color=theme.GOLD,
                width=widths[col],
                align="center",
            )
            grid.add(self._cell(header, widths[col]), col, 0)
        self.cells = {}
        for row, name in enumerate(ROWS, 1):
            row_name = self.label(self.row_name(name), size=self.body_size, color=theme.TEXT_DIM)
            grid.add(self._cell(row_name, widths[0], "left"), 0, row)
            for col, column in enumerate(COLUMNS, 1):
                cell = self.label(values[(column, name)], size=self.body_size, bold=column == ALL)
                self.cells[(column, name)] = cell
                grid.add(self._cell(cell, widths[col]), col, row)
        return grid

    def _note(self, text: str) -> UILabel:
        """A small dim line under the table, as wide as it."""
        return self.label(text, size=theme.SMALL_SIZE, color=theme.TEXT_DIM, width=self.table_width, align="center")

    def build(self) -> Built:
        t = self.t
        self.controls = {}
        table = self._table()
        parts = [
            self.label(t("screens.stats.title"), size=theme.TITLE_SIZE, bold=True),
            table,
        ]
        if not self.confirming:  # while the question is asked, it takes these lines' place
            parts.append(self._note(t("replay.stats.averages")))
        if self.in_progress is not None and self.in_progress in VARIANTS:
            now = t("screens.stats.in_progress", variant=self.variant_name(self.in_progress))
            parts.append(self.label(now, color=theme.GOLD, width=self.table_width, align="center"))
        daily = self.stats.daily
        if not self.confirming:
            days = t(
                "replay.daily.stats",
                played=daily.played_days,
                won=daily.won_days,
                streak=daily.current_streak(self.today),
                best=daily.best_streak,
            )
            parts.append(self.label(days, width=self.table_width, align="center"))
        if self.hints:  # the rules of counting, left out only where the window has no room
            parts.append(self._note(t("screens.stats.note")))
        buttons = UIBoxLayout(vertical=False, space_between=self.px(16))
        if self.confirming:
            question = t("screens.stats.confirm")
            parts.append(self.label(question, color=theme.ERROR, bold=True, width=self.table_width, align="center"))
            self.controls["erase"] = self.button(
                t("screens.stats.confirm_yes"),
                self.confirm_reset,
                kind="danger",
            )
            self.controls["cancel"] = self.button(t("screens.cancel"), self.cancel_reset)
            first = "cancel"
        else:
            if self._on_history is not None:
                self.controls["history"] = self.button(t("replay.history.open"), self._on_history)
            self.controls["reset"] = self.button(t("screens.stats.reset"), self.ask_reset, width=240)
            self.controls["close"] = self.button(t("screens.close"), self.on_back, kind="selected", size=16)
            first = "close"
        for button in self.controls.values():
            buttons.add(button)
        parts.append(buttons)
        self.status_label = self.label(self.status, size=theme.SMALL_SIZE, color=theme.TEXT_DIM)
        parts.append(self.fixed_lines(self.status_label, 1, theme.SMALL_SIZE, self.table_width))
        return Built(self.panel(*parts), self.controls, first=first)
