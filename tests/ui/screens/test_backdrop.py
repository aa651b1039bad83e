"""Dialogs open over the dimmed table (docs/RULES.md §10): the table stays visible
behind them, is drawn once rather than every frame, and a dialog at rest
stops redrawing."""

from __future__ import annotations

import arcade
import pytest
from inner_loop import one_fast

from game.ui.app.controller import SpiderApp
from game.ui.panel.look import DIM
from game.ui.screens.base import Screen
from game.ui.screens.host import REST_AFTER_S, ScreensView
from ui.screens.screens_driver import frame, pixel, send, shown_screen
from ui.table_harness import MakeApp, Table

key = arcade.key
DIALOGS = ["new", "options", "rules", "stats", "describe"]


def open_dialog(t: Table, spider: SpiderApp, name: str) -> tuple[ScreensView, Screen]:
    t.view.renderer.prepare()  # the felt made, as it is by the time a player opens a dialog
    spider.show_screen(name)
    host = t.window.current_view
    assert isinstance(host, ScreensView)
    frame(t.window)
    screen = shown_screen(t.window)
    assert screen is not None
    return host, screen


@pytest.mark.parametrize("name", one_fast(DIALOGS))
def test_the_dimmed_table_stays_visible_behind(app: MakeApp, name: str) -> None:
    t, spider = app()
    t.draw()
    stock = t.layout.stock_area.center  # bottom right, beside every panel
    bright = pixel(*stock)
    _, screen = open_dialog(t, spider, name)
    assert not screen.root.rect.contains(*stock)
    dimmed = pixel(*stock)
    assert all(abs(d - b * DIM) <= 2 for d, b in zip(dimmed, bright, strict=True)), (bright, dimmed)
    assert bright != dimmed


@pytest.mark.parametrize("name", one_fast(DIALOGS))
def test_the_table_is_not_redrawn_while_a_dialog_is_open(app: MakeApp, name: str) -> None:
    t, spider = app()
    host, _ = open_dialog(t, spider, name)
    draws: list[bool] = []
    t.view.on_draw = t.view.draw_behind = lambda: draws.append(True)  # type: ignore[method-assign]
    for _ in range(30):
        send(t.window, "on_mouse_motion", 5, 5, 1, 1)
        frame(t.window)
    assert (draws, host.backdrop.captures) == ([], 1)


@pytest.mark.parametrize("name", one_fast(DIALOGS))
def test_escape_closes_the_dialog(app: MakeApp, name: str) -> None:
    t, spider = app()
    open_dialog(t, spider, name)
    send(t.window, "on_key_press", key.ESCAPE, 0)
    assert t.window.current_view is t.view


def test_a_dialog_at_rest_stops_redrawing_until_the_next_input(app: MakeApp) -> None:
    t, spider = app()
    host, _ = open_dialog(t, spider, "rules")
    for _ in range(int(REST_AFTER_S * 60) + 2):
        send(t.window, "on_update", 1 / 60)  # through the window, as its clock would
    assert host.pacer.resting
    send(t.window, "on_mouse_motion", 300, 300, 1, 1)
    assert not host.pacer.resting
    send(t.window, "on_key_press", key.ESCAPE, 0)
    assert not t.view.pacer.resting, "the table comes back at full rate"


def test_a_resized_window_takes_a_new_picture_of_the_table(app: MakeApp) -> None:
    t, spider = app()
    host, _ = open_dialog(t, spider, "options")
    try:
        t.window.dispatch_event("on_resize", 1000, 700)
        t.window.dispatch_events()
        frame(t.window)
        assert host.backdrop.captures == 2 and t.view.layout.width == 1000
    finally:
        t.window.dispatch_event("on_resize", *t.window.get_size())
        t.window.dispatch_events()


def test_a_closed_dialog_keeps_no_picture_of_the_table(app: MakeApp) -> None:
    """Nothing window-sized outlives an open: the still behind the dialog is freed when it closes."""
    t, spider = app()
    host, _ = open_dialog(t, spider, "stats")
    assert host.backdrop.image.size == t.window.ctx.screen.size
    send(t.window, "on_key_press", key.ESCAPE, 0)
    assert host.backdrop.image.size is None


def test_after_a_win_a_dialog_takes_the_win_panels_place(app: MakeApp) -> None:
    """Opened over a won table, a dialog hides the win panel (a smaller dialog
    would leave it sticking out around it): behind it, the dimmed felt."""
    from engine.tables import run_text
    from engine.tables import table as engine_table

    from game.ui.layout.table import win_layout

    g = engine_table({1: "| " + run_text("S", 13, 2), 2: "| AS"}, removed="S S S S S S S", moves=40, score=400)
    t, spider = app(g)
    t.double_click(1, 0)
    for _ in range(60 * 10):  # the run flies off, the celebration plays, the panel shows
        if t.view.hud.won_shown:
            break
        t.view.on_update(1 / 60)
    assert t.game.is_won and t.view.hud.won_shown
    t.draw()
    panel = win_layout(t.layout).panel
    spot = (panel.center_x, panel.top - 4)  # the win panel's top, above a small dialog
    won = pixel(*spot)
    felt = tables_felt_at(t, spot)
    assert won != felt
    open_dialog(t, spider, "rules")
    spider.dialogs.host.open(spider.dialogs.screen("restart"), over=t.view)  # a small dialog
    frame(t.window)
    assert not spider.dialogs.screens["restart"].root.rect.contains(*spot)
    behind = pixel(*spot)
    assert behind == pytest.approx(tuple(round(c * DIM) for c in felt), abs=6), (won, felt, behind)
    assert behind != pytest.approx(tuple(round(c * DIM) for c in won), abs=3), "not the win panel, dimmed"


def tables_felt_at(t: Table, spot: tuple[float, float]) -> tuple[int, int, int]:
    """The table's own pixel at `spot` without the win panel."""
    t.view.hud.won_shown = False
    t.window.show_view(t.view)
    t.draw()
    felt = pixel(*spot)
    t.view.hud.won_shown = True
    return felt
