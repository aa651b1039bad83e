"""At rest the clock's second is drawn as the bar over a still of the table
(`TableRenderer.draw(bar_only=True)`): every such frame must show exactly
what a whole frame shows, before and after the table changed (a move, the
keyboard's cursor, a message, another table colour, a pause), and any
change must be drawn whole. (A headless window cannot be resized: the real
window tests check resizes, maximizing, exposes and fullscreen, where the
clock ticks during every picture they compare.)"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import arcade
from arcade import key
from PIL import Image, ImageChops

from game.records.settings import Settings
from ui.table_harness import SIMPLE, MakeApp, Table


class Ticker:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def screen(t: Table) -> Image.Image:
    t.window.ctx.finish()
    return arcade.get_image(0, 0, *t.window.get_size()).convert("RGB")


def whole(t: Table) -> Image.Image:
    """The same moment drawn as a whole frame."""
    view = t.view
    view.renderer.draw(view.scene, view.hud, view.celebration.confetti, view.voice.status, pause=view.pause)
    return screen(t)


def next_second(t: Table, ticker: Ticker) -> tuple[bool, Image.Image]:
    """Rest, then one second later the frame the clock asks for: (was it bar only, its picture)."""
    for _ in range(8):  # at rest: four updates a second
        t.view.on_update(0.25)
        if t.view.pacer.owed:
            t.view.on_draw()
    assert t.view.pacer.resting
    ticker.now += 1
    t.view.on_update(0.25)
    assert t.view.pacer.owed
    bar_only = t.view.pacer.bar_only
    t.window.clear()
    t.view.on_draw()
    return bar_only, screen(t)


def same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a, b).getbbox() is None


def at_rest(app: MakeApp, settings: Settings | None = None) -> tuple[Table, Any, Ticker]:
    ticker = Ticker()
    t, spider = app(SIMPLE, settings or Settings(animation_speed="off"), ticker=ticker)
    t.view.prepare_images()
    t.run(0.5)
    return t, spider, ticker


def test_the_clock_s_seconds_are_the_bar_over_a_still_and_look_like_whole_frames(app: MakeApp) -> None:
    t, _, ticker = at_rest(app)
    shown = []
    for _ in range(3):
        bar_only, picture = next_second(t, ticker)
        assert bar_only
        assert same(picture, whole(t)), "a second drawn over the still differs from the table drawn whole"
        shown.append(t.view.hud.clock_text.text)
    assert shown == ["0:01", "0:02", "0:03"]
    # The clock's text grows at ten minutes and at an hour: still what a whole frame shows.
    for jump, seconds in ((595, ["9:59", "10:00"]), (3598 - 600, ["59:59", "1:00:00"])):
        ticker.now += jump
        for expected in seconds:
            _bar_only, picture = next_second(t, ticker)
            assert t.view.hud.clock_text.text == expected
            assert same(picture, whole(t)), expected


def pause_and_back(t: Table) -> None:
    t.key(key.P)
    t.key(key.P)


CHANGES: dict[str, Callable[[Table], None]] = {
    "a move": lambda t: t.double_click(0, 1),
    "the keyboard's cursor": lambda t: t.key(key.RIGHT),
    "a message": lambda t: t.view.notify("Saved."),
    "another table colour": lambda t: t.view.apply_settings(Settings(animation_speed="off", table="night"), t.view.t),
    "a pause and back": pause_and_back,
}


def test_after_any_change_the_next_seconds_show_the_change(app: MakeApp) -> None:
    t, _, ticker = at_rest(app)
    for name, change in CHANGES.items():
        next_second(t, ticker)  # a still of the table before the change
        change(t)
        assert not t.view.pacer.bar_only, f"{name}: the frame after a change must be drawn whole"
        t.view.on_draw()
        t.settle()
        t.run(4)  # the message fades, the pacer rests
        t.window.clear()
        _bar_only, picture = next_second(t, ticker)
        assert same(picture, whole(t)), f"{name}: the second after it shows an old picture"
