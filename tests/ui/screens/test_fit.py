"""Every screen and panel fits the smallest window and the largest common one,
in every language (docs/RULES.md §10).

Measured, not judged by eye: every node lies inside its parent and at least
MARGIN pixels inside the window, and every text as drawn (the painter's own
text, laid out by pyglet) is no larger than its place; a button's caption
keeps room around it. The pictures in docs/screens/ show the same layouts.
"""

from __future__ import annotations

from typing import Any

import arcade
import pytest

from game.engine import Rule
from game.records.settings import Settings
from game.records.stats import VARIANTS, Stats, WinFacts
from game.ui.layout.rect import Rect
from game.ui.layout.table import win_layout
from game.ui.panel.boxes import Grid
from game.ui.panel.nodes import Button, Node, Text
from game.ui.screens.base import Screen
from game.ui.screens.new_game import NewGameScreen
from game.ui.screens.statistics import StatisticsScreen
from game.words.i18n import LANGUAGES, Translator
from ui.screens.screens_driver import every_screen, frame, host_of, sample_stats, show

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


def describe(node: Node) -> str:
    words = node.text if isinstance(node, Text) else node.caption() if isinstance(node, Button) else None
    return f"{type(node).__name__}({words!r})" if words is not None else type(node).__name__


def misfits(window: Any, screen: Screen, size: tuple[int, int]) -> list[str]:
    """Everything on the screen that is cut, outside its parent, or too near the window's edge."""
    area = Rect(0, 0, *size)
    painter = host_of(window).painter(screen)
    found: list[str] = []
    for node in screen.root.walk():
        r = node.rect
        if not node.visible or r.width <= 0 or r.height <= 0:
            continue
        name = describe(node)
        if not inside(r, area, MARGIN):
            found.append(f"{name} at {r} is within {MARGIN} px of the window's edge or beyond")
        parent = node.parent
        if parent is not None and not isinstance(parent, Grid) and not inside(r, parent.rect):
            found.append(f"{name} at {r} sticks out of its {describe(parent)} at {parent.rect}")
        item = painter.items.get(id(node))
        drawn: arcade.Text | None = getattr(item, "text", None) or getattr(item, "caption", None)
        if drawn is None:
            continue
        if isinstance(node, Button) and drawn.content_width > r.width - 2 * CAPTION_ROOM:
            found.append(f"{name}: its caption ({drawn.content_width:.0f} px) fills its button ({r.width:.0f})")
        elif isinstance(node, Text) and (
            drawn.content_width > r.width + SLACK or drawn.content_height > r.height + SLACK
        ):
            found.append(
                f"{name}: text {drawn.content_width:.0f}x{drawn.content_height:.0f} cut to {r.width:.0f}x{r.height:.0f}"
            )
    return found


def resize(window: Any, size: tuple[int, int]) -> None:
    """Tell the shown view the window has this size. (A headless window keeps
    the size it was made with; the layout only needs to be told. Pixels
    beyond it are not drawn, which a geometry test does not look at.)"""
    window.dispatch_events()  # whatever was queued before (a first show) goes first
    window.dispatch_event("on_resize", *size)
    window.dispatch_events()


def every_state(lang: str, cards: Any) -> list[Screen]:
    """Every screen, and the states that change what a screen shows."""
    tr = Translator(lang)
    one_suit = NewGameScreen(tr, 1, Rule.FLEXIBLE, print, print)
    flexible = NewGameScreen(tr, 4, Rule.FLEXIBLE, print, print)
    asking = StatisticsScreen(sample_stats(), tr, print, print, in_progress="4F")
    asking.ask_reset()
    return [
        *every_screen(lang, cards),
        one_suit,
        flexible,
        asking,
        StatisticsScreen(seasoned_stats(), tr, print, print),
    ]


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


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_screen_fits(window: Any, cards: Any, lang: str) -> None:
    """Each screen made once and resized to every size, as a player's window is."""
    problems: list[str] = []
    try:
        for screen in every_state(lang, cards):
            show(window, screen)
            for size in SIZES:
                resize(window, size)  # laid out and painted at once, as the host is told (nothing drawn)
                assert screen.size == size
                problems += [
                    f"{type(screen).__name__} at {size[0]}x{size[1]}: {p}" for p in misfits(window, screen, size)
                ]
    finally:
        resize(window, window.get_size())
    assert problems == [], "\n".join(problems)


def test_a_resized_screen_is_the_same_screen_laid_out_again(window: Any) -> None:
    screen = show(window, StatisticsScreen(sample_stats(), Translator("es"), print, print))
    nodes = list(screen.root.walk())
    wide = screen.root.rect
    try:
        resize(window, (800, 600))
        frame(window)
        assert list(screen.root.walk()) == nodes, "no node made again"
        assert screen.root.rect.width < wide.width and screen.dense > 0
        assert misfits(window, screen, (800, 600)) == []
    finally:
        resize(window, window.get_size())
    frame(window)
    assert screen.root.rect == wide and screen.dense == 0


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
        box = Rect(p.left, p.bottom, p.width, p.height)
        problems = [] if inside(box, Rect(0, 0, *size), MARGIN) else [f"the panel {box} is near the window's edge"]
        assert all(text.text for text in hud.win_notes)
        for text in [hud.win_title, hud.win_detail, *hud.win_notes]:
            if text.content_width > box.width - 2 * CAPTION_ROOM:
                problems.append(f"{text.text!r} ({text.content_width:.0f} px) is wider than the panel")
        for name, b in shape.buttons.items():
            caption = hud.win_button_texts[name]
            if caption.content_width > b.width - 2 * CAPTION_ROOM:
                problems.append(f"{caption.text!r} ({caption.content_width:.0f} px) fills its button")
            if not inside(Rect(b.left, b.bottom, b.width, b.height), box):
                problems.append(f"the {name!r} button sticks out of the panel")
    finally:
        resize(t.window, t.window.get_size())
    assert problems == [], "\n".join(problems)
