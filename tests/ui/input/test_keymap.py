"""The keys as data: each shortcut finds its command, whatever the platform's modifier."""

from __future__ import annotations

import pytest
from arcade import key

from game.ui.input.intents import ColumnKey, Command
from game.ui.input.keymap import KEY_MAP, key_label, lookup, shortcuts


@pytest.mark.parametrize(
    ("symbol", "modifiers", "command"),
    [
        (key.Z, key.MOD_CTRL, Command.UNDO),
        (key.Z, key.MOD_COMMAND, Command.UNDO),  # the Mac's Cmd+Z
        (key.Z, key.MOD_CTRL | key.MOD_NUMLOCK, Command.UNDO),  # Num Lock never matters
        (key.Z, key.MOD_CTRL | key.MOD_SHIFT, Command.REDO),  # docs/RULES.md §8: both redo keys
        (key.Y, key.MOD_CTRL, Command.REDO),
        (key.Z, key.MOD_COMMAND | key.MOD_SHIFT, Command.REDO),  # the Mac's Cmd+Shift+Z
        (key.O, key.MOD_CTRL | key.MOD_SHIFT, Command.OPTIONS),  # Shift is no other shortcut here
        (key.P, 0, Command.PAUSE),
        (key.Q, key.MOD_CTRL, Command.QUIT),
        (key.Q, key.MOD_COMMAND, Command.QUIT),
        (key.F11, 0, Command.FULLSCREEN),
        (key.ESCAPE, 0, Command.CANCEL),
        (key.F1, key.MOD_CAPSLOCK, Command.DESCRIBE),
    ],
)
def test_a_shortcut_finds_its_command(symbol: int, modifiers: int, command: Command) -> None:
    assert lookup(symbol, modifiers) is command


def test_a_plain_letter_is_no_shortcut() -> None:
    assert lookup(key.Z, 0) is None
    assert lookup(key.Q, 0) is None
    assert lookup(key.Y, 0) is None


def test_shortcuts_are_listed_with_their_labels_for_the_rules_screen() -> None:
    listed = dict(shortcuts())
    assert listed["Ctrl+Z"] is Command.UNDO
    assert listed["F11"] is Command.FULLSCREEN
    assert listed["Esc"] is Command.CANCEL
    assert len(shortcuts()) == len(KEY_MAP)
    assert listed["5"] == ColumnKey(4) and listed["0"] == ColumnKey(9)
    assert key_label(key.TAB, key.MOD_SHIFT) == "Shift+Tab"
