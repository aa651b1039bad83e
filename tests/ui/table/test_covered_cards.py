"""Covered cards are drawn as the strip that shows (game/ui/table/covered_cards.py):
the picture must be exactly the one with every card drawn whole, in every
state the table is drawn in, and the strips must really be cut."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

import arcade
import pytest
from PIL import Image, ImageChops

from game.engine import Game
from game.system import resources
from game.ui.table import covered_cards
from game.ui.table.sprites import TableSprites
from ui.table_harness import Table

MID_GAME = "SP1-S2C-AAAAAAD"


def column_cards(t: Table) -> list[Any]:
    return [sprite for column in t.sprites.columns for sprite in column]


def whole(t: Table, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The same frame with every card drawn whole."""
    with monkeypatch.context() as m:
        m.setattr(TableSprites, "cut_covered", lambda self: covered_cards.reset(self.model_sprites()))
        image = t.draw()
    assert not any(sprite.depth for sprite in column_cards(t))
    return image


def assert_same_picture(t: Table, monkeypatch: pytest.MonkeyPatch, least_cut: int) -> None:
    """The frame drawn with strips is the frame drawn whole: exactly, with
    the scaled images (nearest filtering); within one level of 255 with the
    full-size ones, whose linear filtering rounds a texel lookup on a
    shorter quad a hair differently (invisible, and only in the strips)."""
    cut = t.draw()
    strips = sum(1 for sprite in column_cards(t) if sprite.depth)
    assert strips >= least_cut, f"only {strips} covered cards were drawn as strips"
    difference = ImageChops.difference(cut.convert("RGB"), whole(t, monkeypatch).convert("RGB"))
    bands: Any = difference.getextrema()
    worst = max(high for _, high in bands)
    allowed = 0 if t.view.images.sharp_size is not None else 1
    assert worst <= allowed, f"cutting covered cards changed the picture in {difference.getbbox()} by {worst}"


@pytest.fixture
def mid_game(table: Callable[..., Table]) -> Table:
    t = table(MID_GAME)
    for _ in range(2):  # long columns, face-down cards under face-up ones
        t.click(*t.layout.stock_area.center)
        t.settle()
    return t


def test_a_table_at_rest_looks_the_same_with_covered_cards_cut(
    mid_game: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The full-size images first (linear filtering), then the scaled ones.
    scene = mid_game.view.scene
    scene.images.resized((0, 0))
    scene.place(marks=True)
    assert mid_game.view.images.sharp_size is None
    assert_same_picture(mid_game, monkeypatch, least_cut=50)
    mid_game.view.prepare_images()
    assert mid_game.view.images.sharp_size is not None
    assert_same_picture(mid_game, monkeypatch, least_cut=50)


def test_a_deal_in_flight_looks_the_same_with_covered_cards_cut(
    mid_game: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    mid_game.view.prepare_images()
    mid_game.click(*mid_game.layout.stock_area.center)
    for _ in range(4):
        mid_game.view.on_update(1 / 60)
        # The dealt cards are flying: the cards they will cover are whole.
        assert_same_picture(mid_game, monkeypatch, least_cut=40)


def test_a_dragged_group_looks_the_same_with_covered_cards_cut(
    mid_game: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    mid_game.view.prepare_images()
    col = max(range(10), key=lambda c: len(mid_game.game.columns[c]))
    x, y = mid_game.card_point(col, len(mid_game.game.columns[col]) - 1)
    mid_game.press(x, y)
    mid_game.drag_to(x + 40, y - 30)
    mid_game.view.on_update(1 / 60)
    lifted = mid_game.sprites.columns[col][-1]
    assert lifted.flying
    assert_same_picture(mid_game, monkeypatch, least_cut=40)
    # The card the lifted one lay on shows whole, its face no longer covered.
    assert mid_game.sprites.columns[col][-2].depth == 0
    mid_game.release(x + 40, y - 30)
    mid_game.settle()


def test_a_card_left_in_a_strip_really_stops_at_the_strip(
    window: arcade.Window, cards: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """arcade hands a sprite's depth to the table's program: a card given a
    strip with nothing over it shows the felt below the strip."""
    t = Table(window, Game.from_code(MID_GAME), cards=cards)
    t.view.prepare_images()
    card = t.sprites.columns[0][-1]
    monkeypatch.setattr(TableSprites, "cut_covered", lambda self: None)
    whole = steady(t)
    h = window.get_size()[1]
    # Where the card shows, from the layout: a sprite holding the full-size
    # image (before the scaled ones are made) is that image's size, drawn smaller.
    shown = t.layout.card_rect(0, len(t.game.columns[0]) - 1)
    x = int(shown.center_x)
    in_strip, below_strip = (x, int(h - shown.top + 20)), (x, int(h - shown.top + 60))
    card.depth = 40.0
    cut = t.draw().convert("RGB")
    card.depth = 0.0
    assert cut.getpixel(in_strip) == whole.getpixel(in_strip)  # the strip shows the card
    assert cut.getpixel(below_strip) != whole.getpixel(below_strip)  # below it, the felt


def steady(t: Table) -> Any:
    """The table drawn once nothing changes any more between two frames (the
    felt's texture and the scaled card images are made on worker threads)."""
    last = None
    for _ in range(200):
        t.view.on_update(1 / 60)
        image = t.draw().convert("RGB")
        if last is not None and ImageChops.difference(image, last).getbbox() is None:
            return image
        last = image
        time.sleep(0.01)
    raise AssertionError("the table never settled")


def test_card_images_are_opaque_between_their_corner_rows() -> None:
    """The strips rely on it: a card hides whatever lies under it except in
    the rows its rounded corners take at the top and the bottom."""
    for deck in ("cards", "cards-large"):  # the standard deck and the large-print one
        meta = resources.read_json(f"{deck}.json")
        sheet = Image.open(resources.path(f"{deck}.png")).convert("RGBA")
        cards = {name: r for name, r in meta["images"].items() if name not in ("empty", "stock", "highlight")}
        assert len(cards) > 52
        for name, r in cards.items():
            inset = math.ceil(covered_cards.OPAQUE_INSET * r["h"])
            middle = sheet.crop((r["x"], r["y"] + inset, r["x"] + r["w"], r["y"] + r["h"] - inset))
            assert middle.getchannel("A").getextrema() == (255, 255), (
                f"{deck}: {name} is not opaque between its corners"
            )
