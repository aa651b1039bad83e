"""The first window (no size remembered, none asked): 90 % of the usable
screen on a hardware renderer, up to where the cards would be enlarged past
the atlas's own resolution; at most 1600x1000 on a software renderer."""

from __future__ import annotations

import pytest

from game.__main__ import _placement
from game.records.settings import Settings
from game.system.geometry import MAX_FIRST_SIZE, Area, Geometry
from game.ui.cards.atlas_image import read_layout, sheet_for
from game.ui.cards.loading import card_size_for

HARDWARE = "AMD Radeon RX 6600 (radeonsi, navi23, LLVM 15.0.6, DRM 3.49)"
SOFTWARE = "llvmpipe (LLVM 15.0.6, 256 bits)"


def first_window(
    monkeypatch: pytest.MonkeyPatch, screen: tuple[int, int], renderer: str, **settings: object
) -> Geometry:
    monkeypatch.setattr("game.ui.app.window.usable_areas", lambda: [Area(0, 0, *screen)])
    _, first = _placement(Settings(**settings), None)  # type: ignore[arg-type]
    assert first is not None, "a first launch waits for the renderer"
    return first(renderer)


@pytest.mark.parametrize("large_print", [False, True])
@pytest.mark.parametrize(
    ("screen", "size"),
    [((1920, 1080), (1555, 972)), ((2560, 1440), (2073, 1296)), ((3840, 2160), None)],
)
def test_a_hardware_renderer_gets_90_percent_with_sharp_cards(
    monkeypatch: pytest.MonkeyPatch, screen: tuple[int, int], size: tuple[int, int] | None, large_print: bool
) -> None:
    g = first_window(monkeypatch, screen, HARDWARE, large_print=large_print)
    if size is not None:
        assert (g.width, g.height) == size  # 90 % of the height, in the table's proportions
    else:  # a 4K screen: as large as the atlas keeps the cards sharp, more than the software cap
        assert g.width > MAX_FIRST_SIZE[0] and g.height > MAX_FIRST_SIZE[1]
    atlas = read_layout(sheet_for(large_print)[1])
    card_w, card_h = card_size_for((g.width, g.height))
    assert card_w <= atlas.card_w and card_h <= atlas.card_h, "cards enlarged past the atlas: blurred"
    assert g.x + g.width <= screen[0] and g.y + g.height <= screen[1]


@pytest.mark.parametrize("screen", [(2560, 1440), (3840, 2160)])
def test_a_software_renderer_keeps_the_cap(monkeypatch: pytest.MonkeyPatch, screen: tuple[int, int]) -> None:
    g = first_window(monkeypatch, screen, SOFTWARE)
    assert (g.width, g.height) == MAX_FIRST_SIZE


def test_a_remembered_or_asked_size_does_not_wait_for_the_renderer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("game.ui.app.window.usable_areas", lambda: [Area(0, 0, 2560, 1440)])
    assert _placement(Settings(window="1000x700+10+20"), None)[1] is None
    assert _placement(Settings(), (1280, 800))[1] is None
