"""Window events from the window manager and the player.

The shared game (table.SharedGame), at 1280x800 on a 1920x1080 desktop with
openbox. Each test does one window event (or a pair: maximize and restore) and then checks,
once the window is still, that its picture is the table drawn fresh at the
window's new size (no stale or black band, the HUD at the top, the stock at
the bottom right, every card where the layout puts it), and that a
double-click on a card moves it (the saved record gains the move).
"""

from __future__ import annotations

import re

import pytest
from PIL import Image

from game.system.geometry import Geometry
from game.system.resources import ICON_SIZES
from game.ui.layout.rect import Rect
from game.ui.render.style import CURSOR
from tools.xwindow import Cover, wait_until

from .conftest import skip_without_tools
from .pictures import changed
from .table import SharedGame, Table

pytestmark = [pytest.mark.xvfb, pytest.mark.slow, skip_without_tools()]

START = (1280, 800)


@pytest.fixture(scope="module")
def table(shared_game: SharedGame) -> Table:
    return shared_game.ready("events")


@pytest.fixture
def windowed(table: Table) -> Table:
    """The game alive, in a plain 1280x800 window with the keyboard focus."""
    if not table.window.alive:
        pytest.fail(f"the game died during an earlier test:\n{table.window.output()}")
    table.windowed(START)
    return table


def frame_extents(table: Table) -> tuple[int, int, int, int]:
    """The window manager's frame around the client: left, right, top, bottom."""
    out = table.window.desktop.run("xprop", "-id", table.window.id, "_NET_FRAME_EXTENTS")
    numbers = [int(n) for n in re.findall(r"\d+", out.split("=", 1)[-1])]
    left, right, top, bottom = [*numbers, 0, 0, 0, 0][:4]
    return left, right, top, bottom


def report(problems: list[str]) -> str:
    return "\n".join(["the window is not right for a player:", *problems])


def test_the_window_at_launch_shows_the_table_and_takes_clicks(windowed: Table) -> None:
    problems = windowed.check_after("at launch")
    assert not problems, report(problems)


@pytest.mark.parametrize("size", ["800x600", "1000x700", "1555x972", "screen"])
def test_a_resize_by_the_window_manager_redraws_the_whole_table_at_the_new_size(windowed: Table, size: str) -> None:
    """Once seen: 1555x972 -> 1000x700 left the old frame's top on screen and the new table 270 px lower."""
    if size == "screen":
        left, right, top, bottom = frame_extents(windowed)
        sw, sh = windowed.window.desktop.size
        width, height = sw - left - right, sh - top - bottom
    else:
        width, height = (int(n) for n in size.split("x"))
    if (width, height) != (1555, 972):
        windowed.window.resize(1555, 972)  # the size it was once seen from, then the size under test
        windowed.window.settled()
    got = windowed.window.resize(width, height)
    problems = (
        [] if got.size == (width, height) else [f"asked for {width}x{height}, the window manager gave {got.size}"]
    )
    problems += windowed.check_after(f"resized to {width}x{height}")
    assert not problems, report(problems)


def test_maximize_and_restore_redraw_the_whole_table(windowed: Table) -> None:
    """Once seen: maximized, only the old area was drawn, the rest black, the picture frozen."""
    window = windowed.window
    got = window.maximize()
    problems = [] if "_NET_WM_STATE_MAXIMIZED_HORZ" in window.wm_state() else ["the window did not maximize"]
    problems += windowed.check_after(f"maximized ({got.width}x{got.height})")
    window.maximize(False)
    problems += windowed.check_after("restored")
    assert not problems, report(problems)


def test_a_moved_window_shows_the_same_table(windowed: Table) -> None:
    window = windowed.window
    before = window.geometry()
    got = window.move(before.x + 200 if before.x < 400 else 40, max(before.y - 60, 40))
    problems = [] if got != before else ["the window did not move"]
    problems += windowed.check_after("moved")
    assert not problems, report(problems)


def test_a_covered_then_uncovered_window_is_drawn_again(windowed: Table) -> None:
    window = windowed.window
    where = window.geometry()
    uncovered = window.picture(where)
    cover = Cover(window.desktop, Geometry(where.x + 100, where.y + 60, where.width - 300, where.height - 200))
    covered = wait_until(lambda: changed(uncovered, window.picture(where)) > 0.1, 5.0)
    cover.remove()
    assert covered, "the covering window never showed over the game"
    window.activate()
    problems = windowed.check_after("uncovered")
    assert not problems, report(problems)


def test_fullscreen_and_back_redraw_the_whole_table(windowed: Table) -> None:
    window = windowed.window
    window.key("F11")
    screen = window.desktop.size
    window.find()
    reached = windowed.wait_size(screen)
    problems = [] if reached else [f"F11 did not make the window fill the {screen[0]}x{screen[1]} screen"]
    window.activate()
    problems += windowed.check_after("fullscreen")
    window.activate()
    window.key("Escape")
    windowed.wait_size(START)
    window.activate()
    problems += windowed.check_after("back from fullscreen")
    assert not problems, report(problems)


def test_after_fullscreen_and_back_the_window_keeps_its_icons_and_keys(windowed: Table) -> None:
    """Once seen: F11 then Esc makes a new X window; it got one 48 px icon instead of every size."""
    window = windowed.window
    before = windowed.record
    if not before:
        windowed.check_double_click("a move to undo")
        before = windowed.record
    window.key("F11")
    windowed.wait_size(window.desktop.size)
    window.activate()
    window.key("Escape")
    windowed.wait_size(START)
    window.activate()
    problems = []
    sizes = sorted(w for w, h in window.icon_sizes() if w == h)
    if sizes != sorted(ICON_SIZES):
        problems.append(
            f"the window's icons (_NET_WM_ICON) are {sizes or 'none'} px, not the {list(ICON_SIZES)} px "
            "the game ships: the desktop shows a blurred or generic icon"
        )
    expected = " ".join(before.split()[:-1])
    window.key("ctrl+z")
    if not windowed.wait_record(expected):
        problems.append(f"Ctrl+Z did not undo the last move: the saved record is still {windowed.record!r}")
    assert not problems, report(problems)


def _cursor_share(picture: Image.Image, bar: Rect, height: int) -> float:
    """The share of the bar's pixels in the cursor's gold (`bar` in layout
    coordinates, y up; the picture's y goes down)."""
    box = (round(bar.left) + 2, height - round(bar.top) + 1, round(bar.right) - 2, height - round(bar.bottom) - 1)
    pixels = list(picture.crop(box).convert("RGB").getdata())
    gold = [p for p in pixels if all(abs(c - k) <= 12 for c, k in zip(p, CURSOR[:3], strict=False))]
    return len(gold) / max(len(pixels), 1)


def test_the_keyboard_cursor_bar_follows_a_resize(windowed: Table) -> None:
    """Once seen: after a resize the cursor bar stayed at its old pixels,
    across two other cards, until the next key."""
    window = windowed.window
    window.key("Right")  # the cursor shows, under column 1
    before = window.geometry()
    old_bar = windowed.layout(before.size).cursor_bar(0)
    assert wait_until(lambda: _cursor_share(window.picture(), old_bar, before.height) > 0.8, 5.0), (
        "the cursor bar did not show under column 1 at 1280x800"
    )
    try:
        got = window.resize(1000, 700)
        shot, where = window.settled()
        new_bar = windowed.layout(where.size).cursor_bar(0)
        at_new = _cursor_share(shot, new_bar, where.height)
        at_old = _cursor_share(shot, old_bar, where.height) if old_bar.overlap_area(new_bar) == 0 else 0.0
        if at_new < 0.8 or at_old > 0.2:
            windowed.keep("cursor-after-resize", live=shot)
        assert got.size == (1000, 700)
        assert at_new > 0.8, f"at {where.width}x{where.height} the cursor bar is not under column 1 ({at_new:.0%} gold)"
        assert at_old < 0.2, f"the cursor bar still shows at its 1280x800 place ({at_old:.0%} gold)"
    finally:
        windowed.nudge_pointer()  # the mouse hides the cursor again, for the next tests' pictures


def test_f11_eight_times_in_a_row_toggles_at_every_press(windowed: Table) -> None:
    """Once seen: every second press of F11 did nothing (in, nothing, out,
    nothing, …) until some other input came between two presses."""
    window = windowed.window
    screen, start = window.desktop.size, window.geometry().size
    states = []
    for press in range(8):
        window.key("F11")
        wanted = screen if press % 2 == 0 else start
        states.append("fullscreen" if wanted == screen else "windowed")
        assert windowed.wait_size(wanted), f"press {press + 1} of F11 did not make the window {states[-1]} ({states})"
        window.activate()  # the new X window has the focus, as openbox gives it
    assert window.geometry().size == start


def test_a_maximized_window_comes_back_maximized_after_fullscreen(windowed: Table) -> None:
    """Once seen: leaving fullscreen gave back the normal size, never re-maximized."""
    window = windowed.window
    maximized = window.maximize()
    window.activate()
    for leave in ("F11", "Escape"):
        window.key("F11")
        assert windowed.wait_size(window.desktop.size), "F11 did not make the maximized window fullscreen"
        window.activate()
        window.key(leave)
        assert windowed.wait_size(maximized.size), f"{leave} did not bring back the maximized size"
        assert wait_until(lambda: "_NET_WM_STATE_MAXIMIZED_VERT" in window.wm_state(), 5.0), (
            f"after {leave} the window is not maximized: {sorted(window.wm_state())}"
        )
        window.activate()
    window.maximize(False)
    assert windowed.wait_size(START), "un-maximized, the window did not come back to its normal size"
