"""Last games (docs/RULES.md §15): a chart of the last 30 scores, then the
games page by page, each with Play again and Watch.

Opened from Statistics. Play again deals the same code afresh (the game in
progress is left as New game leaves it); Watch opens the game's replay. A
game typed as a position has no code: neither is offered for it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import arcade
from arcade.gui import UIAnchorLayout, UIBoxLayout, UIGridLayout, UIWidget
from arcade.gui.surface import Surface

from game.records.history import History, PlayedGame, clock_text
from game.ui.screens import theme
from game.ui.screens.base import Built, ScreenView, text_width
from game.words.i18n import Translator

CHART_GAMES = 30
WON_BAR = theme.GOLD
LOST_BAR = (150, 170, 190, 255)
HEADERS = ("when", "game", "result", "score", "moves", "time")


class ScoreChart(UIWidget):
    """The last games' scores as bars, oldest on the left, won and lost in two colours."""

    def __init__(self, scores: list[tuple[int, bool]], width: int, height: int) -> None:
        super().__init__(width=width, height=height, size_hint=None)
        self.scores = scores

    def do_render(self, surface: Surface) -> None:
        self.prepare_render(surface)
        w, h = self.content_width, self.content_height
        arcade.draw_lrbt_rectangle_filled(0, w, 0, 1, (255, 255, 255, 90))  # the base line
        if not self.scores:
            return
        top = max(max(score for score, _ in self.scores), 1)
        step = w / CHART_GAMES
        bar = max(2.0, step * 0.7)
        for n, (score, won) in enumerate(self.scores):
            left = n * step + (step - bar) / 2
            height = max(2.0, (h - 2) * score / top)
            arcade.draw_lrbt_rectangle_filled(left, left + bar, 1, 1 + height, WON_BAR if won else LOST_BAR)


class HistoryView(ScreenView):
    """The last games. `on_play(code)` plays a code again, `on_watch(line)`
    opens a game's replay and answers the sentence to show when it cannot."""

    def __init__(
        self,
        history: History,
        translator: Translator,
        on_play: Callable[[str], None],
        on_watch: Callable[[str], str | None],
        on_close: Callable[[], None],
    ) -> None:
        self.history = history
        self.page = 0
        self.status = ""
        self._on_play = on_play
        self._on_watch = on_watch
        self._on_close = on_close
        super().__init__(translator)

    @property
    def per_page(self) -> int:
        return 5 if self.screen_size[1] < 760 or self.dense else 8

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.history.games) // self.per_page))

    def turn(self, step: int) -> None:
        self.page = min(max(self.page + step, 0), self.pages - 1)
        self.status = ""
        self.rebuild(focus="older" if step > 0 else "newer")

    def play_again(self, game: PlayedGame) -> None:
        if game.code is not None:
            self._on_play(game.code)

    def watch(self, game: PlayedGame, name: str) -> None:
        if game.line is None:
            return
        problem = self._on_watch(game.line)
        if problem:
            self.status = problem
            self.rebuild(focus=name)

    def on_back(self) -> None:
        self._on_close()

    def cell(self, game: PlayedGame, column: str) -> str:
        match column:
            case "when":
                return game.when.strftime("%Y-%m-%d %H:%M")
            case "game":
                return self.variant_name(game.variant)
            case "result":
                return self.t(f"replay.history.{game.result}")
            case "score":
                return str(game.score)
            case "moves":
                return str(game.moves)
            case _:
                return clock_text(game.seconds)

    def variant_name(self, variant: str) -> str:
        level = self.t(f"screens.new.level.{variant[0]}")
        if variant[0] == "1":
            return level
        rule = self.t("screens.new.rule.classic" if variant[1] == "C" else "screens.new.rule.flexible")
        return self.t("screens.stats.variant_rule", level=level, rule=rule)

    def _rows(self, games: list[PlayedGame], controls: dict[str, UIWidget]) -> UIGridLayout:
        body = self.pt(theme.SMALL_SIZE)
        pad = self.px(10 if self.dense == 0 else 4)
        play_text, watch_text = self.t("replay.history.play"), self.t("replay.history.watch")
        widths = []
        for column in HEADERS:
            texts = [self.cell(g, column) for g in games] + [self.t(f"replay.history.{column}")]
            widths.append(int(max(text_width(t, body, True) for t in texts)) + pad)
        button_w = [
            self.button_width(play_text, 60, theme.SMALL_SIZE),
            self.button_width(watch_text, 60, theme.SMALL_SIZE),
        ]
        grid = UIGridLayout(
            column_count=len(HEADERS) + 2,
            row_count=len(games) + 1,
            horizontal_spacing=self.px(6),
            vertical_spacing=self.gap(6),
            align_vertical="center",
        )
        self.table_width = sum(widths) + sum(button_w) + self.px(6) * (len(HEADERS) + 1)
        for col, column in enumerate(HEADERS):
            header = self.label(self.t(f"replay.history.{column}"), size=theme.SMALL_SIZE, bold=True, color=theme.GOLD)
            grid.add(self._fixed(header, widths[col]), col, 0)
        for row, game in enumerate(games, 1):
            for col, column in enumerate(HEADERS):
                color = theme.GOLD if column == "result" and game.result == "won" else theme.TEXT
                label: UIWidget = self.label(self.cell(game, column), size=theme.SMALL_SIZE, color=color)
                if column == "game" and game.code is not None:  # the code under the variant's name
                    code = self.label(game.code, size=theme.SMALL_SIZE - 3, color=theme.TEXT_DIM)
                    size = (max(label.width, code.width), label.height + code.height)
                    both = UIBoxLayout(vertical=True, align="left", size_hint=None, width=size[0], height=size[1])
                    both.add(label)
                    both.add(code)
                    label = both
                grid.add(self._fixed(label, widths[col]), col, row)
            n = self.page * self.per_page + row
            if game.code is not None:
                name = f"play.{n}"
                controls[name] = self.button(
                    play_text,
                    partial(self.play_again, game),
                    height=30,
                    size=theme.SMALL_SIZE,
                    exact_width=button_w[0],
                )
                grid.add(controls[name], len(HEADERS), row)
            if game.line is not None:
                name = f"watch.{n}"
                controls[name] = self.button(
                    watch_text,
                    partial(self.watch, game, name),
                    height=30,
                    size=theme.SMALL_SIZE,
                    exact_width=button_w[1],
                )
                grid.add(controls[name], len(HEADERS) + 1, row)
        return grid

    @staticmethod
    def _fixed(widget: UIWidget, width: int) -> UIAnchorLayout:
        cell = UIAnchorLayout(size_hint=None, width=width, height=widget.height)
        cell.add(widget, anchor_x="left", anchor_y="center")
        return cell

    def build(self) -> Built:
        t = self.t
        controls: dict[str, UIWidget] = {}
        games = self.history.games
        self.page = min(self.page, self.pages - 1)
        shown = games[self.page * self.per_page : (self.page + 1) * self.per_page]
        parts: list[UIWidget] = [self.label(t("replay.history.title"), size=theme.TITLE_SIZE, bold=True)]
        chart_w = min(self.content_width, self.px(600))
        parts.append(self.label(t("replay.history.chart"), size=theme.SMALL_SIZE, color=theme.TEXT_DIM))
        parts.append(ScoreChart(self.history.last_scores(CHART_GAMES), chart_w, self.px(70 if self.dense == 0 else 44)))
        if shown:
            parts.append(self._rows(shown, controls))
            first = self.page * self.per_page + 1
            where = t("replay.history.page", first=first, last=first + len(shown) - 1, total=len(games))
            nav = UIBoxLayout(vertical=False, space_between=self.px(12), align="center")
            if self.page > 0:
                controls["newer"] = self.button(t("replay.history.newer"), lambda: self.turn(-1), height=34)
                nav.add(controls["newer"])
            nav.add(self.label(where, size=theme.SMALL_SIZE, color=theme.TEXT_DIM))
            if self.page < self.pages - 1:
                controls["older"] = self.button(t("replay.history.older"), lambda: self.turn(1), height=34)
                nav.add(controls["older"])
            parts.append(nav)
        else:
            parts.append(self.label(t("replay.history.none"), color=theme.TEXT_DIM))
        self.status_label = self.label(self.status, size=theme.SMALL_SIZE, color=theme.ERROR)
        parts.append(self.fixed_lines(self.status_label, 1, theme.SMALL_SIZE))
        controls["close"] = self.button(t("screens.close"), self.on_back, kind="selected", size=16)
        parts.append(controls["close"])
        return Built(self.panel(*parts, space_between=10), controls, first="close")
