"""Where the replay's controls go: a strip in the place of the top bar.

From the left: Leave, step back, play/pause, step forward, the speed; then
the bar of actions (dragged to go anywhere) and "Action n of N" at the
right. The strip is as high as the table's top bar; the texts' widths per
point of font size come from the view, and the font shrinks when a
language's words do not fit a narrow window.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from game.ui.layout.hud import bar_size
from game.ui.layout.rect import Rect

CONTROLS = ("leave", "back", "play", "forward", "speed")
MIN_TRACK = 80.0  # the bar of actions is never narrower (window pixels)


@dataclass(frozen=True, slots=True)
class ReplayLayout:
    """The strip, its buttons, the bar of actions and the label."""

    strip: Rect
    font_size: float
    buttons: Mapping[str, Rect]
    track: Rect
    label: Rect

    def button_at(self, x: float, y: float) -> str | None:
        return next((name for name, rect in self.buttons.items() if rect.contains(x, y)), None)

    def on_track(self, x: float, y: float) -> bool:
        """A press on the bar of actions (its whole height in the strip)."""
        return self.track.left - 6 <= x <= self.track.right + 6 and self.strip.bottom <= y <= self.strip.top

    def action_at(self, x: float, total: int) -> int:
        """The action the bar shows at `x` (0 … total)."""
        if total <= 0 or self.track.width <= 0:
            return 0
        share = (x - self.track.left) / self.track.width
        return min(max(round(share * total), 0), total)


def replay_layout(width: int, height: int, widths: Mapping[str, float]) -> ReplayLayout:
    """The strip for a window `width` x `height`; `widths` are the texts'
    widths per point of font size: ``leave``, ``speed`` (the widest speed)
    and ``label`` (the widest "Action n of N")."""
    bar_h, font = bar_size(height)
    while True:
        pad = font * 0.9
        gap = font * 0.5
        icon = bar_h * 0.8
        leave = widths.get("leave", 5.0) * font + 2 * pad
        speed = widths.get("speed", 2.0) * font + 2 * pad
        label = widths.get("label", 9.0) * font + pad
        fixed = gap + leave + gap * 2 + 3 * icon + 2 * gap + gap * 2 + speed + gap * 2 + label + gap
        if width - fixed >= MIN_TRACK or font <= 8:
            break
        font *= 0.9
    bottom = height - bar_h
    h = bar_h * 0.8
    y = bottom + (bar_h - h) / 2
    x = gap
    buttons: dict[str, Rect] = {}
    for name, w in (("leave", leave), ("back", icon), ("play", icon), ("forward", icon), ("speed", speed)):
        if name in ("back", "speed"):
            x += gap  # the step buttons and the speed stand apart from their neighbours
        buttons[name] = Rect(x, y, w, h)
        x += w + gap
    label_rect = Rect(width - gap - label, y, label, h)
    track_left = x + gap
    track = Rect(track_left, bottom + bar_h / 2 - 3, max(0.0, label_rect.left - gap * 2 - track_left), 6)
    return ReplayLayout(Rect(0, bottom, width, bar_h), font, buttons, track, label_rect)
