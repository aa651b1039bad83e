"""The table colours: a felt with depth in each colour (lit in the middle,
darker in the corners, a faint grain), made once per window size off the
frame, the HUD and the dialogs in the table's colours, and a change of table
seen at once."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from game.records.settings import TABLES, Settings
from game.ui.render import tables
from game.ui.render.felt import SCALE, felt_image
from game.words.i18n import Translator
from ui.table_harness import Table

Make = Callable[..., Table]
CODE = "SP1-S1C-AAAAAAD"


def _luma(c: Any) -> float:
    return float(0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2])


def test_every_table_the_settings_offer_is_drawn_and_green_comes_first() -> None:
    assert tuple(tables.TABLES) == TABLES and TABLES[0] == Settings().table == tables.DEFAULT


@pytest.mark.parametrize("name", TABLES)
def test_the_felt_is_the_tables_colour_in_the_middle_and_darker_towards_the_corners(name: str) -> None:
    table = tables.TABLES[name]
    image = felt_image(table, (1280, 800))
    assert image.size == (1280 // SCALE, 800 // SCALE) and image.mode == "RGBA"
    w, h = image.size
    middle = image.crop((w // 2 - 20, h // 2 - 20, w // 2 + 20, h // 2 + 20)).convert("RGB")
    mean = [sum(band.getdata()) / (40 * 40) for band in middle.split()]
    assert all(abs(m - f) <= 1.5 for m, f in zip(mean, table.felt, strict=True))  # the colour chosen
    corner = image.crop((0, 0, 8, 8)).convert("RGB").resize((1, 1), reducing_gap=None).getpixel((0, 0))
    assert _luma(corner) < _luma(table.felt) * 0.75  # depth: the corners fall into shadow
    levels: Any = middle.convert("L").getextrema()
    assert 1 <= levels[1] - levels[0] <= 12  # a faint grain, not noise
    assert image.getchannel("A").getextrema() == (255, 255)  # opaque: it replaces every pixel
    assert felt_image(table, (1280, 800)).tobytes() == image.tobytes()  # the same felt every time


def test_the_felt_is_made_off_the_frame_once_per_size_and_table_and_drawn_from_then_on(table: Make) -> None:
    t = table(CODE, Settings(table="night"))
    felt = t.view.renderer.felt
    size = t.window.get_framebuffer_size()
    t.view.on_update(1 / 60)
    assert felt.made == 0  # nothing started before the first frame
    first = t.draw()  # the first frame: the flat colour; the felt is made after it, on a worker
    w, h = first.size
    assert first.getpixel((w // 2, h * 2 // 3))[:3] == tables.TABLES["night"].felt
    for _ in range(500):  # up to 5 s of frames while the worker makes it
        t.run(1 / 60)
        if felt.made:
            break
        time.sleep(0.01)
    assert felt.ready(tables.TABLES["night"], size) and felt.made == 1
    image = t.draw()
    w, h = image.size
    # An empty stretch of felt below the columns, and a corner of the window.
    assert _luma(image.getpixel((w // 2, h * 2 // 3))) == pytest.approx(_luma(tables.TABLES["night"].felt), abs=3)
    assert _luma(image.getpixel((2, h - 2))) < _luma(image.getpixel((w // 2, h * 2 // 3)))
    t.run(0.5)
    assert felt.made == 1  # not made again while nothing changes


def test_a_new_table_is_seen_at_once_in_the_felt_the_bar_and_the_win_panel(table: Make) -> None:
    t = table(CODE, Settings())
    t.run(0.3)
    hud = t.view.hud
    assert hud.bar.color[:3] == tables.TABLES["green"].bar[:3]
    blue = replace(t.settings, table="blue")
    t.view.apply_settings(blue, Translator("en"))
    assert tables.current().name == "blue"
    assert hud.bar.color[:3] == tables.TABLES["blue"].bar[:3]
    assert hud.win_panel.color[:3] == tables.TABLES["blue"].panel
    # The blue felt is made at once (the player is looking at the change).
    assert t.view.renderer.felt.ready(tables.TABLES["blue"], t.window.get_framebuffer_size())
    image = t.draw()
    w, h = image.size
    middle = image.getpixel((w // 2, h * 2 // 3))[:3]
    assert all(abs(a - b) <= 3 for a, b in zip(middle, tables.TABLES["blue"].felt, strict=True))


def test_an_unknown_table_is_the_default() -> None:
    tables.use("night")
    tables.use("plaid")
    assert tables.current().name == "green"


@pytest.fixture(autouse=True)
def _green_afterwards() -> Any:
    yield
    tables.use(tables.DEFAULT)


def test_the_night_tables_cards_glare_less_and_the_others_are_full_bright(table: Make) -> None:
    """A face-up card's white face (its brightest pixel) as the window shows it."""
    t = table(CODE, Settings())
    t.run(0.3)

    def face_white() -> int:
        image = t.draw()
        r = t.layout.card_rect(0, len(t.game.columns[0]) - 1)  # the first column's face-up card
        top = image.height - round(r.top)  # image rows go down
        box = (round(r.left) + 6, top + 6, round(r.right) - 6, top + round(r.height) - 6)
        return int(image.crop(box).convert("L").getextrema()[1])

    green = face_white()
    assert green >= 245  # the face's near-white, untouched
    t.view.apply_settings(replace(t.settings, table="night"), Translator("en"))
    night = face_white()
    assert night == pytest.approx(green * tables.TABLES["night"].cards[0] / 255, abs=3)
