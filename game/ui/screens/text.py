"""Text that is longer than its place: the rules, the table description.

`ScrollText` shows a pyglet document in a fixed box and scrolls it;
`RichText` builds such a document paragraph by paragraph.
"""

from __future__ import annotations

from collections.abc import Sequence

import arcade
from arcade.gui import UIWidget
from arcade.gui.events import UIEvent, UIKeyPressEvent, UIMouseScrollEvent
from arcade.gui.surface import Surface
from arcade.gui.widgets import FocusMode
from arcade.types import LBWH, Color
from pyglet.event import EVENT_HANDLED
from pyglet.text.document import FormattedDocument
from pyglet.text.layout import IncrementalTextLayout

from game.ui.screens import theme


class ScrollText(UIWidget):
    """Long formatted text that scrolls: mouse wheel over it, arrow keys when
    focused, Page Up/Down, Home and End. A thin bar shows where you are.

    Built on pyglet's `IncrementalTextLayout`, which only lays out the lines
    in view, so even the whole rules page scrolls smoothly.
    """

    focus_mode = FocusMode.ALL
    LINE_STEP = 40
    INSET = 10  # text off the focus frame on the left
    TOP = 6  # and off it above and below
    TEXT_MARGIN = 34  # inset plus room for the scroll bar on the right

    def __init__(self, document: FormattedDocument, *, width: int, height: int) -> None:
        super().__init__(width=width, height=height)
        self.document = document
        self.layout = IncrementalTextLayout(
            document,
            x=self.INSET,
            y=self.TOP,
            width=max(1, width - self.TEXT_MARGIN),
            height=max(1, height - 2 * self.TOP),
            multiline=True,
            wrap_lines=True,
        )
        self.layout.view_y = 0

    @property
    def max_scroll(self) -> int:
        return max(0, int(self.layout.content_height - self.layout.height))

    @property
    def scroll(self) -> int:
        """Pixels scrolled down from the top (0 = top, `max_scroll` = bottom)."""
        return -int(self.layout.view_y)

    def scroll_to(self, pixels: float) -> None:
        self.layout.view_y = -int(max(0, min(self.max_scroll, pixels)))
        # Full render: the widget has no background of its own, so the old
        # lines must be cleared from the UI surface with everything else.
        self.trigger_full_render()

    def on_event(self, event: UIEvent) -> bool | None:
        if isinstance(event, UIMouseScrollEvent) and self.rect.point_in_rect(event.pos):
            self.scroll_to(self.scroll - event.scroll_y * self.LINE_STEP)
            return EVENT_HANDLED
        if isinstance(event, UIKeyPressEvent):
            page = self.layout.height - self.LINE_STEP
            steps = {
                arcade.key.PAGEDOWN: page,
                arcade.key.PAGEUP: -page,
                arcade.key.SPACE: page if self.focused else None,
                arcade.key.DOWN: self.LINE_STEP if self.focused else None,
                arcade.key.UP: -self.LINE_STEP if self.focused else None,
            }
            if event.symbol == arcade.key.HOME:
                self.scroll_to(0)
                return EVENT_HANDLED
            if event.symbol == arcade.key.END:
                self.scroll_to(self.max_scroll)
                return EVENT_HANDLED
            step = steps.get(event.symbol)
            if step is not None:
                self.scroll_to(self.scroll + step)
                return EVENT_HANDLED
        return super().on_event(event)

    def do_render(self, surface: Surface) -> None:
        self.prepare_render(surface)
        layout = self.layout
        inner = max(1, int(self.content_height) - 2 * self.TOP)
        if layout.width != int(self.content_width) - self.TEXT_MARGIN or layout.height != inner:
            layout.begin_update()
            layout.width = max(1, int(self.content_width) - self.TEXT_MARGIN)
            layout.x = self.INSET
            layout.height = inner
            layout.y = self.TOP
            layout.end_update()
        layout.draw()
        if self.max_scroll:
            # The scroll bar: a track and a thumb sized like the visible share.
            h = self.content_height
            thumb = max(24.0, h * layout.height / layout.content_height)
            top = h - (h - thumb) * self.scroll / self.max_scroll
            x = self.content_width - 6
            arcade.draw_lrbt_rectangle_filled(x, x + 4, 0, h, (255, 255, 255, 40))
            arcade.draw_lrbt_rectangle_filled(x, x + 4, top - thumb, top, theme.GOLD)

    def do_render_focus(self, surface: Surface) -> None:
        self.prepare_render(surface)
        arcade.draw_rect_outline(
            rect=LBWH(0, 0, self.content_width, self.content_height),
            color=theme.GOLD,
            border_width=2,
        )


class RichText:
    """Builds a pyglet document paragraph by paragraph with our fonts and
    colours. Sizes are design sizes, multiplied by `scale` (see ScreenView)."""

    def __init__(self, scale: float = 1.0) -> None:
        self.document = FormattedDocument()
        self.scale = scale

    def add(
        self,
        text: str,
        *,
        size: float = theme.BODY_SIZE,
        color: Color = theme.TEXT,
        bold: bool = False,
        space_before: int = 0,
        space_after: int = 8,
        margin_left: int = 0,
        indent: int = 0,
        tab_stops: Sequence[int] = (),
    ) -> RichText:
        k = self.scale
        start = len(self.document.text)
        self.document.insert_text(
            start,
            text + "\n",
            {
                "font_name": theme.FONT,
                "font_size": round(size * k * 2) / 2,
                "color": tuple(color),
                # pyglet 2.1 documents take a weight name; "bold" is ignored.
                "weight": "bold" if bold else "normal",
            },
        )
        self.document.set_paragraph_style(
            start,
            start + len(text) + 1,
            {
                "margin_top": round(space_before * k),
                "margin_bottom": round(space_after * k),
                "margin_left": round(margin_left * k),
                "indent": round(indent * k),  # first line; negative hangs it
                "tab_stops": [round(stop * k) for stop in tab_stops],
            },
        )
        return self

    def add_paragraphs(self, body: str) -> RichText:
        """Each line of a catalogue text is a paragraph; lines starting with
        a bullet are indented."""
        for line in body.split("\n"):
            bullet = line.startswith("•")
            self.add(
                line,
                margin_left=24 if bullet else 0,
                space_after=4 if bullet else 10,
            )
        return self
