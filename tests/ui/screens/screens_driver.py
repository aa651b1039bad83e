"""Driving the screens like a player: real clicks at controls' centres, real
key presses and typed text through the window's own event handlers.

One shared headless window (tests/conftest.py), one screens' view per window
(`host_of`). Each test shows a screen, draws a frame so the layout is done,
then acts and checks what changed.
"""

from __future__ import annotations

import weakref
from datetime import date
from typing import Any, TypeVar

import arcade
from PIL import Image

from game.records.stats import Stats
from game.ui.cards.loading import CardPipeline
from game.ui.panel.nodes import Button, Control, Field, Scroll, Text
from game.ui.screens import registry
from game.ui.screens.base import Screen
from game.ui.screens.description import DescriptionScreen
from game.ui.screens.host import ScreensView
from game.ui.screens.new_game import NewGameScreen
from game.ui.screens.rules import RulesScreen
from tools.screens_sample import SampleSources, sample_history

__all__ = ["sample_history"]

V = TypeVar("V", bound=Screen)
C = TypeVar("C", bound=Control)

_hosts: weakref.WeakKeyDictionary[Any, ScreensView] = weakref.WeakKeyDictionary()


def host_of(window: Any) -> ScreensView:
    """The screens' view of the test window (one for the window's life, as in the game)."""
    host = _hosts.get(window)
    if host is None:
        host = _hosts[window] = ScreensView(window)
    return host


def show(window: Any, screen: V) -> V:
    window.dispatch_events()  # nothing left over from earlier tests
    host = host_of(window)
    host.open(screen)
    window.show_view(host)
    frame(window)
    return screen


def send(window: Any, *event: Any) -> None:
    """Deliver one window event now. Outside its event loop a pyglet window
    queues events; `dispatch_events` is what the loop would call next."""
    window.dispatch_event(*event)
    window.dispatch_events()


def frame(window: Any) -> None:
    window.current_view.on_update(1 / 60)
    window.current_view.on_draw()
    window.ctx.finish()


def click(window: Any, control: Control) -> None:
    frame(window)  # make sure the layout placed the control
    x, y = (int(v) for v in control.rect.center)
    send(window, "on_mouse_press", x, y, arcade.MOUSE_BUTTON_LEFT, 0)
    send(window, "on_mouse_release", x, y, arcade.MOUSE_BUTTON_LEFT, 0)
    frame(window)


def press(window: Any, symbol: int, modifiers: int = 0) -> None:
    send(window, "on_key_press", symbol, modifiers)
    send(window, "on_key_release", symbol, modifiers)
    frame(window)


def type_text(window: Any, text: str) -> None:
    for char in text:
        send(window, "on_text", char)
    frame(window)


def control(screen: Screen, name: str, kind: type[C]) -> C:
    """The screen's control called `name`, checked to be a `kind`."""
    node = screen.controls[name]
    assert isinstance(node, kind), f"{name} is a {type(node).__name__}, not a {kind.__name__}"
    return node


def field(screen: Screen, name: str = "code") -> Field:
    return control(screen, name, Field)


def rgb(image: Image.Image, x: int, y: int) -> tuple[int, int, int]:
    """The red, green and blue of one pixel of an RGB or RGBA image."""
    pixel = image.getpixel((x, y))
    assert isinstance(pixel, tuple) and len(pixel) >= 3, f"a {image.mode} image has no colour"
    r, g, b = pixel[:3]
    return r, g, b


def pixel(x: float, y: float) -> tuple[int, int, int]:
    return rgb(arcade.get_image(int(x), int(y), 1, 1), 0, 0)


def page_text(screen: RulesScreen | DescriptionScreen) -> Scroll:
    """The scrolling page of a screen."""
    return screen.text


def texts(screen: Screen) -> list[str]:
    """Every text the player can read on the screen right now."""
    found: list[str] = []
    for node in screen.root.walk():
        if not node.visible:
            continue
        if isinstance(node, Text):
            found.append(node.text)
        elif isinstance(node, Button):
            found.append(node.caption())
        elif isinstance(node, Scroll):
            found.extend(p.text for p in node.paragraphs())
    return [t for t in found if t.strip()]


def shown_controls(screen: Screen) -> list[str]:
    """The names of the controls shown now, in reading (and Tab) order."""
    return [name for name, c in screen.controls.items() if c.visible]


class Calls:
    """Records what a screen's callbacks received."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []

    def __call__(self, name: str) -> Any:
        return lambda *args: self.calls.append((name, args[0] if args else None))

    def names(self) -> list[str]:
        return [name for name, _ in self.calls]


# ---- every screen -------------------------------------------------------------


def sample_stats() -> Stats:
    """One won and one lost easy game, a lost hard one, three days of daily deals."""
    stats = Stats()
    stats["1C"].add_win(1183, 117, seconds=905)
    stats["1C"].add_loss(seconds=120)
    stats["4F"].add_loss(seconds=3725)
    for day in (10, 11, 12):
        stats.daily.add_won(date(2026, 11, day))
    stats.daily.add_played(date(2026, 11, 30))
    return stats


LINE_SAMPLE = "SP1-S1C-AAAAAAD:4:18b87+08"


def every_screen(lang: str, cards: CardPipeline) -> list[Screen]:
    """Every dialog of the registry made from sample sources (the cards
    from `cards`), and New game showing its two longest errors (a bad code,
    a damaged shared line)."""
    sources = SampleSources(lang, cards=cards)
    screens = [registry.make(name, sources) for name in registry.NAMES]
    for bad in ("SP1-S9C-AAAAAAD", LINE_SAMPLE + "+"):
        new = registry.make("new", sources)
        assert isinstance(new, NewGameScreen)
        new.code_text = bad
        new.play()  # the error shows
        screens.append(new)
    return screens


def shown_screen(window: Any) -> Screen | None:
    """The screen the window shows now (None: not a dialog)."""
    view = window.current_view
    return view.screen if isinstance(view, ScreensView) else None


def shown_as(window: Any, kind: type[V]) -> V:
    """The screen the window shows now, checked to be a `kind`."""
    screen = shown_screen(window)
    assert isinstance(screen, kind), f"{type(screen).__name__} shows, not a {kind.__name__}"
    return screen
