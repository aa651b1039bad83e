"""Playing without the mouse, through the view's own key handler (docs/RULES.md §8).

GIVEN a table, WHEN the player presses keys, THEN the engine's state, the
selected group (raised above its place), the cursor, the HUD focus and the
messages are what a player would see.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from arcade import key

from game.engine import Reason
from game.records.settings import Settings
from game.words.i18n import Translator
from ui.table_harness import CTRL, LEFT, SIMPLE, Table, position

EN = Translator("en")


def raised(t: Table, col: int, count: int) -> bool:
    """The last `count` cards of `col` are drawn above their places (picked up)."""
    group = t.sprites.columns[col][-count:]
    return all(
        s.center_y > t.layout.cards[col][len(t.sprites.columns[col]) - count + k].center_y + 1
        for k, s in enumerate(group)
    )


def test_a_number_selects_a_column_and_another_drops_the_group_there(table: Callable[..., Table]) -> None:
    t = table(SIMPLE)
    t.key(key.KEY_1)
    assert t.view.keys.selection is not None and raised(t, 0, 1)
    assert len(t.sprites.highlights) >= 2  # the group's outline and column 3, which can take it
    t.key(key.KEY_3)
    assert t.game.record == "1>3"
    assert t.view.keys.selection is None
    t.assert_at_rest_on_layout()


def test_a_refused_drop_shakes_reminds_and_keeps_the_selection(table: Callable[..., Table]) -> None:
    t = table(SIMPLE)
    t.key(key.KEY_1)
    t.key(key.KEY_2)  # 9S cannot take 5S
    assert t.game.moves == 0
    assert t.view.hud.toast_message == EN.t(f"table.rule.{Reason.RANK}")
    assert t.view.keys.selection is not None
    t.settle()
    assert raised(t, 0, 1)  # still held after the shake
    t.key(key.KEY_3)  # another column
    assert t.game.record == "1>3"


def test_the_same_column_again_cancels_and_an_empty_column_has_nothing(table: Callable[..., Table]) -> None:
    t = table(position(["| 5S", "| 9S", "| 7S 6S"], stock=50, filler=4))
    t.key(key.KEY_1)
    t.key(key.KEY_1)
    assert t.view.keys.selection is None and t.game.moves == 0
    t.assert_at_rest_on_layout()
    t.key(key.KEY_0)  # column 10 is empty
    assert t.view.hud.toast_message == EN.t("table.keys.nothing-there")
    assert t.view.keys.selection is None


def test_up_and_down_widen_and_narrow_within_the_movable_group(table: Callable[..., Table]) -> None:
    t = table(position(["| 8S 7S 6S", "| 9S", "| 7H"], suits=2, stock=50))
    t.key(key.KEY_1)
    held = t.view.keys.selection
    assert held is not None and held.count == 3  # the longest movable group
    t.key(key.DOWN)
    t.key(key.DOWN)
    t.key(key.DOWN)
    held = t.view.keys.selection
    assert held is not None and held.count == 1
    t.key(key.UP)
    held = t.view.keys.selection
    assert held is not None and held.count == 2 and raised(t, 0, 2)
    t.key(key.KEY_3)  # 7S 6S onto 7H: refused (rank)
    assert t.game.moves == 0
    t.key(key.UP)
    t.key(key.KEY_2)  # 8S 7S 6S onto 9S
    assert t.game.record == "1:3>2"


def test_escape_cancels_the_selection(table: Callable[..., Table]) -> None:
    t = table(SIMPLE)
    t.key(key.KEY_1)
    t.key(key.ESCAPE)
    assert t.view.keys.selection is None
    t.assert_at_rest_on_layout()


def test_the_cursor_walks_the_columns_and_the_stock_and_enter_acts_there(table: Callable[..., Table]) -> None:
    t = table(SIMPLE)
    assert not t.view.hud.cursor_sprite.visible
    t.key(key.RIGHT)  # the first press shows it, on column 1
    assert t.view.keys.cursor == 0 and t.view.hud.cursor_sprite.visible
    bar = t.layout.cursor_bar(0)
    assert t.view.hud.cursor_sprite.position == pytest.approx(bar.center, abs=1)
    t.key(key.SPACE)  # select column 1's group
    for _ in range(2):
        t.key(key.RIGHT)
    t.key(key.RETURN)  # drop it on column 3
    assert t.game.record == "1>3"
    t.key(key.LEFT)
    t.key(key.LEFT)
    t.key(key.LEFT)  # from column 3, left three times: wraps to the stock
    assert t.view.keys.cursor == 10
    t.key(key.RETURN)
    assert t.game.deals_left == 4
    t.view.on_mouse_motion(5, 5, 1, 1)  # the mouse is back: no cursor
    assert not t.view.hud.cursor_sprite.visible


def test_d_deals(table: Callable[..., Table]) -> None:
    t = table("SP1-S1C-AAAAAAD")
    t.key(key.D)
    assert t.game.deals_left == 4 and t.game.moves == 1
    t.assert_at_rest_on_layout()


def test_tab_walks_the_hud_buttons_and_enter_presses_the_focused_one(table: Callable[..., Table]) -> None:
    t = table(SIMPLE)
    t.key(key.KEY_1)
    t.key(key.KEY_3)
    assert t.game.moves == 1
    t.key(key.TAB)
    assert t.view.hud.focused == "new"
    t.key(key.TAB)
    t.key(key.TAB)
    assert t.view.hud.focused == "undo"
    t.key(key.RETURN)
    assert t.game.moves == 0  # undone
    t.key(key.TAB)
    assert t.view.hud.focused == "redo"
    t.key(key.RETURN)
    assert t.game.moves == 1 and t.game.record == "1>3"  # redone
    t.key(key.TAB, key.MOD_SHIFT)
    t.key(key.TAB, key.MOD_SHIFT)
    assert t.view.hud.focused == "restart"
    for _ in range(6):
        t.key(key.TAB)
    assert t.view.hud.focused == "code"
    t.key(key.ESCAPE)
    assert t.view.hud.focused is None


def test_ctrl_q_asks_the_application_to_quit(table: Callable[..., Table]) -> None:
    t = table(SIMPLE)
    asked: list[bool] = []
    t.view.on_quit = lambda: asked.append(True)
    t.key(key.Q, CTRL)
    assert asked == [True]


def test_a_drag_cancels_a_keyboard_selection(table: Callable[..., Table]) -> None:
    t = table(SIMPLE)
    t.key(key.KEY_9)
    t.drag(0, 1, t.layout.column_end(2).center)
    assert t.view.keys.selection is None and t.game.record == "1>3"
    t.assert_at_rest_on_layout()


def test_click_to_move_selects_with_a_click_and_drops_with_another(table: Callable[..., Table]) -> None:
    t = table(SIMPLE, Settings(click_to_move=True))
    t.click(*t.card_point(0, 1))
    held = t.view.keys.selection
    assert held is not None and (held.col, held.count) == (0, 1) and raised(t, 0, 1)
    t.click(*t.layout.column_end(1).center)  # refused: stays held
    assert t.game.moves == 0 and t.view.keys.selection is not None
    t.clock_now += 1.0
    t.click(*t.layout.column_end(2).center)
    assert t.game.record == "1>3"
    t.clock_now += 1.0
    t.click(*t.card_point(3, 0))
    t.view.on_mouse_press(5, 5, LEFT, 0)  # elsewhere: let go
    assert t.view.keys.selection is None
    t.assert_at_rest_on_layout()


def test_click_to_move_off_a_click_does_nothing(table: Callable[..., Table]) -> None:
    t = table(SIMPLE)
    t.click(*t.card_point(0, 1))
    assert t.view.keys.selection is None
    t.clock_now += 1.0
    t.click(*t.layout.column_end(2).center)
    assert t.game.moves == 0
