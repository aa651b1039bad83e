"""The HUD's texts: made once in a batch, then sized and placed on whole pixels.

`make_text` makes an empty `arcade.Text` in a pyglet batch (the bar's, the
win panel's, the pause panel's); `put` sizes and places it, and gives it its
words only once sized, so glyphs are never drawn at a size not shown.
"""

from __future__ import annotations

import arcade
import pyglet

from game.ui.render.style import FONT_NAME, TEXT


def make_text(
    batch: pyglet.graphics.Batch,
    color: tuple[int, int, int, int] = TEXT,
    bold: bool = False,
    anchor_x: str = "center",
    multiline: bool = False,
) -> arcade.Text:
    # A multi-line text needs a wrapping width; the real one is set when placed.
    return arcade.Text(
        "",
        0,
        0,
        color,
        14,
        width=400 if multiline else None,
        align="center",
        font_name=FONT_NAME,
        bold=bold,
        anchor_x=anchor_x,
        anchor_y="center",
        multiline=multiline,
        batch=batch,
    )


def put(text: arcade.Text, size: float, x: float, y: float, words: str | None = None) -> None:
    """Size and place a text on whole pixels (crisp glyphs), then give it
    `words` (if any): laid out once, at its size."""
    if text.font_size != size:
        text.font_size = size
    text.position = (round(x), round(y))
    if words is not None and text.text != words:
        text.text = words
