"""Keyboard focus and activation on the screens.

Only a control (a button) can be activated. Enter or Space on anything else
that takes the focus (the scrolling rules text, the code field) does what
that widget does with the key itself, or nothing: it is never sent a click
it has no handler for.

Arcade 3.3's widgets register their event types again each time one is
made (pyglet's `register_event_type` appends to a class-wide list), so every
opened screen would grow those lists for the life of the process. Importing
this module makes registration idempotent for the GUI classes: a name is
listed once, however many widgets are made, as long as pyglet still keeps
the names in that list (`game.system.internals`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import arcade
from arcade.gui import UIInputText, UIInteractiveWidget, UIManager, UIOnClickEvent, UIWidget
from arcade.gui.events import (
    UIControllerEvent,
    UIEvent,
    UIKeyEvent,
    UIKeyPressEvent,
    UIMouseEvent,
    UIMousePressEvent,
    UITextEvent,
)
from arcade.gui.experimental.focus import UIFocusGroup
from pyglet.event import EVENT_HANDLED, EVENT_UNHANDLED, EventDispatcher

from game.system import internals

ENTER_KEYS = (arcade.key.ENTER, arcade.key.RETURN, arcade.key.NUM_ENTER)
# What a player does (not the UI's own per-frame update).
INPUT_EVENTS = (UIMouseEvent, UIKeyEvent, UITextEvent, UIControllerEvent)
MOVE_KEYS = (arcade.key.TAB, arcade.key.UP, arcade.key.DOWN, arcade.key.LEFT, arcade.key.RIGHT)


def _register_event_type_once(cls: type, name: str) -> str:
    """pyglet's `EventDispatcher.register_event_type`, minus the duplicates."""
    types: list[str] | None = getattr(cls, "event_types", None)
    if types is None:
        types = []
        setattr(cls, "event_types", types)  # noqa: B010 - a class attribute pyglet reads
    if name not in types:
        types.append(name)
    return name


def pyglet_lists_event_types() -> bool:
    """Whether pyglet's own registration keeps a class's event names in its
    `event_types` list, the list ours keeps (and pyglet's dispatch reads)."""

    class Probe(EventDispatcher):
        pass

    Probe.register_event_type("on_probe")
    return "on_probe" in Probe.__dict__.get("event_types", ())


def register_event_types_once() -> bool:
    """Make registration idempotent on the GUI classes; False (and logged
    once) where pyglet keeps the names elsewhere: then pyglet's own stays."""
    if not pyglet_lists_event_types():
        internals.missing(internals.REGISTER_EVENT_TYPE)
        return False
    for dispatcher in (UIWidget, UIManager):
        # Subclasses (every widget class, layouts included) inherit the fix.
        setattr(dispatcher, "register_event_type", classmethod(_register_event_type_once))  # noqa: B010
    return True


register_event_types_once()


def _signature_key(callback: Callable[..., object]) -> tuple[object, ...] | None:
    """What a listener's signature follows from (its function's code, how many
    positional defaults, which keyword-only ones have defaults, and whether
    it is bound), or None when that cannot be told cheaply."""
    function = getattr(callback, "__func__", callback)
    code = getattr(function, "__code__", None)
    if code is None:
        return None
    defaults = getattr(function, "__defaults__", None) or ()
    keywords = tuple(sorted(getattr(function, "__kwdefaults__", None) or ()))
    return (code, len(defaults), keywords, hasattr(callback, "__func__"))


def remember_listener_kinds() -> bool:
    """Make arcade's listener-signature detection ask inspect once per
    function instead of once per binding; False (and logged once) where
    arcade detects it some other way (then arcade's own stays)."""
    from arcade.gui import property as gui_property

    listener_type = internals.get(gui_property, internals.LISTENER_TYPE)
    detect = getattr(listener_type, "detect_callback_type", None)
    if not callable(detect):
        if listener_type is not None:
            internals.missing(internals.LISTENER_TYPE)
        return False
    kinds: dict[tuple[object, ...], object] = {}

    def detect_once(callback: Callable[..., object]) -> object:
        key = _signature_key(callback)
        if key is None:
            return detect(callback)
        kind = kinds.get(key)
        if kind is None:
            kind = kinds[key] = detect(callback)
        return kind

    setattr(listener_type, "detect_callback_type", staticmethod(detect_once))  # noqa: B010
    return True


remember_listener_kinds()


def is_control(widget: UIWidget | None) -> bool:
    """Something a player can press: an enabled button (not text, not a field)."""
    return isinstance(widget, UIInteractiveWidget) and not widget.disabled


def activate(widget: UIWidget | None) -> bool:
    """Press a control as a click on its centre would. Anything that is not
    an enabled control is left alone. True if something was pressed."""
    if widget is None or not is_control(widget):
        return False
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
    return True


class FocusRing(UIFocusGroup):
    """Keyboard focus over the screen's focusable widgets, in reading order.

    Arcade's focus group handles Tab, and a focused button handles Space
    itself; this adds the arrow keys, Enter, and focus following the mouse.
    In a text field Left and Right move the caret instead, and Enter calls
    `on_submit` (e.g. Play). `on_input` is told of every input first (the
    screen wakes its frame rate on it).
    """

    def __init__(self) -> None:
        super().__init__()
        self._reading_order: list[UIWidget] = []  # the focus order, as set_order gave it
        self.on_submit: Callable[[], None] | None = None
        self.on_input: Callable[[], None] | None = None

    def set_order(self, widgets: Sequence[UIWidget], focus: UIWidget | None) -> None:
        self.set_focus(None)
        self._reading_order = list(widgets)
        if not internals.put(self, internals.FOCUSABLE_WIDGETS, list(widgets)):
            # Arcade's own order (the widget tree's), in whatever it keeps it now.
            self.detect_focusable_widgets()
            self._reading_order = [w for w in widgets if self.is_focusable(w)]
            focus = focus if focus in self._reading_order else None
        if focus is not None:
            self.set_focus(focus)

    def on_event(self, event: UIEvent) -> bool | None:
        if self.on_input is not None and isinstance(event, INPUT_EVENTS):
            self.on_input()
        if isinstance(event, UIMousePressEvent):
            self._focus_under(event)
        if (
            isinstance(event, UIKeyPressEvent)
            and event.symbol in MOVE_KEYS
            and self.focused_widget is None
            and self._reading_order
        ):
            self.set_focus()
            return EVENT_HANDLED
        if super().on_event(event):
            return EVENT_HANDLED
        focused = self.focused_widget
        if not isinstance(event, UIKeyPressEvent) or focused is None:
            return EVENT_UNHANDLED
        return self._key(event.symbol, focused)

    def _focus_under(self, event: UIMousePressEvent) -> None:
        for widget in self._reading_order:
            if widget.visible and widget.rect.point_in_rect(event.pos):
                if widget is not self.focused_widget:
                    self.set_focus(widget)
                return

    def _key(self, symbol: int, focused: UIWidget) -> bool | None:
        in_text = isinstance(focused, UIInputText)
        if symbol == arcade.key.UP or (symbol == arcade.key.LEFT and not in_text):
            self.focus_previous()
            return EVENT_HANDLED
        if symbol == arcade.key.DOWN or (symbol == arcade.key.RIGHT and not in_text):
            self.focus_next()
            return EVENT_HANDLED
        if symbol in ENTER_KEYS:
            if in_text:
                if self.on_submit is not None:
                    self.on_submit()
            else:
                activate(focused)
            return EVENT_HANDLED
        return EVENT_UNHANDLED
