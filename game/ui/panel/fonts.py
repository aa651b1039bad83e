"""Measuring texts in the screens' font, as they will be drawn (`flow.Measure`).

A text is measured by laying it out once in a probe of the same font, size
and weight the painter draws it with, so the layout's sizes are the drawn
sizes to the pixel. Every measure is kept: a screen laid out again (a
choice, a resize) measures only the texts it has not met before.
"""

from __future__ import annotations

from typing import TypeVar

import arcade

from game.ui.panel.look import FONT
from game.ui.render.style import load_fonts

K = TypeVar("K")
V = TypeVar("V")
MEASURES_KEPT = 4096  # past this many, the oldest are forgotten (a long evening of statistics)


class Fonts:
    """Texts measured by probe (see the module docstring)."""

    def __init__(self) -> None:
        load_fonts()
        self._probes: dict[tuple[float, bool, bool], arcade.Text] = {}
        self._lines: dict[tuple[str, float, bool], tuple[float, float]] = {}
        self._wrapped: dict[tuple[str, float, bool, int], float] = {}

    def _probe(self, points: float, bold: bool, multiline: bool) -> arcade.Text:
        key = (points, bold, multiline)
        probe = self._probes.get(key)
        if probe is None:
            probe = arcade.Text(
                "",
                0,
                0,
                font_name=FONT,
                font_size=points,
                bold=bold,
                multiline=multiline,
                width=100 if multiline else None,
            )
            self._probes[key] = probe
        return probe

    def line(self, text: str, points: float, bold: bool) -> tuple[float, float]:
        key = (text, points, bold)
        size = self._lines.get(key)
        if size is None:
            probe = self._probe(points, bold, False)
            probe.text = text or "Ág"
            size = (float(probe.content_width) if text else 0.0, float(probe.content_height))
            _keep(self._lines, key, size)
        return size

    def wrapped(self, text: str, points: float, bold: bool, width: float) -> float:
        key = (text, points, bold, int(width))
        height = self._wrapped.get(key)
        if height is None:
            if not text:
                height = self.line("", points, bold)[1]
            else:
                probe = self._probe(points, bold, True)
                probe.width = max(1, int(width))
                probe.text = text
                height = float(probe.content_height)
            _keep(self._wrapped, key, height)
        return height

    def widest_word(self, text: str, points: float, bold: bool) -> float:
        return max((self.line(word, points, bold)[0] for word in text.split()), default=0.0)


def _keep(cache: dict[K, V], key: K, value: V) -> None:
    if len(cache) >= MEASURES_KEPT:
        del cache[next(iter(cache))]
    cache[key] = value
