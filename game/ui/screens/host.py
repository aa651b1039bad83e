"""The window's view while a dialog is open: one for the life of the window.

`ScreensView` shows one `Screen` at a time over the dimmed still of the
table (`Backdrop`): it lays the screen out for the window (`panel.flow`),
paints it (`panel.paint`, one painter per screen, kept), and turns the
player's keys, clicks, wheel and typing into the screen's actions
(`screens.keys`). After each of them the screen is laid out and painted
again, which changes only what changed. When nothing moves it stops
redrawing (the window's `Pacer`).
"""

from __future__ import annotations

import arcade

from game.ui.layout.rect import Rect
from game.ui.panel.flow import lay_out
from game.ui.panel.fonts import Fonts
from game.ui.panel.nodes import Node
from game.ui.panel.paint import Look, Painter
from game.ui.render.pacing import Pacer
from game.ui.screens.backdrop import Backdrop
from game.ui.screens.base import Screen
from game.ui.screens.keys import Keys

REST_AFTER_S = 0.5  # without input, the dialog stops redrawing after this long


class ScreensView(arcade.View):
    """Dialogs over the table (see the module docstring)."""

    def __init__(self, window: arcade.Window | None = None) -> None:
        super().__init__(window)
        self.fonts = Fonts()
        self.backdrop = Backdrop(self.window)
        self.pacer = Pacer.of(self.window)
        self.screen: Screen | None = None
        self.painters: dict[int, Painter] = {}
        self.keys = Keys(self)
        self.quiet_s = 0.0
        self.look = Look()
        self.window_size: tuple[int, int] = self.window.get_size()  # the window's, as on_resize last told
        self._laid_for: tuple[object, ...] | None = None

    # ---- which screen ------------------------------------------------------------

    def open(self, screen: Screen, over: arcade.View | None = None) -> ScreensView:
        """Show `screen` (over `over`, dimmed; the felt alone without one)."""
        if over is not None or self.screen is None:
            self.backdrop.behind(over)
        if self.window.current_view is not self:
            self.window_size = self.window.get_size()
        self.screen = screen
        screen.on_changed_behind = self.backdrop.again
        self.look = Look()
        screen.opened()
        screen.touch()
        self.refresh()
        self.wake()
        return self

    def painter(self, screen: Screen) -> Painter:
        painter = self.painters.get(id(screen))
        if painter is None:
            painter = self.painters[id(screen)] = Painter()
        return painter

    @property
    def panel(self) -> Node | None:
        return None if self.screen is None else self.screen.root

    # ---- layout and paint ------------------------------------------------------------

    def refresh(self) -> None:
        """Lay the screen out (if anything changed) and paint what changed."""
        screen = self.screen
        if screen is None:
            return
        self.look = self.look._replace(focused=screen.focused)
        if self._lay(screen, self.window_size):
            self._laid_for = (id(screen), self.window_size)
            if screen.focused is not None and not self._focusable(screen.focused):
                screen.focused = None
                self.look = self.look._replace(focused=None)
        self.painter(screen).paint(screen.root, screen.flow, self.look)
        self.backdrop.place(self._panel_rect(), screen.flow.scale)

    def _lay(self, screen: Screen, size: tuple[int, int]) -> bool:
        """Lay `screen` out for a window of `size` if anything changed; True if it was."""
        if not screen.changed and screen.size == size and self._laid_for == (id(screen), size):
            return False
        screen.size = size
        screen.fonts = self.fonts
        screen.flow.scale = screen.scale
        screen.new_layout()
        lay_out(screen.root, self.fonts, size, screen.flow)
        screen.changed = False
        return True

    def prepare(self, screen: Screen) -> None:
        """Lay `screen` out and make what it draws, without showing it: done
        ahead of time, its first open costs no more than the next ones."""
        self._lay(screen, self.window.get_size())
        screen.changed = True  # laid out again when it opens (the window may change size meanwhile)
        self.painter(screen).paint(screen.root, screen.flow, Look())

    def _focusable(self, name: str) -> bool:
        assert self.screen is not None
        control = self.screen.controls.get(name)
        return control is not None and control.available

    def _panel_rect(self) -> Rect | None:
        return None if self.screen is None else self.screen.root.rect

    def after_input(self) -> None:
        """An input was handled: show its effect (if the dialog is still up)."""
        self.wake()
        if self.window.current_view is self:
            self.refresh()

    # ---- drawing ----------------------------------------------------------------------

    def on_draw(self) -> None:
        if self.screen is not None and (self.screen.changed or self.screen.size != self.window_size):
            self.refresh()
        self.backdrop.draw()  # replaces every pixel: no clear under it
        if self.screen is not None:
            self.painter(self.screen).draw()
        self.pacer.drawn()

    def wake(self) -> None:
        """Input came (or the window was uncovered): draw at full rate again."""
        self.quiet_s = 0.0
        self.pacer.wake()

    def on_update(self, delta_time: float) -> None:
        # The view behind may finish something it draws meanwhile (the felt of
        # a table chosen in Appearance, made on a thread): compose anew then.
        update_still = getattr(self.backdrop.view, "update_still", None)
        if callable(update_still) and update_still():
            self.backdrop.again()
            self.wake()
        # Counted in frames' time: a long stall is no quiet time.
        self.quiet_s += min(delta_time, 1 / 20)
        if self.quiet_s > REST_AFTER_S:
            self.pacer.rest()

    def on_resize(self, width: int, height: int) -> None:
        self.wake()
        if (width, height) == self.window_size:
            return  # pyglet also sends one when a view is shown
        self.window_size = (width, height)
        behind = self.backdrop.view
        if behind is not None:
            behind.on_resize(width, height)  # the table lays itself out for the new size, for its still
        self.backdrop.again()
        self.refresh()

    def on_show_view(self) -> None:
        self.window_size = self.window.get_size()  # a resize while the table showed went to the table
        self.wake()

    def on_hide_view(self) -> None:
        self.pacer.wake()  # the next view starts at full frame rate
        self.backdrop.release()

    # ---- input: see screens.keys --------------------------------------------------------

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        self.keys.key_press(symbol, modifiers)

    def on_text(self, text: str) -> None:
        self.keys.text(text)

    def on_text_motion(self, motion: int) -> None:
        self.keys.motion(motion, select=False)

    def on_text_motion_select(self, motion: int) -> None:
        self.keys.motion(motion, select=True)

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        self.keys.mouse_motion(x, y)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.keys.mouse_press(x, y, button)

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.keys.mouse_release(x, y, button)

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        self.keys.mouse_motion(x, y)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        self.keys.wheel(x, y, scroll_y)
