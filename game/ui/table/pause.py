"""The player's pause at the table, as rules: what ends it, what it shows.

While the player's pause (P) hides the cards, nothing is played blind: a key
of play (a column's number, the cursor's arrows, Up and Down, Enter or Space
on the table, Esc, D, undo, redo) or a click on the table brings the cards
back and does nothing more; P does too. The rest works as ever: the buttons
and their keys (Tab, Enter on a focused button), the screens, F11, M, Ctrl+Q.

The bar's clock says "Paused" rather than the time while the player's
pause, a minimized window or another window with the focus stops it (`AWAY`);
behind a screen, or at a win, it shows the time it stands at.
"""

from __future__ import annotations

from game.play.clock import Hold
from game.ui.input.intents import ColumnKey, Command
from game.ui.input.keymap import KeyAction

AWAY = frozenset({Hold.PAUSED, Hold.MINIMIZED, Hold.UNFOCUSED})

# The keys of play that end the pause (Enter and Space only on the table, not on a button).
PLAY_KEYS = frozenset(
    {
        Command.CURSOR_LEFT,
        Command.CURSOR_RIGHT,
        Command.WIDEN,
        Command.NARROW,
        Command.CANCEL,
        Command.DEAL,
        Command.UNDO,
        Command.REDO,
    }
)


def resumes(action: KeyAction | None, focused: str | None) -> bool:
    """Whether this key, pressed during the player's pause, ends it (and does nothing else)."""
    if isinstance(action, ColumnKey) or action in PLAY_KEYS:
        return True
    return action is Command.ACTIVATE and focused is None
