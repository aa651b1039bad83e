"""Glyph bitmaps widened for pyglet: the same bytes as pyglet's own conversion."""

from __future__ import annotations

import ctypes
import random
from typing import Any

import pytest

pytest.importorskip("pyglet.font.freetype")

from game.ui.render import glyphs


def _pyglets(data: Any, src: str, dst: str) -> bytes:
    return bytes(glyphs.pyglet_expand()(None, data, src, dst))


def test_gray_glyphs_become_white_with_the_gray_as_alpha_exactly_as_pyglet_makes_them() -> None:
    rng = random.Random(3)
    gray = bytes(rng.randrange(256) for _ in range(37 * 11))
    data = (ctypes.c_ubyte * len(gray)).from_buffer_copy(gray)  # what FreeType hands over
    glyphs.install()
    reference = _pyglets(data, "R", "BGRA")
    fast = glyphs.expand_gray_to_bgra(data, "R", "BGRA", lambda *_: b"", None)
    assert fast == reference
    assert fast[:8] == bytes((255, 255, 255, gray[0], 255, 255, 255, gray[1]))


def test_other_conversions_are_left_to_pyglet() -> None:
    seen = []

    def fallback(renderer: Any, data: Any, src: str, dst: str) -> bytes:
        seen.append((src, dst))
        return b"pyglet"

    assert glyphs.expand_gray_to_bgra(b"\x01\x02", "RG", "RGBA", fallback, None) == b"pyglet"
    assert seen == [("RG", "RGBA")]
