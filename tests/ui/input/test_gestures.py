"""The mouse as intents, without a window: presses, double-clicks, drags and drops
at the points the layout gives, on plain objects standing for the card sprites."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import Game, Move
from game.ui.input.gestures import DOUBLE_CLICK_S, Gestures
from game.ui.input.intents import Command, PutBack, SendToBest, Take
from game.ui.layout.table import TableLayout, TableShape, compute_layout
from ui.table_harness import SIMPLE


@dataclass
class Card:
    center_x: float
    center_y: float
    width: float
    height: float


class Table:
    """A game, its layout at 1280x800, and one plain card per card at its place."""

    def __init__(self, text: str = SIMPLE) -> None:
        self.game = Game.from_text(text)
        self.layout: TableLayout = compute_layout(1280, 800, TableShape.of(self.game))
        self.columns = [[Card(*r.center, r.width, r.height) for r in self.layout.cards[col]] for col in range(10)]
        self.gestures: Gestures[Card] = Gestures()
        self.now = 100.0

    def point(self, col: int, index: int) -> tuple[float, float]:
        r = self.layout.cards[col][index]
        return (r.center_x, r.top - 3)

    def press(self, x: float, y: float, double_click: bool = True) -> object:
        return self.gestures.press(x, y, self.now, self.layout, self.game, self.columns, double_click)

    def drag_to(self, x: float, y: float) -> None:
        grab = self.gestures.grab
        assert grab is not None
        self.gestures.drag(x, y, self.game)
        for card, (cx, cy) in zip(grab.cards, grab.positions(x, y), strict=True):
            card.center_x, card.center_y = cx, cy

    def release(self, auto_placement: bool = False) -> object:
        return self.gestures.release(self.layout, self.game, auto_placement)


def test_a_press_on_the_stock_deals_and_on_the_code_copies_it() -> None:
    t = Table()
    assert t.press(*t.layout.stock_area.center) is Command.DEAL
    assert t.press(*t.layout.hud.code.center) is Command.COPY_CODE
    assert t.press(2, 2) is None and t.gestures.grab is None


def test_a_press_on_cards_that_cannot_move_takes_them_and_is_refused() -> None:
    t = Table()
    assert t.press(*t.point(0, 0)) == Take(0, 2)  # a face-down king under 5S
    assert t.gestures.grab is None


def test_a_single_click_does_nothing_and_two_quick_ones_send_to_best() -> None:
    t = Table()
    assert t.press(*t.point(0, 1)) is None
    assert t.release() is None  # no drag: a click
    t.now += DOUBLE_CLICK_S / 2
    assert t.press(*t.point(0, 1)) == SendToBest(0, 1)
    t.now += 5
    assert t.press(*t.point(0, 1)) is None
    t.release()
    t.now += DOUBLE_CLICK_S * 2  # too slow
    assert t.press(*t.point(0, 1)) is None
    t.release()
    t.now += DOUBLE_CLICK_S / 2
    assert t.press(*t.point(0, 1), double_click=False) is None  # the option is off


def test_a_drag_starts_past_a_few_pixels_and_knows_where_the_group_may_go() -> None:
    t = Table()
    x, y = t.point(0, 1)
    t.press(x, y)
    assert not t.gestures.drag(x + 1, y - 1, t.game)
    assert t.gestures.drag(x + 10, y - 10, t.game)
    grab = t.gestures.grab
    assert grab is not None and grab.dragging and grab.legal == [2]


def test_a_drop_on_a_column_that_takes_the_group_moves_it() -> None:
    t = Table()
    t.press(*t.point(0, 1))
    t.drag_to(*t.layout.column_end(2).center)
    assert t.release() == Move(0, 1, 2)
    assert t.gestures.grab is None


def test_a_drop_on_another_column_is_a_move_the_engine_will_refuse() -> None:
    t = Table()
    t.press(*t.point(0, 1))
    t.drag_to(*t.layout.column_end(1).center)  # 9S cannot take 5S
    assert t.release() == Move(0, 1, 1)


def test_a_drop_on_bare_table_puts_the_group_back_or_auto_places_it() -> None:
    t = Table()
    t.press(*t.point(0, 1))
    t.drag_to(*t.layout.toast.center)
    assert t.release() == PutBack(0, 1)
    t = Table()
    t.press(*t.point(0, 1))
    t.drag_to(*t.layout.toast.center)
    assert t.release(auto_placement=True) == SendToBest(0, 1)
