"""A dialog's panel as a player sees it: rounded corners that let the dimmed
table show, a rim in the table's trim colour, a soft shadow beneath, and the
same look in every table colour."""

from __future__ import annotations

from typing import Any

import pytest

from game.records.settings import TABLES
from game.ui.render import tables
from game.ui.screens.host import ScreensView
from ui.screens.screens_driver import frame, pixel, shown_screen
from ui.table_harness import MakeApp


def close(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 12) -> bool:
    return all(abs(p - q) <= tolerance for p, q in zip(a, b, strict=True))


@pytest.fixture(autouse=True)
def _green_afterwards() -> Any:
    yield
    tables.use(tables.DEFAULT)


@pytest.mark.parametrize("name", TABLES)
def test_the_panel_has_rounded_corners_a_rim_and_a_shadow(app: MakeApp, name: str) -> None:
    t, spider = app()
    tables.use(name)
    table = tables.current()
    spider.show_screen("rules")  # a tall panel with room around it at 1280x800
    host = t.window.current_view
    assert isinstance(host, ScreensView)
    frame(t.window)
    screen = shown_screen(t.window)
    assert screen is not None
    r = screen.root.rect
    inside = pixel(r.left + screen.padding // 2, r.center_y)  # in the padding
    assert close(inside, table.panel, 3)  # the panel's own colour
    assert close(pixel(r.left + screen.padding // 2, r.top - 1), table.border, 40)  # the rim along its top
    corner = pixel(r.left + 1, r.top - 1)
    assert not close(corner, table.border, 40) and not close(corner, table.panel, 3)  # rounded: the table shows

    below = (r.center_x, r.bottom - screen.px(6))
    shadowed = pixel(*below)
    host.backdrop.place(None, 1.0)  # the same still without its panel (and shadow)
    frame(t.window)
    plain = pixel(*below)
    assert sum(shadowed) <= 0.8 * sum(plain), (plain, shadowed)  # clearly darker under the panel
