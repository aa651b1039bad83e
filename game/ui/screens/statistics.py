"""Statistics: a table of every variant, and a reset that asks first."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from arcade.gui import UIAnchorLayout, UIBoxLayout, UIGridLayout, UILabel, UIWidget

from game.i18n import Translator
from game.stats import VARIANTS, Stats, VariantStats
from game.ui.screens import theme
from game.ui.screens.base import Built, ScreenView, text_width, widest_word

COLUMNS = (
    "played",
    "won",
    "win_rate",
    "best_score",
    "fewest_moves",
    "streak",
    "best_streak",
)
NAME_MIN_WIDTH = 120  # design pixels
CELL_MIN_WIDTH = 56
CELL_PAD = 12  # design pixels of room in each cell beside its text
SPACING = 8
HEADER_SIZE = theme.SMALL_SIZE
NOTHING_YET = "–"  # best score and fewest moves before the first win


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
        suits, rule = variant[0], variant[1]
        level = self.t(f"screens.new.level.{suits}")
        if suits == "1":
            return level
        rule_name = self.t("screens.new.rule.classic" if rule == "C" else "screens.new.rule.flexible")
        return self.t("screens.stats.variant_rule", level=level, rule=rule_name)

    def cell_text(self, numbers: VariantStats, column: str) -> str:
        if column == "win_rate":
            if not numbers.played:
                return NOTHING_YET
            return self.t("screens.stats.percent", rate=round(numbers.win_rate * 100))
        value = {
            "played": numbers.played,
            "won": numbers.won,
            "best_score": numbers.best_score,
            "fewest_moves": numbers.fewest_moves,
            "streak": numbers.current_streak,
            "best_streak": numbers.best_streak,
        }[column]
        return NOTHING_YET if value is None else str(value)

    @property
    def spacing(self) -> int:
        """Between columns (less on a dense panel: Spanish at 800 px)."""
        return self.px(SPACING if self.dense == 0 else SPACING / 2)

    def _widths(self) -> list[int]:
        """Each column's width in window pixels, from what it holds: the
        longest word of its header (headers wrap between words, never inside
        one; Spanish and Italian headers are long) and its widest value."""
        body, header = self.pt(theme.BODY_SIZE), self.pt(HEADER_SIZE)
        pad = self.px(CELL_PAD if self.dense == 0 else CELL_PAD / 3)
        names = [self.variant_name(v) for v in VARIANTS]
        first = max(text_width(name, body) for name in [*names, self.t("screens.stats.variant")])
        widths = [max(self.px(NAME_MIN_WIDTH), int(first) + pad)]
        for column in COLUMNS:
            values = [self.cell_text(self.stats[v], column) for v in VARIANTS]
            widest = max(
                widest_word(self.t(f"screens.stats.{column}"), header, True),
                *(text_width(value, body) for value in values),
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
            row_count=len(VARIANTS) + 1,
            horizontal_spacing=self.spacing,
            vertical_spacing=self.gap(10),
            align_horizontal="center",
            align_vertical="bottom",
        )
        widths = self._widths()
        self.table_width = sum(widths) + self.spacing * len(COLUMNS)
        heading = self.label(self.t("screens.stats.variant"), bold=True, color=theme.GOLD)
        grid.add(self._cell(heading, widths[0], "left"), 0, 0)
        for col, name in enumerate(COLUMNS, 1):
            header = self.label(
                self.t(f"screens.stats.{name}"),
                size=HEADER_SIZE,
                bold=True,
                color=theme.GOLD,
                width=widths[col],
                align="center",
            )
            grid.add(self._cell(header, widths[col]), col, 0)
        self.cells = {}
        for row, variant in enumerate(VARIANTS, 1):
            grid.add(
                self._cell(self.label(self.variant_name(variant)), widths[0], "left"),
                0,
                row,
            )
            for col, name in enumerate(COLUMNS, 1):
                cell = self.label(self.cell_text(self.stats[variant], name))
                self.cells[(variant, name)] = cell
                grid.add(self._cell(cell, widths[col]), col, row)
        return grid

    def build(self) -> Built:
        t = self.t
        self.controls = {}
        table = self._table()
        parts = [
            self.label(t("screens.stats.title"), size=theme.TITLE_SIZE, bold=True),
            table,
        ]
        if self.in_progress is not None and self.in_progress in VARIANTS:
            now = t("screens.stats.in_progress", variant=self.variant_name(self.in_progress))
            parts.append(self.label(now, color=theme.GOLD, width=self.table_width, align="center"))
        daily = self.stats.daily
        parts.append(
            self.label(
                t(
                    "replay.daily.stats",
                    played=daily.played_days,
                    won=daily.won_days,
                    streak=daily.current_streak(self.today),
                    best=daily.best_streak,
                ),
                width=self.table_width,
                align="center",
            )
        )
        parts += [
            self.label(
                t("screens.stats.note"),
                size=theme.SMALL_SIZE,
                color=theme.TEXT_DIM,
                width=self.table_width,
                align="center",
            ),
        ]
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
