"""Last games (docs/RULES.md §15): a chart of the last 30 scores, then the
games page by page, each with Play again and Watch.

Opened from Statistics. Play again deals the same code afresh (the game in
progress is left as New game leaves it); Watch opens the game's replay. A
game typed as a position has no code: neither is offered for it. The rows
are made once, as many as a page holds; turning a page gives them other games.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.records.history import History, PlayedGame, clock_text
from game.ui.panel import look
from game.ui.panel.boxes import Box, Grid, Space
from game.ui.panel.nodes import Button, Node, Picture, Shape, Text
from game.ui.screens.base import Screen
from game.words.i18n import Translator

CHART_GAMES = 30
CHART_WIDTH = 600  # design pixels, at most
CHART_HEIGHT = (70, 44)
WON_BAR = look.GOLD
LOST_BAR = (150, 170, 190, 255)
BASE_LINE = (255, 255, 255, 90)
HEADERS = ("when", "game", "result", "score", "moves", "time")
PAGE = 8  # games on a page (5 on a short window)
SHORT_PAGE = 5
CELL_PAD = (10, 4)
CODE_SIZE = look.SMALL_SIZE - 3


class HistoryScreen(Screen):
    """The last games. `on_play(code)` plays a code again, `on_watch(line)`
    opens a game's replay and answers the sentence to show when it cannot."""

    title = "replay.history.title"
    first = "close"

    def __init__(
        self,
        history: History,
        translator: Translator,
        on_play: Callable[[str], None],
        on_watch: Callable[[str], str | None],
        on_close: Callable[[], None],
    ) -> None:
        self._on_play = on_play
        self._on_watch = on_watch
        self._on_close = on_close
        self.page = 0
        self.status = ""
        super().__init__(translator)
        self.reset(history)

    def reset(self, history: History) -> None:
        """Opened again: the games as they are now, from the newest."""
        self.history = history
        self.page = 0
        self.status = ""
        self.touch()

    @property
    def per_page(self) -> int:
        return SHORT_PAGE if self.size[1] < 760 or self.dense else PAGE

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.history.games) // self.per_page))

    def shown_games(self) -> list[PlayedGame]:
        page = min(self.page, self.pages - 1)
        return self.history.games[page * self.per_page : (page + 1) * self.per_page]

    def game_at(self, row: int) -> PlayedGame | None:
        games = self.shown_games()
        return games[row] if row < len(games) else None

    # ---- actions -----------------------------------------------------------

    def turn(self, step: int) -> None:
        self.page = min(max(self.page + step, 0), self.pages - 1)
        self.status = ""
        name = "older" if step > 0 else "newer"
        edge = self.page == (self.pages - 1 if step > 0 else 0)
        self.focus("newer" if edge and step > 0 else "older" if edge else name)
        self.touch()

    def play_again(self, row: int) -> None:
        game = self.game_at(row)
        if game is not None and game.code is not None:
            self._on_play(game.code)

    def watch(self, row: int) -> None:
        game = self.game_at(row)
        if game is None or game.line is None:
            return
        problem = self._on_watch(game.line)
        if problem:
            self.status = problem
            self.touch()

    def on_back(self) -> None:
        self._on_close()

    # ---- what the rows say ---------------------------------------------------

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
                return clock_text(game.seconds, hours=True)

    def variant_name(self, variant: str) -> str:
        level = self.t(f"screens.new.level.{variant[0]}")
        if variant[0] == "1":
            return level
        rule = self.t("screens.new.rule.classic" if variant[1] == "C" else "screens.new.rule.flexible")
        return self.t("screens.stats.variant_rule", level=level, rule=rule)

    def _says(self, row: int, column: str) -> Callable[[], str]:
        def say() -> str:
            game = self.game_at(row)
            return "" if game is None else self.cell(game, column)

        return say

    def _column_width(self, column: str) -> float:
        games = self.shown_games()
        texts = [self.cell(g, column) for g in games] + [self.t(f"replay.history.{column}")]
        pad = self.px(CELL_PAD[min(self.dense, 1)])
        widest = max(self.text_width(text, look.SMALL_SIZE, True) for text in texts)
        if column == "game":  # the code under the variant's name, smaller
            widest = max([widest, *(self.text_width(g.code or "", CODE_SIZE) for g in games)])
        return widest + pad

    # ---- nodes -------------------------------------------------------------

    def _row(self, row: int) -> list[Node | None]:
        has = lambda: self.game_at(row) is not None  # noqa: E731
        cells: list[Node | None] = []
        for column in HEADERS:
            colour: Callable[[], tuple[int, int, int, int]] = lambda: look.TEXT  # noqa: E731
            if column == "result":
                colour = lambda: look.GOLD if (g := self.game_at(row)) is not None and g.result == "won" else look.TEXT  # noqa: E731
            text = Text(self._says(row, column), size=look.SMALL_SIZE, colour=colour, shown=has)
            if column == "game":  # the code under the variant's name
                code = Text(
                    lambda: (g.code or "") if (g := self.game_at(row)) is not None else "",
                    size=CODE_SIZE,
                    colour=look.TEXT_DIM,
                )
                cells.append(Box(text, code, align="start", shown=has))
            else:
                cells.append(text)
        cells.append(self._row_button(row, "play", "replay.history.play", self.play_again, "code"))
        cells.append(self._row_button(row, "watch", "replay.history.watch", self.watch, "line"))
        return cells

    def _row_button(self, row: int, name: str, key: str, action: Callable[[int], None], needs: str) -> Button:
        """Play again (a game with a code) or Watch (a game with its line) on row `row`."""
        button = Button(
            f"{name}.{row + 1}",
            self.say(key),
            lambda: action(row),
            width=lambda: self.button_width(self.t(key), 60, look.SMALL_SIZE),
            height=30,
            size=look.SMALL_SIZE,
            exact=True,
            shown=lambda: (g := self.game_at(row)) is not None and getattr(g, needs) is not None,
        )
        button.label = self._button_label(key, row)
        return button

    def _button_label(self, key: str, row: int) -> Callable[[], str]:
        """Play again / Watch, and which game, for a screen reader (the eye sees the row)."""

        def say() -> str:
            game = self.game_at(row)
            return (
                self.t(key) if game is None else f"{self.t(key)}: {self.cell(game, 'when')}, {self.cell(game, 'game')}"
            )

        return say

    def _width_of(self, column: str) -> Callable[[], float]:
        return lambda: self.measured(f"column.{column}", lambda: self._column_width(column))

    def _rows(self) -> Grid:
        headers: list[Node | None] = [
            Text(self.say(f"replay.history.{column}"), size=look.SMALL_SIZE, bold=True, colour=look.GOLD)
            for column in HEADERS
        ]
        return Grid(
            [[*headers, None, None], *(self._row(row) for row in range(PAGE))],
            column_gap=6,
            row_gap=6,
            min_width=[self._width_of(c) for c in HEADERS],
            shown=lambda: bool(self.history.games),
        )

    def _chart(self, width: float, height: float) -> Sequence[Shape]:
        """The last games' scores as bars, oldest on the left, won and lost in
        two colours, over a base line and beside an axis (its values beside it)."""
        shapes = [Shape(0, 0, width, 1, BASE_LINE), Shape(0, 0, 1, height, BASE_LINE)]
        scores = self.history.last_scores(CHART_GAMES)
        top = max((score for score, _ in scores), default=1) or 1
        step = width / CHART_GAMES
        bar = max(2.0, step * 0.7)
        for n, (score, won) in enumerate(scores):
            shapes.append(
                Shape(
                    n * step + (step - bar) / 2,
                    1,
                    bar,
                    max(2.0, (height - 2) * score / top),
                    WON_BAR if won else LOST_BAR,
                )
            )
        return shapes

    def _best(self) -> str:
        scores = self.history.last_scores(CHART_GAMES)
        return str(max((score for score, _ in scores), default=0))

    def _chart_words(self) -> str:
        """The chart for a screen reader: how many, the best, the latest."""
        scores = self.history.last_scores(CHART_GAMES)
        if not scores:
            return ""
        latest, won = scores[-1]
        result = self.t("replay.history.won" if won else "replay.history.lost")
        return self.t("replay.history.chart_describe", n=len(scores), best=self._best(), latest=latest, result=result)

    def _chart_box(self) -> Box:
        """The chart, its axis' values on its left (the best score at the top,
        0 at the base), oldest and newest under its ends."""
        small = look.SMALL_SIZE - 2

        def between() -> float:  # what the chart's height leaves between its two values
            assert self.fonts is not None
            line = self.fonts.line("0", self.flow.pt(small), False)[1]
            return max(0.0, self.flow.pick(CHART_HEIGHT) - 2 * line)

        axis = Box(
            Text(self._best, size=small, colour=look.TEXT_DIM),
            Space(height=between),
            Text(lambda: "0", size=small, colour=look.TEXT_DIM),
            align="end",
        )
        width = lambda: min(self.content_width, self.px(CHART_WIDTH))  # noqa: E731
        chart = Picture(width, CHART_HEIGHT, self._chart, describe=self._chart_words)
        ends = Box(
            Text(lambda: "← " + self.t("replay.history.oldest"), size=small, colour=look.TEXT_DIM),
            Space(width=lambda: max(0.0, width() - self._ends_width(small))),
            Text(lambda: self.t("replay.history.newest") + " →", size=small, colour=look.TEXT_DIM),
            row=True,
        )
        beside = lambda: self.text_width(self._best(), small) + 2 + self.px(6)  # noqa: E731 - the axis' values and the gap
        return Box(
            Box(axis, chart, row=True, gap=6, align="end"),
            Box(Space(width=beside), ends, row=True),
            align="start",
            gap=2,
        )

    def _ends_width(self, size: float) -> float:
        return sum(
            self.text_width(text, size) + 2
            for text in ("← " + self.t("replay.history.oldest"), self.t("replay.history.newest") + " →")
        )

    def _where(self) -> str:
        games = self.history.games
        first = min(self.page, self.pages - 1) * self.per_page + 1
        return self.t("replay.history.page", first=first, last=first + len(self.shown_games()) - 1, total=len(games))

    def build(self) -> Box:
        some = lambda: bool(self.history.games)  # noqa: E731
        newer = self.button("newer", "replay.history.newer", lambda: self.turn(-1), height=34)
        newer.shown = lambda: some() and self.page > 0
        older = self.button("older", "replay.history.older", lambda: self.turn(1), height=34)
        older.shown = lambda: some() and self.page < self.pages - 1
        nav = Box(
            newer,
            Text(self._where, size=look.SMALL_SIZE, colour=look.TEXT_DIM),
            older,
            row=True,
            gap=12,
            shown=some,
        )
        return self.panel(
            self.title_text(),
            Text(self.say("replay.history.chart"), size=look.SMALL_SIZE, colour=look.TEXT_DIM),
            self._chart_box(),
            self._rows(),
            nav,
            Text(self.say("replay.history.none"), colour=look.TEXT_DIM, shown=lambda: not some()),
            Text(lambda: self.status, size=look.SMALL_SIZE, colour=look.ERROR, lines=1),
            self.button("close", "replay.history.back", lambda: self.on_back(), kind="selected", size=16),
            gap=10,
        )
