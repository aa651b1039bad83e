"""The items with layouts of their own: a text field with its caret, and a
scrolling page of paragraphs (see `panel.items`)."""

from __future__ import annotations

from collections.abc import Sequence

import pyglet
from pyglet.text.caret import Caret
from pyglet.text.document import FormattedDocument, UnformattedDocument
from pyglet.text.layout import IncrementalTextLayout

from game.ui.panel import look
from game.ui.panel.flow import Flow
from game.ui.panel.items import Canvas, Frame, Item, Look, box
from game.ui.panel.nodes import Field, Node, Paragraph, Scroll
from game.ui.render import chrome

FIELD_PAD = 10  # design pixels between a field's rim and its text
SCROLL_INSET = 10  # design pixels: a page's text off its left edge
SCROLL_TOP = 6  # and off its top and bottom
SCROLL_BAR = 34  # design pixels kept on the right for the scroll bar
# How each kind of paragraph of a page looks: size, bold, colour, space before
# and after (design pixels), left margin.
PARAGRAPHS = {
    "heading": (look.HEADING_SIZE, True, look.GOLD, 10, 8, 0),
    "body": (look.BODY_SIZE, False, look.TEXT, 0, 10, 0),
    "line": (look.BODY_SIZE, False, look.TEXT, 0, 6, 0),
    "bullet": (look.BODY_SIZE, False, look.TEXT, 0, 4, 24),
    "head_row": (look.BODY_SIZE, True, look.TEXT, 0, 4, 0),
    "row": (look.BODY_SIZE, False, look.TEXT, 0, 2, 0),
    "last_row": (look.BODY_SIZE, False, look.TEXT, 0, 14, 0),
}


class FieldItem(Item):
    """A line of text with a caret, on a dark box with a rim (gold while
    focused, red while its text is refused). The caret stays lit, never
    blinks: a blinking caret would keep the window drawing while nothing
    happens (and a steady one is easier to find)."""

    def __init__(self, canvas: Canvas) -> None:
        super().__init__(canvas)
        self.fill = chrome.panel_sprite(look.FIELD)
        canvas.sprites.append(self.fill)
        self.rim = Frame(canvas.sprites)
        self.batch = pyglet.graphics.Batch()
        self.document = UnformattedDocument("")
        self.layout = IncrementalTextLayout(
            self.document, 0, 0, width=100, height=30, multiline=False, batch=self.batch
        )
        self.caret = SteadyCaret(self.layout, batch=self.batch, color=look.GOLD)
        self.caret.visible = False
        canvas.pages.append(self)

    def values(self, node: Node, flow: Flow, state: Look) -> tuple[object, ...]:
        assert isinstance(node, Field)
        focused = node.name == state.focused
        return (
            node.text,
            node.caret,
            focused,
            node.invalid(),
            node.name == state.hovered,
            flow.pt(node.size),
            node.rect,
        )

    def show(self, node: Node, flow: Flow, state: Look) -> None:
        assert isinstance(node, Field)
        r = node.rect
        focused = node.name == state.focused
        self.fill.visible = True
        box(self.fill, r)
        invalid = node.invalid()
        self.fill.color = look.FIELD_INVALID if invalid else look.FIELD
        lit = focused or node.name == state.hovered
        self.rim.place(r, 2 if invalid or lit else 1, look.ERROR if invalid else look.GOLD if lit else look.TEXT_DIM)
        points = flow.pt(node.size)
        if self.document.text != node.text:
            self.document.text = node.text
        self.document.set_style(
            0, len(self.document.text), {"font_name": look.FONT, "font_size": points, "color": look.TEXT}
        )
        pad = flow.px(FIELD_PAD)
        self.layout.begin_update()
        self.layout.position = (round(r.left) + pad, round(r.bottom), 0)
        self.layout.width, self.layout.height = max(1, round(r.width) - 2 * pad), max(1, round(r.height))
        self.layout.anchor_y = "bottom"
        self.layout.end_update()
        self.caret.position = min(node.caret, len(node.text))
        self.caret.visible = focused

    def set_visible(self, visible: bool) -> None:
        self.fill.visible = self.rim.visible = visible
        self.layout.visible = visible
        if not visible:
            self.caret.visible = False

    def draw(self) -> None:
        if self.shown is not None:
            self.batch.draw()


class SteadyCaret(Caret):
    PERIOD = 0.0  # no blinking (see `_FieldItem`)


class ScrollItem(Item):
    """A formatted page in a box, scrolled by its node's `scroll`, with a thin bar."""

    def __init__(self, canvas: Canvas) -> None:
        super().__init__(canvas)
        self.batch = pyglet.graphics.Batch()
        self.track = chrome.panel_sprite((255, 255, 255, 40))
        self.thumb = chrome.panel_sprite(look.GOLD)
        canvas.sprites.extend([self.track, self.thumb])
        self.layout: IncrementalTextLayout | None = None
        self.page: tuple[tuple[Paragraph, ...], float] | None = None
        canvas.pages.append(self)

    def values(self, node: Node, flow: Flow, state: Look) -> tuple[object, ...]:
        assert isinstance(node, Scroll)
        return (tuple(node.paragraphs()), flow.scale, node.scroll, node.rect)

    def show(self, node: Node, flow: Flow, state: Look) -> None:
        assert isinstance(node, Scroll)
        page = (tuple(node.paragraphs()), flow.scale)
        r = node.rect
        width = max(1, round(r.width) - flow.px(SCROLL_BAR))
        height = max(1, round(r.height) - 2 * flow.px(SCROLL_TOP))
        if self.layout is None or page != self.page:
            if self.layout is not None:
                self.layout.delete()
            self.layout = IncrementalTextLayout(
                document(page[0], flow),
                0,
                0,
                width=width,
                height=height,
                multiline=True,
                wrap_lines=True,
                batch=self.batch,
            )
            self.page = page
        layout = self.layout
        layout.begin_update()
        layout.position = (round(r.left) + flow.px(SCROLL_INSET), round(r.bottom) + flow.px(SCROLL_TOP), 0)
        layout.width, layout.height = width, height
        layout.end_update()
        node.page_height = float(layout.content_height)
        most = max(0.0, layout.content_height - layout.height)
        node.max_scroll = most
        node.scroll = max(0.0, min(most, node.scroll))
        layout.view_y = -int(node.scroll)
        layout.visible = True
        self.track.visible = self.thumb.visible = most > 0
        if most > 0:
            h = r.height
            thumb = max(24.0, h * layout.height / layout.content_height)
            top = r.top - (h - thumb) * node.scroll / most
            x = r.right - 6
            chrome.place_panel(self.track, x, r.bottom, 4, h, 0)
            chrome.place_panel(self.thumb, x, top - thumb, 4, thumb, 0)

    def set_visible(self, visible: bool) -> None:
        self.track.visible = self.thumb.visible = visible and self.track.visible
        if self.layout is not None:
            self.layout.visible = visible

    def draw(self) -> None:
        if self.shown is not None and self.layout is not None:
            self.batch.draw()


def document(paragraphs: Sequence[Paragraph], flow: Flow) -> FormattedDocument:
    """A page of paragraphs in the screens' font at the flow's scale."""
    doc = FormattedDocument()
    k = flow.scale
    for p in paragraphs:
        size, bold, colour, before, after, margin = PARAGRAPHS[p.style if p.style in PARAGRAPHS else "body"]
        if p.style == "bullet" or (p.style == "body" and p.text.startswith("•")):
            size, bold, colour, before, after, margin = PARAGRAPHS["bullet"]
        start = len(doc.text)
        doc.insert_text(
            start,
            p.text + "\n",
            {
                "font_name": look.FONT,
                "font_size": round(size * k * 2) / 2,
                "color": colour,
                "weight": "bold" if bold else "normal",
            },
        )
        doc.set_paragraph_style(
            start,
            start + len(p.text) + 1,
            {
                "margin_top": round(before * k),
                "margin_bottom": round(after * k),
                "margin_left": round((p.tab if p.hang else margin) * k),
                "indent": round(-p.tab * k) if p.hang else 0,
                "tab_stops": [round(p.tab * k)] if p.tab else [],
            },
        )
    return doc
