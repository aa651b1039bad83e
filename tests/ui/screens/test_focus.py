"""Every key on every focusable widget of every screen: nothing crashes, only
controls are pressed, and opening screens again and again adds nothing.

(Issue 11, fault 1: Enter on the focused rules text sent it a click it had no
handler for, and the window was gone.)
"""

from __future__ import annotations

from typing import Any

import arcade
import pytest
from arcade.gui import UIInteractiveWidget, UIWidget

from game.ui.input.keymap import KEY_MAP
from game.ui.screens import RulesView
from game.ui.screens.focus import activate, is_control
from game.ui.screens.text import ScrollText
from game.words.i18n import LANGUAGES, Translator
from ui.screens.screens_driver import every_screen, frame, send, show

key = arcade.key
CTRL = key.MOD_CTRL

# Every key of the table's key map (game/ui/input/keymap.py), the screens' own
# keys, and the rest of what a player's hand may land on.
KEYS: list[tuple[int, int]] = [
    *KEY_MAP,
    *((getattr(key, f"KEY_{d}"), 0) for d in range(10)),
    (key.ENTER, 0),
    (key.RETURN, 0),
    (key.NUM_ENTER, 0),
    (key.SPACE, 0),
    (key.TAB, 0),
    (key.TAB, key.MOD_SHIFT),
    (key.UP, 0),
    (key.DOWN, 0),
    (key.LEFT, 0),
    (key.RIGHT, 0),
    (key.PAGEUP, 0),
    (key.PAGEDOWN, 0),
    (key.HOME, 0),
    (key.END, 0),
    (key.BACKSPACE, 0),
    (key.DELETE, 0),
    (key.V, CTRL),
    (key.ESCAPE, 0),
]


def all_event_types() -> dict[str, int]:
    """How many event types each GUI class lists."""

    def classes(cls: type[UIWidget]) -> list[type[UIWidget]]:
        return [cls, *(c for sub in cls.__subclasses__() for c in classes(sub))]

    return {c.__qualname__: len(c.__dict__.get("event_types", ())) for c in classes(UIWidget)}


@pytest.mark.slow
def test_every_key_on_every_focusable_widget_of_every_screen(window: Any) -> None:
    # One language: the keys do the same in all three (the layouts are
    # checked in each by test_fit).
    for fresh in every_screen("en"):
        view = show(window, fresh)
        for name in list(view.controls):
            for symbol, modifiers in KEYS:
                if name not in view.controls:
                    continue  # a press rebuilt the screen without it (Reset → Erase / Cancel)
                view.focus(name)
                send(window, "on_key_press", symbol, modifiers)
                if symbol == key.SPACE:
                    send(window, "on_text", " ")  # a real Space also types one
                send(window, "on_key_release", symbol, modifiers)
            frame(window)  # lay out and draw what the keys did


def test_enter_on_the_rules_text_does_nothing(window: Any) -> None:
    closed: list[bool] = []
    view = show(window, RulesView(Translator("en"), lambda: closed.append(True)))
    assert view.focused_name == "text"
    send(window, "on_key_press", key.DOWN, 0)
    scrolled = view.text.scroll if isinstance(view.text, ScrollText) else None
    for enter in (key.ENTER, key.RETURN, key.NUM_ENTER):
        send(window, "on_key_press", enter, 0)
        frame(window)
    assert view.focused_name == "text" and closed == []
    assert view.text is not None and view.text.scroll == scrolled


def test_only_enabled_controls_can_be_activated(window: Any) -> None:
    view = show(window, RulesView(Translator("en"), lambda: None))
    assert not is_control(view.text) and not activate(view.text)
    close = view.controls["close"]
    assert isinstance(close, UIInteractiveWidget) and is_control(close)
    close.disabled = True
    assert not activate(close)


@pytest.mark.slow
def test_opening_screens_again_and_again_adds_nothing(window: Any) -> None:
    for lang in LANGUAGES:
        for view in every_screen(lang):
            show(window, view)
    before = all_event_types()
    for _ in range(2):
        for view in every_screen("it"):
            show(window, view)
            view.rebuild()
    assert all_event_types() == before
    assert all(n <= 4 for n in before.values()), before
