"""The nodes that hold others: boxes (a column or a row), a radio group, a
stack of alternatives in one place, a grid, and empty room. See `nodes`."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from game.ui.panel.nodes import Align, Control, Flag, Node, Radio, Say, Size, always


class Space(Node):
    """Empty room."""

    def __init__(self, width: Size = 0, height: Size = 0, *, shown: Flag = always) -> None:
        super().__init__(shown=shown)
        self.width = width
        self.height = height


class Box(Node):
    """Children in a column (or a row), `gap` apart, aligned on the other
    axis. `width` fixes its outer width (else it fits its widest child; a
    wrapping text inside fills it); `pad` is room inside its edge. A box
    with `panel` is a screen's panel (drawn with its background and shadow)."""

    def __init__(
        self,
        *children: Node,
        row: bool = False,
        gap: Size = 0,
        align: Align = "center",
        width: Size | None = None,
        height: Size | None = None,
        pad: Size = 0,
        panel: bool = False,
        name: str = "",
        shown: Flag = always,
        hint: bool = False,
    ) -> None:
        super().__init__(shown=shown, hint=hint)
        self.items: list[Node] = []
        self.row = row
        self.gap = gap
        self.align = align
        self.width = width
        self.height = height  # a fixed height (content centred in it)
        self.pad = pad
        self.panel = panel
        self.name = name  # for a screen reader: a group's name (a radio group's option)
        for child in children:
            self.add(child)

    def add(self, child: Node) -> Node:
        child.parent = self
        self.items.append(child)
        return child

    @property
    def children(self) -> Sequence[Node]:
        return self.items


class Group(Box):
    """A radio group: the `Radio`s under it (with whatever labels sit beside
    them) are one choice, named by its `option`."""

    role = "RADIO_GROUP"

    def __init__(self, option: Say, *children: Node, row: bool = True, gap: Size = 8, shown: Flag = always) -> None:
        super().__init__(*children, row=row, gap=gap, align="start" if row else "center", shown=shown)
        self.option = option
        for node in self.walk():
            if isinstance(node, Radio):
                node.group = option

    @property
    def radios(self) -> list[Radio]:
        return [node for node in self.walk() if isinstance(node, Radio)]


class Stack(Node):
    """Children in one place, as high and wide as the largest of them
    whether it shows or not, so swapping one for another (the rule's choices
    for the one-suit note) moves nothing else."""

    def __init__(self, *children: Node, align: Align = "center", shown: Flag = always) -> None:
        super().__init__(shown=shown)
        self.items = list(children)
        self.align = align
        for child in children:
            child.parent = self

    @property
    def children(self) -> Sequence[Node]:
        return self.items


class Grid(Node):
    """A table: `cells[row][column]` (None for an empty cell). Each column is
    as wide as its widest cell (at least `min_width`), each row as high as
    its highest; `align[column]` places cells across their column, and every
    cell sits at the middle (or `valign`) of its row."""

    def __init__(
        self,
        cells: Sequence[Sequence[Node | None]],
        *,
        column_gap: Size = 8,
        row_gap: Size = 6,
        align: Sequence[Align] = (),
        min_width: Sequence[Size] = (),
        valign: Align = "center",
        shown: Flag = always,
    ) -> None:
        super().__init__(shown=shown)
        self.cells = [list(row) for row in cells]
        self.column_gap = column_gap
        self.row_gap = row_gap
        self.align = align
        self.min_width = min_width
        self.valign = valign
        for cell in self.all_cells():
            cell.parent = self

    @property
    def columns(self) -> int:
        return max((len(row) for row in self.cells), default=0)

    def all_cells(self) -> Iterator[Node]:
        return (cell for cell in itertools.chain.from_iterable(self.cells) if cell is not None)

    @property
    def children(self) -> Sequence[Node]:
        return list(self.all_cells())


def controls(root: Node) -> list[Control]:
    """The controls under `root` in reading order (shown or not)."""
    return [node for node in root.walk() if isinstance(node, Control)]
