"""Driving the screens like a player: real clicks at widget centres, real key
presses and typed text through the window's own event handlers.

One shared headless window (tests/conftest.py). Each test shows a screen,
draws a frame so the layout is done, then acts and checks what changed.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any, TypeVar

import arcade
from arcade.gui import UIFlatButton, UILabel, UIWidget
from PIL import Image

from game.engine import Game, Rule
from game.records.history import History, PlayedGame
from game.records.settings import Settings
from game.records.stats import Stats
from game.ui.screens import (
    AppearanceView,
    ConfirmView,
    DescriptionView,
    HistoryView,
    NewGameView,
    OptionsView,
    RulesView,
    StatisticsView,
)
from game.ui.screens.base import ScreenView
from game.ui.screens.text import ScrollText
from game.words.i18n import Translator, catalogue

V = TypeVar("V", bound=ScreenView)
W = TypeVar("W", bound=UIWidget)


def show(window: Any, view: V) -> V:
    window.dispatch_events()  # nothing left over from earlier tests
    window.show_view(view)
    frame(window)
    return view


def send(window: Any, *event: Any) -> None:
    """Deliver one window event now. Outside its event loop a pyglet window
    queues events; `dispatch_events` is what the loop would call next."""
    window.dispatch_event(*event)
    window.dispatch_events()


def frame(window: Any) -> None:
    window.current_view.on_update(1 / 60)
    window.current_view.on_draw()
    window.ctx.finish()


def click(window: Any, widget: Any) -> None:
    frame(window)  # make sure the layout placed the widget
    x, y = int(widget.center_x), int(widget.center_y)
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


def control(view: ScreenView, name: str, kind: type[W]) -> W:
    """The screen's control called `name`, checked to be a `kind`."""
    widget = view.controls[name]
    assert isinstance(widget, kind), f"{name} is a {type(widget).__name__}, not a {kind.__name__}"
    return widget


def rgb(image: Image.Image, x: int, y: int) -> tuple[int, int, int]:
    """The red, green and blue of one pixel of an RGB or RGBA image."""
    pixel = image.getpixel((x, y))
    assert isinstance(pixel, tuple) and len(pixel) >= 3, f"a {image.mode} image has no colour"
    r, g, b = pixel[:3]
    return r, g, b


def page_text(view: RulesView | DescriptionView) -> ScrollText:
    """The scrolling text of a page that has been built (shown)."""
    assert view.text is not None, "the page is built when it is shown"
    return view.text


def texts(view: ScreenView) -> list[str]:
    """Every text the player can read on the screen right now."""
    found: list[str] = []
    for widget in view.ui.walk_widgets():
        if isinstance(widget, UIFlatButton) or (
            isinstance(widget, UILabel) and not isinstance(widget.parent, UIFlatButton)
        ):
            found.append(widget.text)
        elif isinstance(widget, ScrollText):
            found.append(widget.document.text)
    return [t for t in found if t.strip()]


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
    stats = Stats()
    stats["1C"].add_win(1183, 117, seconds=905)
    stats["1C"].add_loss(seconds=120)
    stats["4F"].add_loss(seconds=3725)
    for day in (10, 11, 12):
        stats.daily.add_won(date(2026, 11, day))
    stats.daily.add_played(date(2026, 11, 30))
    return stats


LINE_SAMPLE = "SP1-S1C-AAAAAAD:4:18b87+08"


def sample_history(games: int = 37) -> History:
    """Games of every variant and result, the longest numbers players see."""
    history = History()
    results = ("won", "lost", "abandoned")
    for n in range(games):
        variant = ("1C", "2C", "2F", "4C", "4F")[n % 5]
        code = f"SP1-S{variant[0]}{variant[1]}-AAAAAA{'ABCDEFGH'[n % 8]}"
        result = results[n % 3]
        score = 1183 - n * 7 if result == "won" else 480 - n
        line = None if n % 4 == 3 else f"{code}:0:"  # some too long to keep: no Watch
        when = datetime(2026, 11, 1, 8, 0) + timedelta(hours=7 * n)
        history.add(PlayedGame(when, variant, code, result, score, 100 + n * 13, 95 + n * 377, line))
    return history


def every_screen(lang: str) -> list[ScreenView]:
    noop = Calls()
    tr = Translator(lang)
    new = NewGameView(tr, 2, Rule.CLASSIC, noop("p"), noop("c"), on_watch=noop("w"), on_daily=noop("d"))
    new.code_text = "SP1-S9C-AAAAAAD"
    new.play()  # show the error too
    damaged = NewGameView(tr, 2, Rule.CLASSIC, noop("p"), noop("c"), on_watch=noop("w"))
    damaged.code_text = LINE_SAMPLE + "+"  # the longest of a shared line's errors
    damaged.play()
    return [
        new,
        damaged,
        OptionsView(Settings(language=lang), tr, noop("c"), noop("x"), on_appearance=noop("a")),
        AppearanceView(Settings(language=lang), tr, noop("c"), noop("x")),
        RulesView(tr, noop("x")),
        StatisticsView(sample_stats(), tr, noop("r"), noop("x"), on_history=noop("h")),
        HistoryView(sample_history(), tr, noop("p"), noop("w"), noop("x")),
        DescriptionView(Game.random(4, seed=1).describe(catalogue(lang)), tr, noop("x"), line=LINE_SAMPLE),
        ConfirmView(tr, "restart", noop("y"), noop("n")),
    ]
