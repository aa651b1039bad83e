"""Engine benchmark (not a timed test): prints medians of the engine's hot calls.

    python tools/bench_engine.py [--repeat N]

- move+undo: one legal move and its undo, on a mid-game table.
- legal_destinations: for the longest movable group of every column (10 calls).
- legal_moves: the whole listing of legal moves, once.
- playout: 1,000 random legal actions (each chosen among every legal move and
  the deal) from a fresh 4-suit game, including the work of listing the
  legal actions (`Game.legal_moves`), as a view or a test driver would.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import Game, Move


def legal_actions(g: Game) -> list[Move | None]:
    """Every legal move, then None for the deal when it is allowed."""
    return [*g.legal_moves(), *([None] if g.can_deal() else [])]


def mid_game() -> tuple[Game, Move]:
    """A 2-suit game after a few moves, and a legal move on it."""
    g = Game.from_code("SP1-S2C-SPIDER2")
    rng = random.Random(7)
    for _ in range(30):
        action = rng.choice(legal_actions(g))
        g.deal() if action is None else g.move(action)
    moves = [a for a in legal_actions(g) if a is not None]
    return g, moves[0]


def per_call(fn: object, calls: int, repeat: int) -> list[float]:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(calls):
            fn()  # type: ignore[operator]
        samples.append((time.perf_counter() - start) / calls)
    return samples


def playout(seed: int) -> float:
    g = Game.from_code("SP1-S4C-AAAAAAD")
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(1000):
        actions = legal_actions(g)
        if not actions:
            g.restart()
            continue
        action = rng.choice(actions)
        g.deal() if action is None else g.move(action)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15, help="samples per figure (median reported)")
    args = parser.parse_args()

    g, move = mid_game()
    src, count, dst = move.src, move.count, move.dst

    def move_undo() -> None:
        g.move(src, count, dst)
        g.undo()

    def all_destinations() -> None:
        for col in range(10):
            n = g.movable_count(col)
            if n:
                g.legal_destinations(col, n)

    mu = per_call(move_undo, 2000, args.repeat)
    ld = per_call(all_destinations, 2000, args.repeat)
    lm = per_call(lambda: list(g.legal_moves()), 2000, args.repeat)
    po = [playout(seed) for seed in range(args.repeat)]
    print(f"Python {sys.version.split()[0]}, {args.repeat} samples each, medians (p90 in brackets)")
    print(
        f"move+undo                         {statistics.median(mu) * 1e6:7.2f} us  "
        f"({statistics.quantiles(mu, n=10)[-1] * 1e6:.2f})"
    )
    print(
        f"legal_destinations, every column  {statistics.median(ld) * 1e6:7.2f} us  "
        f"({statistics.quantiles(ld, n=10)[-1] * 1e6:.2f})"
    )
    print(
        f"legal_moves, whole table          {statistics.median(lm) * 1e6:7.2f} us  "
        f"({statistics.quantiles(lm, n=10)[-1] * 1e6:.2f})"
    )
    print(
        f"1,000-action random playout       {statistics.median(po) * 1e3:7.2f} ms  "
        f"({statistics.quantiles(po, n=10)[-1] * 1e3:.2f})"
    )


if __name__ == "__main__":
    main()
