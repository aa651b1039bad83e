"""The table played through its own input handlers, in the shared headless window.

Each test: GIVEN a table (a code or a prepared position), WHEN the player
presses, drags, double-clicks, deals or undoes through the view's handlers at
points the layout gives, THEN the engine's state and every card sprite's
resting place agree with the layout, and what the player sees (a reminder,
a highlight, the win panel) is there.
"""

from __future__ import annotations

from collections.abc import Callable

import arcade
import pytest

from game.engine.events import CardsMoved, GameWon, RunRemoved, StockDealt
from game.records.settings import Settings
from game.words.i18n import Translator
from ui.table_harness import CTRL, LEFT, SIMPLE, Table, position


def test_opening_deal_flies_cards_from_the_stock_to_their_places(table: Callable[..., Table]) -> None:
    t = table("SP1-S2C-AAAAAAD", animate_opening=True)
    sprite = t.sprites.columns[9][4]
    stock = t.layout.stock_area
    # At first the last-dealt card is still on the stock, face down.
    assert stock.contains(sprite.center_x, sprite.center_y)
    assert sprite.texture is t.atlas.back
    t.run(0.5)
    assert t.animator.busy
    t.assert_at_rest_on_layout()
    assert sprite.texture is t.atlas.face(t.game.columns[9][4])


def test_drag_moves_a_group_to_the_column_it_overlaps(table: Callable[..., Table]) -> None:
    t = table(SIMPLE)
    target = t.layout.column_end(2)
    t.drag(0, 1, (target.center_x + 10, target.center_y - 30))
    assert t.game.record == "1>3"
    assert [str(c) for c in t.game.columns[2]] == ["7S", "6S", "5S"]
    assert t.game.columns[0][0].face_up  # the king under it turned over
    events = t.changes[-1]
    assert isinstance(events[0], CardsMoved)
    t.assert_at_rest_on_layout()
    assert t.view.hud.toast_message is None


def test_drag_carries_the_group_under_the_pointer(table: Callable[..., Table]) -> None:
    t = table(SIMPLE)
    x, y = t.card_point(2, 0)
    sprites = t.sprites.columns[2][:]
    before = [(s.center_x, s.center_y) for s in sprites]
    t.press(x, y)
    t.drag_to(x + 100, y - 50)
    after = [(s.center_x, s.center_y) for s in sprites]
    for (bx, by), (ax, ay) in zip(before, after, strict=True):
        assert (ax - bx, ay - by) == pytest.approx((100, -50))
    t.release(x + 100, y - 50)
    t.assert_at_rest_on_layout()


def test_refused_drop_flies_back_and_recalls_the_rule(table: Callable[..., Table]) -> None:
    t = table(SIMPLE)
    target = t.layout.column_end(1)  # 9S cannot take 5S
    t.drag(0, 1, target.center)
    assert t.game.moves == 0
    assert t.view.hud.toast_message == Translator("en").t("table.rule.rank")
    sprite = t.sprites.columns[0][1]
    t.run(0.05)
    assert t.animator.busy  # on its way back
    t.assert_at_rest_on_layout()
    assert sprite.center_x == pytest.approx(t.layout.card_rect(0, 1).center_x)
    # The message fades away after a few seconds.
    t.run(4.0)
    assert t.view.hud.toast_message is None


def test_drop_on_empty_table_space_flies_back_silently(table: Callable[..., Table]) -> None:
    t = table(SIMPLE)
    lay = t.layout
    t.drag(0, 1, (lay.toast.center_x, lay.status.bottom + lay.card_height / 2))  # the bottom row's middle
    assert t.game.moves == 0
    assert t.view.hud.toast_message is None
    t.assert_at_rest_on_layout()


def test_auto_placement_sends_a_stray_drop_to_the_best_column(table: Callable[..., Table]) -> None:
    t = table(SIMPLE, Settings(auto_placement=True))
    t.drag(0, 1, t.layout.toast.center)
    assert t.game.record == "1>3"
    t.assert_at_rest_on_layout()


def test_double_click_sends_the_group_to_the_best_column(table: Callable[..., Table]) -> None:
    # 5H could go on 6S (column 3) or 6H (column 4): same suit wins.
    text = position(
        ["KS | 5H", "| 9S", "| 7S 6S", "| 7H 6H", "| JS", "| TS", "| 8S", "| 4S", "| 3S"], suits=2, stock=50
    )
    t = table(text)
    t.double_click(0, 1)
    assert t.game.record == "1>4"
    t.assert_at_rest_on_layout()


def test_single_click_does_nothing(table: Callable[..., Table]) -> None:
    t = table(SIMPLE)
    t.click(*t.card_point(0, 1))
    t.clock_now += 1.0
    t.click(*t.card_point(0, 1))  # too slow for a double-click
    assert t.game.moves == 0
    t.assert_at_rest_on_layout()


def test_double_click_off_does_nothing(table: Callable[..., Table]) -> None:
    t = table(SIMPLE, Settings(double_click=False))
    t.double_click(0, 1)
    assert t.game.moves == 0


def test_pressing_a_face_down_card_is_refused_with_a_shake(table: Callable[..., Table]) -> None:
    t = table(SIMPLE)
    t.press(*t.card_point(0, 0))
    assert t.view.hud.toast_message == Translator("en").t("table.rule.face-down")
    sprite = t.sprites.columns[0][0]
    home = sprite.center_x
    t.run(0.08)
    assert sprite.center_x != pytest.approx(home)  # shaking
    t.assert_at_rest_on_layout()


def test_pressing_under_a_mixed_group_recalls_the_classic_rule(table: Callable[..., Table]) -> None:
    text = position(["| 7H 6S", "| 9S"], suits=2, stock=50)
    t = table(text)
    t.press(*t.card_point(0, 0))
    assert t.view.hud.toast_message == Translator("en").t("table.rule.mixed-suits")
    t.release(*t.card_point(0, 0))
    text = position(["| 7S 5S", "| 9S"], stock=50)
    t = table(text)
    t.press(*t.card_point(0, 0))
    assert t.view.hud.toast_message == Translator("en").t("table.rule.not-descending")


def test_interactive_rules_off_shows_no_reminder(table: Callable[..., Table]) -> None:
    t = table(SIMPLE, Settings(interactive_rules=False))
    t.drag(0, 1, t.layout.column_end(1).center)
    assert t.view.hud.toast_message is None
    t.assert_at_rest_on_layout()


def test_clicking_the_stock_deals_column_1_to_10(table: Callable[..., Table]) -> None:
    t = table("SP1-S1C-AAAAAAD")
    front = t.sprites.stock[:10]
    t.click(*t.layout.stock_area.center)
    assert t.game.deals_left == 4 and t.game.moves == 1
    assert isinstance(t.changes[-1][0], StockDealt)
    # Staggered: early on, column 1's card has left the stock but column 10's has not.
    t.run(0.1)
    stock = t.layout.stock_area
    assert not stock.contains(front[0].center_x, front[0].center_y) or front[0].center_y > stock.top
    assert stock.contains(front[9].center_x, front[9].center_y)
    t.assert_at_rest_on_layout()
    assert [s.card for s in front] == [c[-1] for c in t.game.columns]
    assert all(s.texture is t.atlas.face(s.card) for s in front)


def test_a_new_input_finishes_running_animations_at_once(table: Callable[..., Table]) -> None:
    t = table("SP1-S1C-AAAAAAD")
    t.click(*t.layout.stock_area.center)
    t.run(0.05)
    assert t.animator.busy
    t.view.on_mouse_press(5, 5, LEFT, 0)  # anywhere
    assert not t.animator.busy
    assert t.on_layout()


def test_refused_deal_with_an_empty_column(table: Callable[..., Table]) -> None:
    t = table(position(["| 5S", "| 9S", "| 7S", "| QS", "| JS", "| TS", "| 8S", "| 4S"], stock=50, filler=1))
    t.click(*t.layout.stock_area.center)
    assert t.game.deals_left == 5 and t.game.moves == 0
    assert t.view.hud.toast_message == Translator("en").t("table.rule.empty-column")
    t.assert_at_rest_on_layout()


def test_refused_deal_when_too_few_cards_can_fill_the_columns(table: Callable[..., Table]) -> None:
    # 7 runs removed, 10 cards in the stock, 3 on the table: no deal can ever follow.
    t = table(position(["| 3S", "| 2S", "| AS"], removed="S S S S S S S", stock=10))
    assert t.game.cards_on_table < 10
    t.click(*t.layout.stock_area.center)
    msg = t.view.hud.toast_message
    assert msg == Translator("en").t("table.rule.empty-column-few")
    assert "not enough cards" in msg.lower()


def test_refused_deal_with_an_empty_stock(table: Callable[..., Table]) -> None:
    t = table(position(["| 5S", "| 9S", "| 7S", "| QS", "| JS", "| TS", "| 8S", "| 4S", "| 3S", "| 2S"]))
    t.click(*t.layout.stock_area.center)
    assert t.view.hud.toast_message == Translator("en").t("table.rule.stock-empty")


def test_undo_by_key_and_button_animates_back(table: Callable[..., Table]) -> None:
    t = table(SIMPLE)
    t.double_click(0, 1)
    t.click(*t.layout.stock_area.center)
    assert t.game.moves == 2
    t.key(arcade.key.Z, CTRL)
    assert t.game.moves == 1 and t.game.deals_left == 5
    t.run(0.1)
    assert t.animator.busy  # the ten cards fly back to the stock
    t.assert_at_rest_on_layout()
    t.click(*t.layout.hud.buttons["undo"].center)
    assert t.game.moves == 0 and not t.game.columns[0][0].face_up
    t.assert_at_rest_on_layout()
    t.key(arcade.key.Z, CTRL)
    assert t.view.hud.toast_message == Translator("en").t("table.rule.nothing-to-undo")


def test_restart_and_new_game(table: Callable[..., Table]) -> None:
    t = table("SP1-S2F-AAAAAAD")
    t.click(*t.layout.stock_area.center)
    t.key(arcade.key.R, CTRL)
    assert t.game.moves == 0 and t.game.deals_left == 5
    t.assert_at_rest_on_layout()
    t.key(arcade.key.N, CTRL)
    g = t.view.game
    assert g is not t.game and g.suits == 2 and g.rule.value == "flexible"
    t.game = g
    t.assert_at_rest_on_layout()
    assert len(t.changes) == 3


def test_run_removal_flies_the_run_to_the_removed_pile(table: Callable[..., Table]) -> None:
    text = position(
        ["| KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "| AS", "QS | JS"], removed="S S S S S", stock=10, filler=3
    )
    t = table(text)
    t.double_click(1, 0)
    assert len(t.game.removed) == 6
    events = t.changes[-1]
    assert any(isinstance(e, RunRemoved) for e in events)
    run = t.sprites.removed[-1]
    pile = t.layout.removed[5]
    t.run(0.15)
    assert any(not pile.contains(s.center_x, s.center_y) for s in run)  # still flying
    t.assert_at_rest_on_layout()
    assert all(s.position == pytest.approx(pile.center) for s in run)
    # The king lies on top of its pile; the cards under it are not even drawn.
    drawn = list(t.sprites.cards)
    assert [s for s in run if s in drawn] == [run[0]]
    # Undo brings it back.
    t.key(arcade.key.Z, CTRL)
    assert len(t.game.removed) == 5
    t.assert_at_rest_on_layout()


def test_win_celebrates_and_offers_a_new_or_the_same_deal(table: Callable[..., Table]) -> None:
    text = position(["| KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "| AS"], removed="S S S S S S S", score=600, moves=99)
    t = table(text)
    t.double_click(1, 0)
    assert t.game.is_won
    assert any(isinstance(e, GameWon) for e in t.changes[-1])
    t.settle()
    assert t.view.hud.won_shown
    t.run(1.0)
    assert len(t.view.celebration.confetti) > 0  # cards bounce off the piles
    image = t.draw()
    assert image.size == t.window.get_size()
    t.assert_at_rest_on_layout()
    t.run(12.0)
    assert len(t.view.celebration.confetti) == 0 and t.view.at_rest
    # The two buttons: the same deal again (this game has no code: restart).
    from game.ui.layout.table import win_layout

    again = win_layout(t.layout).buttons["again"]
    t.click(*again.center)
    assert not t.view.hud.won_shown
    assert not t.game.is_won and t.game.moves == 99  # back to the first table of this deal
    t.assert_at_rest_on_layout()


def test_win_panel_new_deal_button(table: Callable[..., Table]) -> None:
    text = position(["| KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "| AS"], removed="S S S S S S S")
    t = table(text)
    t.double_click(1, 0)
    t.settle()
    from game.ui.layout.table import win_layout

    t.click(*win_layout(t.layout).buttons["new"].center)
    assert not t.view.hud.won_shown
    assert t.view.game is not t.game and t.view.game.code is not None


def test_code_click_copies_or_shows_the_code(table: Callable[..., Table]) -> None:
    t = table("SP1-S1C-AAAAAAD")
    t.click(*t.layout.hud.code.center)
    msg = t.view.hud.toast_message
    assert msg is not None and "SP1-S1C-AAAAAAD" in msg


def test_hud_shows_score_moves_and_code(table: Callable[..., Table]) -> None:
    t = table(SIMPLE)
    assert t.view.hud.score_text.text == "Score 500"
    t.double_click(0, 1)
    assert t.view.hud.score_text.text == "Score 499" and t.view.hud.moves_text.text == "Moves 1"
    t2 = table("SP1-S4F-AAAAAAD", Settings(language="it"))
    assert t2.view.hud.code_text.text == "SP1-S4F-AAAAAAD"
    assert t2.view.hud.moves_text.text == "Mosse 0"


def test_buttons_and_keys_ask_for_their_screens(table: Callable[..., Table]) -> None:
    t = table(SIMPLE)
    called: list[str] = []
    t.view.on_screen = called.append
    for name in ("new", "options", "rules", "stats"):
        t.click(*t.layout.hud.buttons[name].center)
    for key in (arcade.key.F1, arcade.key.F2, arcade.key.F3):
        t.key(key)
    t.key(arcade.key.N, arcade.key.MOD_CTRL)
    t.key(arcade.key.O, arcade.key.MOD_CTRL)
    assert called == ["new", "options", "rules", "stats", "describe", "rules", "stats", "new", "options"]


def test_restart_and_new_deal_report_the_game_being_left_with_its_moves(table: Callable[..., Table]) -> None:
    t = table(SIMPLE)
    left: list[tuple[object, int]] = []
    t.view.on_leaving_game = lambda game: left.append((game, game.moves))
    first = t.view.game
    t.double_click(0, 1)
    t.key(arcade.key.R, arcade.key.MOD_CTRL)
    t.key(arcade.key.N, arcade.key.MOD_CTRL)  # no on_screen: a new deal of the same variant
    assert left == [(first, 1), (first, 0)] and t.view.game is not first


def test_escape_while_dragging_sends_the_group_home(table: Callable[..., Table]) -> None:
    t = table(SIMPLE)
    target = t.layout.column_end(2)
    t.drag(0, 1, target.center, release=False)
    t.key(arcade.key.ESCAPE)
    assert t.view.gestures.grab is None and len(t.sprites.highlights) == 0
    t.release(*target.center)  # the release after Esc does nothing
    assert t.game.moves == 0
    t.assert_at_rest_on_layout()
