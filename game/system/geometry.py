"""Where the window opens and how big it is: pure arithmetic, tested without a display.

Coordinates are the desktop's: pixels, origin at the top left of the primary
screen, y growing downwards (X11, Windows and pyglet's `set_location` agree).
A window's rectangle here is its drawing area, without the frame the window
manager adds; ``FRAME_ROOM`` keeps room for that frame on the first launch.

The saved form is the X geometry string ``WxH+X+Y`` (``1059x662+153+53``;
negative offsets as ``+-20``), readable in settings.json.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

TABLE_RATIO = 1280 / 800  # the table's proportions, width / height
MIN_SIZE = (800, 600)  # the smallest window every screen fits (docs/RULES.md §10)
# The first window's cap on a software renderer (Mesa's llvmpipe and the
# like), whatever the screen: the cards are large already (139x195), and a
# larger window only slows software GL. A hardware renderer has no such cap
# (but the cards' own resolution, `game.ui.cards.loading.sharp_window`). The
# player may maximize or resize; that is remembered.
MAX_FIRST_SIZE = (1600, 1000)
# Renderers that draw on the processor (OpenGL's GL_RENDERER names them).
SOFTWARE_RENDERERS = ("llvmpipe", "softpipe", "swrast", "software", "basic render driver")
FRAME_ROOM = 0.9  # the first window takes at most this share of the usable area
VISIBLE_PART = (120, 60)  # this much of a remembered window must be on a screen to reopen there


@dataclass(frozen=True)
class Area:
    """A part of the desktop (a screen, its usable area) in desktop pixels,
    y down: not the table's `Rect` (game.ui.layout.rect), whose y goes up
    from the window's bottom edge."""

    x: int
    y: int
    width: int
    height: int

    def overlap(self, other: Area) -> tuple[int, int]:
        """Width and height of the intersection (0, 0 when apart)."""
        w = min(self.x + self.width, other.x + other.width) - max(self.x, other.x)
        h = min(self.y + self.height, other.y + other.height) - max(self.y, other.y)
        return (w, h) if w > 0 and h > 0 else (0, 0)


@dataclass(frozen=True)
class Geometry:
    """A window's drawing area on the desktop, and whether it is maximized."""

    x: int
    y: int
    width: int
    height: int
    maximized: bool = False

    @property
    def rect(self) -> Area:
        return Area(self.x, self.y, self.width, self.height)

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.height

    def to_text(self) -> str:
        return f"{self.width}x{self.height}+{self.x}+{self.y}"


_GEOMETRY = re.compile(r"([0-9]{1,5})x([0-9]{1,5})\+(-?[0-9]{1,6})\+(-?[0-9]{1,6})")


def parse(text: str, maximized: bool = False) -> Geometry | None:
    """The geometry saved as ``WxH+X+Y``, or None for anything else (an empty
    or foreign value, a size below 1x1)."""
    match = _GEOMETRY.fullmatch(text) if text.isascii() else None
    if match is None:
        return None
    w, h, x, y = (int(part) for part in match.groups())
    if w < 1 or h < 1:
        return None
    return Geometry(x, y, w, h, maximized)


def software_renderer(renderer: str) -> bool:
    """Whether OpenGL's renderer string names one that draws on the processor."""
    return any(name in renderer.lower() for name in SOFTWARE_RENDERERS)


def first_size(area: Area, cap: tuple[int, int] = MAX_FIRST_SIZE) -> tuple[int, int]:
    """The first window for a usable area: the table's proportions, as large
    as fits with room for the frame (at most `cap`), at least the minimum
    size unless the area itself is smaller."""
    room_w = min(int(area.width * FRAME_ROOM), cap[0])
    room_h = min(int(area.height * FRAME_ROOM), cap[1])
    height = max(min(room_h, int(room_w / TABLE_RATIO)), MIN_SIZE[1])
    width = int(height * TABLE_RATIO)
    if width > area.width:  # a narrow screen: the full width, the minimum height
        width, height = area.width, max(int(area.width / TABLE_RATIO), MIN_SIZE[1])
    return min(max(width, MIN_SIZE[0]), area.width), min(height, area.height)


def centred(size: tuple[int, int], area: Area, maximized: bool = False) -> Geometry:
    width, height = min(size[0], area.width), min(size[1], area.height)
    return Geometry(area.x + (area.width - width) // 2, area.y + (area.height - height) // 2, width, height, maximized)


def clamp_size(size: tuple[int, int], area: Area) -> tuple[int, int]:
    """At least the minimum size, never larger than the usable area."""
    return (
        min(max(size[0], MIN_SIZE[0]), area.width),
        min(max(size[1], MIN_SIZE[1]), area.height),
    )


def place(
    saved: Geometry | None,
    areas: Sequence[Area],
    size: tuple[int, int] | None = None,
    cap: tuple[int, int] = MAX_FIRST_SIZE,
) -> Geometry:
    """Where the window opens, given the usable area of each screen (the
    primary first).

    - `size` (``--size``) wins over the remembered size, centred on the primary screen;
    - a remembered window reopens where it was, as large as it was (within
      the screen it is mostly on), if enough of it is on some screen;
    - a remembered window that is off every screen opens centred, at its size;
    - the first launch fits the primary screen (`first_size`, up to `cap`), centred.
    """
    primary = areas[0] if areas else Area(0, 0, 1280, 800)
    if size is not None:
        return centred(size, primary)
    if saved is None:
        return centred(first_size(primary, cap), primary)
    best = max(areas or [primary], key=lambda area: _area_of(saved.rect.overlap(area)))
    w, h = best.overlap(saved.rect)
    width, height = clamp_size((saved.width, saved.height), best)
    if w >= min(VISIBLE_PART[0], saved.width) and h >= min(VISIBLE_PART[1], saved.height):
        # Keep the place, pulled inside the screen if the clamped size sticks out.
        x = min(max(saved.x, best.x), best.x + best.width - width)
        y = min(max(saved.y, best.y), best.y + best.height - height)
        return Geometry(x, y, width, height, saved.maximized)
    return centred(clamp_size((saved.width, saved.height), primary), primary, saved.maximized)


def _area_of(size: tuple[int, int]) -> int:
    return size[0] * size[1]
