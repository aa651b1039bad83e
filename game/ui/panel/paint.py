"""Drawing a panel's nodes, each made once and changed only where it changed.

One `SpriteList` holds every fill, rim and picture, one pyglet batch every
text; a text field and a scrolling page keep their own pyglet layouts
(`panel.items`, `panel.pages`). A frame of an open dialog is those few draw
calls (the panel's background and shadow are in the still behind it,
`screens.backdrop`). `paint` walks the nodes after each change and sets on
each drawn item only the values that differ from what it shows, bumping the
node's `revision` when it does: a choice repaints its own row and nothing else.
"""

from __future__ import annotations

import arcade

from game.ui.layout.rect import Rect
from game.ui.panel import look
from game.ui.panel.flow import Flow
from game.ui.panel.items import ButtonItem, Canvas, Frame, Item, Look, PictureItem, TextItem
from game.ui.panel.nodes import Button, Field, Node, Picture, Scroll, Text
from game.ui.panel.pages import FieldItem, ScrollItem

RING_GAP = 3  # design pixels between a focused control and its gold ring
RING_WIDTH = 2

__all__ = ["Look", "Painter"]


class Painter:
    """Draws one panel (see the module docstring)."""

    def __init__(self) -> None:
        self.canvas = Canvas()
        self.over: arcade.SpriteList[arcade.BasicSprite] = arcade.SpriteList()
        self.items: dict[int, Item] = {}
        self.ring = Frame(self.over)
        self.ring.visible = False

    def _item(self, node: Node) -> Item | None:
        item = self.items.get(id(node))
        if item is None:
            if isinstance(node, Text):
                item = TextItem(self.canvas, node)
            elif isinstance(node, Button):
                item = ButtonItem(self.canvas)
            elif isinstance(node, Field):
                item = FieldItem(self.canvas)
            elif isinstance(node, Scroll):
                item = ScrollItem(self.canvas)
            elif isinstance(node, Picture):
                item = PictureItem(self.canvas)
            else:
                return None
            self.items[id(node)] = item
        return item

    def field(self, node: Field) -> FieldItem | None:
        """The drawn field of `node` (its caret), once painted."""
        item = self.items.get(id(node))
        return item if isinstance(item, FieldItem) else None

    def paint(self, root: Node, flow: Flow, state: Look) -> None:
        """Make what is drawn match the nodes (their texts, states and places)."""
        for node in root.walk():
            item = self._item(node)
            if item is None:
                continue
            if node.visible:
                item.update(node, flow, state)
            else:
                item.hide()
        self._ring(root, flow, state)

    def _ring(self, root: Node, flow: Flow, state: Look) -> None:
        self.ring.visible = False
        focused = next(
            (n for n in root.walk() if n.visible and getattr(n, "name", None) == state.focused and state.focused), None
        )
        if focused is not None and not isinstance(focused, Field):  # a field shows its focus with its own rim
            out = flow.px(RING_GAP) + flow.px(RING_WIDTH)
            r = focused.rect
            self.ring.place(
                Rect(r.left - out, r.bottom - out, r.width + 2 * out, r.height + 2 * out),
                flow.px(RING_WIDTH),
                look.GOLD,
            )

    def draw(self) -> None:
        canvas = self.canvas
        canvas.sprites.draw()
        canvas.batch.draw()
        for page in canvas.pages:
            page.draw()
        self.over.draw()
