"""The real game in a real window, played with a real pointer (under Xvfb).

Everything else in the suite drives the view by calling its methods in a
headless window. This test instead launches `python -m game` exactly as a
player would, in a private X server, and plays three actions with xdotool:

1. a double-click on a card that has a best destination;
2. a drag (press, several pointer moves, release) of another card onto a
   column that takes it;
3. a click on the stock (a deal).

The coordinates come from the engine and the pure layout module for the same
game code and window size (xvfb_plan.py), so the test knows where every card
is without asking the game. The outcome is checked from outside the process: on
screenshots (the cards left their columns and arrived, the stock lost a back)
and in the autosaved game file (the action record is exactly the three
actions).

Skipped only when Xvfb, xdotool or ImageMagick's `import` is missing.
Set SPIDER_XVFB_SHOTS=<folder> to keep the screenshots for a look.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from game_process import ROOT, game_argv
from PIL import Image
from xvfb_plan import (
    CODE,
    HEIGHT,
    WIDTH,
    Plan,
    Screen,
    below_end,
    is_felt,
    make_plan,
    stderr_tail,
    wait_for_record,
)

from game.engine import Game
from game.ui.layout.table import TableLayout, TableShape, compute_layout
from tools.xwindow import (
    XServer,
    find_window,
    missing_tools,
    move_pointer,
    run_tool,
    settled_screenshot,
    start_xvfb,
    stop,
    visible_windows,
    wait_until,
    window_origin,
)

pytestmark = [
    pytest.mark.xvfb,
    pytest.mark.skipif(
        bool(missing_tools()),
        reason=f"needs Xvfb, xdotool and ImageMagick's import; missing: {', '.join(missing_tools())}",
    ),
]


# ---------------------------------------------------------------- session


@dataclass
class Session:
    plan: Plan
    screen: Screen
    shots: list[Image.Image]  # settled screenshots: before anything, after each step
    data_dir: Path
    log: Path
    env: dict[str, str]  # for the X tools: the private display
    window: str  # the relaunched game's window id
    cached: dict[str, int]  # the card cache's files before the relaunch: name -> mtime (ns)


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Session]:
    tmp = tmp_path_factory.mktemp("xvfb")
    data_dir = tmp / "data"
    log = tmp / "game.log"
    plan = make_plan()
    xserver: XServer | None = None
    game_proc: subprocess.Popen[bytes] | None = None
    shots: list[Image.Image] = []
    try:
        xserver = start_xvfb(WIDTH, HEIGHT)
        env = xserver.env()
        env["SPIDER_DATA_DIR"] = str(data_dir)
        env["LANGUAGE"] = "en"
        env["LC_ALL"] = "C.UTF-8"
        where = ["--size", f"{WIDTH}x{HEIGHT}", "--data-dir", str(data_dir)]
        # A calm table (no clock on the bar): a settled screen is one that no
        # longer changes, and a running clock changes it every second.
        data_dir.mkdir(parents=True)
        (data_dir / "settings.json").write_text('{"version": 1, "show_score_time": false}', encoding="utf-8")
        with log.open("wb") as out:
            game_proc = subprocess.Popen(
                game_argv("--code", CODE, *where), cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT
            )
        proc = game_proc
        try:
            window = find_window("Spider", env, timeout=15, alive=lambda: proc.poll() is None)
        except (RuntimeError, TimeoutError) as err:
            pytest.fail(f"{err}\n--- game output ---\n{stderr_tail(log)}")
        geometry = run_tool(["xdotool", "getwindowgeometry", "--shell", window], env)
        assert f"WIDTH={WIDTH}" in geometry.split() and f"HEIGHT={HEIGHT}" in geometry.split(), geometry
        screen = Screen(window_origin(window, env))

        def to_screen(x: float, y: float) -> list[str]:
            ox, oy = screen.origin
            return [str(round(ox + x)), str(round(oy + HEIGHT - y))]

        def xdo(*args: str) -> None:
            run_tool(["xdotool", *args], env)

        shots.append(settled_screenshot(env))  # the opening deal is over
        dbl, drag, deal = plan.steps

        # 1. Double-click the card.
        card = dbl.before.column_end(dbl.columns[0])
        move_pointer(env, *to_screen(*card.center))
        xdo("click", "--repeat", "2", "--delay", "90", "1")
        shots.append(settled_screenshot(env))

        # 2. Drag the other card: press, move in steps, release over the column.
        start = drag.before.column_end(drag.columns[0])
        goal = drag.after.column_end(drag.columns[1])
        x0, y0 = start.center
        x1, y1 = goal.center
        move_pointer(env, *to_screen(x0, y0))
        xdo("mousedown", "1")
        steps = 10
        for k in range(1, steps):
            time.sleep(0.03)  # a hand's pace, the point: the game sees a drag of several motions
            xdo("mousemove", *to_screen(x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps))
        move_pointer(env, *to_screen(x1, y1))
        xdo("mouseup", "1")
        shots.append(settled_screenshot(env))

        # 3. Click the stock.
        move_pointer(env, *to_screen(*deal.before.stock[0].center))
        xdo("click", "1")
        shots.append(settled_screenshot(env))

        assert game_proc.poll() is None, f"the game exited:\n{stderr_tail(log)}"
        wait_for_record(data_dir, plan.record, log)

        # 4. Kill it as hard as a crash would, and launch again without a code:
        # the game in progress comes back (its cards read from the cache the
        # first launch wrote after its first frames).
        cached = {f.name: f.stat().st_mtime_ns for f in (data_dir / "cache").glob("cards-*.bin")}
        game_proc.send_signal(signal.SIGKILL)
        game_proc.wait(timeout=10)
        assert wait_until(lambda: not visible_windows("Spider", env), 5), "the killed game's window stayed"
        with log.open("ab") as out:
            game_proc = subprocess.Popen(game_argv(*where), cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
        proc = game_proc
        try:
            window = find_window("Spider", env, timeout=15, alive=lambda: proc.poll() is None)
        except (RuntimeError, TimeoutError) as err:
            pytest.fail(f"relaunch: {err}\n--- game output ---\n{stderr_tail(log)}")
        screen = Screen(window_origin(window, env))
        shots.append(settled_screenshot(env))
        yield Session(plan, screen, list(shots), data_dir, log, env, window, cached)
    finally:
        stop(game_proc)
        if xserver is not None:
            xserver.stop()
        keep = os.environ.get("SPIDER_XVFB_SHOTS")
        if keep:  # whatever was taken, also when a step failed
            Path(keep).mkdir(parents=True, exist_ok=True)
            for name, shot in zip(("0-start", "1-double-click", "2-drag", "3-deal", "4-resumed"), shots, strict=False):
                shot.save(Path(keep) / f"spider-xvfb-{name}.png")


# ------------------------------------------------------------------ tests


def _moved(session: Session, step_no: int) -> list[str]:
    """Problems seen on screen with a move (step 0 or 1): the card must have
    left its column and arrived on the other."""
    step = session.plan.steps[step_no]
    before_shot, after_shot = session.shots[step_no], session.shots[step_no + 1]
    px = session.screen.pixel
    problems = []
    src, dst = step.columns
    # The source column is one card shorter: felt where its last card lay.
    x, y = below_end(step.before.column_end(src), step.after.column_end(src))
    if is_felt(px(before_shot, x, y)) or not is_felt(px(after_shot, x, y)):
        problems.append(
            f"{step.token}: column {src + 1} did not lose its last card "
            f"({px(before_shot, x, y)} -> {px(after_shot, x, y)} at {x:.0f},{y:.0f})"
        )
    # The destination column is one card longer: a card where the felt was.
    x, y = below_end(step.before.column_end(dst), step.after.column_end(dst))
    if not is_felt(px(before_shot, x, y)) or is_felt(px(after_shot, x, y)):
        problems.append(
            f"{step.token}: column {dst + 1} did not receive the card "
            f"({px(before_shot, x, y)} -> {px(after_shot, x, y)} at {x:.0f},{y:.0f})"
        )
    return problems


def test_double_click_sends_the_card_to_its_best_column(session: Session) -> None:
    problems = _moved(session, 0)
    assert not problems, problems


def test_dragged_card_lands_on_the_column_it_was_dropped_on(session: Session) -> None:
    problems = _moved(session, 1)
    assert not problems, problems


def test_clicking_the_stock_deals_a_card_to_every_column(session: Session) -> None:
    step = session.plan.steps[2]
    before_shot, after_shot = session.shots[2], session.shots[3]
    px = session.screen.pixel
    # The front back of the stock is gone: its right strip shows the table.
    front = step.before.stock[0]
    x, y = front.right - front.width * 0.1, front.center_y
    assert len(step.after.stock) == len(step.before.stock) - 1
    assert not is_felt(px(before_shot, x, y)), px(before_shot, x, y)
    assert is_felt(px(after_shot, x, y)), f"the stock still shows its front back: {px(after_shot, x, y)}"
    for col in range(10):
        x, y = below_end(step.before.column_end(col), step.after.column_end(col))
        assert is_felt(px(before_shot, x, y)) and not is_felt(px(after_shot, x, y)), (
            f"column {col + 1} got no card from the deal"
        )


def test_autosave_holds_exactly_the_three_actions(session: Session) -> None:
    saved = wait_for_record(session.data_dir, session.plan.record, session.log)  # e.g. "1>8 6>1 deal"
    assert saved.get("code") == CODE


def test_a_killed_game_resumes_at_the_next_launch_as_it_was(session: Session) -> None:
    before, after = session.shots[3], session.shots[4]
    assert before.size == after.size
    same = sum(a == b for a, b in zip(before.getdata(), after.getdata(), strict=True))
    assert same / (before.width * before.height) > 0.99, f"only {same} pixels alike"
    wait_for_record(session.data_dir, session.plan.record, session.log)


def test_the_relaunch_draws_its_cards_from_the_cache_the_first_launch_wrote(session: Session) -> None:
    # The first launch cached the cards of its size; the relaunch (same size)
    # read them and had nothing to write: the file is the same one. Its
    # picture matching the killed game's is the test above.
    assert list(session.cached) == [f"cards-{_card_size()}.bin"]
    after = {f.name: f.stat().st_mtime_ns for f in (session.data_dir / "cache").glob("cards-*.bin")}
    assert after == session.cached


def _card_size() -> str:
    from game.ui.cards.loading import card_size_for

    w, h = card_size_for((WIDTH, HEIGHT))
    return f"{w}x{h}"


def test_a_move_a_deal_and_an_undo_with_the_keys_only(session: Session) -> None:
    """After the resume, the keyboard alone plays on: a number key
    picks a column's group up and another drops it, D deals, Ctrl+Z undoes
    the deal; each is seen on screen and in the saved game."""
    game = Game.from_code(CODE)
    game.play(session.plan.record)
    move = next(m for m in game.legal_moves() if m.count == game.movable_count(m.src))

    def layout() -> TableLayout:
        return compute_layout(WIDTH, HEIGHT, TableShape.of(game))

    env, px = session.env, session.screen.pixel
    run_tool(["xdotool", "mousemove", "--window", session.window, "5", str(HEIGHT // 2)], env)
    run_tool(["xdotool", "windowfocus", "--sync", session.window], env)
    before, start = layout(), settled_screenshot(env)
    run_tool(["xdotool", "key", "--delay", "80", str((move.src + 1) % 10), str((move.dst + 1) % 10)], env)
    game.move(move)
    after, moved = layout(), settled_screenshot(env)
    x, y = below_end(before.column_end(move.src), after.column_end(move.src))
    assert not is_felt(px(start, x, y)) and is_felt(px(moved, x, y)), f"{move}: column {move.src + 1} kept its cards"
    x, y = below_end(before.column_end(move.dst), after.column_end(move.dst))
    assert is_felt(px(start, x, y)) and not is_felt(px(moved, x, y)), f"{move}: column {move.dst + 1} got nothing"
    record = f"{session.plan.record} {move}"
    wait_for_record(session.data_dir, record, session.log)

    front = after.stock[0]
    x, y = front.right - front.width * 0.1, front.center_y
    run_tool(["xdotool", "key", "d"], env)
    dealt = settled_screenshot(env)
    wait_for_record(session.data_dir, f"{record} deal", session.log)
    assert is_felt(px(dealt, x, y)), "the stock still shows its front back after D"
    run_tool(["xdotool", "key", "ctrl+z"], env)
    undone = settled_screenshot(env)
    wait_for_record(session.data_dir, record, session.log)
    assert not is_felt(px(undone, x, y)), "the undone deal did not come back to the stock"
