"""Seeded random input for a real window: what a restless player does.

`actions(seed, count)` is the same list for the same seed on every machine:
points are fractions of the window (its size changes with F11), keys are
xdotool names. `perform` does one action in a `GameWindow`. The actions are
JSON-friendly lists, so a failing run can be saved, cut down and replayed
(once, after ~10,000 of them, Ctrl+Q and Ctrl+Z did nothing).
"""

from __future__ import annotations

import random
import time

from tools.xwindow import NAME, GameWindow, visible_windows, wait_until

Action = list[str | float]

KEYS = (
    ["Escape", "Return", "space", "Tab", "shift+Tab", "ctrl+z", "d", "Left", "Right", "Up", "Down"]
    + [str(n) for n in range(10)]
    + ["F1", "F2", "F3", "ctrl+o", "ctrl+n", "ctrl+r"]
)
# (kind, weight): pointer actions about half the time; F11 now and then (each makes a new X window).
KINDS = (("click", 24), ("double", 10), ("drag", 14), ("key", 50), ("F11", 2))


def actions(seed: int, count: int) -> list[Action]:
    """`count` actions drawn from `seed`."""
    rng = random.Random(seed)
    kinds = [kind for kind, _ in KINDS]
    weights = [weight for _, weight in KINDS]
    out: list[Action] = []
    for _ in range(count):
        kind = rng.choices(kinds, weights)[0]
        if kind in ("click", "double"):
            out.append([kind, round(rng.random(), 4), round(rng.random(), 4)])
        elif kind == "drag":
            out.append([kind, *(round(rng.random(), 4) for _ in range(4))])
        elif kind == "key":
            out.append(["key", rng.choice(KEYS)])
        else:
            out.append(["key", "F11"])
    return out


def perform(window: GameWindow, action: Action) -> None:
    """Do one action in the game's (current) window."""
    kind = action[0]
    if kind == "key":
        old = window.id
        window.key(str(action[1]))
        time.sleep(0.03)  # the point: a restless player's pace
        if action[1] == "F11":  # a new X window is made: mapped before the next action looks for it
            wait_until(lambda: max(visible_windows(NAME, window.desktop.env) or [old], key=int) != old, 2.0, 0.05)
        return
    window.find(timeout=5.0)
    where = window.geometry()
    xs = [float(v) * where.width for v in action[1::2]]
    ys = [float(v) * where.height for v in action[2::2]]
    if kind == "drag":
        window.drag((xs[0], ys[0]), (xs[1], ys[1]), steps=6)
    else:
        window.click(xs[0], ys[0], times=2 if kind == "double" else 1)
    time.sleep(0.03)  # the point: a restless player's pace
