"""What every screen shares: the felt, the panel, keyboard focus, scrolling text.

A screen is an `arcade.gui.UIView` that builds its widgets from its own state
in `build()`. Any change (a choice, a language) simply rebuilds them: the
screens are small, a rebuild costs well under a millisecond of Python, and it
makes "every visible text follows the language" true by construction.

Keyboard: Tab / Shift+Tab and the arrow keys move the focus, Enter or Space
activates the focused control, Esc goes back (`on_back`). A mouse click on a
control moves the focus there too, so mouse and keyboard never disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

import arcade
from arcade.gui import (
    UIBoxLayout,
    UIFlatButton,
    UIInputText,
    UILabel,
    UIOnClickEvent,
    UIView,
    UIWidget,
)
from arcade.gui.events import (
    UIEvent,
    UIKeyPressEvent,
    UIMousePressEvent,
    UIMouseScrollEvent,
)
from arcade.gui.experimental.focus import UIFocusGroup
from arcade.gui.surface import Surface
from arcade.gui.widgets import FocusMode
from arcade.types import LBWH, Color
from pyglet.event import EVENT_HANDLED, EVENT_UNHANDLED
from pyglet.text.document import FormattedDocument
from pyglet.text.layout import IncrementalTextLayout

from ...i18n import Translator
from . import theme

ENTER_KEYS = (arcade.key.ENTER, arcade.key.RETURN, arcade.key.NUM_ENTER)


def click(widget: UIWidget) -> None:
    """Activate a control as a mouse click on its centre would."""
    widget.dispatch_event(
        "on_click",
        UIOnClickEvent(
            source=widget,
            x=int(widget.center_x),
            y=int(widget.center_y),
            button=arcade.MOUSE_BUTTON_LEFT,
            modifiers=0,
        ),
    )


def read_clipboard(window: arcade.Window) -> str | None:
    """The clipboard's text, or None where there is no clipboard (headless, some Wayland setups)."""
    try:
        text = window.get_clipboard_text()
    except Exception:  # noqa: BLE001 - each platform backend fails its own way; none may crash the game
        return None
    return text if isinstance(text, str) else None


def write_clipboard(window: arcade.Window, text: str) -> bool:
    """Put `text` on the clipboard; False where there is none."""
    try:
        window.set_clipboard_text(text)
    except Exception:  # noqa: BLE001 - see read_clipboard
        return False
    return True


class FocusRing(UIFocusGroup):
    """Keyboard focus over the screen's controls, in reading order.

    Arcade's focus group handles Tab and Space; this adds the arrow keys,
    Enter, and focus following the mouse. In a text field Left and Right move
    the caret instead, and Enter calls `on_submit` (e.g. Play).
    """

    def __init__(self) -> None:
        super().__init__()
        self.on_submit: Callable[[], None] | None = None

    def set_order(self, widgets: Sequence[UIWidget], focus: UIWidget | None) -> None:
        self.set_focus(None)
        self._focusable_widgets = list(widgets)
        if focus is not None:
            self.set_focus(focus)

    def on_event(self, event: UIEvent) -> bool | None:
        if isinstance(event, UIMousePressEvent):
            for widget in self._focusable_widgets:
                if widget.visible and widget.rect.point_in_rect(event.pos):
                    if widget is not self.focused_widget:
                        self.set_focus(widget)
                    break
        if (
            isinstance(event, UIKeyPressEvent) and self.focused_widget is None and self._focusable_widgets
        ) and event.symbol in (
            arcade.key.TAB,
            arcade.key.UP,
            arcade.key.DOWN,
            arcade.key.LEFT,
            arcade.key.RIGHT,
        ):
            self.set_focus()
            return EVENT_HANDLED
        if super().on_event(event):
            return EVENT_HANDLED
        focused = self.focused_widget
        if not isinstance(event, UIKeyPressEvent) or focused is None:
            return EVENT_UNHANDLED
        in_text = isinstance(focused, UIInputText)
        if event.symbol == arcade.key.UP or (event.symbol == arcade.key.LEFT and not in_text):
            self.focus_previous()
            return EVENT_HANDLED
        if event.symbol == arcade.key.DOWN or (event.symbol == arcade.key.RIGHT and not in_text):
            self.focus_next()
            return EVENT_HANDLED
        if event.symbol in ENTER_KEYS:
            if in_text:
                if self.on_submit is not None:
                    self.on_submit()
            else:
                click(focused)
            return EVENT_HANDLED
        return EVENT_UNHANDLED


@dataclass
class Built:
    """What `build()` returns: the panel's content and its controls in focus order."""

    content: UIWidget
    controls: dict[str, UIWidget] = field(default_factory=dict)
    first: str | None = None  # focused when the screen opens


class ScreenView(UIView):
    """Base of the screens: the table's green, a centred panel, focus, Esc.

    Subclasses implement `build()` and `on_back()`; call `rebuild()` after
    changing anything shown.
    """

    def __init__(self, translator: Translator) -> None:
        super().__init__()
        self.translator = translator
        self.ring = FocusRing()
        self.ui.add(self.ring)
        self.controls: dict[str, UIWidget] = {}
        # The size last given to on_resize (the window's until then): panels
        # are sized from it.
        self.screen_size: tuple[int, int] = self.window.get_size()
        self.background_color = theme.FELT
        self.rebuild()

    # ---- to implement ------------------------------------------------------

    def build(self) -> Built:
        raise NotImplementedError

    def on_back(self) -> None:
        """Esc: leave the screen the way Cancel or Close would."""
        raise NotImplementedError

    # ---- shared behaviour --------------------------------------------------

    def t(self, key: str, **values: object) -> str:
        return self.translator.t(key, **values)

    @property
    def focused_name(self) -> str | None:
        focused = self.ring.focused_widget
        return next((name for name, w in self.controls.items() if w is focused), None)

    def focus(self, name: str) -> None:
        self.ring.set_focus(self.controls[name])

    def rebuild(self, focus: str | None = None) -> None:
        """Recreate every widget from the screen's state, keeping the focus
        on the control of the same name (or `focus`)."""
        keep = focus or self.focused_name
        self.ring.set_focus(None)
        self.ring.clear()
        built = self.build()
        self.controls = built.controls
        self.ring.add(built.content, anchor_x="center", anchor_y="center")
        target = self.controls.get(keep or "") or self.controls.get(built.first or "")
        self.ring.set_order(list(self.controls.values()), target)

    @property
    def panel_width(self) -> int:
        return int(min(1000, self.screen_size[0] - 48))

    @property
    def panel_height(self) -> int:
        return int(self.screen_size[1] - 48)

    def panel(self, *children: UIWidget, space_between: int = 14) -> UIBoxLayout:
        """The dark translucent panel that holds a screen's content."""
        box = UIBoxLayout(vertical=True, space_between=space_between, align="center")
        for child in children:
            box.add(child)
        box.with_padding(all=24).with_background(color=theme.PANEL)
        return box

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        # Reached only when no control used the key (the UI manager sees keys first).
        if symbol == arcade.key.ESCAPE:
            self.on_back()
            return True
        return None

    def on_resize(self, width: int, height: int) -> None:
        # The UI manager follows the window itself; the panel's size depends
        # on the window, so the widgets are made again for the new size.
        super().on_resize(width, height)
        if (width, height) != self.screen_size:  # pyglet also sends one on show
            self.screen_size = (width, height)
            self.rebuild()

    # ---- widget makers -----------------------------------------------------

    @staticmethod
    def label(
        text: str,
        *,
        size: float = theme.BODY_SIZE,
        color: Color = theme.TEXT,
        bold: bool = False,
        width: int | None = None,
        align: str = "left",
    ) -> UILabel:
        """Text; with a `width` it wraps onto several lines instead of being cut."""
        return UILabel(
            text=text,
            font_name=theme.FONT,
            font_size=size,
            text_color=color,
            bold=bold,
            width=width,
            multiline=width is not None,
            align=align,
        )

    @staticmethod
    def button(
        text: str,
        on_click: Callable[[], object],
        *,
        width: int = 180,
        height: int = 44,
        style: dict[str, UIFlatButton.UIStyle] | None = None,
    ) -> UIFlatButton:
        button = UIFlatButton(text=text, width=width, height=height, style=style or theme.button_style())

        @button.event("on_click")
        def _clicked(event: UIOnClickEvent) -> None:
            on_click()

        return button

    def choices(
        self,
        name: str,
        options: Sequence[tuple[str, str]],
        chosen: str,
        on_choose: Callable[[str], None],
        *,
        width: int = 150,
        height: int = 40,
    ) -> UIBoxLayout:
        """A row of buttons of which one is chosen (shown in gold); each
        button is a control named ``<name>.<value>``."""
        row = UIBoxLayout(vertical=False, space_between=8)
        for value, text in options:
            style = theme.selected_style() if value == chosen else theme.button_style()
            button = self.button(
                text,
                partial(on_choose, value),
                width=width,
                height=height,
                style=style,
            )
            self.controls[f"{name}.{value}"] = button
            row.add(button)
        return row


class ScrollText(UIWidget):
    """Long formatted text that scrolls: mouse wheel over it, arrow keys when
    focused, Page Up/Down, Home and End. A thin bar shows where you are.

    Built on pyglet's `IncrementalTextLayout`, which only lays out the lines
    in view, so even the whole rules page scrolls smoothly.
    """

    focus_mode = FocusMode.ALL
    LINE_STEP = 40
    INSET = 10  # text off the focus frame on the left
    TEXT_MARGIN = 34  # inset plus room for the scroll bar on the right

    def __init__(self, document: FormattedDocument, *, width: int, height: int) -> None:
        super().__init__(width=width, height=height)
        self.document = document
        self.layout = IncrementalTextLayout(
            document,
            x=self.INSET,
            width=max(1, width - self.TEXT_MARGIN),
            height=height,
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
        if layout.width != int(self.content_width) - self.TEXT_MARGIN or layout.height != int(self.content_height):
            layout.begin_update()
            layout.width = max(1, int(self.content_width) - self.TEXT_MARGIN)
            layout.x = self.INSET
            layout.height = int(self.content_height)
            layout.y = 0
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
    """Builds a pyglet document paragraph by paragraph with our fonts and colours."""

    def __init__(self) -> None:
        self.document = FormattedDocument()

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
        tab_stops: Sequence[int] = (),
    ) -> RichText:
        start = len(self.document.text)
        self.document.insert_text(
            start,
            text + "\n",
            {
                "font_name": theme.FONT,
                "font_size": size,
                "color": tuple(color),
                # pyglet 2.1 documents take a weight name; "bold" is ignored.
                "weight": "bold" if bold else "normal",
            },
        )
        self.document.set_paragraph_style(
            start,
            start + len(text) + 1,
            {
                "margin_top": space_before,
                "margin_bottom": space_after,
                "margin_left": margin_left,
                "tab_stops": list(tab_stops),
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
