"""Statistics: a table of every variant, and a reset that asks first."""

from __future__ import annotations

from collections.abc import Callable

import arcade
from arcade.gui import UIAnchorLayout, UIBoxLayout, UIGridLayout, UILabel, UIWidget

from ...i18n import Translator
from ...stats import VARIANTS, Stats, VariantStats
from . import theme
from .base import Built, ScreenView

COLUMNS = (
    "played",
    "won",
    "win_rate",
    "best_score",
    "fewest_moves",
    "streak",
    "best_streak",
)
NAME_MIN_WIDTH = 160
CELL_MIN_WIDTH = 72
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
    ) -> None:
        self.stats = stats
        self.confirming = False
        self.status = ""
        self._on_reset = on_reset
        self._on_close = on_close
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

    def _widths(self) -> list[int]:
        """Each column's width, from its longest word: headers wrap between
        words but never inside one, and Spanish and Italian headers are long."""

        def longest_word(text: str, size: float, bold: bool) -> int:
            return max(
                int(arcade.Text(word, 0, 0, font_name=theme.FONT, font_size=size, bold=bold).content_width)
                for word in text.split()
            )

        names = [self.variant_name(v) for v in VARIANTS]
        first = max(
            int(arcade.Text(name, 0, 0, font_name=theme.FONT, font_size=theme.BODY_SIZE).content_width)
            for name in names
        )
        widths = [max(NAME_MIN_WIDTH, first + 12)]
        for column in COLUMNS:
            header = self.t(f"screens.stats.{column}")
            widths.append(max(CELL_MIN_WIDTH, longest_word(header, HEADER_SIZE, True) + 12))
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
            horizontal_spacing=8,
            vertical_spacing=10,
            align_horizontal="center",
            align_vertical="bottom",
        )
        widths = self._widths()
        self.table_width = sum(widths) + 8 * len(COLUMNS)
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
            self.label(
                t("screens.stats.note"),
                size=theme.SMALL_SIZE,
                color=theme.TEXT_DIM,
                width=self.table_width,
                align="center",
            ),
        ]
        buttons = UIBoxLayout(vertical=False, space_between=16)
        if self.confirming:
            parts.append(self.label(t("screens.stats.confirm"), color=theme.ERROR, bold=True))
            self.controls["erase"] = self.button(
                t("screens.stats.confirm_yes"),
                self.confirm_reset,
                style=theme.danger_style(),
            )
            self.controls["cancel"] = self.button(t("screens.cancel"), self.cancel_reset)
            first = "cancel"
        else:
            self.controls["reset"] = self.button(t("screens.stats.reset"), self.ask_reset, width=240)
            self.controls["close"] = self.button(t("screens.close"), self.on_back, style=theme.selected_style(16))
            first = "close"
        for button in self.controls.values():
            buttons.add(button)
        parts.append(buttons)
        self.status_label = self.label(self.status, size=theme.SMALL_SIZE, color=theme.TEXT_DIM)
        parts.append(self.status_label)
        return Built(self.panel(*parts), self.controls, first=first)
