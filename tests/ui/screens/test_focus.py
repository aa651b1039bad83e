"""Every key on every control of every screen: nothing crashes, only
controls are pressed, and Enter on the rules text is no press."""

from __future__ import annotations

from typing import Any

import arcade
import pytest

from game.ui.input.keymap import KEY_MAP
from game.ui.panel.nodes import Button
from game.ui.screens.rules import RulesScreen
from game.words.i18n import Translator
from ui.screens.screens_driver import every_screen, frame, page_text, send, show

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


@pytest.mark.slow
def test_every_key_on_every_control_of_every_screen(window: Any, cards: Any) -> None:
    # One language: the keys do the same in all three (the layouts are
    # checked in each by test_fit).
    for screen in every_screen("en", cards):
        show(window, screen)
        for name, control in list(screen.controls.items()):
            for symbol, modifiers in KEYS:
                if not control.available:
                    continue  # a press hid it (Reset → Erase / Cancel)
                screen.focus(name)
                send(window, "on_key_press", symbol, modifiers)
                if symbol == key.SPACE:
                    send(window, "on_text", " ")  # a real Space also types one
                send(window, "on_key_release", symbol, modifiers)
            frame(window)  # lay out and draw what the keys did


def test_enter_on_the_rules_text_does_nothing(window: Any) -> None:
    closed: list[bool] = []
    screen = show(window, RulesScreen(Translator("en"), lambda: closed.append(True)))
    assert screen.focused == "text"
    send(window, "on_key_press", key.DOWN, 0)
    scrolled = page_text(screen).scroll
    for enter in (key.ENTER, key.RETURN, key.NUM_ENTER):
        send(window, "on_key_press", enter, 0)
        frame(window)
    assert screen.focused == "text" and closed == []
    assert page_text(screen).scroll == scrolled


def test_a_greyed_out_control_is_neither_pressed_nor_reached(window: Any) -> None:
    closed: list[bool] = []
    screen = show(window, RulesScreen(Translator("en"), lambda: closed.append(True)))
    close = screen.controls["close"]
    assert isinstance(close, Button)
    close.enabled = lambda: False
    assert not close.press() and closed == []
    send(window, "on_key_press", key.TAB, 0)
    assert screen.focused == "text", "Tab passes over it"
