"""Where the window opens: fits the screen, remembered, never off every screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.system.geometry import (
    FRAME_ROOM,
    MAX_FIRST_SIZE,
    MIN_SIZE,
    TABLE_RATIO,
    Area,
    Geometry,
    first_size,
    parse,
    place,
    software_renderer,
)

README = Path(__file__).resolve().parents[2] / "README.md"

LAPTOP = Area(0, 0, 1366, 768)
LAPTOP_WITH_PANEL = Area(0, 27, 1366, 741)  # a top bar takes 27 px
FULL_HD = Area(0, 0, 1920, 1080)
SECOND = Area(1920, 0, 1280, 1024)  # a second monitor to the right


@pytest.mark.parametrize("area", [LAPTOP, LAPTOP_WITH_PANEL, FULL_HD, Area(0, 0, 1024, 768), Area(0, 0, 3840, 2160)])
def test_the_first_window_fits_the_usable_area_centred_in_table_proportions(area: Area) -> None:
    g = place(None, [area])
    assert g.width <= area.width and g.height <= area.height
    assert g.width <= area.width * 0.9 or g.height == MIN_SIZE[1]  # room for the frame unless at the minimum
    assert (g.width, g.height) >= MIN_SIZE
    assert abs(g.width / g.height - TABLE_RATIO) < 0.01
    # centred within a pixel
    assert abs((g.x - area.x) - (area.x + area.width - g.x - g.width)) <= 1
    assert abs((g.y - area.y) - (area.y + area.height - g.y - g.height)) <= 1
    assert not g.maximized


def test_a_1366x768_laptop_screen_no_longer_gets_1280x800() -> None:
    g = place(None, [LAPTOP])
    assert (g.width, g.height) == (1105, 691)
    assert g.y + g.height <= 768


@pytest.mark.parametrize(
    ("area", "size"),
    [
        (Area(0, 0, 1920, 1032), (1484, 928)),  # 90 % of the height, in proportion
        (Area(0, 0, 2560, 1440), MAX_FIRST_SIZE),  # README, Playing: 90 % would be 2304x1440
        (Area(0, 0, 3840, 2096), MAX_FIRST_SIZE),
    ],
)
def test_the_first_window_is_90_percent_of_the_screen_up_to_the_cap(area: Area, size: tuple[int, int]) -> None:
    assert first_size(area) == size


def test_the_readme_says_what_the_first_window_does() -> None:
    from game.ui.cards.atlas_image import ATLAS_JSON, read_layout
    from game.ui.cards.loading import sharp_window

    text = " ".join(README.read_text(encoding="utf-8").split())
    assert f"{round(FRAME_ROOM * 100)} % of the usable screen, in the table's 16:10 proportions" in text
    sharp = first_size(Area(0, 0, 8000, 8000), sharp_window(read_layout(ATLAS_JSON).card_w))
    assert f"as large as the cards stay sharp ({sharp[0]}×{sharp[1]})" in text
    assert f"or {MAX_FIRST_SIZE[0]}×{MAX_FIRST_SIZE[1]} on software OpenGL" in text


@pytest.mark.parametrize(
    ("renderer", "software"),
    [
        ("llvmpipe (LLVM 15.0.6, 256 bits)", True),
        ("softpipe", True),
        ("Mesa DRI swrast", True),
        ("Apple Software Renderer", True),
        ("Microsoft Basic Render Driver", True),
        ("AMD Radeon RX 6600 (radeonsi, navi23, LLVM 15.0.6, DRM 3.49, 6.1.0-13-amd64)", False),
        ("Mesa Intel(R) UHD Graphics 620 (KBL GT2)", False),
        ("NVIDIA GeForce RTX 3060/PCIe/SSE2", False),
    ],
)
def test_software_renderers_are_told_apart(renderer: str, software: bool) -> None:
    assert software_renderer(renderer) is software


def test_a_screen_smaller_than_the_minimum_gets_the_whole_screen() -> None:
    assert first_size(Area(0, 0, 640, 480)) == (640, 480)
    assert first_size(Area(0, 0, 800, 600)) == MIN_SIZE


def test_a_remembered_window_reopens_where_it_was() -> None:
    saved = Geometry(100, 80, 1000, 640)
    assert place(saved, [FULL_HD]) == saved
    on_second = Geometry(2000, 100, 1100, 700, maximized=True)
    assert place(on_second, [FULL_HD, SECOND]) == on_second


@pytest.mark.parametrize(
    "saved",
    [
        Geometry(5000, 100, 1000, 640),  # a monitor that is gone
        Geometry(-3000, -2000, 1000, 640),
        Geometry(1900, 1070, 1000, 640),  # only a corner of 20x10 px on the screen
    ],
)
def test_a_remembered_window_off_every_screen_opens_centred_at_its_size(saved: Geometry) -> None:
    g = place(saved, [FULL_HD])
    assert (g.width, g.height) == (1000, 640)
    assert (g.x, g.y) == ((1920 - 1000) // 2, (1080 - 640) // 2)


def test_a_remembered_window_larger_than_the_screen_is_made_to_fit() -> None:
    g = place(Geometry(0, 0, 2500, 1400), [LAPTOP_WITH_PANEL])
    assert (g.width, g.height) == (1366, 741)
    assert (g.x, g.y) == (0, 27)


def test_a_remembered_window_below_the_minimum_grows_to_it() -> None:
    g = place(Geometry(10, 10, 300, 200), [FULL_HD])
    assert (g.width, g.height) == MIN_SIZE


def test_size_from_the_command_line_wins_centred() -> None:
    g = place(Geometry(10, 10, 1000, 640), [FULL_HD], size=(1024, 640))
    assert g == Geometry((1920 - 1024) // 2, (1080 - 640) // 2, 1024, 640)


def test_no_screen_known_still_gives_a_window() -> None:
    g = place(None, [])
    assert (g.width, g.height) >= MIN_SIZE


@pytest.mark.parametrize("g", [Geometry(0, 0, 800, 600), Geometry(-20, 1100, 1280, 800), Geometry(5, -3, 1, 1)])
def test_geometry_text_round_trips(g: Geometry) -> None:
    assert parse(g.to_text()) == g
    assert parse(g.to_text(), maximized=True) == Geometry(g.x, g.y, g.width, g.height, True)
    assert g.size == (g.width, g.height) == g.rect.overlap(g.rect)


@pytest.mark.parametrize("text", ["", "800x600", "0x600+0+0", "800x600+0", "８００x600+0+0", "axb+c+d", "800x600+0+0 "])
def test_anything_else_is_no_geometry(text: str) -> None:
    assert parse(text) is None
