"""Save and load benchmark (not a timed test): prints medians of the file work.

    python tools/bench_saves.py [--repeat N] [--fsync]

- save: `Storage.save_game` of a 200-action game, as after every action.
  fsync is replaced by a no-op unless --fsync: its cost belongs to the disk
  and to whatever else runs on the machine, not to our code.
- load 100k: `Storage.load_game` of a 100,000-action game (read, decode,
  replay), the largest record the launch is asked to handle in the tests.
- launch: `Session.open` on a folder holding the three files of a typical
  game (lock, stale-temporary sweep, three loads), then `close`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import Game
from game.files.storage import Storage
from game.play.session import Session
from game.records.stats import Stats


def shuttle_game(actions: int) -> Game:
    """A real deal in which one card goes back and forth (as in the tests)."""
    game = Game.from_code("SP1-S1C-AAAAAAD")
    game.play("6>1 9>4")
    for n in range(actions - 2):
        game.move(3, 1, 4) if n % 2 == 0 else game.move(4, 1, 3)
    return game


def typical_game(actions: int) -> Game:
    game = Game.from_code("SP1-S4C-AAAAAAD")
    for _ in range(actions):
        move = next(iter(game.legal_moves()), None)
        if move is not None:
            game.move(move)
        elif game.can_deal():
            game.deal()
        else:
            break
    return game


def median_ms(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=31)
    parser.add_argument("--fsync", action="store_true", help="count the real fsync too")
    args = parser.parse_args()
    if not args.fsync:
        os.fsync = lambda fd: None  # the disk's share, see the docstring
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        store = Storage(folder)
        game = typical_game(200)
        save_ms = median_ms(lambda: store.save_game(game, True), args.repeat)
        print(f"save ({len(game.record.split())} actions): {save_ms:.3f} ms")
        long_game = shuttle_game(100_000)
        store.save_game(long_game, True)
        size = (folder / "game.json").stat().st_size
        repeat = max(3, args.repeat // 10)
        print(f"load 100k actions ({size // 1000} KB): {median_ms(store.load_game, repeat):.0f} ms")
        store.save_game(game, True)
        store.save_stats(Stats())

        def launch() -> None:
            session, _ = Session.open(folder, environ={})
            session.close()

        print(f"launch (lock + 3 files, 200-action game): {median_ms(launch, args.repeat):.2f} ms")


if __name__ == "__main__":
    main()
