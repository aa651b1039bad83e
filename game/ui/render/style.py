"""The table's look in one place: the palette and the fonts.

The HUD, the generated chrome and the screens all read their colours and
their font from here, so the felt of a dialog is the felt of the table and
every text is set in the same letters on every machine.
"""

from __future__ import annotations

import arcade

Rgb = tuple[int, int, int]
Rgba = tuple[int, int, int, int]

# The font shipped inside arcade (so the table looks the same everywhere),
# then what the screens may fall back to.
FONT_NAME = "Liberation Sans"
FONT_FALLBACKS = (FONT_NAME, "DejaVu Sans", "Arial")

# The felt, the bar and the panels take the colours of the table in use (`tables`).

# The top bar and its buttons.
BUTTON: Rgba = (255, 255, 255, 34)
BUTTON_HOVER: Rgba = (255, 255, 255, 70)
BUTTON_DOWN: Rgba = (255, 255, 255, 105)
BUTTON_OFF: Rgba = (255, 255, 255, 12)  # a button that would do nothing (Undo with nothing to undo)
TEXT_OFF: Rgba = (245, 245, 235, 125)
BUTTON_FOCUS: Rgba = (244, 208, 110, 150)  # the button Tab reached
CURSOR: Rgba = (244, 208, 110, 255)  # the keyboard's column cursor
TEXT: Rgba = (245, 245, 235, 255)
TEXT_DIM: Rgba = (215, 230, 215, 255)
# The message box and the win panel.
TOAST_BG: Rgba = (20, 20, 24, 215)
WIN_TITLE: Rgba = (255, 232, 150, 255)
WIN_BUTTON: Rgba = (222, 184, 84, 255)
WIN_BUTTON_HOVER: Rgba = (244, 208, 110, 255)
WIN_BUTTON_TEXT: Rgba = (40, 30, 10, 255)

_fonts_loaded = False


def load_fonts() -> None:
    """Register the Liberation Sans shipped with arcade, once."""
    global _fonts_loaded
    if not _fonts_loaded:
        from game.ui.render.glyphs import install  # pyglet's glyph bitmaps converted in C, not per byte

        install()
        arcade.load_font(":system:fonts/ttf/Liberation/Liberation_Sans_Regular.ttf")
        arcade.load_font(":system:fonts/ttf/Liberation/Liberation_Sans_Bold.ttf")
        _fonts_loaded = True
