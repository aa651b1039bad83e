"""Keys with no pointer motion at all.

A player who plays with the keyboard never moves the mouse. Every screen
opened by its key must show without the mouse, every time (20 times each in the soak, 4 in make test,
with Esc back to the table in between; how fast is a figure, written to
SPIDER_OPEN_TIMES when set); two clicks in Options 100 ms
apart must both show; Tab and Shift+Tab (under X11 Shift+Tab arrives as
ISO_Left_Tab) must walk the HUD's buttons and every dialog's controls.

The shared game at 1280x800 (table.SharedGame); the pointer is parked off
the window once and not moved again except by the clicks of the Options
test, which runs last (it switches the game to Italian: the next module to
share the game gets a fresh one).
"""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path
from typing import Any

import arcade
import pytest
from inner_loop import short_and_soak
from PIL import Image

from game.records.settings import Settings
from game.ui.screens.options import OptionsScreen
from game.words.i18n import Translator
from tools.xwindow import read_json, steady, wait_until
from ui.screens.screens_driver import click, frame, send, show

from .conftest import skip_without_tools
from .pictures import PART_TOLERANCE, changed, differing, share
from .table import SCREEN_KEYS, SETTINGS_FILE, SharedGame, Table

pytestmark = [pytest.mark.xvfb, pytest.mark.slow, skip_without_tools()]

SIZE = (1280, 800)
TRIES = 20  # each screen in the soak; make test tries 4
# A screen that waits for the mouse never shows here (no pointer moves); one
# that shows is drawn within a few frames. How fast it shows is a figure
# (docs/PERFORMANCE.md, SPIDER_OPEN_TIMES below), not this test's deadline.
DEADLINE = 1.5
GIVE_UP_AFTER = 3  # misses of one screen; enough to show the bug, and the run stays short
MOVED = 0.0004  # share of the window a focus highlight changes at least (~400 px)


@pytest.fixture(scope="module")
def table(shared_game: SharedGame) -> Table:
    shared = shared_game.ready("keyboard")
    shared.check_double_click("a move, so that Ctrl+R asks")  # parks the pointer off the window
    shared.window.activate()
    return shared


def still(table: Table, timeout: float = 3.0) -> Image.Image:
    """The window's picture once it stays the same for 0.3 s (or after `timeout`)."""
    settled = steady(table.window.picture, timeout, 0.3, lambda a, b: a.tobytes() == b.tobytes())
    return settled or table.window.picture()


@pytest.mark.parametrize("tries", short_and_soak(4, TRIES))
@pytest.mark.parametrize("name", list(SCREEN_KEYS))
def test_every_screen_opens_by_its_key_without_the_mouse(table: Table, name: str, tries: int) -> None:
    """Once seen: F3 after Esc showed nothing for more than 5 s in 3 of 18 tries, until the mouse moved."""
    key = SCREEN_KEYS[name]
    pauses = random.Random(name).choices((0.0, 0.15, 0.3, 0.6), k=tries)  # the table rests after 0.2 s
    latencies: list[float | None] = []
    stuck = []
    for pause in pauses:
        time.sleep(pause)  # the point: keys at every moment of the table's rest
        latencies.append(table.open_screen(name, timeout=3.0))
        if not table.back_to_table(timeout=3.0):
            stuck.append(len(latencies))
            table.window.key("Escape")  # whatever shows, back to the table (no pointer motion)
            table.shows_table(3.0)
        if sum(1 for s in latencies if s is None or s > DEADLINE) >= GIVE_UP_AFTER:
            break
    late = [s for s in latencies if s is None or s > DEADLINE]
    record = os.environ.get("SPIDER_OPEN_TIMES")  # for the figures: one line per screen
    if record:
        with Path(record).open("a", encoding="utf-8") as out:
            out.write(json.dumps({"screen": name, "key": key, "seconds": latencies}) + "\n")
    words = ", ".join(">3 s" if s is None else f"{s * 1000:.0f} ms" for s in latencies)
    assert not late and not stuck, (
        f"{key} (no pointer motion) opened its screen in: {words}; {len(late)} of {len(latencies)} tries took "
        f"more than {DEADLINE * 1000:.0f} ms (a player presses {key} and nothing shows until the mouse moves)"
        + (f"; Esc did not bring the table back after try {stuck}" if stuck else "")
    )


def walk(table: Table, box: tuple[int, int, int, int] | None = None) -> list[str]:
    """Tab, Tab, Shift+Tab: the focus must move each time, and Shift+Tab go back."""
    first = still(table)
    table.window.key("Tab")
    one = still(table)
    table.window.key("Tab")
    two = still(table)
    table.window.key("shift+Tab")
    back = still(table)
    problems = []
    if changed(first, one, box) < MOVED:
        problems.append("Tab did not move the focus (nothing changed on screen)")
    if changed(one, two, box) < MOVED:
        problems.append("a second Tab did not move the focus")
    if changed(two, back, box) < MOVED:
        problems.append("Shift+Tab did nothing (under X11 it arrives as ISO_Left_Tab)")
    elif changed(one, back, box) >= MOVED:
        problems.append("Shift+Tab did not bring the focus back to where the first Tab had put it")
    return problems


def test_tab_and_shift_tab_walk_the_hud_buttons(table: Table) -> None:
    """Once seen on the table: Shift+Tab did nothing."""
    table.window.activate()
    # The buttons' half of the bar: the clock on its other half changes every second.
    hud = (0, 0, SIZE[0] // 2, round(table.layout(SIZE).hud.bar.height))
    problems = walk(table, hud)
    table.window.key("Escape")  # the focus off the HUD
    assert not problems, "on the HUD: " + "; ".join(problems)


@pytest.mark.parametrize("name", list(SCREEN_KEYS))
def test_tab_and_shift_tab_walk_every_dialog(table: Table, name: str) -> None:
    """Once seen in the dialogs: Shift+Tab did nothing."""
    table.window.activate()
    if table.open_screen(name) is None:
        table.nudge_pointer()  # a frame missed until the mouse moves (tested above): the player moves it
    problems = walk(table)
    if not table.close_screen():
        table.window.key("Escape")
        table.shows_table(3.0)
    assert not problems, f"in the screen {SCREEN_KEYS[name]} opens: " + "; ".join(problems)


def options_plan(window: Any) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int, int, int], Image.Image]:
    """Where "Fast" and "Italiano" are on the Options screen at 1280x800, the
    panel's box, and the panel as it must look after clicking both: the same
    screen made and clicked in the test session's headless window."""
    # The game on the test desktop has no audio server (tools/xwindow/desktop.py): its Options say so.
    view = show(
        window,
        OptionsScreen(
            Settings(), Translator("en"), on_change=lambda _: None, on_close=lambda: None, sound_missing=True
        ),
    )
    height = SIZE[1]

    def centre(name: str) -> tuple[int, int]:
        x, y = view.controls[name].rect.center
        return round(x), round(height - y)

    def press(name: str) -> None:
        x, y = view.controls[name].rect.center
        send(window, "on_mouse_motion", int(x), int(y), 0, 0)  # the real pointer comes over the button first
        click(window, view.controls[name])

    fast, italian = centre("speed.fast"), centre("language.it")
    press("speed.fast")
    press("language.it")
    frame(window)
    panel = view.root.rect
    box = (round(panel.left), round(height - panel.top), round(panel.right), round(height - panel.bottom))
    picture = arcade.get_image(0, 0, *window.get_framebuffer_size()).convert("RGB")
    window.hide_view()
    return fast, italian, box, picture


def test_two_options_clicked_100_ms_apart_both_show(table: Table, window: Any) -> None:
    """Once seen: "Fast" then "Italiano" 0.3 s later: the language changed, the screen stayed English."""
    assert window.get_size() == SIZE, "the headless window must be as large as the real one"
    fast, italian, box, expected = options_plan(window)
    table.window.activate()
    if table.open_screen("options") is None:
        table.nudge_pointer()  # a frame missed on opening is tested above
    still(table)
    table.window.click(*fast)
    time.sleep(0.1)  # the point: the second click 100 ms after the first
    table.window.click(*italian)
    shown = lambda: share(differing(table.window.picture(), expected), box) <= PART_TOLERANCE  # noqa: E731
    if wait_until(shown, 2.0, 0.05):
        return
    shot = table.window.picture()
    paths = table.keep("options-fast-italiano", live=shot, expected=expected, diff=differing(shot, expected))
    saved = read_json(table.data_dir / SETTINGS_FILE) or {}
    pytest.fail(
        "two clicks 100 ms apart in Options, Fast then Italiano: after 2 s (the pointer resting on Italiano) "
        f"the screen does not show both (Italian texts, Fast chosen); {share(differing(shot, expected), box):.0%} "
        f"of the panel differs, while the saved settings say language={saved.get('language')!r}, "
        f"animation_speed={saved.get('animation_speed')!r}. Pictures: {', '.join(str(p) for p in paths)}"
    )
