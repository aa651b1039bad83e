"""A dialog's keys, pointer, wheel and typing, turned into the screen's actions.

Only a control can be pressed. Tab and Shift+Tab walk the controls that can
be used now, in reading order, and so do the arrow keys (Up and Left back,
Down and Right on), except where the focused control uses them itself: in a
text field Left and Right move the caret, on a scrolling page Up and Down
scroll it. Enter or Space press the focused button; Enter in a text field
submits it (Play). Page Up/Down, Home and End scroll the screen's page
wherever the focus is (but in a field, whose caret they move). Esc goes
back (`Screen.on_back`). A click presses the control it was pressed and
released on, and gives it the focus, so mouse and keyboard never disagree.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import arcade
from pyglet.text.caret import Caret

from game.ui.panel.flow import controls_at
from game.ui.panel.nodes import Button, Control, Field, Scroll
from game.ui.panel.paint import Look, Painter
from game.ui.render import clipboard
from game.ui.screens.base import Screen

key = arcade.key
ENTER_KEYS = (key.ENTER, key.RETURN, key.NUM_ENTER)
LINE_STEP = 40  # design pixels a page scrolls per arrow press or wheel notch
PASTE_MODIFIERS = key.MOD_CTRL | key.MOD_COMMAND


class Host(Protocol):
    """What the keys need of the view they serve (`screens.host.ScreensView`)."""

    window: arcade.Window
    screen: Screen | None
    look: Look

    def painter(self, screen: Screen) -> Painter: ...

    def after_input(self) -> None: ...


class Keys:
    """The input of the view it serves (see the module docstring)."""

    def __init__(self, host: Host) -> None:
        self.host = host

    @property
    def screen(self) -> Screen | None:
        return self.host.screen

    # ---- the focus ---------------------------------------------------------------

    def usable(self) -> list[Control]:
        screen = self.screen
        return [] if screen is None else [c for c in screen.controls.values() if c.available]

    def move(self, step: int) -> None:
        """The focus to the next (or previous) usable control, round the ends."""
        screen = self.screen
        order = self.usable()
        if screen is None or not order:
            return
        names = [c.name for c in order]
        if screen.focused not in names:
            screen.focus(names[0] if step > 0 else names[-1])
            return
        screen.focus(names[(names.index(screen.focused) + step) % len(names)])

    def focused(self) -> Control | None:
        screen = self.screen
        if screen is None or screen.focused is None:
            return None
        control = screen.controls.get(screen.focused)
        return control if control is not None and control.available else None

    # ---- keys ------------------------------------------------------------------------

    def key_press(self, symbol: int, modifiers: int) -> None:
        screen = self.screen
        if screen is None:
            return
        if symbol == key.ESCAPE:
            screen.on_back()
        else:
            self._key(screen, symbol, modifiers, self.focused())
        self.host.after_input()

    def _key(self, screen: Screen, symbol: int, modifiers: int, focused: Control | None) -> None:
        field = focused if isinstance(focused, Field) else None
        page = focused if isinstance(focused, Scroll) else None
        if symbol == key.TAB:
            self.move(-1 if modifiers & key.MOD_SHIFT else 1)
        elif field is not None and symbol == key.V and modifiers & PASTE_MODIFIERS:
            self.paste(field)
        elif symbol in ENTER_KEYS:
            if field is not None:
                field.on_submit()
            elif isinstance(focused, Button):
                focused.press()
        elif symbol == key.SPACE and isinstance(focused, Button):
            focused.press()
        elif symbol == key.SPACE and page is not None:
            self.scroll(page, self.page_step(page))
        elif symbol in (key.UP, key.DOWN) and page is not None:
            self.scroll(page, self.step(LINE_STEP) * (1 if symbol == key.DOWN else -1))
        elif symbol in (key.LEFT, key.RIGHT) and field is not None:
            pass  # the caret moves (on_text_motion)
        elif symbol in (key.UP, key.LEFT):
            self.move(-1)
        elif symbol in (key.DOWN, key.RIGHT):
            self.move(1)
        elif symbol in (key.PAGEUP, key.PAGEDOWN, key.HOME, key.END) and field is None:
            self._page_key(screen, symbol)

    def _page_key(self, screen: Screen, symbol: int) -> None:
        page = next((c for c in screen.controls.values() if isinstance(c, Scroll) and c.visible), None)
        if page is None:
            return
        if symbol == key.HOME:
            self.scroll(page, -page.page_height)
        elif symbol == key.END:
            self.scroll(page, page.page_height)
        else:
            self.scroll(page, self.page_step(page) * (1 if symbol == key.PAGEDOWN else -1))

    def step(self, design: float) -> float:
        screen = self.screen
        return design * (screen.flow.scale if screen is not None else 1.0)

    def page_step(self, page: Scroll) -> float:
        return max(self.step(LINE_STEP), page.rect.height - self.step(LINE_STEP))

    @staticmethod
    def scroll(page: Scroll, pixels: float) -> None:
        page.scroll = max(0.0, min(page.max_scroll, page.scroll + pixels))

    # ---- typing ----------------------------------------------------------------------

    def _caret(self, field: Field) -> Caret | None:
        screen = self.screen
        if screen is None:
            return None
        item = self.host.painter(screen).field(field)
        return None if item is None else item.caret

    def text(self, text: str) -> None:
        field = self.focused()
        if not isinstance(field, Field) or not text.isprintable():
            return  # Enter also arrives as "\r": a code is one line
        self._edit(field, lambda caret: caret.on_text(text))

    def motion(self, motion: int, select: bool) -> None:
        field = self.focused()
        if isinstance(field, Field):
            self._edit(field, lambda caret: caret.on_text_motion(motion, select))

    def _edit(self, field: Field, edit: Callable[[Caret], object]) -> None:
        caret = self._caret(field)
        if caret is None:
            return
        caret.position = min(field.caret, len(caret.layout.document.text))
        edit(caret)
        field.set_text(caret.layout.document.text, caret.position)
        self.host.after_input()

    def paste(self, field: Field) -> None:
        """Ctrl+V (Cmd+V): the clipboard's text, as the field takes it."""
        text = clipboard.read(self.host.window) or ""
        paste = getattr(field, "paste", None)
        if callable(paste):
            paste(text)
        else:
            field.set_text(field.text[: field.caret] + text + field.text[field.caret :], field.caret + len(text))

    # ---- the pointer ---------------------------------------------------------------

    def mouse_motion(self, x: int, y: int) -> None:
        screen = self.screen
        if screen is None:
            return
        under = controls_at(screen.root, x, y)
        hovered = under.name if under is not None and under.available else None
        if hovered != self.host.look.hovered:
            self.host.look = self.host.look._replace(hovered=hovered)
            self.host.after_input()

    def mouse_press(self, x: int, y: int, button: int) -> None:
        screen = self.screen
        if screen is None or button != arcade.MOUSE_BUTTON_LEFT:
            return
        under = controls_at(screen.root, x, y)
        if under is None or not under.available:
            return
        screen.focus(under.name)
        self.host.look = self.host.look._replace(pressed=under.name, hovered=under.name)
        if isinstance(under, Field):
            caret = self._caret(under)
            if caret is not None:
                caret.on_mouse_press(x, y, button, 0)
                under.caret = caret.position
        self.host.after_input()

    def mouse_release(self, x: int, y: int, button: int) -> None:
        screen = self.screen
        if screen is None or button != arcade.MOUSE_BUTTON_LEFT:
            return
        pressed = self.host.look.pressed
        self.host.look = self.host.look._replace(pressed=None)
        under = controls_at(screen.root, x, y)
        if under is not None and under.name == pressed and isinstance(under, Button):
            under.press()
        self.host.after_input()

    def wheel(self, x: int, y: int, notches: float) -> None:
        screen = self.screen
        if screen is None:
            return
        under = controls_at(screen.root, x, y)
        if isinstance(under, Scroll):
            self.scroll(under, -notches * self.step(LINE_STEP))
            self.host.after_input()
