"""A screen reader follows and plays a game, through AT-SPI alone.

The game runs on the private desktop with a private D-Bus session and the
AT-SPI bus (at-spi2-core), as on a Linux desktop with Orca on. A separate
client, pyatspi (the library Orca is built on, the system's python3), reads
the window's tree, and listens for what Orca listens for: focus changes and
announcements (the status line is a polite live region). Keys move the
cursor and play; after a move, a refused move (twice: the same sentence is
heard again), a deal, an undo, a run removed and the win the test checks the
focused node and the sentence announced, the very sentence the game's
narration makes for that action.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from game.engine import Game, Move
from game.engine.describe import card_name
from game.engine.errors import IllegalMove
from game.files.storage import Storage
from game.records.share import parse
from game.ui.access.adapter import TOOLKIT
from game.ui.hud.bar import WIN_TEXTS
from game.words.i18n import catalogue
from game.words.narration import Action, refusal, sentence
from tools.orca import LAUNCHER, A11yBus
from tools.xwindow import REPO, Desktop, GameWindow, launch, wait_until

from .conftest import skip_without_tools
from .table import CODE

SYSTEM_PYTHON = "/usr/bin/python3"
CLIENT = str(REPO / "tools" / "atspi_client.py")
TITLE = "Spider Solitaire"


def _missing() -> str | None:
    if shutil.which("dbus-daemon") is None or not Path(LAUNCHER).exists():
        return "dbus and at-spi2-core"
    probe = subprocess.run([SYSTEM_PYTHON, "-c", "import pyatspi"], capture_output=True, check=False, timeout=30)
    return None if probe.returncode == 0 else "python3-pyatspi"


MISSING = _missing() if Path(SYSTEM_PYTHON).exists() else "the system's python3"
pytestmark = [
    pytest.mark.xvfb,
    pytest.mark.slow,
    skip_without_tools(),
    pytest.mark.skipif(MISSING is not None, reason=f"needs {MISSING} (installed by .ci/run)"),
]


class Session:
    """A private D-Bus session with the accessibility bus on, and the game on it."""

    def __init__(self, desktop: Desktop, tmp: Path) -> None:
        self.bus = A11yBus(desktop.env)
        self.env = self.bus.env
        self.desktop, self.tmp = desktop, tmp
        self.game: GameWindow = self.launch(tmp / "data", ["--code", CODE])

    def launch(self, data: Path, args: list[str]) -> GameWindow:
        """The game on this session's buses, with the data folder `data`."""
        game = launch(self.desktop, data, self.tmp / "game.log", args, env=self.env)
        game.park_pointer()
        game.activate()
        return game

    def client(self, *args: str, timeout: float = 30) -> list[dict[str, Any]]:
        out = subprocess.run(
            [SYSTEM_PYTHON, CLIENT, *args], env=self.env, capture_output=True, check=False, timeout=timeout
        )
        return [json.loads(line) for line in out.stdout.decode().splitlines() if line.startswith("{")]

    def tree(self) -> list[dict[str, Any]]:
        """The game's nodes (after the application's own), as pyatspi reads them."""
        return [n for n in self.client("dump", TITLE) if "depth" in n and n["depth"] >= 1]

    def while_listening(
        self, *keys: str, seconds: float = 4.0, until: Callable[[list[dict[str, Any]]], bool] | None = None
    ) -> list[dict[str, Any]]:
        """Press `keys` (xdotool names) while a listener hears focus changes and
        announcements: for `seconds`, or until the events heard so far show
        `until` (the keys are all pressed by then)."""
        listener = subprocess.Popen(
            [SYSTEM_PYTHON, CLIENT, "listen", str(seconds)],
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        assert listener.stdout is not None
        assert json.loads(listener.stdout.readline()) == {"listening": True}
        # No condition to await: the registry tells the game of a new listener
        # on its own time, and nothing shows it from outside.
        time.sleep(0.5)
        self.game.key(*keys, delay_ms=250)  # a listener's pace: each key's events apart
        events: list[dict[str, Any]] = []
        for line in listener.stdout:  # ends when the listener's `seconds` are up
            if line.startswith(b"{"):
                events.append(json.loads(line))
                if until is not None and until(events):
                    listener.terminate()
                    break
        listener.communicate(timeout=seconds + 30)
        return events

    def stop(self) -> None:
        self.game.stop()
        self.bus.stop()


@pytest.fixture(scope="module")
def reader(desktop: Desktop, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Session]:
    session = Session(desktop, tmp_path_factory.mktemp("screen-reader"))
    yield session
    session.stop()


def announced(events: list[dict[str, Any]]) -> list[str]:
    return [e["text"] for e in events if e["type"].startswith("object:announcement")]


def focused(events: list[dict[str, Any]]) -> list[str]:
    return [e["name"] for e in events if e["type"].startswith("object:state-changed:focused")]


def focused_now(reader: Session) -> str:
    """The name of the node that has the focus, read from the tree."""
    (name,) = [n["name"] for n in reader.tree() if n["focused"]]
    return str(name)


WORDS = catalogue("en")


def test_the_window_reads_as_a_table_of_named_cards(reader: Session) -> None:
    assert wait_until(lambda: bool(reader.tree()), 20, 0.5), "no accessible window named " + TITLE
    nodes = reader.tree()
    game = Game.from_code(CODE)
    # The application names its toolkit; its own name is its executable's file
    # (AccessKit's choice, which nothing in the process can change: README).
    (app,) = [r for r in reader.client("dump", TITLE) if "app" in r]
    assert app["toolkit"] == TOOLKIT
    assert nodes[0]["role"] == "frame" and nodes[0]["name"] == TITLE
    names = [n["name"] for n in nodes]
    for label in ("New game", "Undo", "Options", f"Game code {CODE}", "Deal: 5 deals left", "Score 500", "Moves 0"):
        assert label in names
    lists = [n for n in nodes if n["role"] == "list"]
    assert [n["name"].split(":")[0] for n in lists] == [f"Column {i}" for i in range(1, 11)]
    assert lists[0]["name"] == "Column 1: 5 face down, " + card_name(WORDS, game.columns[0][-1])
    for col in (0, 4):
        top = card_name(WORDS, game.columns[col][-1])
        down = sum(1 for c in game.columns[col] if not c.face_up)
        assert f"{down} face-down cards" in names and top in names


def children(nodes: list[dict[str, Any]], parent: dict[str, Any]) -> list[dict[str, Any]]:
    """The nodes right under `parent` in a depth-first dump."""
    start = nodes.index(parent) + 1
    found = []
    for node in nodes[start:]:
        if node["depth"] <= parent["depth"]:
            break
        if node["depth"] == parent["depth"] + 1:
            found.append(node)
    return found


def column(nodes: list[dict[str, Any]], number: int) -> list[dict[str, Any]]:
    (found,) = [n for n in nodes if n["role"] == "list" and n["name"].startswith(f"Column {number}:")]
    return children(nodes, found)


def test_a_card_keeps_its_node_across_a_move_and_an_undo(reader: Session) -> None:
    # A screen reader holds on to a node: the card that comes back is the same node, not a stranger.
    game = Game.from_code(CODE)
    move = next(m for m in game.legal_moves() if m.count == game.movable_count(m.src))
    head = column(reader.tree(), move.src + 1)[-move.count]
    reader.game.key(str(move.src + 1), str(move.dst + 1))  # number keys: the cursor stays hidden
    assert wait_until(lambda: head["id"] in [n["id"] for n in column(reader.tree(), move.dst + 1)], 10, 0.3)
    moved = next(n for n in column(reader.tree(), move.dst + 1) if n["id"] == head["id"])
    assert moved["name"] == head["name"]
    reader.game.key("ctrl+z")
    assert wait_until(lambda: head["id"] in [n["id"] for n in column(reader.tree(), move.src + 1)], 10, 0.3)


def test_every_node_has_its_place_in_the_window_and_on_the_screen(reader: Session) -> None:
    where = reader.game.geometry()
    nodes = reader.tree()
    placed = [n for n in nodes if n["window"] is not None]
    assert len(placed) == len(nodes) > 40  # the window, the HUD, ten columns with their cards
    for node in nodes:
        x, y, width, height = node["window"]
        assert x >= 0 and y >= 0 and x + width <= where.width and y + height <= where.height, node
        assert width > 0 and height > 0, node
        assert node["screen"] == [x + where.x, y + where.y, width, height], node
    # Resized, the nodes follow the new layout.
    small = reader.game.resize(1000, 700)
    assert wait_until(lambda: max(n["window"][0] + n["window"][2] for n in reader.tree()) <= small.width, 10, 0.3)
    reader.game.resize(where.width, where.height)


def test_a_move_a_refused_move_a_deal_and_an_undo_are_focused_and_announced(reader: Session) -> None:
    game = Game.from_code(CODE)
    move = next(m for m in game.legal_moves() if m.count == game.movable_count(m.src))
    start = card_name(WORDS, game.columns[move.src][-move.count])

    # The cursor shows on the first column; to the move's column: its group is focused.
    events = reader.while_listening("Right", *["Right"] * move.src, until=lambda ev: focused(ev)[-1:] == [start])
    assert focused(events)[-1] == start
    # Take it, walk to the destination, drop it: the move is announced as the narration says it.
    steps = move.dst - move.src
    keys = ["Return", *(["Right"] * steps if steps > 0 else ["Left"] * -steps), "Return"]
    expected = sentence(WORDS, game.move(move), Action.PLAY, deals_left=game.deals_left)
    events = reader.while_listening(*keys, until=lambda ev: expected in announced(ev))
    assert expected in announced(events)

    # A refused move: the group just moved, dropped on a column that does not take it; the rule is said.
    here = move.dst
    count = game.movable_count(here)
    there = next(d for d in range(10) if d != here and not game.can_move(Move(here, count, d)))
    try:
        game.check_move(Move(here, count, there))
    except IllegalMove as err:
        reason = err.reason
    steps = there - here
    keys = ["Return", *(["Right"] * steps if steps > 0 else ["Left"] * -steps), "Return"]
    group = card_name(WORDS, game.columns[there][-game.movable_count(there)])
    events = reader.while_listening(
        *keys, until=lambda ev: refusal(WORDS, reason) in announced(ev) and focused(ev)[-1:] == [group]
    )
    assert refusal(WORDS, reason) in announced(events)
    # The focus stays where the cursor is, on the group that refused.
    assert focused(events)[-1] == group
    # Enter again, still holding the group there: the same refusal, heard again.
    events = reader.while_listening("Return")
    assert announced(events) == [refusal(WORDS, reason)]
    reader.game.key("Escape")  # let go of the held group

    # A deal: announced with the deals left; the stock's name follows.
    dealt = sentence(WORDS, game.deal(), Action.PLAY, deals_left=game.deals_left)
    events = reader.while_listening("d", until=lambda ev: dealt in announced(ev))
    assert dealt in announced(events)
    assert any(n["name"] == "Deal: 4 deals left" for n in reader.tree())

    # Undo (Ctrl+Z) takes the deal back, and says so.
    undone = sentence(WORDS, game.undo(), Action.UNDO, deals_left=game.deals_left)
    events = reader.while_listening("ctrl+z", until=lambda ev: undone in announced(ev))
    assert undone in announced(events)
    assert any(n["name"] == "Deal: 5 deals left" for n in reader.tree())


def test_a_screen_readers_press_deals(reader: Session) -> None:
    before = [n["name"] for n in reader.tree() if n["name"].startswith("Deal:")]
    reader.client("do", TITLE, before[0], "click")
    assert wait_until(lambda: any(n["name"] == "Deal: 4 deals left" for n in reader.tree()), 10, 0.3)


def test_the_game_printed_nothing_on_the_way(reader: Session) -> None:
    output = reader.game.output(200)
    assert "Traceback" not in output and "panicked" not in output, output


# A one-suit game won in 198 actions (tests/fixtures/shared), saved five moves
# before its end: the next move removes the seventh run, the fifth wins.
NEAR_WIN = parse((REPO / "tests" / "fixtures" / "shared" / "won-1C.line").read_text(encoding="utf-8"))
LAST_MOVES = 5


def test_a_run_removed_and_the_win_are_announced_and_focused(reader: Session) -> None:
    reader.game.stop()  # the game played so far gives way to one near its end, on the same buses
    data = reader.tmp / "near-win"
    game = NEAR_WIN.game()
    game.play(NEAR_WIN.record[:-LAST_MOVES])
    assert Storage(data).save_game(game, started=True) is None
    reader.game = reader.launch(data, [])
    runs = "6 runs removed (spades, spades, spades, spades, spades, spades)"
    assert wait_until(lambda: any(n["name"] == runs for n in reader.tree()), 20, 0.5), "the saved game was not resumed"

    # The cursor shows on the first column; 3 takes column 3's group (twelve
    # spades, king to 2) and 0 drops it on column 10's ace: the run goes.
    move = NEAR_WIN.record[-LAST_MOVES]
    assert move == "3:12>10"
    said = sentence(WORDS, game.play([move]), Action.PLAY, deals_left=0)
    assert "run of spades removed from column 10" in said
    rest = card_name(WORDS, game.columns[9][-game.movable_count(9)])
    events = reader.while_listening(
        "Right", "3", "0", until=lambda ev: said in announced(ev) and focused(ev)[-1:] == [rest]
    )
    assert said in announced(events)
    # The focus is where the cursor is: on column 10's group, what is left of it.
    assert focused_now(reader) == rest

    # Three more moves, then the last one wins: announced with the score and the moves.
    assert NEAR_WIN.record[-4:] == ("5:7>10", "10:8>7", "10>3", "7:8>3")
    sentences = [sentence(WORDS, game.play([token]), Action.PLAY, deals_left=0) for token in NEAR_WIN.record[-4:]]
    events = reader.while_listening(
        "5",
        "0",
        "0",
        "7",
        "0",
        "3",
        "7",
        "3",
        seconds=6,
        until=lambda ev: sentences[-1] in announced(ev) and focused(ev)[-1:] == ["Column 3: empty"],
    )
    for said in sentences:
        assert said in announced(events)
    assert game.is_won and said.endswith(f"game won: score {game.score} in {game.moves} moves.")
    # The table is empty: the focus stays on the cursor's column (3), which says
    # so; the win panel's buttons are there to press.
    assert focused_now(reader) == "Column 3: empty"
    wanted = [WORDS[key] for key in WIN_TEXTS.values()]

    def buttons() -> dict[str, bool]:
        return {n["name"]: n["enabled"] for n in reader.tree() if n["role"] == "push button"}

    assert wait_until(lambda: all(buttons().get(name) for name in wanted), 10, 0.3), buttons()
