"""Where every node of a panel goes for a window size: pure arithmetic.

`lay_out` gives each node its `rect` (window pixels, y up) in four passes:
the width each node wants (a wrapping text its one line, at most what its
box allows, never less than its longest word), the width each gets (a
wrapping text fills its box), the heights at those widths (a `Scroll` takes
what its column leaves), and the positions, the panel centred in the window.

A panel that does not fit is laid out again denser (`dense` 1, then 2):
tighter gaps, sizes given per density, and on the densest the optional
explanations (`hint`) make way. Texts are measured by a `Measure` (the
painter's fonts, cached); everything else is arithmetic, so a whole screen
is laid out in a millisecond or two and tested without a window.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from game.ui.layout.rect import Rect
from game.ui.panel.boxes import Box, Grid, Space, Stack
from game.ui.panel.nodes import NOWHERE, Align, Button, Control, Field, Node, Picture, Scroll, Size, Text

EDGE = 16  # the window keeps at least this much around a panel
DENSEST = 2
GAPS = (1.0, 0.6, 0.5)  # how much of each gap is left at each density
BUTTON_PAD = 16  # design pixels of room on each side of a button's caption
SCROLL_MIN = 120  # design pixels: the least height a scrolling page gets
KERNING = 2  # pixels a one-line text is given beyond its measured width (arcade's own allowance)


class Measure(Protocol):
    """How big a text is in the screens' font, in window pixels."""

    def line(self, text: str, points: float, bold: bool) -> tuple[float, float]:
        """Width and height of `text` on one line."""
        ...

    def wrapped(self, text: str, points: float, bold: bool, width: float) -> float:
        """Height of `text` wrapped between words at `width`."""
        ...

    def widest_word(self, text: str, points: float, bold: bool) -> float:
        """Width of the longest word: the narrowest a wrapping text can be."""
        ...


@dataclass
class Flow:
    """The scale and density of one layout, and the sizes it turns into pixels."""

    scale: float = 1.0
    dense: int = 0

    def pick(self, size: Size) -> float:
        """A size in window pixels: design units times the scale (the one for
        this density if there are several), or a function's own pixels."""
        if callable(size):
            return float(size())
        if isinstance(size, tuple):
            return size[min(self.dense, len(size) - 1)] * self.scale
        return size * self.scale

    def px(self, size: Size) -> int:
        return round(self.pick(size))

    def gap(self, size: Size) -> int:
        """A gap between parts: less on a denser panel."""
        return round(self.pick(size) * (1.0 if callable(size) else GAPS[self.dense]))

    def pt(self, size: Size) -> float:
        """A font size in points, on half points."""
        return round(self.pick(size) * 2) / 2


class Layout:
    """One pass over a tree at one scale and density (see the module docstring)."""

    def __init__(self, measure: Measure, flow: Flow) -> None:
        self.m = measure
        self.f = flow
        self._want: dict[int, float] = {}
        self._high: dict[int, float] = {}
        self._columns_of: dict[int, list[float]] = {}  # a grid's column widths, once given
        self._rows_of: dict[int, list[float]] = {}  # and its row heights

    # ---- which nodes take part ----------------------------------------------

    def decide_visible(self, node: Node, visible: bool = True, sized: bool = True, in_stack: bool = False) -> None:
        """Which nodes show (`visible`) and which take room (`sized`): a hint
        on the densest panel does neither; a child of a `Stack` takes room
        even while it does not show."""
        squeezed = node.hint and self.f.dense >= DENSEST
        shown = node.shown()
        node.visible = visible and shown and not squeezed
        node.sized = sized and not squeezed and (shown or in_stack)
        for child in node.children:
            self.decide_visible(child, node.visible, node.sized, isinstance(node, Stack))

    @staticmethod
    def parts(node: Node) -> list[Node]:
        return [child for child in node.children if child.sized]

    # ---- widths ---------------------------------------------------------------

    def want(self, node: Node, room: float) -> float:
        """The width `node` would take with `room` pixels at most."""
        w = self._width(node, room)
        self._want[id(node)] = w
        return w

    def _width(self, node: Node, room: float) -> float:
        f = self.f
        if isinstance(node, Text):
            cap = min(room, f.pick(node.width)) if node.width is not None else room
            points = f.pt(node.size)
            line = self.m.line(node.text, points, node.bold)[0] + KERNING
            if not node.wrap:
                return line
            return max(min(cap, line), self.m.widest_word(node.text, points, node.bold) + KERNING)
        if isinstance(node, Button):
            if node.exact:
                return f.pick(node.width)
            caption = self.m.line(node.caption(), f.pt(node.size), False)[0]
            return max(f.pick(node.width), caption + 2 * f.pick(BUTTON_PAD))
        if isinstance(node, Field):
            return min(room, f.pick(node.width))
        if isinstance(node, Scroll):
            return min(room, f.pick(node.width)) if node.width is not None else room
        if isinstance(node, Picture | Space):
            return f.pick(node.width)
        if isinstance(node, Box):
            return self._box_width(node, room)
        if isinstance(node, Stack):
            return max((self.want(child, room) for child in self.parts(node)), default=0.0)
        if isinstance(node, Grid):
            return sum(self._columns(node, room)) + f.gap(node.column_gap) * max(0, node.columns - 1)
        return 0.0

    def _box_width(self, box: Box, room: float) -> float:
        f = self.f
        if box.width is not None:
            outer = min(room, f.pick(box.width))
            for child in self.parts(box):
                self.want(child, outer - 2 * f.pick(box.pad))
            return outer
        inner = room - 2 * f.pick(box.pad)
        widths = [self.want(child, inner) for child in self.parts(box)]
        gaps = f.gap(box.gap) * max(0, len(widths) - 1)
        content = sum(widths) + gaps if box.row else max(widths, default=0.0)
        return content + 2 * f.pick(box.pad)

    def _columns(self, grid: Grid, room: float) -> list[float]:
        widths = [0.0] * grid.columns
        for row in grid.cells:
            for c, cell in enumerate(row):
                if cell is not None and cell.sized:
                    widths[c] = max(widths[c], self.want(cell, room))
        for c, least in enumerate(grid.min_width):
            widths[c] = max(widths[c], self.f.pick(least))
        return widths

    # ---- the widths given ------------------------------------------------------

    def give(self, node: Node, width: float) -> None:
        """`node` is `width` wide: a box passes it on to its children."""
        node.rect = Rect(0, 0, width, 0)
        f = self.f
        if isinstance(node, Box):
            inner = width - 2 * f.pick(node.pad)
            for child in self.parts(node):
                wanted = self._want.get(id(child), 0.0)
                self.give(child, min(inner, self._fill(child, inner, wanted)) if not node.row else wanted)
        elif isinstance(node, Stack):
            for child in self.parts(node):
                self.give(child, min(width, self._fill(child, width, self._want.get(id(child), 0.0))))
        elif isinstance(node, Grid):
            widths = self._columns_of[id(node)] = self._columns(node, width)
            for row in node.cells:
                for c, cell in enumerate(row):
                    if cell is not None and cell.sized:
                        self.give(cell, self._fill(cell, widths[c], self._want.get(id(cell), 0.0)))

    def _fill(self, node: Node, room: float, wanted: float) -> float:
        """How wide a child is in a column of `room`: a wrapping text and a
        page fill it (a text up to its own width), the rest keep their own."""
        if isinstance(node, Text) and node.wrap:
            return min(room, self.f.pick(node.width)) if node.width is not None else room
        if isinstance(node, Scroll):
            return min(room, self.f.pick(node.width)) if node.width is not None else room
        return wanted

    # ---- heights ----------------------------------------------------------------

    def height(self, node: Node, room: float) -> float:
        """How high `node` is at the width it was given, with `room` pixels at most (for a page)."""
        h = self._height(node, room)
        self._high[id(node)] = h
        return h

    def _height(self, node: Node, room: float) -> float:
        f = self.f
        width = node.rect.width
        if isinstance(node, Text):
            points = f.pt(node.size)
            line = self.m.line("Ág", points, node.bold)[1]
            if node.wrap:
                h = self.m.wrapped(node.text, points, node.bold, width)
            else:
                h = self.m.line(node.text, points, node.bold)[1] if node.text else line
            return max(h, node.lines * line)
        if isinstance(node, Button | Field | Picture | Space):
            return f.pick(node.height)
        if isinstance(node, Scroll):
            return max(f.pick(SCROLL_MIN), room)
        if isinstance(node, Box):
            return self._box_height(node, room)
        if isinstance(node, Stack):
            return max((self.height(child, room) for child in self.parts(node)), default=0.0)
        if isinstance(node, Grid):
            rows = self._rows_of[id(node)] = self._rows(node, room)
            return sum(rows) + f.gap(node.row_gap) * max(0, len(rows) - 1)
        return 0.0

    def _box_height(self, box: Box, room: float) -> float:
        f = self.f
        pad = 2 * f.pick(box.pad)
        parts = self.parts(box)
        gaps = f.gap(box.gap) * max(0, len(parts) - 1)
        if box.row:
            content = max((self.height(child, room - pad) for child in parts), default=0.0)
        else:
            pages = [child for child in parts if isinstance(child, Scroll)]
            fixed = sum(self.height(child, room) for child in parts if child not in pages)
            left = room - pad - gaps - fixed
            content = fixed + sum(self.height(page, left / len(pages)) for page in pages) + gaps
        if box.height is not None:
            content = max(content, f.pick(box.height) - pad)
        return content + pad

    def _rows(self, grid: Grid, room: float) -> list[float]:
        return [
            max((self.height(cell, room) for cell in row if cell is not None and cell.sized), default=0.0)
            for row in grid.cells
        ]

    # ---- places -------------------------------------------------------------------

    def place(self, node: Node, left: float, top: float) -> None:
        """Put `node` with its top left at (`left`, `top`), and its children in it."""
        width, height = node.rect.width, self._high.get(id(node), 0.0)
        node.rect = Rect(round(left), round(top - height), round(width), round(height))
        if isinstance(node, Box):
            self._place_box(node, left, top, width, height)
        elif isinstance(node, Stack):
            for child in self.parts(node):
                cw, ch = child.rect.width, self._high.get(id(child), 0.0)
                y = top if node.align == "start" else top - (height - ch) / 2
                self.place(child, left + (width - cw) / 2, y)
        elif isinstance(node, Grid):
            self._place_grid(node, left, top)

    def _place_box(self, box: Box, left: float, top: float, width: float, height: float) -> None:
        f = self.f
        pad, gap = f.pick(box.pad), f.gap(box.gap)
        parts = self.parts(box)
        sizes = [(child.rect.width, self._high.get(id(child), 0.0)) for child in parts]
        if box.row:
            used = sum(w for w, _ in sizes) + gap * max(0, len(parts) - 1)
            x = left + pad + (max(0.0, width - 2 * pad - used) / 2 if box.width is not None else 0.0)
            for child, (cw, ch) in zip(parts, sizes, strict=True):
                self.place(child, x, top - pad - _offset(box.align, height - 2 * pad, ch))
                x += cw + gap
        else:
            used = sum(h for _, h in sizes) + gap * max(0, len(parts) - 1)
            y = top - pad - (max(0.0, height - 2 * pad - used) / 2 if box.height is not None else 0.0)
            for child, (cw, ch) in zip(parts, sizes, strict=True):
                self.place(child, left + pad + _offset(box.align, width - 2 * pad, cw), y)
                y -= ch + gap

    def _place_grid(self, grid: Grid, left: float, top: float) -> None:
        f = self.f
        widths, heights = self._columns_of[id(grid)], self._rows_of[id(grid)]
        y = top
        for r, row in enumerate(grid.cells):
            x = left
            for c, cell in enumerate(row):
                if cell is not None and cell.sized:
                    align = grid.align[c] if c < len(grid.align) else "start"
                    ch = self._high.get(id(cell), 0.0)
                    dx = _offset(align, widths[c], cell.rect.width)
                    self.place(cell, x + dx, y - _offset(grid.valign, heights[r], ch))
                x += widths[c] + f.gap(grid.column_gap)
            y -= heights[r] + f.gap(grid.row_gap)


def _offset(align: Align, room: float, size: float) -> float:
    """Where a part of `size` starts in `room`: at the start, the middle or the end."""
    if align == "center":
        return (room - size) / 2
    if align == "end":
        return room - size
    return 0.0


def hide(node: Node) -> None:
    """Out of sight: no place (so no click finds it)."""
    node.rect = NOWHERE
    for child in node.children:
        hide(child)


def lay_out(root: Node, measure: Measure, window: tuple[int, int], flow: Flow) -> None:
    """Lay `root` (a panel) out centred in a window of this size at the
    flow's scale, denser until it fits (or at the densest): the flow keeps
    the density found (the nodes' own size functions read it meanwhile)."""
    width, height = window
    room_w, room_h = width - 2 * EDGE, height - 2 * EDGE
    for flow.dense in range(DENSEST + 1):
        layout = Layout(measure, flow)
        layout.decide_visible(root)
        hide(root)
        wanted = layout.want(root, room_w)
        w = min(room_w, wanted)
        layout.give(root, w)
        h = layout.height(root, room_h)
        if (wanted <= room_w and h <= room_h) or flow.dense == DENSEST:
            layout.place(root, (width - w) / 2, height - (height - h) / 2)
            break


def controls_at(root: Node, x: float, y: float) -> Control | None:
    """The control shown at (x, y), if any."""
    for node in root.walk():
        if isinstance(node, Control) and node.visible and node.rect.contains(x, y):
            return node
    return None
