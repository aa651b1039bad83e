"""What every screen shares: the felt, the panel, keyboard focus, Esc.

A screen is an `arcade.gui.UIView` that builds its widgets from its own state
in `build()`. Any change (a choice, a language) simply rebuilds them: the
screens are small (a rebuild is tens of milliseconds, most of it Arcade's
widget set-up), and it makes "every visible text follows the language" true
by construction.

Keyboard (focus.py): Tab / Shift+Tab and the arrow keys move the focus, Enter
or Space press the focused control (and only a control), Esc goes back
(`on_back`). A mouse click on a control moves the focus there too, so mouse
and keyboard never disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

import arcade
from arcade.gui import UIBoxLayout, UIFlatButton, UILabel, UIOnClickEvent, UIView, UIWidget
from arcade.types import Color

from ...i18n import Translator
from . import theme
from .focus import FocusRing


def read_clipboard(window: arcade.Window) -> str | None:
    """The clipboard's text, or None where there is no clipboard (headless, some Wayland setups)."""
    try:
        text = window.get_clipboard_text()
    except Exception:  # each platform backend fails its own way; none may crash the game
        return None
    return text if isinstance(text, str) else None


def write_clipboard(window: arcade.Window, text: str) -> bool:
    """Put `text` on the clipboard; False where there is none."""
    try:
        window.set_clipboard_text(text)
    except Exception:  # see read_clipboard
        return False
    return True


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
