"""The replay's strip by the keys alone (docs/RULES.md §13): Tab and
Shift+Tab walk its controls with a gold ring round the one reached, Enter
or Space press it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import arcade

from game.engine import Game
from game.records.share import parse
from game.ui.table.replay import ReplayView
from ui.table_harness import MakeApp

FIXTURES = Path(__file__).resolve().parents[3] / "tests" / "fixtures" / "shared"
WON = parse((FIXTURES / "won-1C.line").read_text(encoding="utf-8"))  # a one-suit game won in 198 actions
key = arcade.key


def press(window: Any, symbol: int, modifiers: int = 0) -> None:
    """A key pressed in the window: whichever view shows gets it."""
    window.dispatch_event("on_key_press", symbol, modifiers)
    window.dispatch_event("on_key_release", symbol, modifiers)
    window.dispatch_events()


def watching(app: MakeApp) -> tuple[Any, Any, ReplayView]:
    """A game in progress, its harness and window, and the replay of WON shown over it."""
    t, spider = app(Game.from_code("SP1-S2C-AAAAAAD"))
    spider.watch(WON)
    view = t.window.current_view
    assert isinstance(view, ReplayView)
    return t, t.window, view


def drawn(view: ReplayView, window: Any) -> Any:
    """The window's pixels (RGB) once the replay is drawn."""
    window.clear()
    view.on_draw()
    window.ctx.finish()
    return arcade.get_image(0, 0, *window.get_size()).convert("RGB")


def ringed(view: ReplayView, window: Any, name: str) -> bool:
    """Whether the gold ring is drawn on the edges of the strip's control `name`."""
    image = drawn(view, window)
    b = view.strip_layout.buttons[name]
    height = image.height

    def gold_within(points: list[tuple[float, float]]) -> bool:
        pixels = [image.getpixel((round(x), height - 1 - round(y))) for x, y in points]
        return any(r > 200 and g > 170 and blue < 140 for r, g, blue in pixels)

    edge = range(-2, 3)
    return (
        gold_within([(b.left + d, b.center_y) for d in edge])
        and gold_within([(b.right + d, b.center_y) for d in edge])
        and gold_within([(b.center_x, b.bottom + d) for d in edge])
    )


def test_the_strip_s_controls_are_reached_with_tab_and_pressed_with_enter_or_space(app: MakeApp) -> None:
    t, window, view = watching(app)
    assert view.strip.focused is None and not any(ringed(view, window, name) for name in ("leave", "play"))

    press(window, key.TAB)
    assert view.strip.focused == "leave" and ringed(view, window, "leave")
    for _ in range(3):
        press(window, key.TAB)
    assert view.strip.focused == "forward" and ringed(view, window, "forward") and not ringed(view, window, "leave")
    press(window, key.RETURN)  # step forward
    assert view.replay.at == 1
    view.scene.finish()
    press(window, key.SPACE)  # Space presses the control reached (it does not play)
    assert view.replay.at == 2 and not view.playing

    press(window, key.TAB, key.MOD_SHIFT)
    press(window, key.TAB, key.MOD_SHIFT)
    assert view.strip.focused == "back"
    press(window, key.SPACE)
    assert view.replay.at == 1

    press(window, key.TAB, key.MOD_SHIFT)
    press(window, key.TAB, key.MOD_SHIFT)
    assert view.strip.focused == "speed"  # round from the first to the last
    press(window, key.ENTER)
    assert view.speed == 2.0 and view.strip.speed_text.text == "×2"

    press(window, key.TAB)
    press(window, key.TAB)
    press(window, key.TAB)
    assert view.strip.focused == "play"
    press(window, key.RETURN)
    assert view.playing
    press(window, key.RETURN)
    assert not view.playing

    press(window, key.TAB, key.MOD_SHIFT)
    press(window, key.TAB, key.MOD_SHIFT)
    assert view.strip.focused == "leave"
    press(window, key.SPACE)  # Leave replay
    assert window.current_view is t.view


def test_without_a_focus_space_still_plays_and_the_mouse_drops_the_focus(app: MakeApp) -> None:
    _, window, view = watching(app)
    assert view.playing  # a replay opens playing
    press(window, key.SPACE)
    assert not view.playing
    press(window, key.SPACE)
    assert view.playing
    press(window, key.SPACE)
    assert not view.playing
    press(window, key.TAB)
    assert view.strip.focused == "leave"
    window.dispatch_event("on_mouse_motion", 400, 300, 1, 1)
    window.dispatch_events()
    assert view.strip.focused is None and not ringed(view, window, "leave")
    press(window, key.SPACE)
    assert view.playing and window.current_view is view  # Space plays again: the focus left with the mouse


def test_the_table_s_bar_does_not_show_through_the_strip(app: MakeApp) -> None:
    t, window, view = watching(app)
    rules = t.layout.hud.buttons["rules"]  # under the strip's bar of actions, away from its line
    track = view.strip_layout.track
    assert track.left < rules.left and rules.right < track.right
    image = drawn(view, window)
    top = image.height - 1 - round(rules.top)
    band = image.crop((round(rules.left), top + 2, round(rules.right), top + round(rules.height * 0.3)))
    low, high = zip(*band.getextrema(), strict=True)
    assert max(high[c] - low[c] for c in range(3)) <= 4, "the bar's button or its word shows under the strip"
