"""A faster way for pyglet to turn FreeType's glyph bitmaps into textures.

pyglet 2.1's FreeType renderer widens every 8-bit glyph bitmap to BGRA in a
per-byte Python loop (`FreeTypeGlyphRenderer._expand_to_rgba`): a visible
share of the launch for the table's texts (about a hundred glyphs), and again
for every glyph first seen later (a dialog's text). `install()`
replaces it, for the one conversion pyglet makes (gray 'R' to 'BGRA': white
with the gray as alpha), by two slice assignments; the bytes are the same,
so the text looks exactly the same. Anything else is left to pyglet. A
pyglet whose conversion is gone or takes other arguments keeps its own
(`game.system.internals`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.system import internals

Expand = Callable[[Any, Any, str, str], bytes]

_installed = False
_original: Expand | None = None  # pyglet's own conversion, once replaced
# pyglet 2.1's arguments, which our replacement takes and passes on.
_ARGUMENTS = ("self", "data", "src_format", "dst_format")


def expand_gray_to_bgra(data: Any, src_format: str, dst_format: str, fallback: Expand, renderer: Any) -> bytes:
    """What pyglet's `_expand_to_rgba` returns, in C speed for 'R' -> 'BGRA'."""
    if src_format != "R" or dst_format != "BGRA":
        return fallback(renderer, data, src_format, dst_format)
    gray = bytes(data)
    out = bytearray(b"\xff") * (len(gray) * 4)
    out[3::4] = gray
    return bytes(out)


def install() -> None:
    """Use the fast conversion from now on (once per process; harmless if
    pyglet has no FreeType renderer on this platform)."""
    global _installed, _original
    if _installed:
        return
    _installed = True
    try:
        from pyglet.font.freetype import FreeTypeGlyphRenderer
    except ImportError:  # not on Linux: another renderer, nothing to speed up
        return
    original: Expand | None = internals.get(FreeTypeGlyphRenderer, internals.EXPAND_TO_RGBA)
    if original is None:
        return
    code = getattr(original, "__code__", None)
    if code is None or code.co_varnames[: code.co_argcount] != _ARGUMENTS:
        internals.missing(internals.EXPAND_TO_RGBA)
        return
    _original = original

    def _expand_to_rgba(self: Any, data: Any, src_format: str, dst_format: str) -> bytes:
        return expand_gray_to_bgra(data, src_format, dst_format, original, self)

    internals.put(FreeTypeGlyphRenderer, internals.EXPAND_TO_RGBA, _expand_to_rgba)


def pyglet_expand() -> Expand:
    """pyglet's own conversion, replaced or not (tests compare with it)."""
    from pyglet.font.freetype import FreeTypeGlyphRenderer

    expand: Expand = _original or internals.get(FreeTypeGlyphRenderer, internals.EXPAND_TO_RGBA)
    return expand
