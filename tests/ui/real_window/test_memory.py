"""Screens opened and closed for an evening give back what they took.

Once seen: every screen opened kept 8 to 16 MB that closing never gave back
(an evening of Statistics after each game passed 1 GB). Here, in a real
window, every screen is opened by its key and closed with Esc, 50 rounds;
the game's resident memory (/proc) after the last round stays within a few
megabytes of what it was after the tenth. A soak: `make soak` runs it (the
in-process test of the dialogs' traced memory runs in `make test`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import skip_without_tools
from .table import SCREEN_KEYS, SharedGame, Table

pytestmark = [pytest.mark.xvfb, pytest.mark.slow, pytest.mark.soak, skip_without_tools()]

ROUNDS = 50
MEASURED_FROM = 10  # rounds: by then every screen, its texts and the backdrop have been made
GROWTH = 8 * 1024  # KiB: far less than one screen's worth kept per open (8 to 16 MB once)


@pytest.fixture(scope="module")
def table(shared_game: SharedGame) -> Table:
    return shared_game.ready("memory")


def resident_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text(encoding="utf-8").splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError(f"no VmRSS for process {pid}")


def test_fifty_rounds_of_every_screen_keep_the_memory_flat(table: Table) -> None:
    window = table.window
    window.park_pointer()
    window.activate()
    window.settled()
    names = [name for name in SCREEN_KEYS if name != "restart" or table.record]  # Restart asks once a move was made
    sizes: dict[int, int] = {}
    for done in range(1, ROUNDS + 1):
        for name in names:
            assert table.open_screen(name) is not None, f"round {done}: {SCREEN_KEYS[name]} did not open its screen"
            assert table.close_screen(), f"round {done}: Esc did not bring the table back from {name}"
        if done in (MEASURED_FROM, ROUNDS):
            window.settled()
            sizes[done] = resident_kib(window.proc.pid)
    grown = sizes[ROUNDS] - sizes[MEASURED_FROM]
    assert grown < GROWTH, (
        f"the game's memory grew by {grown / 1024:.1f} MB from round {MEASURED_FROM} to round {ROUNDS} of opening "
        f"and closing {', '.join(names)} ({sizes[MEASURED_FROM] / 1024:.0f} MB to {sizes[ROUNDS] / 1024:.0f} MB)"
    )
