"""A blind player plays with the real Orca: what Orca speaks, read from its debug log.

Debian 12's Orca (43.1) runs on a private D-Bus and AT-SPI session with the
game in a real window (tools/orca.py). It ignores AT-SPI announcements, so
until the game gave each sentence a second way (the focused node's
description: game/ui/app/reader_speech.py) it said no result at all; and on
X11 it hears keys only through the application, so its own commands (flat
review, where-am-I) did nothing until the game handed them on
(game/ui/app/reader_keys.py). Each step below presses keys as a player
would and checks what Orca says: the very sentence the game's narration
makes for that action.

To read a dialog (Options: its title, then a control with its option's name
and state), a test opens it the same way: ``orca.after(lambda: game.key("ctrl+o"))``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from game.engine import Game, Move
from game.engine.describe import card_name
from game.engine.errors import IllegalMove
from game.words.i18n import catalogue
from game.words.narration import Action, column_summary, drop_hint, put_back, refusal, sentence, taken
from tools.orca import A11yBus, Orca, missing
from tools.xwindow import Desktop, GameWindow, launch

from .conftest import skip_without_tools
from .table import CODE

MISSING = missing()
pytestmark = [
    pytest.mark.xvfb,
    pytest.mark.slow,
    skip_without_tools(),
    pytest.mark.skipif(MISSING is not None, reason=f"needs {MISSING} (installed by .ci/run)"),
]
WORDS = catalogue("en")
KEY = {col: str((col + 1) % 10) for col in range(10)}  # the number key of each column


@dataclass
class Player:
    """Orca and the game on one private session."""

    bus: A11yBus
    orca: Orca
    game: GameWindow

    def hears(self, *keys: str) -> list[str]:
        """Press `keys` in the game's window: what Orca says, then."""
        return self.orca.after(lambda: self.game.key(*keys, delay_ms=150))


@pytest.fixture(scope="module")
def player(desktop: Desktop, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Player]:
    tmp = tmp_path_factory.mktemp("orca")
    bus = A11yBus(desktop.env)
    try:
        orca = Orca(bus, tmp / "orca")
    except RuntimeError:
        bus.stop()
        raise
    game = None
    try:
        game = launch(desktop, tmp / "data", tmp / "game.log", ["--code", CODE], env=bus.env)
        game.park_pointer()
        game.activate()
        # Orca reads the window as it gets the focus.
        assert orca.wait_for(lambda said: any("Spider Solitaire" in line for line in said), 20), orca.said
        yield Player(bus, orca, game)
    finally:
        if game is not None:
            game.stop()
        orca.stop()
        bus.stop()


def heard(said: list[str], text: str) -> bool:
    """Orca said `text` (it ends each utterance with a full stop of its own)."""
    want = text.rstrip(".")
    return any(want in line for line in said)


def steps(src: int, dst: int) -> list[str]:
    return ["Right"] * (dst - src) if dst > src else ["Left"] * (src - dst)


def test_orca_speaks_every_result_of_a_game(player: Player) -> None:
    game = Game.from_code(CODE)

    # The cursor onto a column: its name says what it holds, then its card.
    said = player.hears("Right")
    assert heard(said, column_summary(WORDS, 1, game.columns[0])), said
    assert heard(said, card_name(WORDS, game.columns[0][-1])), said

    # A move: its group taken, then the move's own sentence.
    move = next(m for m in game.legal_moves() if m.count == game.movable_count(m.src))
    group = game.columns[move.src][-move.count :]
    said = player.hears(KEY[move.src])
    assert heard(said, taken(WORDS, group)), said
    said = player.hears(KEY[move.dst])
    assert heard(said, sentence(WORDS, game.move(move), Action.PLAY, deals_left=game.deals_left)), said

    # A refused move: held over a column that cannot take it, the cursor says
    # so; dropped there, the rule is said. Esc puts the group back.
    here = move.dst
    count = game.movable_count(here)
    there = next(d for d in range(10) if d != here and not game.can_move(Move(here, count, d)))
    try:
        game.check_move(Move(here, count, there))
    except IllegalMove as err:
        reason = err.reason
    held = game.columns[here][-count:]
    player.hears("Return")  # the cursor is on the column the move went to: take its group
    said = player.hears(*steps(here, there))
    assert heard(said, drop_hint(WORDS, held, None, reason)), said
    said = player.hears("Return")
    assert heard(said, refusal(WORDS, reason)), said
    said = player.hears("Escape")
    assert heard(said, put_back(WORDS, held)), said

    # A deal, and its undo: each said.
    said = player.hears("d")
    dealt = sentence(WORDS, game.deal(), Action.PLAY, deals_left=game.deals_left)
    assert heard(said, dealt), said
    said = player.hears("ctrl+z")
    undone = sentence(WORDS, game.undo(), Action.UNDO, deals_left=game.deals_left)
    assert heard(said, undone), said

    # L says the last sentence again.
    said = player.hears("l")
    assert heard(said, undone), said


def test_orcas_own_keys_reach_it_flat_review_and_where_am_i(player: Player) -> None:
    game = Game.from_code(CODE)
    player.hears("Escape", "Escape")
    player.hears("Left", "Left")  # the cursor somewhere on the table
    # Where am I (keypad Enter): Orca reads the focused card where it is. (The
    # game never sees the key: keypad Enter would have taken a group.)
    said = player.hears("KP_Enter")
    assert any(heard(said, card_name(WORDS, card)) for column in game.columns for card in column), said
    # Flat review: the table read line by line, across the columns.
    said = player.hears("KP_Subtract")
    assert heard(said, "Entering flat review"), said
    said = [line for _ in range(4) for line in player.hears("KP_Home")]  # line after line up the table
    assert any(line.count(" of spades") >= 2 for line in said), said  # a row of cards across the columns
    said = player.hears("KP_Subtract")
    assert heard(said, "Leaving flat review"), said


def test_options_are_read_as_what_they_are_and_a_press_is_heard(player: Player) -> None:
    """Options: its title, then each option named by what it sets, with its
    state and its explanation; a check box pressed says its new state; a
    choice is a radio button in a group named by its option, chosen or not."""
    player.hears("Escape", "Escape")
    said = player.hears("ctrl+o")
    assert heard(said, "Options dialog") or any(line.startswith("Options dialog") for line in said), said
    assert heard(said, "Double-click check box checked"), said
    assert heard(said, "Double-clicking a card sends it to the best column"), said
    said = player.hears("Down")  # to the next option
    assert any("Click to move" in line and "check box" in line and "not checked" in line for line in said), said
    said = player.hears("space")  # pressed: it says it is checked now
    assert any("checked" in line and "not checked" not in line for line in said), said
    said = player.hears("space")  # as it was
    assert any("not checked" in line for line in said), said
    for _ in range(4):  # past the other on/off options, into the animations' choices
        said = player.hears("Down")
    assert heard(said, "Animations panel") and any("radio button" in line for line in said), said
    player.hears("Escape")


def test_the_game_printed_nothing_on_the_way(player: Player) -> None:
    output = player.game.output(200)
    assert "Traceback" not in output and "panicked" not in output, output
    assert Path(player.orca.log).stat().st_size > 0
