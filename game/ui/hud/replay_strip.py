"""The replay's controls, drawn in the place of the top bar (docs/RULES.md §13).

Leave, step back, play/pause, step forward, the speed, the bar of actions
with its knob, and "Action n of N". Panels are sprites and the words a
pyglet batch, made once; the three icons are a few triangles and bars drawn
each frame (no font has to hold them). Geometry: `game.ui.layout.replay`.
"""

from __future__ import annotations

import arcade
import pyglet

from game.ui.layout.replay import CONTROLS, ReplayLayout, replay_layout
from game.ui.render import chrome, tables
from game.ui.render.style import BUTTON, BUTTON_DOWN, BUTTON_HOVER, CURSOR, FONT_NAME, TEXT, load_fonts
from game.words.i18n import Translator

PROBE_SIZE = 16
SPEEDS = (0.5, 1.0, 2.0, 4.0)
TRACK: tuple[int, int, int, int] = (255, 255, 255, 60)


def speed_text(speed: float) -> str:
    """``×½``, ``×1``, ``×2``, ``×4``."""
    return "×½" if speed == 0.5 else f"×{speed:g}"


class ReplayStrip:
    """The strip of one replay view."""

    def __init__(self, translator: Translator) -> None:
        load_fonts()
        self.t = translator
        self.layout: ReplayLayout | None = None
        self.hover: str | None = None
        self.pressed: str | None = None
        self.sprites: arcade.SpriteList[arcade.BasicSprite] = arcade.SpriteList()
        self.batch = pyglet.graphics.Batch()
        self.strip = chrome.panel_sprite(tables.current().bar)  # as the table's top bar
        self.buttons = {name: chrome.panel_sprite(BUTTON) for name in CONTROLS}
        self.track = chrome.panel_sprite(TRACK)
        self.fill = chrome.panel_sprite(CURSOR)
        self.knob = chrome.panel_sprite(CURSOR)
        self.focused: str | None = None  # the control Tab reached, ringed in gold
        self.ring = chrome.ring_sprite(CURSOR)
        self.sprites.extend([self.strip, *self.buttons.values(), self.track, self.fill, self.knob, self.ring])
        self.leave_text = self._text()
        self.speed_text = self._text(bold=True)
        self.label_text = self._text(anchor_x="right")
        self.widths: dict[str, float] = {}
        self._state: tuple[int, int, float, bool] = (0, 0, 1.0, False)
        self.measure()

    def _text(self, bold: bool = False, anchor_x: str = "center") -> arcade.Text:
        return arcade.Text(
            "", 0, 0, TEXT, 14, font_name=FONT_NAME, bold=bold, anchor_x=anchor_x, anchor_y="center", batch=self.batch
        )

    def measure(self) -> None:
        """The texts' widths per point of font size, for the layout."""
        probe = arcade.Text("", 0, 0, font_size=PROBE_SIZE, font_name=FONT_NAME, bold=True)
        samples = {
            "leave": self.t.t("replay.leave"),
            "speed": max((speed_text(s) for s in SPEEDS), key=len),
            "label": self.t.t("replay.label", n=8888, total=8888),
        }
        for name, sample in samples.items():
            probe.text = sample
            self.widths[name] = probe.content_width / PROBE_SIZE

    def place(self, width: int, height: int) -> ReplayLayout:
        """Lay the strip out for a window size."""
        lay = self.layout = replay_layout(width, height, self.widths)
        s = lay.strip
        chrome.place_panel(self.strip, s.left, s.bottom, s.width, s.height, 0)
        radius = s.height * 0.18
        for name, rect in lay.buttons.items():
            chrome.place_panel(self.buttons[name], rect.left, rect.bottom, rect.width, rect.height, radius)
        track = lay.track
        chrome.place_panel(self.track, track.left, track.bottom, track.width, track.height, track.height / 2)
        for text in (self.leave_text, self.speed_text, self.label_text):
            text.font_size = lay.font_size
        leave = lay.buttons["leave"]
        self.leave_text.position = (round(leave.center_x), round(leave.center_y))
        self.leave_text.text = self.t.t("replay.leave")
        speed = lay.buttons["speed"]
        self.speed_text.position = (round(speed.center_x), round(speed.center_y))
        self.label_text.position = (round(lay.label.right), round(lay.label.center_y))
        self.show(*self._state, force=True)
        self._paint()
        return lay

    def show(self, at: int, total: int, speed: float, playing: bool, *, force: bool = False) -> None:
        """What the strip tells: action `at` of `total`, the speed, playing or not."""
        if (at, total, speed, playing) == self._state and not force:
            return
        self._state = (at, total, speed, playing)
        self.label_text.text = self.t.t("replay.label", n=at, total=total)
        self.speed_text.text = speed_text(speed)
        lay = self.layout
        if lay is None:
            return
        track = lay.track
        share = at / total if total else 1.0
        x = track.left + track.width * share
        chrome.place_panel(
            self.fill, track.left, track.bottom, max(2.0, x - track.left), track.height, track.height / 2
        )
        knob = lay.strip.height * 0.36
        chrome.place_panel(self.knob, x - knob / 2, track.center_y - knob / 2, knob, knob, knob / 2)

    def set_pointer(self, hover: str | None, pressed: str | None) -> None:
        if (hover, pressed) != (self.hover, self.pressed):
            self.hover, self.pressed = hover, pressed
            self._paint()

    def focus(self, name: str | None) -> None:
        """Ring the control the keyboard reached (None: no ring)."""
        if name != self.focused:
            self.focused = name
            self._paint()

    def _paint(self) -> None:
        for name, sprite in self.buttons.items():
            lit = name in (self.hover, self.focused)
            sprite.color = BUTTON_DOWN if name == self.pressed else BUTTON_HOVER if lit else BUTTON
        self.ring.visible = False
        if self.focused is not None and self.layout is not None:
            b = self.layout.buttons[self.focused]
            # Right on the button's edge: the strip leaves little room around its buttons.
            chrome.place_ring(self.ring, b.left, b.bottom, b.width, b.height, self.layout.strip.height * 0.18, gap=0)

    def draw(self) -> None:
        if self.layout is None:
            return
        self.sprites.draw()
        self.batch.draw()
        self._draw_icons(self.layout)

    def _draw_icons(self, lay: ReplayLayout) -> None:
        """|◀ back, ▶ or ❚❚ play/pause, ▶| forward."""
        size = lay.strip.height * 0.3
        for name in ("back", "play", "forward"):
            cx, cy = lay.buttons[name].center
            bar = size * 0.28
            if name == "play" and self._state[3]:  # playing: the pause sign
                arcade.draw_lrbt_rectangle_filled(cx - size * 0.5, cx - size * 0.5 + bar, cy - size, cy + size, TEXT)
                arcade.draw_lrbt_rectangle_filled(cx + size * 0.5 - bar, cx + size * 0.5, cy - size, cy + size, TEXT)
                continue
            if name == "play":
                arcade.draw_triangle_filled(cx - size * 0.6, cy - size, cx - size * 0.6, cy + size, cx + size, cy, TEXT)
                continue
            sign = -1 if name == "back" else 1
            tip, base = cx + sign * size * 0.55, cx - sign * size * 0.75
            arcade.draw_triangle_filled(base, cy - size, base, cy + size, tip, cy, TEXT)
            edge = tip if sign > 0 else tip - bar
            arcade.draw_lrbt_rectangle_filled(edge, edge + bar, cy - size, cy + size, TEXT)
