"""Every screen and panel fits the smallest window and the largest common one,
in every language (docs/RULES.md §10).

Measured, not judged by eye: every widget lies inside its parent and at
least MARGIN pixels inside the window; every text is no larger than the
widget that shows it (a label's laid-out text, a button's caption with
room around it). The screenshots in docs/screens/ show the same layouts.
"""

from __future__ import annotations

from typing import Any

import pytest
from arcade.gui import UIFlatButton, UILabel, UIWidget
from arcade.types import LBWH, LRBT, Rect

from game.engine import Rule
from game.records.settings import Settings
from game.records.stats import VARIANTS, Stats, WinFacts
from game.ui.layout.table import win_layout
from game.ui.screens import NewGameView, StatisticsView
from game.ui.screens.base import ScreenView, widest_word
from game.words.i18n import LANGUAGES, Translator
from ui.screens.screens_driver import every_screen, frame, sample_stats, show

SIZES = [(800, 600), (1280, 720), (1920, 1080)]
MARGIN = 8  # nothing closer than this to the window's edge
CAPTION_ROOM = 8  # a button's caption keeps at least this much on each side
SLACK = 1  # pixels of rounding


def inside(inner: Rect, outer: Rect, margin: float = 0) -> bool:
    return (
        inner.left >= outer.left + margin - SLACK
        and inner.right <= outer.right - margin + SLACK
        and inner.bottom >= outer.bottom + margin - SLACK
        and inner.top <= outer.top - margin + SLACK
    )


def describe(widget: UIWidget) -> str:
    text = getattr(widget, "text", None)
    return f"{type(widget).__name__}({text!r})" if isinstance(text, str) else type(widget).__name__


def misfits(view: ScreenView, size: tuple[int, int]) -> list[str]:
    """Everything on the screen that is cut, outside its parent, or too near the window's edge."""
    window = LBWH(0, 0, *size)
    found: list[str] = []
    for widget in view.ui.walk_widgets():
        r = widget.rect
        if widget is view.ring or not widget.visible or r.width <= 0 or r.height <= 0:
            continue
        name = describe(widget)
        if not inside(r, window, MARGIN):
            found.append(f"{name} at {r} is within {MARGIN} px of the window's edge or beyond")
        parent = widget.parent
        if isinstance(parent, UIWidget) and parent is not view.ring and not inside(r, parent.rect):
            found.append(f"{name} at {r} sticks out of its {describe(parent)} at {parent.rect}")
        if isinstance(widget, UIFlatButton):
            caption = widget.ui_label._label
            if caption.content_width > widget.content_width - 2 * CAPTION_ROOM:
                found.append(f"{name}: its caption ({caption.content_width:.0f} px) fills its button ({r.width:.0f})")
        elif isinstance(widget, UILabel):
            text = widget._label
            if widget.multiline and widest_word(widget.text, widget.font_size, bool(widget.bold)) > r.width:
                found.append(f"{name}: a word is wider than the label, so it is cut")
            if text.content_width > r.width + SLACK or text.content_height > r.height + SLACK:
                found.append(
                    f"{name}: text {text.content_width:.0f}x{text.content_height:.0f}"
                    f" cut to {r.width:.0f}x{r.height:.0f}"
                )
    return found


def resize(window: Any, size: tuple[int, int]) -> None:
    """Tell the shown view and its UI manager the window has this size. (A
    headless window keeps the size it was made with; the layout only needs
    to be told. Pixels beyond it are not drawn, which a geometry test does
    not look at.)"""
    window.dispatch_events()  # whatever was queued before (a first show) goes first
    window.dispatch_event("on_resize", *size)
    window.dispatch_events()


def every_state(lang: str) -> list[ScreenView]:
    """Every screen, and the states that change what a screen shows."""
    tr = Translator(lang)
    one_suit = NewGameView(tr, 1, Rule.FLEXIBLE, print, print)
    flexible = NewGameView(tr, 4, Rule.FLEXIBLE, print, print)
    asking = StatisticsView(sample_stats(), tr, print, print, in_progress="4F")
    asking.ask_reset()
    return [*every_screen(lang), one_suit, flexible, asking, StatisticsView(seasoned_stats(), tr, print, print)]


def seasoned_stats() -> Stats:
    """Years of play in every variant: the widest numbers the table shows
    (thousands of games, averages of wins, a thousand hours and more)."""
    stats = Stats()
    for n, variant in enumerate(VARIANTS):
        numbers = stats[variant]
        for _ in range(3):
            numbers.add_win(1199 - n, 1234 + n, seconds=1_234_567)
        numbers.add_loss(seconds=3599)
        numbers.played, numbers.won = 9999, 8888
    return stats


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_screen_fits(window: Any, size: tuple[int, int], lang: str) -> None:
    problems: list[str] = []
    try:
        for view in every_state(lang):
            show(window, view)
            resize(window, size)
            frame(window)
            assert view.screen_size == size and view.ui._get_surface(0).size == size
            problems += [f"{type(view).__name__}: {p}" for p in misfits(view, size)]
    finally:
        resize(window, window.get_size())
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_win_panel_fits(table: Any, size: tuple[int, int], lang: str) -> None:
    t = table("SP1-S2C-AAAAAAD", Settings(language=lang))
    try:
        resize(t.window, size)
        # The longest notes a player meets: a variant's name with its rule, big counts, hours of play.
        t.view.hud.show_win(1234, 8888, WinFacts("2F", 88888, 99999, 8888, 359_999))
        t.draw()
        hud = t.view.hud
        shape = win_layout(t.view.layout)
        p = shape.panel
        box = LRBT(p.left, p.right, p.bottom, p.top)
        problems = [] if inside(box, LBWH(0, 0, *size), MARGIN) else [f"the panel {box} is near the window's edge"]
        assert all(text.text for text in hud.win_notes)
        for text in [hud.win_title, hud.win_detail, *hud.win_notes]:
            if text.content_width > box.width - 2 * CAPTION_ROOM:
                problems.append(f"{text.text!r} ({text.content_width:.0f} px) is wider than the panel")
        for name, b in shape.buttons.items():
            caption = hud.win_button_texts[name]
            if caption.content_width > b.width - 2 * CAPTION_ROOM:
                problems.append(f"{caption.text!r} ({caption.content_width:.0f} px) fills its button")
            if not inside(LRBT(b.left, b.right, b.bottom, b.top), box):
                problems.append(f"the {name!r} button sticks out of the panel")
    finally:
        resize(t.window, t.window.get_size())
    assert problems == [], "\n".join(problems)
