"""The frames worker of tools/bench_frames.py: one window and table (the
real `build_table` on a mid-game 2-suit position), its frames driven and
timed by hand, headless or in a real window. It runs in a process of its
own (`bench_frames.py --worker`), with the `game` package of the tree under
test first on the path; it imports no `game` module before then.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from tools.launch_timing import vm_hwm_mb

if TYPE_CHECKING:
    from game.engine import Game

MID_GAME_SEED = 11
SOUND_ENV = "SPIDER_BENCH_SOUND"  # set by bench_frames.py --sound for its workers


def mid_game() -> Game:
    """A 2-suit game after random legal moves and three deals: long columns,
    no empty one (so the stock can be dealt again), two deals left."""
    import random

    from game.engine import Game

    game = Game.random(2, seed=MID_GAME_SEED)
    rng = random.Random(5)
    for _ in range(3):
        for _ in range(12):
            moves = [
                move
                for move in game.legal_moves()
                if move.count < len(game.columns[move.src]) and game.columns[move.dst]  # never empty a column
            ]
            if not moves:
                break
            game.move(rng.choice(moves))
        game.deal()
    return game


Sample = tuple[float, float, float, float]


class FrameBench:
    """One window and table, its frames timed by hand: headless, or (`real`)
    a real window on the X display of the environment."""

    def __init__(self, width: int, height: int, real: bool = False) -> None:
        if not real:
            os.environ["ARCADE_HEADLESS"] = "1"
        # As `python -m game` runs: no GL error check after every GL call.
        os.environ.setdefault("PYGLET_DEBUG_GL", "0")
        os.environ.setdefault("PYGLET_AUDIO", "silent")  # as the game starts; --sound opens the real driver
        from game.records.settings import Settings
        from game.ui.app.build import build_table

        self.width, self.height = width, height
        self.game = mid_game()
        self.window, self.view = build_table(self.game, Settings(), size=(width, height), animate_opening=False)
        # The card images scaled to the cards' pixel size, as a player sees
        # them a moment after launch (the game makes them on a worker thread).
        self.view.prepare_images()
        if os.environ.get(SOUND_ENV):
            self.sound_on()
        self.ctx = self.window.ctx
        self.dt = 1 / 60
        # In a real window the frame is shown when the X server has taken in
        # the image the swap sent: a round trip on the game's own connection
        # (its GLX context's display, a public attribute) waits for that.
        self.sync: Callable[[], None] = lambda: None
        display = getattr(getattr(self.window, "context", None), "x_display", None)
        if real and display is not None:
            from pyglet.libs.x11 import xlib

            self.sync = lambda: xlib.XSync(display, False)

    def sound_on(self) -> None:
        """The table's sounds through the real audio driver, as the game has
        them a moment after launch (`--sound`; a tree without sounds: none)."""
        try:
            from game.ui.sound.output import PygletOutput
        except ImportError:
            return
        output = PygletOutput()
        if output.wait_ready(10) == "ready":
            self.view.scene.sounds.output = output

    def timed(self, before: Callable[[], None] | None = None) -> Sample:
        """(Python work, whole frame, Python work in this thread's CPU time,
        whole frame in the process's CPU time: llvmpipe's threads included)."""
        p0 = time.process_time()
        c0 = time.thread_time()
        t0 = time.perf_counter()
        if before is not None:
            before()
        self.view.on_update(self.dt)
        self.view.on_draw()
        t1 = time.perf_counter()
        c1 = time.thread_time()
        self.window.flip()
        self.ctx.finish()
        self.sync()
        t2 = time.perf_counter()
        return t1 - t0, t2 - t0, c1 - c0, time.process_time() - p0

    def fresh_cache(self) -> None:
        """Untimed: two frames at rest, as the table shows a moment after an
        action. (The resting layer's cache these once redrew is gone: every
        frame is drawn whole; an older tree given with --against still has one.)"""
        static = getattr(self.view.renderer, "static", None)
        if static is not None:
            static.forget()
        self.timed()
        self.timed()

    def settle(self) -> None:
        """Untimed: let animations end (no drawing needed to advance them)."""
        for _ in range(600):
            if self.view.at_rest:
                break
            self.view.on_update(self.dt)
        self.view.on_update(self.dt)

    def clear_floor(self, frames: int) -> list[tuple[float, float]]:
        """The floor: a bare frame of this window size, a clear shown as the
        table's frames are (the swap, the finish and, in a real window, the
        X server's round trip): what any arcade window pays, and what the
        machine's own hiccups do to it in the same run."""
        for _ in range(10):
            self.window.clear()
            self.window.flip()
            self.ctx.finish()
        floor = []
        for _ in range(frames):
            p0 = time.process_time()
            t0 = time.perf_counter()
            self.window.clear()
            self.window.flip()
            self.ctx.finish()
            self.sync()
            floor.append((time.perf_counter() - t0, time.process_time() - p0))
        return floor

    def rest(self, frames: int) -> list[Sample]:
        self.settle()
        for _ in range(10):
            self.timed()
        return [self.timed() for _ in range(frames)]

    def deals(self, frames: int) -> tuple[list[Sample], float]:
        """Click the stock, frames until the animation ends; undo untimed.
        The samples, and how many frames a deal animates over."""
        import arcade

        from game.ui.input.intents import Command

        view, game = self.view, self.game
        x, y = (int(v) for v in view.layout.stock[0].center)

        def click_stock() -> None:
            view.on_mouse_press(x, y, arcade.MOUSE_BUTTON_LEFT, 0)
            view.on_mouse_release(x, y, arcade.MOUSE_BUTTON_LEFT, 0)

        def one_deal(out: list[Sample]) -> None:
            self.fresh_cache()
            deals_before = game.deals_left
            out.append(self.timed(click_stock))
            if game.deals_left != deals_before - 1:
                raise SystemExit(f"the stock click did not deal at {x},{y}")
            while view.scene.animator.busy:
                out.append(self.timed())
            view.do(Command.UNDO)
            self.settle()

        one_deal([])  # warm-up: flip textures, tween code paths
        samples: list[Sample] = []
        deals = 0
        while len(samples) < frames:
            one_deal(samples)
            deals += 1
        return samples[:frames], len(samples) / deals

    def clicks(self, count: int) -> list[Sample]:
        """The deal-click frame alone, `count` times (each deal undone untimed)."""
        import arcade

        from game.ui.input.intents import Command

        view, game = self.view, self.game
        x, y = (int(v) for v in view.layout.stock[0].center)

        def click_stock() -> None:
            view.on_mouse_press(x, y, arcade.MOUSE_BUTTON_LEFT, 0)
            view.on_mouse_release(x, y, arcade.MOUSE_BUTTON_LEFT, 0)

        samples: list[Sample] = []
        for k in range(count + 2):
            self.settle()
            self.fresh_cache()
            deals_before = game.deals_left
            sample = self.timed(click_stock)
            if game.deals_left != deals_before - 1:
                raise SystemExit(f"the stock click did not deal at {x},{y}")
            if k >= 2:  # two warm-ups
                samples.append(sample)
            self.timed()
            view.do(Command.UNDO)
        self.settle()
        return samples

    def drag(self, frames: int) -> tuple[list[Sample], str]:
        """The longest movable group that has somewhere to go (so the
        placement help highlights columns), carried in a loop over the table."""
        import arcade

        view, game, width, height = self.view, self.game, self.width, self.height
        moves = list(game.legal_moves())
        if moves:
            count, src = max((move.count, move.src) for move in moves)
        else:
            src = max(range(10), key=lambda c: game.movable_count(c))
            count = game.movable_count(src)
        head = view.layout.cards[src][len(game.columns[src]) - count]
        px, py = int(head.center_x), int(head.top - head.height * 0.05)
        self.settle()
        view.on_mouse_press(px, py, arcade.MOUSE_BUTTON_LEFT, 0)
        pos = [px, py]

        def drag_to(k: int) -> Callable[[], None]:
            # A loop around the middle of the table, crossing several columns.
            angle = 2 * math.pi * k / 120
            x = int(width * (0.5 + 0.3 * math.sin(angle)) + (px - width / 2) * math.cos(angle) * 0.2)
            y = int(height * (0.55 + 0.2 * math.sin(2 * angle)) + (py - height * 0.55) * 0.2)

            def move() -> None:
                view.on_mouse_drag(x, y, x - pos[0], y - pos[1], arcade.MOUSE_BUTTON_LEFT, 0)
                pos[0], pos[1] = x, y

            return move

        for k in range(10):
            self.timed(drag_to(k))
        if not view.gestures.dragging:
            raise SystemExit("the drag did not start")
        samples = [self.timed(drag_to(10 + k)) for k in range(frames)]
        view.on_mouse_release(pos[0], pos[1], arcade.MOUSE_BUTTON_LEFT, 0)
        self.settle()
        return samples, f"column {src + 1}, {count} card(s)"


def frames_worker(width: int, height: int, frames: int, clicks: int, real: bool = False) -> dict[str, object]:
    """Time the table's frames at rest, during deals and during a drag."""
    bench = FrameBench(width, height, real)
    results: dict[str, object] = {"clear": bench.clear_floor(frames), "rest": bench.rest(frames)}
    results["deal"], results["deal_frames_each"] = bench.deals(frames)
    results["click"] = bench.clicks(clicks)
    results["drag"], results["drag_group"] = bench.drag(frames)
    game = bench.game
    results["cards_on_table"] = sum(len(c) for c in game.columns)
    results["longest_column"] = max(len(c) for c in game.columns)
    results["position"] = f"{game.code} after {len(game.record.split())} actions"
    results["rss_mb"] = vm_hwm_mb()
    results["gl"] = bench.ctx.info.RENDERER
    results["sharp"] = bench.view.images.sharp_size is not None
    bench.window.close()
    return results
