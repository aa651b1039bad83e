"""The window and menu icon the atlas tool draws, at every size the desktop asks for."""

from __future__ import annotations

from pathlib import Path
from typing import cast

import pytest
from PIL import Image

from tools.atlas.icons import ICON_SIZES, icon_name

RESOURCES = Path(__file__).resolve().parents[2] / "resources"
Pixel = tuple[int, int, int, int]


def px(img: Image.Image, xy: tuple[int, int]) -> Pixel:
    return cast(Pixel, img.getpixel(xy))


def pixels(img: Image.Image) -> list[Pixel]:
    return cast(list[Pixel], list(img.getdata()))


@pytest.mark.parametrize("size", ICON_SIZES)
def test_icon_is_the_gold_spider_on_a_navy_tile(size: int) -> None:
    """Each icon is its size, round-cornered, navy, with the gold spider of the card back in its middle."""
    with Image.open(RESOURCES / "icons" / icon_name(size)) as img:
        icon = img.convert("RGBA")
    assert icon.size == (size, size)
    assert px(icon, (0, 0))[3] < 16 and px(icon, (size - 1, size - 1))[3] < 16  # the rounded corners
    assert px(icon, (size // 2, 1))[3] == 255  # the tile reaches the edge between the corners
    opaque = [p for p in pixels(icon) if p[3] == 255]
    navy = sum(1 for r, _, b, _ in opaque if b > r + 40)
    assert navy >= len(opaque) * 0.3, "the tile reads as navy"
    # The spider's body fills much of the middle quarter in gold (strong red and green, little blue).
    q = size // 4
    middle = pixels(icon.crop((size // 2 - q // 2, size // 2 - q // 2, size // 2 + q // 2, size // 2 + q // 2)))
    gold = sum(1 for r, g, b, _ in middle if r > 180 and g > 130 and b < 90)
    assert gold >= len(middle) * 0.3, (size, gold, len(middle))
