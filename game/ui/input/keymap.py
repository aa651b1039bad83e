"""The keys, as data: which key (with which modifiers) asks for which command.

`KEY_MAP` is the one table of shortcuts: the view looks keys up in it and
the Rules screen can show it (`shortcuts()`, with `key_label`). Ctrl and the
Mac's Command key count as the same modifier, and Num Lock or Caps Lock
never matter.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from arcade import key
from pyglet.window.key import symbol_string

from game.ui.input.intents import ColumnKey, Command

KeyAction = Command | ColumnKey

ACCEL = key.MOD_CTRL  # Ctrl, or Command on a Mac (`lookup` folds one into the other)
SHIFT = key.MOD_SHIFT

_DIGITS = (key.KEY_1, key.KEY_2, key.KEY_3, key.KEY_4, key.KEY_5, key.KEY_6, key.KEY_7, key.KEY_8, key.KEY_9, key.KEY_0)
_KEYPAD = (key.NUM_1, key.NUM_2, key.NUM_3, key.NUM_4, key.NUM_5, key.NUM_6, key.NUM_7, key.NUM_8, key.NUM_9, key.NUM_0)

KEY_MAP: Mapping[tuple[int, int], KeyAction] = {
    (key.Z, ACCEL): Command.UNDO,
    (key.Y, ACCEL): Command.REDO,
    (key.Z, ACCEL | SHIFT): Command.REDO,
    (key.N, ACCEL): Command.NEW_GAME,
    (key.R, ACCEL): Command.RESTART,
    (key.O, ACCEL): Command.OPTIONS,
    (key.C, ACCEL): Command.COPY_CODE,
    (key.Q, ACCEL): Command.QUIT,
    (key.F1, 0): Command.DESCRIBE,
    (key.F2, 0): Command.RULES,
    (key.F3, 0): Command.STATS,
    (key.F11, 0): Command.FULLSCREEN,
    (key.ESCAPE, 0): Command.CANCEL,
    (key.D, 0): Command.DEAL,
    (key.M, 0): Command.MUTE,
    (key.L, 0): Command.REPEAT,
    (key.S, 0): Command.SAY_SCORE,
    (key.C, 0): Command.READ_COLUMN,
    (key.P, 0): Command.PAUSE,
    (key.LEFT, 0): Command.CURSOR_LEFT,
    (key.RIGHT, 0): Command.CURSOR_RIGHT,
    (key.RETURN, 0): Command.ACTIVATE,
    (key.NUM_ENTER, 0): Command.ACTIVATE,
    (key.SPACE, 0): Command.ACTIVATE,
    (key.UP, 0): Command.WIDEN,
    (key.DOWN, 0): Command.NARROW,
    (key.TAB, 0): Command.FOCUS_NEXT,
    (key.TAB, SHIFT): Command.FOCUS_PREVIOUS,
    **{(k, 0): ColumnKey(col) for col, k in enumerate(_DIGITS)},
    **{(k, 0): ColumnKey(col) for col, k in enumerate(_KEYPAD)},
}


def normalise(modifiers: int) -> int:
    """The modifiers that matter for a shortcut: Ctrl (or Command) and Shift."""
    mods = ACCEL if modifiers & (key.MOD_CTRL | key.MOD_COMMAND) else 0
    return mods | (modifiers & SHIFT)


def lookup(symbol: int, modifiers: int, keys: Mapping[tuple[int, int], KeyAction] = KEY_MAP) -> KeyAction | None:
    """The command for a key press, if any. A shortcut without Shift also
    answers with Shift held (Ctrl+Shift+O opens Options, as Ctrl+O does),
    unless Shift makes another one (Ctrl+Shift+Z redoes)."""
    mods = normalise(modifiers)
    found = keys.get((symbol, mods))
    if found is None and mods & SHIFT:
        found = keys.get((symbol, mods & ~SHIFT))
    return found


def key_label(symbol: int, modifiers: int, words: Mapping[int, str] | None = None) -> str:
    """How a shortcut is written for people: "Ctrl+Z", "F11", "Esc".
    `words` names keys in the player's language (`key_words`)."""
    names = {
        key.ESCAPE: "Esc",
        key.RETURN: "Enter",
        key.SPACE: "Space",
        key.TAB: "Tab",
        key.LEFT: "Left",
        key.RIGHT: "Right",
        key.UP: "Up",
        key.DOWN: "Down",
        key.NUM_ENTER: "Enter",
        **{k: str((col + 1) % 10) for col, k in enumerate(_DIGITS)},
        **{k: f"Num {(col + 1) % 10}" for col, k in enumerate(_KEYPAD)},
        **(words or {}),
    }
    name = names.get(symbol) or symbol_string(symbol).lstrip("_")
    parts = (["Ctrl"] if modifiers & ACCEL else []) + (["Shift"] if modifiers & SHIFT else [])
    return "+".join([*parts, name])


def shortcuts(keys: Mapping[tuple[int, int], KeyAction] = KEY_MAP) -> list[tuple[str, KeyAction]]:
    """Every shortcut as (label, command), in the table's order."""
    return [(key_label(symbol, mods), command) for (symbol, mods), command in keys.items()]


# Keys whose names a player reads in their own language (Rules screen).
WORDED_KEYS = {
    "enter": key.RETURN,
    "space": key.SPACE,
    "left": key.LEFT,
    "right": key.RIGHT,
    "up": key.UP,
    "down": key.DOWN,
}


def key_words(t: Callable[[str], str]) -> dict[int, str]:
    """The names of `WORDED_KEYS` from a translator (`rules.key.<name>`)."""
    return {symbol: t(f"rules.key.{name}") for name, symbol in WORDED_KEYS.items()}


def key_table(words: Mapping[int, str] | None = None) -> list[tuple[str, str]]:
    """The key map as the Rules screen shows it: one row per action, its keys
    joined ("Enter / Space"), the ten column digits in one row ("1 … 9, 0"),
    keypad copies left out. The action is the catalogue key's last part."""
    rows: dict[str, list[str]] = {}
    for (symbol, mods), action in KEY_MAP.items():
        if symbol in _KEYPAD or symbol == key.NUM_ENTER:
            continue
        name = "column" if isinstance(action, ColumnKey) else str(action)
        if name == "column":
            rows.setdefault(name, ["1 … 9, 0"])
            continue
        rows.setdefault(name, []).append(key_label(symbol, mods, words))
    return [(" / ".join(labels), name) for name, labels in rows.items()]


QUESTIONS = (Command.REPEAT, Command.SAY_SCORE, Command.READ_COLUMN)


def questions(t: Callable[[str], str]) -> str:
    """The keys that ask without looking, in one line for the table in words
    (F1): "Ask without looking: L: say the last sentence again; S: …"."""
    found = [(key_label(symbol, mods), action) for (symbol, mods), action in KEY_MAP.items() if action in QUESTIONS]
    keys = "; ".join(f"{label}: {t(f'rules.keys.{action}')}" for label, action in found)
    return t("rules.questions").format(keys=keys)
