"""The mouse on the table: press, double-click, drag and drop, as intents.

`Gestures` holds the state of a press (maybe a drag, maybe the first half of
a double-click) and answers each pointer event with an `Intent` or None. It
reads the layout and the game (which cards can move, which columns could
take them) but changes neither: the view applies the intent. The cards of
a grabbed group are held only to know where they were when pressed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from game.engine import Game, Move
from game.engine.numbers import COLUMNS
from game.ui.input.intents import Command, Intent, PutBack, SendToBest, Take
from game.ui.layout.table import Rect, TableLayout

DOUBLE_CLICK_S = 0.4
DRAG_THRESHOLD = 4.0  # pixels the pointer must travel before a press becomes a drag


class Card(Protocol):
    """A card on the table as gestures see it: where it is drawn."""

    @property
    def center_x(self) -> float: ...

    @property
    def center_y(self) -> float: ...

    @property
    def width(self) -> float: ...

    @property
    def height(self) -> float: ...


C = TypeVar("C", bound=Card)


@dataclass
class Grab(Generic[C]):
    """A press on a movable group: the last `count` cards of `col`, pressed at (`x`, `y`)."""

    col: int
    count: int
    x: float
    y: float
    cards: list[C]
    origins: list[tuple[float, float]] = field(default_factory=list)
    dragging: bool = False
    legal: list[int] = field(default_factory=list)  # the columns that can take it

    def __post_init__(self) -> None:
        self.origins = [(c.center_x, c.center_y) for c in self.cards]

    def positions(self, x: float, y: float) -> list[tuple[float, float]]:
        """Where each card of the group goes with the pointer at (x, y)."""
        dx, dy = x - self.x, y - self.y
        return [(ox + dx, oy + dy) for ox, oy in self.origins]

    def rect(self) -> Rect:
        """The group where it is drawn now."""
        return Rect.union(
            Rect(c.center_x - c.width / 2, c.center_y - c.height / 2, c.width, c.height) for c in self.cards
        )


class Gestures(Generic[C]):
    """The mouse's state between events (see the module docstring)."""

    def __init__(self) -> None:
        self.grab: Grab[C] | None = None
        self._last_press: tuple[float, C] | None = None

    @property
    def dragging(self) -> bool:
        return self.grab is not None and self.grab.dragging

    def press(
        self,
        x: float,
        y: float,
        now: float,
        layout: TableLayout,
        game: Game,
        columns: Sequence[list[C]],
        double_click: bool,
    ) -> Intent | None:
        """A left press on the table (not on a HUD button): an intent, or
        None when it only takes hold of a group (a drag may follow)."""
        if layout.on_code(x, y):
            return Command.COPY_CODE
        if layout.on_stock(x, y):
            return Command.DEAL
        hit = layout.card_at(x, y)
        if hit is None:
            return None
        col, index = hit
        column = columns[col]
        count = len(column) - index
        card = column[index]
        if index < len(column) - game.movable_count(col):
            self._last_press = None
            return Take(col, count)
        last = self._last_press
        if double_click and last is not None and last[1] is card and now - last[0] <= DOUBLE_CLICK_S:
            self._last_press = None
            return SendToBest(col, count)
        self._last_press = (now, card)
        self.grab = Grab(col, count, x, y, column[index:])
        return None

    def drag(self, x: float, y: float, game: Game) -> bool:
        """The pointer moved with the button down. True when this makes the
        press a drag (the view lifts the group); `grab.positions` says where
        its cards go."""
        grab = self.grab
        if grab is None or grab.dragging:
            return False
        if abs(x - grab.x) + abs(y - grab.y) < DRAG_THRESHOLD:
            return False
        grab.dragging = True
        grab.legal = game.legal_destinations(grab.col, grab.count)
        return True

    def release(self, layout: TableLayout, game: Game, auto_placement: bool) -> Intent | None:
        """The button went up: where the dragged group goes (a single click
        does nothing)."""
        grab, self.grab = self.grab, None
        if grab is None or not grab.dragging:
            return None
        group = grab.rect()
        dst = layout.drop_column(group, grab.legal)
        if dst is not None:
            return Move(grab.col, grab.count, dst)
        if auto_placement and game.best_destination(grab.col, grab.count) is not None:
            return SendToBest(grab.col, grab.count)
        # Dropped on another column: that column's refusal says why.
        over = layout.drop_column(group, [c for c in range(COLUMNS) if c != grab.col])
        if over is not None:
            return Move(grab.col, grab.count, over)
        return PutBack(grab.col, grab.count)

    def cancel(self) -> Grab[C] | None:
        """Forget a press or drag in progress; the grab it was, if any."""
        grab, self.grab = self.grab, None
        return grab
