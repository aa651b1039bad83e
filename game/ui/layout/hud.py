"""Where the HUD goes: the bar along the top and the win panel (no OpenGL).

`hud_layout` places the buttons from the left and score, moves, the clock
and the game code from the right, shrinking the font when a language's texts
do not fit a narrow window; `win_layout` centres the win panel over the
table. A calm table (*Show score and time* off) measures score, moves and
clock as 0 wide: they take no room at all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from game.ui.layout.rect import Rect

BUTTONS = ("new", "restart", "undo", "redo", "options", "rules", "stats")
NUMBERS = ("score", "moves", "clock")  # left to right, before the code
# The window height above which the bar and its text grow in proportion.
HUD_FULL_HEIGHT = 1080


@dataclass(frozen=True, slots=True)
class HudLayout:
    """The bar along the top: buttons on the left, score/moves/clock/code on the right."""

    bar: Rect
    font_size: float
    buttons: Mapping[str, Rect]
    score: Rect
    moves: Rect
    clock: Rect
    code: Rect


def bar_size(height: int) -> tuple[float, float]:
    """The bar's height and its largest font size for a window `height`
    pixels high. Both stop growing at 1080p, then grow with the height again,
    so the bar does not look small on large screens."""
    grow = max(1.0, height / HUD_FULL_HEIGHT)
    bar_h = min(max(height * 0.055, 32.0), 52.0) * grow
    return bar_h, min(max(bar_h * 0.36, 11.0), 17.0 * grow)


# Rough text lengths (characters) used when the view gives no measured widths.
_DEFAULT_TEXT_LENGTHS = {
    "new": 8,
    "restart": 7,
    "undo": 4,
    "redo": 4,
    "options": 7,
    "rules": 5,
    "stats": 10,
    "score": 10,
    "moves": 10,
    "clock": 7,
    "code": 15,
}


def _em_width(name: str, text_widths: Mapping[str, float] | None) -> float:
    """Width of a HUD text per point of font size."""
    if text_widths and name in text_widths:
        return text_widths[name]
    return _DEFAULT_TEXT_LENGTHS[name] * 0.6


def hud_layout(
    width: int, height: int, hud_h: float, font_size: float, text_widths: Mapping[str, float] | None
) -> HudLayout:
    """Buttons from the left, then score, moves, the clock and the code from the right.
    When the texts of a language do not fit a narrow window, the font shrinks.

    Remembered for the last few inputs: the table is laid out again on every
    deal and move, and the bar only changes with the window or the texts."""
    widths = tuple(sorted(text_widths.items())) if text_widths else ()
    return _hud_layout(width, height, hud_h, font_size, widths)


@lru_cache(maxsize=8)
def _hud_layout(
    width: int, height: int, hud_h: float, font_size: float, widths: tuple[tuple[str, float], ...]
) -> HudLayout:
    text_widths = dict(widths)
    # Total width at a 1-point font: texts plus paddings proportional to the font.
    pad_em, gap_em, edge_em, spacing_em = 0.9, 0.45, 0.6, 0.9
    # Between the score and the moves, and between the moves and the code.
    numbers_em, code_gap_em = 1.5, 1.35
    buttons_em = sum(_em_width(n, text_widths) + 2 * pad_em for n in BUTTONS) + gap_em * (len(BUTTONS) - 1)
    numbers = [_em_width(n, text_widths) for n in NUMBERS]
    shown = sum(1 for em in numbers if em > 0)  # none on a calm table
    right_em = _em_width("code", text_widths) + 2 * pad_em + sum(numbers)
    right_em += numbers_em * max(shown - 1, 0) + (code_gap_em if shown else 0)
    need_em = 2 * edge_em + buttons_em + spacing_em * 2 + right_em
    font_size = min(font_size, max(width / need_em, 7.0))

    bar = Rect(0, height - hud_h, width, hud_h)
    pad = font_size * pad_em
    button_h = min(hud_h * 0.72, font_size * 2.3)
    y = bar.bottom + (hud_h - button_h) / 2
    x = font_size * edge_em
    buttons: dict[str, Rect] = {}
    for name in BUTTONS:
        w = _em_width(name, text_widths) * font_size + 2 * pad
        buttons[name] = Rect(x, y, w, button_h)
        x += w + font_size * gap_em
    # The view measures the widest texts these can show, so the room kept
    # for the numbers never changes; the HUD packs the texts to the right of
    # it with the gap between them (`moves.left - score.right`).
    code_w = _em_width("code", text_widths) * font_size + 2 * pad
    right = width - font_size * edge_em
    code = Rect(right - code_w, y, code_w, button_h)
    rooms: dict[str, Rect] = {}
    x = code.left - (font_size * code_gap_em if shown else 0)
    for name, em in reversed(list(zip(NUMBERS, numbers, strict=True))):
        rooms[name] = Rect(x - em * font_size, y, em * font_size, button_h)
        x = rooms[name].left - (font_size * numbers_em if em > 0 else 0)
    return HudLayout(bar=bar, font_size=font_size, buttons=buttons, code=code, **rooms)
