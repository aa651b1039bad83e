"""The table's geometry, without OpenGL: sizes, fans, piles, hit-tests."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import Game
from game.ui.layout.table import (
    BUTTONS,
    CARD_ASPECT,
    COLUMNS,
    Rect,
    TableShape,
    compute_layout,
    fan_offsets,
    win_layout,
)

SIZES = [(1024, 640), (1280, 800), (1920, 1080), (800, 500), (2560, 1080), (900, 1400)]


def shape(columns: list[str], deals_left: int = 5, removed: int = 0) -> TableShape:
    """Columns written as 'd' (face down) and 'u' (face up) letters."""
    cols = [tuple(ch == "u" for ch in c) for c in columns] + [()] * (COLUMNS - len(columns))
    return TableShape(tuple(cols), deals_left, removed)


def test_layout_needs_no_gl() -> None:
    """Importing the layout in a fresh interpreter loads neither arcade nor pyglet."""
    code = "import sys, game.ui.layout.table; print('arcade' in sys.modules, 'pyglet' in sys.modules)"
    env = {k: v for k, v in os.environ.items() if k != "ARCADE_HEADLESS"}  # as a player's run
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        cwd=Path(__file__).resolve().parents[3],
    )
    assert out.stdout.split() == ["False", "False"]


@pytest.mark.parametrize("size", SIZES)
def test_opening_table_fits_and_keeps_card_shape(size: tuple[int, int]) -> None:
    w, h = size
    lay = compute_layout(w, h, TableShape.of(Game.from_code("SP1-S1C-AAAAAAD")))
    assert lay.card_height == pytest.approx(lay.card_width * CARD_ASPECT, abs=0.5)
    # Whole pixels: card images are drawn one texel per pixel.
    for r in (*lay.slots, *lay.cards[0], *lay.stock, *lay.removed):
        assert (r.left, r.bottom, r.width, r.height) == tuple(map(round, (r.left, r.bottom, r.width, r.height)))
    # Ten columns side by side, in order, inside the window, not overlapping.
    for a, b in itertools.pairwise(lay.slots):
        assert a.right < b.left
    assert lay.slots[0].left > 0 and lay.slots[-1].right < w
    # Below the HUD, above the bottom row.
    assert all(s.top <= lay.hud.bar.bottom for s in lay.slots)
    for col in lay.cards:
        for r in col:
            assert r.bottom >= lay.table_bottom - 1e-6
    # Stock at the bottom right, removed runs at the bottom left, inside the window.
    assert lay.stock_area.right <= w and lay.stock_area.bottom >= 0
    assert lay.stock_area.left > w / 2
    assert lay.removed[0].left < w / 4 and lay.removed[-1].bottom >= 0
    assert all(r.top <= lay.table_bottom for r in (*lay.stock, *lay.removed))
    # HUD: buttons do not overlap each other or the score.
    rects = [lay.hud.buttons[n] for n in BUTTONS]
    for a, b in itertools.pairwise(rects):
        assert a.right <= b.left
    assert rects[-1].right <= lay.hud.score.left
    assert lay.hud.score.right <= lay.hud.moves.left <= lay.hud.code.left
    assert lay.hud.code.right <= w


def test_card_width_follows_window_width() -> None:
    s = TableShape.of(Game.from_code("SP1-S1C-AAAAAAD"))
    small, big = compute_layout(1024, 640, s), compute_layout(1920, 1200, s)
    assert big.card_width > small.card_width * 1.7
    # A wide, short window: the height decides, and the columns spread out.
    wide = compute_layout(2560, 800, s)
    assert wide.card_width < 2560 / 11


def test_face_down_cards_fan_tighter_than_face_up() -> None:
    lay = compute_layout(1280, 800, shape(["dddduuu"]))
    tops = [r.top for r in lay.cards[0]]
    down_step = tops[0] - tops[1]
    up_step = tops[4] - tops[5]
    assert 0 < down_step < up_step
    # Each face-up card shows its corner: the step is a real share of the card.
    assert up_step >= 0.15 * lay.card_height


@pytest.mark.parametrize("size", SIZES)
def test_long_column_tightens_to_fit(size: tuple[int, int]) -> None:
    w, h = size
    lay = compute_layout(w, h, shape(["d" * 5 + "u" * 25, "u", "d" * 40 + "u"]))
    for col in range(3):
        assert lay.cards[col][-1].bottom >= lay.table_bottom - 1e-6
    short = compute_layout(w, h, shape(["dduu"]))
    long = lay.cards[0]
    assert long[6].top - long[7].top <= short.cards[0][2].top - short.cards[0][3].top


def test_fan_offsets_natural_when_room() -> None:
    offs = fan_offsets([False, True, True], 100, 1000)
    assert offs == pytest.approx([0, 10, 35])


def test_stock_shows_one_back_per_deal_left() -> None:
    for deals in range(6):
        lay = compute_layout(1280, 800, shape(["u"], deals_left=deals))
        assert len(lay.stock) == deals
    full = compute_layout(1280, 800, shape(["u"], deals_left=5))
    two = compute_layout(1280, 800, shape(["u"], deals_left=2))
    # The next deal is in front (rightmost); remaining backs do not move.
    assert full.stock[0].left > full.stock[1].left
    assert two.stock == full.stock[3:]


def test_removed_runs_offset_one_king_each() -> None:
    lay = compute_layout(1280, 800, shape(["u"], removed=3))
    assert len(lay.removed) == 8
    assert lay.removed[0].left < lay.removed[1].left < lay.removed[2].left
    assert lay.removed[1].left - lay.removed[0].left < lay.card_width


def test_hit_tests() -> None:
    lay = compute_layout(1280, 800, shape(["dduu", "", "u"]))
    r = lay.cards[0][2]
    # Just under the top edge of card 2: the visible strip of card 2.
    assert lay.card_at(r.center_x, r.top - 2) == (0, 2)
    # The middle of the last card.
    last = lay.cards[0][3]
    assert lay.card_at(*last.center) == (0, 3)
    assert lay.card_at(*lay.slots[1].center) is None
    assert lay.column_at(*lay.slots[1].center) == 1
    assert lay.column_end(1) == lay.slots[1]
    assert lay.on_stock(*lay.stock_area.center)
    assert not lay.on_stock(*lay.slots[5].center)
    for name in BUTTONS:
        assert lay.button_at(*lay.hud.buttons[name].center) == name
    assert lay.on_code(*lay.hud.code.center)
    assert lay.button_at(*lay.slots[0].center) is None


def test_drop_column_is_the_candidate_overlapped_most() -> None:
    lay = compute_layout(1280, 800, shape(["u", "u", "u"]))
    a, b = lay.slots[1], lay.slots[2]
    group = Rect(a.left + a.width * 0.7, a.bottom - 40, a.width, a.height)  # mostly over column 2 (index 2)
    assert lay.drop_column(group, [1, 2]) == 2
    assert lay.drop_column(group, [1]) == 1
    assert lay.drop_column(group, [5]) is None
    far = Rect(b.left, -500, b.width, 10)
    assert lay.drop_column(far, range(10)) is None


def test_narrow_window_shrinks_hud_font_to_fit() -> None:
    wide_texts = {
        "new": 9.0,
        "restart": 6.0,
        "undo": 5.0,
        "options": 5.0,
        "rules": 4.0,
        "score": 7.0,
        "moves": 9.0,
        "code": 10.0,
    }
    lay = compute_layout(800, 500, shape(["u"]), wide_texts)
    rects = [lay.hud.buttons[n] for n in BUTTONS]
    assert rects[-1].right <= lay.hud.score.left
    assert lay.hud.code.right <= 800


@pytest.mark.parametrize("size", SIZES)
def test_win_panel_inside_window(size: tuple[int, int]) -> None:
    lay = compute_layout(*size, shape([]))
    w = win_layout(lay)
    assert w.panel.left >= 0 and w.panel.right <= size[0]
    for r in w.buttons.values():
        assert w.panel.left < r.left and r.right < w.panel.right
        assert w.panel.bottom < r.bottom and r.top < w.panel.top
    assert w.buttons["new"].right < w.buttons["again"].left
