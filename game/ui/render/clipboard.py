"""The clipboard, for the table (Copy the game code) and the screens (the
table description, pasting a code): each platform backend fails its own
way, and none may stop the game, so both answer rather than raise."""

from __future__ import annotations

import arcade


def read(window: arcade.Window) -> str | None:
    """The clipboard's text, or None where there is no clipboard (headless, some Wayland setups)."""
    try:
        text = window.get_clipboard_text()
    except Exception:  # each platform backend fails its own way; none may crash the game
        return None
    return text if isinstance(text, str) else None


def write(window: arcade.Window, text: str) -> bool:
    """Put `text` on the clipboard; False where there is none."""
    try:
        window.set_clipboard_text(text)
    except Exception:  # see read
        return False
    return True
