"""What the table draws, and when, in the shared headless window.

GIVEN a table, WHEN the window is resized, a setting changes the picture
(placement help, animations, four colours, the language) or the table comes
to rest, THEN every card lies where the layout puts it, drawn from images at
its size, the cards no one can see are left out of the frame, and the window
stops redrawing at rest and wakes on input. (Playing the table: test_table_view.py.)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import arcade
import pytest

from game.records.settings import Settings
from game.system import internals
from game.ui.layout.table import TableShape, compute_layout
from game.ui.table.choreography import unsettled
from game.words.i18n import Translator
from ui.table_harness import CTRL, SIMPLE, Table, position


def test_resize_lays_out_again_at_once(table: Callable[..., Table]) -> None:
    t = table("SP1-S4C-AAAAAAD")
    t.click(*t.layout.stock_area.center)
    width = t.layout.card_width
    t.view.on_resize(1920, 1080)
    assert not t.animator.busy
    assert t.layout.card_width > width * 1.3
    assert t.on_layout()
    t.view.on_resize(1024, 640)
    assert t.on_layout()
    t.view.on_resize(1280, 800)


def test_placement_help_highlights_the_columns_that_can_take_the_group(table: Callable[..., Table]) -> None:
    t = table(SIMPLE)
    x, y = t.card_point(0, 1)
    plain = t.draw()
    t.press(x, y)
    t.drag_to(x, y - 6)  # just past the drag threshold
    lit = t.draw()
    assert len(t.sprites.highlights) == 1
    h = t.window.get_size()[1]

    def patch(img: Any, col: int) -> list[tuple[int, ...]]:
        r = t.layout.column_end(col)
        # Along the card's top edge, where the glow shows (image rows go down).
        return [img.getpixel((int(r.left + r.width * k / 10), int(h - r.top + 2))) for k in range(1, 10)]

    assert patch(lit, 2) != patch(plain, 2)  # column 3 (6S) can take 5S: highlighted
    assert patch(lit, 1) == patch(plain, 1)  # column 2 (9S) cannot
    t.release(x, y - 6)
    assert len(t.sprites.highlights) == 0
    t.assert_at_rest_on_layout()


def test_placement_help_off_highlights_nothing(table: Callable[..., Table]) -> None:
    t = table(SIMPLE, Settings(placement_help=False))
    x, y = t.card_point(0, 1)
    t.press(x, y)
    t.drag_to(x, y - 20)
    assert len(t.sprites.highlights) == 0
    t.release(x, y - 20)


def test_animations_off_put_cards_in_place_at_once(table: Callable[..., Table]) -> None:
    t = table(SIMPLE, Settings(animation_speed="off"))
    t.double_click(0, 1)
    t.click(*t.layout.stock_area.center)
    assert not t.animator.busy
    assert t.on_layout()


def test_four_colour_faces(table: Callable[..., Table]) -> None:
    t = table("SP1-S4C-AAAAAAD", Settings(four_colour=True))
    atlas = t.atlas
    for col in t.sprites.columns:
        s = col[-1]
        expected = atlas.textures.get(str(s.card) + "-4c", atlas.textures[str(s.card)])
        assert s.texture is expected


def test_at_rest_the_window_stops_redrawing_and_wakes_on_input(table: Callable[..., Table]) -> None:
    t = table(SIMPLE)
    t.run(1.0)
    assert t.view.pacer.resting
    assert internals.get(t.window, internals.DRAW_RATE) >= 60
    t.view.on_mouse_motion(3, 3, 1, 1)
    t.press(*t.card_point(0, 1))
    assert not t.view.pacer.resting
    assert internals.get(t.window, internals.DRAW_RATE) == pytest.approx(1 / 60)
    t.release(*t.card_point(0, 1))


def test_apply_settings_changes_language_and_faces_at_once(table: Callable[..., Table]) -> None:
    t = table("SP1-S4C-AAAAAAD")
    new = Settings(language="es", four_colour=True)
    t.view.apply_settings(new, Translator("es"))
    assert t.view.hud.moves_text.text == "Movimientos 0"
    assert t.view.hud.button_texts["undo"].text == "Deshacer"
    lay = t.layout
    assert lay.hud.buttons["rules"].right <= lay.hud.score.left
    clubs = [s for col in t.sprites.columns for s in col if s.card.face_up and s.card.suit in "DC"]
    assert clubs and all(s.texture is t.atlas.textures[f"{s.card}-4c"] for s in clubs)
    assert t.on_layout()


def test_covered_pile_cards_are_not_drawn(table: Callable[..., Table]) -> None:
    """Software OpenGL pays for every card drawn: a stock pile shows one back."""
    t = table("SP1-S1C-AAAAAAD")
    drawn = set(map(id, t.sprites.cards))
    assert sum(id(s) in drawn for s in t.sprites.stock) == 5
    t.click(*t.layout.stock_area.center)
    t.run(0.05)
    drawn = set(map(id, t.sprites.cards))
    assert all(id(c[-1]) in drawn for c in t.sprites.columns)  # the ten dealt cards all show
    t.assert_at_rest_on_layout()
    t.run(0.1)
    # At rest the next deal's covered cards join the list, parked out of the window.
    parked = t.sprites.parked
    assert set(parked) == set(t.sprites.stock[1:10])
    assert all(s.right < 0 and s.top < 0 for s in parked)
    drawn = {id(s) for s in t.sprites.cards if s not in parked}
    assert sum(id(s) in drawn for s in t.sprites.stock) == 4


def test_cards_are_drawn_from_images_scaled_to_their_size(table: Callable[..., Table]) -> None:
    """Once a worker has scaled the card images, every card shows one texel
    per pixel (sharp with nearest filtering, and cheap on software OpenGL)."""
    t = table("SP1-S2C-AAAAAAD")
    t.view.prepare_images()
    w, h = round(t.layout.card_width), round(t.layout.card_height)
    assert t.view.images.sharp_size == (w, h)
    for column in t.sprites.columns:
        for sprite in column:
            assert sprite.texture.size == (w, h) and sprite.size == (w, h)
    # A resize goes back to the full-size images until the new ones are made.
    t.view.on_resize(1024, 640)
    assert t.view.images.sharp_size is None
    assert t.on_layout()
    for _ in range(200):
        t.view.on_update(1 / 60)
        if t.view.images.sharp_size is not None:
            break
        time.sleep(0.01)
    assert t.view.images.sharp_size == (round(t.layout.card_width), round(t.layout.card_height))
    assert t.on_layout()
    t.view.on_resize(1280, 800)


def test_the_cards_to_settle_are_those_off_their_places(table: Callable[..., Table]) -> None:
    # `unsettled` is a quicker `placements` filtered by "target is not the place's centre".
    t = table(position(["| 9S", "KS | QS"], removed="S", stock=40))
    sprites = t.sprites
    other = compute_layout(1000, 700, TableShape.of(t.game))  # every card elsewhere
    assert unsettled(sprites, t.layout) == []
    for sprite in (sprites.stock[3], sprites.stock[10], sprites.removed[0][5], sprites.columns[1][1]):
        sprite.target = (sprite.target[0] + 1, sprite.target[1])
    for layout in (t.layout, other):
        expected = [(s, rect) for s, rect in sprites.placements(layout) if s.target != rect.center]
        assert unsettled(sprites, layout) == expected
    assert len(unsettled(sprites, t.layout)) == 4
    assert len(unsettled(sprites, other)) == 104  # the removed run too


def test_the_next_deal_parked_at_rest_is_dealt_from_the_stock(table: Callable[..., Table]) -> None:
    """At rest the next deal's covered cards wait in the card list out of the
    window (`TableSprites.park_next_deal`); a deal, a refused deal, an undo or
    a resize puts each one back in its place first."""
    t = table("SP1-S1C-AAAAAAD")
    t.run(0.1)
    front = t.sprites.stock[:10]
    assert set(t.sprites.parked) == set(front[1:])
    place = t.layout.stock[0].center
    t.click(*t.layout.stock_area.center)
    assert not t.sprites.parked
    t.view.on_update(1 / 60)
    assert all(s.position == pytest.approx(place) for s in front[2:])  # waiting on the stock
    t.assert_at_rest_on_layout()
    t.run(0.1)
    assert t.sprites.parked
    t.key(arcade.key.Z, CTRL)  # the deal back to the stock
    assert not t.sprites.parked
    t.assert_at_rest_on_layout()
    t.run(0.1)
    t.view.on_resize(1024, 640)
    assert not t.sprites.parked and t.on_layout()

    # A refused deal shakes the front pile where it lies.
    t = table(position(["| 5S", "| 9S", "| 7S", "| QS", "| JS", "| TS", "| 8S", "| 4S"], stock=50, filler=1))
    t.run(0.1)
    assert t.sprites.parked
    front = t.sprites.stock[:10]
    t.click(*t.layout.stock_area.center)
    assert t.game.moves == 0 and not t.sprites.parked
    t.view.on_update(1 / 60)
    stock = t.layout.stock_area
    assert all(stock.contains(s.center_x, s.center_y) for s in front)
    t.assert_at_rest_on_layout()
