"""The top bar as a player sees it: Undo greyed out when it can do nothing,
no button left lit after another screen, score and moves spaced alike
whatever their digits, text that grows on large screens and fits small ones
in every language, and a win panel nothing shows through."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import arcade
import pytest

from game.records.settings import Settings
from game.ui.layout.table import BUTTONS, TableShape, compute_layout, win_layout
from game.ui.render import tables
from game.ui.render.style import BUTTON, BUTTON_HOVER
from game.words.i18n import Translator
from ui.table_harness import SIMPLE, Table, position

Make = Callable[..., Table]

ONE_MOVE_TO_WIN = position(["| KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "| AS"], removed="S S S S S S S")


def _brightest(image: Any, rect: Any, height: int) -> int:
    """The brightest grey level inside a window rectangle (y up) of a drawn image."""
    box = (int(rect.left) + 2, height - int(rect.top) + 2, int(rect.right) - 2, height - int(rect.bottom) - 2)
    return int(max(image.crop(box).convert("L").getdata()))


def test_undo_is_greyed_out_and_does_nothing_until_there_is_something_to_undo(table: Make) -> None:
    t = table(SIMPLE)
    hud = t.view.hud
    undo, restart = t.layout.hud.buttons["undo"], t.layout.hud.buttons["restart"]
    image = t.draw()
    h = t.window.get_size()[1]
    assert _brightest(image, undo, h) < _brightest(image, restart, h) - 60  # its word is visibly dimmer
    assert hud.button_sprites["undo"].alpha < hud.button_sprites["restart"].alpha

    t.view.on_mouse_motion(int(undo.center[0]), int(undo.center[1]), 0, 0)
    assert hud.button_sprites["undo"].alpha < hud.button_sprites["restart"].alpha  # no hover light
    t.click(*undo.center)
    assert t.view.hud.toast_message is None and t.changes == []

    t.double_click(0, 1)  # the 5 goes on the 6
    t.settle()
    image = t.draw()
    assert abs(_brightest(image, undo, h) - _brightest(image, restart, h)) <= 8  # lit like the others
    assert hud.button_sprites["undo"].color == hud.button_sprites["restart"].color
    t.click(*undo.center)
    t.settle()
    assert t.game.moves == 0 and hud.button_sprites["undo"].alpha < hud.button_sprites["restart"].alpha


def test_undo_is_greyed_out_after_a_win(table: Make) -> None:
    t = table(ONE_MOVE_TO_WIN, Settings(animation_speed="off"))
    t.double_click(1, 0)
    t.settle()
    assert t.game.is_won and t.view.hud.won_shown
    hud = t.view.hud
    assert hud.button_sprites["undo"].alpha < hud.button_sprites["restart"].alpha
    assert hud.button_at(*t.layout.hud.buttons["undo"].center) is None
    actions = len(t.changes)
    t.click(*t.layout.hud.buttons["undo"].center)
    assert t.game.is_won and len(t.changes) == actions and hud.won_shown


def test_coming_back_from_a_screen_lights_no_button(table: Make) -> None:
    t = table(SIMPLE)
    other = arcade.View()
    t.view.on_screen = lambda name: t.window.show_view(other)
    options = t.layout.hud.buttons["options"]
    t.view.on_mouse_motion(int(options.center[0]), int(options.center[1]), 0, 0)
    assert t.view.hud.button_sprites["options"].color == BUTTON_HOVER
    t.click(*options.center)
    assert t.window.current_view is other
    t.window.show_view(t.view)
    assert t.view.hud.button_sprites["options"].color == BUTTON
    # and it lights again under the pointer
    t.view.on_mouse_motion(int(options.center[0]), int(options.center[1]), 0, 0)
    assert t.view.hud.button_sprites["options"].color == BUTTON_HOVER


def test_a_clicked_button_is_lit_as_hovered_once_let_go(table: Make) -> None:
    t = table(SIMPLE)
    asked: list[str] = []
    t.view.on_screen = asked.append
    rules = t.layout.hud.buttons["rules"]
    t.view.on_mouse_motion(int(rules.center[0]), int(rules.center[1]), 0, 0)
    t.press(*rules.center)
    assert t.view.hud.button_sprites["rules"].color != BUTTON_HOVER  # held down
    t.release(*rules.center)
    assert asked == ["rules"] and t.view.hud.button_sprites["rules"].color == BUTTON_HOVER


def _sized(t: Table, width: int, height: int) -> Table:
    """The table laid out for another window size (a headless window keeps its own)."""
    t.view.on_resize(width, height)
    return t


def _numbers_gap(t: Table) -> float:
    hud = t.view.hud
    return float(hud.moves_text.left - hud.score_text.right)


@pytest.mark.parametrize("lang", ["en", "it", "es"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_score_and_moves_keep_one_gap_whatever_their_digits(table: Make, lang: str, size: tuple[int, int]) -> None:
    small = _sized(table(position(["| 2S"], score=500, moves=0), Settings(language=lang)), *size)
    small_gap = _numbers_gap(small)
    small_end = small.view.hud.moves_text.right
    big = _sized(table(position(["| 2S"], score=1189, moves=111), Settings(language=lang)), *size)
    hud = big.view.hud
    assert hud.score_text.text.count("1189") == 1 and hud.moves_text.text.count("111") == 1
    assert small_gap == pytest.approx(_numbers_gap(big), abs=1)
    assert small_gap >= hud.score_text.font_size  # clearly apart
    assert small_end == pytest.approx(hud.moves_text.right, abs=1)  # moves end at one place
    lay = big.layout.hud
    assert lay.buttons["stats"].right < hud.score_text.left and hud.moves_text.right < lay.code.left


def test_hud_text_grows_with_the_window_above_1080p(table: Make) -> None:
    t = _sized(table(SIMPLE), 1920, 1080)
    at_1080 = t.view.hud.button_texts["new"].font_size
    bar_1080 = t.layout.hud.bar.height
    at_1200 = _sized(t, 1920, 1200).view.hud.button_texts["new"].font_size
    _sized(t, 2560, 1440)
    hud = t.view.hud
    assert hud.button_texts["new"].font_size == pytest.approx(at_1080 * 1440 / 1080, rel=0.01)
    assert at_1080 < at_1200 < hud.button_texts["new"].font_size
    assert hud.score_text.font_size == hud.button_texts["new"].font_size
    assert t.layout.hud.bar.height == pytest.approx(bar_1080 * 1440 / 1080, rel=0.01)
    # Below 1080p nothing changes: the bar is as it was.
    lay = compute_layout(1920, 900, TableShape.of(t.game))
    assert lay.hud.font_size <= at_1080


@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_every_hud_text_fits_its_place_at_800x600(table: Make, lang: str) -> None:
    t = _sized(table(position(["| 2S"], score=1189, moves=8888), Settings(language=lang)), 800, 600)
    hud, lay = t.view.hud, t.layout.hud
    for name in BUTTONS:
        text, rect = hud.button_texts[name], lay.buttons[name]
        assert rect.left + 2 <= text.left and text.right <= rect.right - 2, name
    assert lay.buttons["new"].left >= 4 and lay.code.right <= 800 - 4
    assert lay.buttons["stats"].right < hud.score_text.left
    assert hud.moves_text.right < lay.code.left
    assert hud.code_text.content_width < lay.code.width
    assert hud.button_texts["new"].font_size >= 7


def test_the_win_panel_hides_what_lies_under_it(table: Make) -> None:
    t = table(ONE_MOVE_TO_WIN, Settings(animation_speed="off"))
    t.double_click(1, 0)
    t.settle()
    assert t.view.hud.won_shown
    image = t.draw().convert("RGB")
    h = t.window.get_size()[1]
    panel = win_layout(t.layout).panel
    # Below the columns' outlines (it crosses none), the panel's colour only,
    # under the columns' edges as elsewhere: nothing of the felt shows through.
    assert panel.top < t.layout.slots[0].bottom
    inside = panel.left + 20, panel.right - 20  # clear of the rounded corners
    edges = [x for s in t.layout.slots for x in (int(s.left), int(s.right) - 1) if inside[0] < x < inside[1]]
    assert len(edges) >= 4
    for x in edges:
        for y in (h - int(panel.top) + 3, h - int(panel.bottom) - 3):
            assert image.getpixel((x, y)) == tables.current().panel, (x, y)


@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_a_double_clicked_ace_that_can_go_nowhere_says_it_needs_a_two(table: Make, lang: str) -> None:
    ace = position(["KS | 5S", "| 9S", "| 7S 6S", "| QS", "| JS", "| TS", "| 8S", "| 4S", "| 3S", "| AS"], stock=50)
    t = table(ace, Settings(language=lang))
    t.double_click(9, 0)
    words = Translator(lang)
    assert t.view.hud.toast_message == words.t("table.rule.needs-two")
    assert t.view.hud.toast_message != words.t("table.rule.rank")
    assert t.game.moves == 0


def test_the_score_and_moves_change_in_the_frame_of_the_move(table: Make) -> None:
    """The frame drawn right after a move already shows its score, its moves
    and its sentence: nothing waits for a later frame."""
    t = table(SIMPLE)
    t.settle()
    hud = t.view.hud
    assert (hud.score_text.text, hud.moves_text.text) == ("Score 500", "Moves 0")
    t.double_click(0, 1)
    assert (hud.score_text.text, hud.moves_text.text) == ("Score 499", "Moves 1")
    assert t.view.voice.status.message
