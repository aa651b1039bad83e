"""The clock on the table in a real window under openbox (docs/RULES.md §8,
§15): it ticks while the game is played; P hides the cards and the clock
stands still until P again; another window taking the focus stops it too,
and it runs again once the game has the focus back.

"The clock stands still" is seen on the screen: the top bar's picture stays
the same for longer than a second, while a running clock changes it every
second. The saved game's time is read back after quitting as well (the
shared game, table.SharedGame: quit, the next module to share it gets a fresh one).
"""

from __future__ import annotations

import subprocess
import time

import pytest
from PIL import Image, ImageChops

from tools.xwindow import Desktop, read_json, steady, stop, wait_until

from .conftest import skip_without_tools
from .table import SharedGame, Table

pytestmark = [pytest.mark.xvfb, pytest.mark.slow, skip_without_tools()]

SIZE = (1280, 800)
TICK = 1.4  # longer than a second: a running clock shows another time within it


@pytest.fixture(scope="module")
def table(shared_game: SharedGame) -> Table:
    return shared_game.ready("pause")


def bar(table: Table) -> Image.Image:
    """The top bar as the screen shows it (buttons, score, moves, the clock, the code)."""
    picture = table.window.picture()
    height = round(table.layout(picture.size).hud.bar.height)
    return picture.crop((0, 0, picture.width, height)).convert("RGB")


def bar_changes_within(table: Table, seconds: float) -> bool:
    """Whether the bar's picture changes within `seconds` (the clock shows another second)."""
    first = bar(table)
    return wait_until(lambda: ImageChops.difference(first, bar(table)).getbbox() is not None, seconds, 0.1)


def bar_settles(table: Table) -> None:
    """Wait until the bar stops changing (it says Paused; a running clock changes it every second)."""
    steady(lambda: bar(table).tobytes(), 3.0, 0.3)


def card_faces(table: Table) -> float:
    """The share of near-white pixels (card faces) over the left half of the table's columns."""
    picture = table.window.picture()
    w, h = picture.size
    top = round(table.layout(picture.size).hud.bar.height) + 4
    gray = picture.crop((0, top, w // 3, h // 2)).convert("L")
    return sum(gray.histogram()[226:]) / (gray.width * gray.height)


def focused(desktop: Desktop) -> str:
    """The id of the window with the focus; "" while none has it (between two
    windows, openbox may leave _NET_ACTIVE_WINDOW empty, and xdotool fails)."""
    try:
        return desktop.run("xdotool", "getactivewindow").strip()
    except RuntimeError as err:
        if "_NET_ACTIVE_WINDOW" not in str(err):
            raise
        return ""


def test_the_clock_ticks_while_the_game_is_played(table: Table) -> None:
    assert bar_changes_within(table, 2 * TICK), "the clock on the bar never moved"
    assert bar_changes_within(table, 2 * TICK)


def test_p_hides_the_cards_and_the_clock_stands_still_until_p_again(table: Table) -> None:
    assert card_faces(table) > 0.02, "no card face on the table before the pause"
    table.window.key("p")
    assert wait_until(lambda: card_faces(table) < 0.002, 3.0), "the cards still show during the pause"
    bar_settles(table)
    assert not bar_changes_within(table, 2.5 * TICK), "the clock moved during the pause"
    table.window.key("p")
    assert wait_until(lambda: card_faces(table) > 0.02, 3.0), "the cards did not come back"
    assert bar_changes_within(table, 2 * TICK), "the clock did not run again after the pause"


def test_another_window_with_the_focus_stops_the_clock(table: Table, desktop: Desktop) -> None:
    where = table.window.geometry()
    other = subprocess.Popen(
        ["xmessage", "-name", "spider-other", "-title", "other", "-geometry", f"+{where.x + where.width + 10}+0", "hi"],
        env=desktop.env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        assert wait_until(lambda: focused(desktop) not in ("", table.window.id), 10.0), "the other window took no focus"
        bar_settles(table)  # it says "Paused"
        assert not bar_changes_within(table, 2.5 * TICK), "the clock moved while another window had the focus"
        assert card_faces(table) > 0.02, "losing the focus is no reason to hide the cards"
    finally:
        stop(other)
    table.window.activate()
    assert wait_until(lambda: focused(desktop) == table.window.id, 5.0)
    assert bar_changes_within(table, 2 * TICK), "the clock did not run again with the focus back"


def test_the_time_played_is_saved_when_the_game_quits(table: Table) -> None:
    table.window.activate()
    time.sleep(2.5)  # the point: time played, which the saved game must hold
    table.window.key("ctrl+q")
    assert table.window.wait_exit(10.0) == 0
    saved = read_json(table.data_dir / "game.json") or {}
    seconds = saved.get("seconds")
    assert isinstance(seconds, int) and seconds >= 3, saved
