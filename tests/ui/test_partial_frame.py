"""Which part of the screen a frame draws again (game.ui.partial_frame).

The pixels themselves are checked in test_static_layer: every frame of a
deal, an undo, a drag, a refusal with its message and a run removal, drawn
over the last one, equals the frame drawn whole. Here: the plan, for each
kind of change a frame can bring, so that no kind is missed (a missed one
would leave a stale picture on screen).
"""

from __future__ import annotations

from collections.abc import Callable

import arcade
import pytest
from PIL import Image

from game.ui.partial_frame import Box, FrameMemory, Layer, merge, sprite_box

SIZE = (1000, 800)
FACE = arcade.Texture(Image.new("RGBA", (10, 14), (255, 255, 255, 255)), hash="test-face")
BACK = arcade.Texture(Image.new("RGBA", (10, 14), (0, 0, 255, 255)), hash="test-back")
BAR: Layer = ("bar", [(0, 760, 1000, 800)])
LINE: Layer = ("line", [(400, 0, 600, 30)])
Plan = tuple[list[Box], list[bool]] | None


def card(x: float, y: float) -> arcade.BasicSprite:
    sprite = arcade.BasicSprite(FACE, center_x=x, center_y=y)
    sprite.size = (100, 140)
    return sprite


def planned(memory: FrameMemory, live: list[arcade.BasicSprite], layers: list[Layer] | None = None) -> Plan:
    return memory.plan("same", live, [BAR, LINE] if layers is None else layers, 1.0, SIZE)


def first(live: list[arcade.BasicSprite]) -> FrameMemory:
    memory = FrameMemory()
    assert planned(memory, live) is None  # nothing known yet: drawn whole
    return memory


def test_nothing_changed_draws_nothing() -> None:
    a, b = card(100, 100), card(500, 400)
    memory = first([a, b])
    assert planned(memory, [a, b]) == ([], [False, False])


def test_a_moved_card_is_drawn_again_with_every_live_card_over_their_boxes() -> None:
    a, b = card(100, 100), card(500, 400)
    memory = first([a, b])
    a.position = (130, 100)
    # Where a was and is (merged, a pixel of margin), and b's own box: b is
    # drawn again too, so its box is copied back first.
    assert planned(memory, [a, b]) == ([(49, 29, 181, 171), (449, 329, 551, 471)], [False, False])


@pytest.mark.parametrize(
    "change",
    [
        lambda s: setattr(s, "texture", BACK),  # turned over
        lambda s: setattr(s, "size", (90, 140)),  # half-way through a flip
        lambda s: setattr(s, "alpha", 128),
        lambda s: setattr(s, "color", (200, 200, 200, 255)),
        lambda s: setattr(s, "visible", False),
    ],
    ids=["texture", "size", "alpha", "color", "hidden"],
)
def test_any_change_of_look_is_drawn_again(change: Callable[[arcade.BasicSprite], None]) -> None:
    a = card(300, 300)
    memory = first([a])
    change(a)
    assert planned(memory, [a]) == ([(249, 229, 351, 371)], [False, False])


def test_a_card_that_left_the_live_ones_is_wiped() -> None:
    a, b = card(100, 100), card(500, 400)
    memory = first([a, b])
    assert planned(memory, [b]) == ([(49, 29, 151, 171), (449, 329, 551, 471)], [False, False])


def test_a_change_of_drawing_order_is_drawn_again() -> None:
    a, b = card(300, 300), card(330, 300)
    memory = first([a, b])
    assert planned(memory, [b, a]) == ([(249, 229, 381, 371)], [False, False])  # a taken to the top


def test_a_layer_that_changed_is_drawn_again_over_its_old_and_new_boxes() -> None:
    a = card(300, 300)
    memory = first([a])
    moved_line: Layer = ("line, longer", [(350, 0, 650, 30)])
    plan = planned(memory, [a], [BAR, moved_line])
    assert plan == ([(249, 229, 351, 371), (350, 0, 650, 30)], [False, True])


def test_a_layer_under_a_box_is_drawn_again_and_so_is_what_its_boxes_touch() -> None:
    a = card(300, 300)
    memory = first([a])
    a.position = (300, 690)  # up under the bar
    plan = planned(memory, [a])
    # Where it was, and where it is joined with the bar it touches.
    assert plan == ([(249, 229, 351, 371), (0, 619, 1000, 800)], [True, False])
    # The bar's box reaches a tall layer, whose box reaches the line.
    tall: Layer = ("tall", [(450, 20, 550, 790)])
    layers = [BAR, LINE, tall]
    memory = FrameMemory()
    assert memory.plan("same", [a], layers, 1.0, SIZE) is None
    a.position = (300, 700)
    plan = memory.plan("same", [a], layers, 1.0, SIZE)
    assert plan is not None
    assert plan[1] == [True, True, True]
    assert len(plan[0]) == 1  # all joined: the bar spans the tall one, which overlaps the line


def test_another_state_draws_all() -> None:
    a = card(300, 300)
    memory = first([a])
    assert memory.plan("another", [a], [BAR, LINE], 1.0, SIZE) is None
    assert memory.plan("another", [a], [BAR, LINE], 1.0, SIZE) == ([], [False, False])
    assert memory.plan(None, [a], [BAR, LINE], 1.0, SIZE) is None
    memory.forget()
    assert memory.plan("another", [a], [BAR, LINE], 1.0, SIZE) is None


def test_boxes_are_in_framebuffer_pixels_and_on_screen() -> None:
    a = card(30, 50)
    assert sprite_box(a, 1.0, SIZE) == (0, 0, 81, 121)
    assert sprite_box(a, 2.0, (2000, 1600)) == (0, 0, 161, 241)
    a.position = (-200, -200)
    assert sprite_box(a, 1.0, SIZE) is None
    a.position, a.alpha = (300, 300), 0
    assert sprite_box(a, 1.0, SIZE) is None


def test_merge_joins_overlapping_boxes_only() -> None:
    assert merge([(0, 0, 10, 10), (20, 0, 30, 10)]) == [(0, 0, 10, 10), (20, 0, 30, 10)]
    assert merge([(0, 0, 10, 10), (20, 0, 30, 10), (5, 5, 25, 8)]) == [(0, 0, 30, 10)]


# ------------------------------------------------------------ the presenter


def test_only_software_opengl_keeps_frames() -> None:
    from types import SimpleNamespace

    from game.ui.presenter import Presenter

    def window(renderer: str, headless: bool) -> object:
        return SimpleNamespace(ctx=SimpleNamespace(info=SimpleNamespace(RENDERER=renderer)), headless=headless)

    assert Presenter(window("llvmpipe (LLVM 15.0.6, 256 bits)", True)).keeps_frames
    assert not Presenter(window("NVIDIA GeForce RTX 3060/PCIe/SSE2", True)).keeps_frames
    # A window without GLX_MESA_copy_sub_buffer (here: no GLX context at all) swaps.
    assert not Presenter(window("llvmpipe (LLVM 15.0.6, 256 bits)", False)).keeps_frames


def test_the_table_draws_only_changes_after_its_own_frame_only(table: Callable[..., object], window: object) -> None:
    """A frame follows the table's last one only if that one was shown
    once since, into the same buffer: after another view's frame, or a new
    window surface (fullscreen), it is drawn whole."""
    from game.ui.presenter import Presenter
    from ui.table_harness import Table

    presenter = Presenter(window)
    setattr(window, "presenter", presenter)  # noqa: B010 - as SpiderWindow has it
    try:
        t = table("SP1-S2C-AAAAAAD")
        assert isinstance(t, Table)
        t.view.prepare_images()
        kinds: list[str] = []
        draw = t.view.renderer.static.draw

        def counted(*args: object) -> str:
            kinds.append(draw(*args))  # type: ignore[arg-type]
            return kinds[-1]

        t.view.renderer.static.draw = counted  # type: ignore[method-assign,assignment]

        def frame() -> str:
            t.view.on_update(1 / 60)
            t.view.on_draw()
            presenter.flipped()
            return kinds[-1]

        t.view.on_draw()  # the first frame: plain
        presenter.flipped()
        frame()  # the cache is made
        frame()
        assert frame() == "part"
        presenter.flipped()  # another view drew a frame and showed it
        assert frame() == "whole"
        assert frame() == "part"
        presenter.surface = lambda: "a new back buffer"
        assert frame() == "whole"
        assert frame() == "part"
    finally:
        delattr(window, "presenter")


def test_a_frame_shows_only_its_damage_but_all_of_itself_after_an_expose() -> None:
    from types import SimpleNamespace

    from game.ui.presenter import Presenter

    presenter = Presenter(
        SimpleNamespace(ctx=SimpleNamespace(info=SimpleNamespace(RENDERER="llvmpipe")), headless=True)
    )
    assert presenter.shown_boxes() is None  # the first frame: all of it
    presenter.damage = [(10, 20, 30, 40)]
    assert presenter.shown_boxes() == [(10, 20, 30, 40)]
    presenter.flipped()
    assert presenter.shown_boxes() is None  # a frame that set no damage: all of it
    presenter.damage = [(10, 20, 30, 40)]
    presenter.exposed()  # the window was uncovered: its old picture may be gone
    assert presenter.shown_boxes() is None
    presenter.damage = []
    assert presenter.shown_boxes() == []  # nothing changed, nothing to send
