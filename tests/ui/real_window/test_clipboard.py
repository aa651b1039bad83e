"""The clipboard between the game and other X clients, hostile ones included.

- a clipboard owner that never answers (xclip, stopped with SIGSTOP): Ctrl+V
  in New game's code field must not freeze the game, and Ctrl+Q quits;
- a 50,000-action line held by xsel, which sends large texts in increments
  (INCR): pasted into New game and watched, it opens its replay and never
  touches the saved game;
- text the game copies (the F1 description in Italian and Spanish) reaches
  other X clients (xclip, xsel) whole, accented letters and all.
"""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from long_games import back_and_forth

from game.engine import Game
from game.ui.input.keymap import questions
from game.words.i18n import Translator, catalogue
from tools.xwindow import Desktop, stop, wait_until

from .conftest import skip_without_tools
from .table import CODE, GAME_FILE, Table, open_table, settle_opening

pytestmark = [
    pytest.mark.xvfb,
    pytest.mark.slow,
    skip_without_tools(),
    pytest.mark.skipif(not (shutil.which("xclip") and shutil.which("xsel")), reason="needs xclip and xsel"),
]


@pytest.fixture
def tables() -> Iterator[list[Table]]:
    opened: list[Table] = []
    yield opened
    for table in opened:
        table.window.stop()


def owned_by(desktop: Desktop, argv: list[str], text: str) -> subprocess.Popen[bytes]:
    """Another application owning the clipboard with `text`, until stopped."""
    owner = subprocess.Popen(argv, env=desktop.env, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
    assert owner.stdin is not None
    owner.stdin.write(text.encode("utf-8"))
    owner.stdin.close()

    def taken() -> bool:
        try:  # until the owner has taken it, xclip finds nothing (or the last owner's): asked again
            return desktop.run("xclip", "-o", "-selection", "clipboard", timeout=20) == text
        except RuntimeError:
            return False

    assert wait_until(taken, 10.0, 0.05), f"{argv[0]} did not take the clipboard"
    return owner


def paste_into_new_game(table: Table) -> None:
    """Ctrl+N, the code field (Shift+Tab from Play), Ctrl+V: the keys only."""
    table.open_screen("new")  # until it shows (a frame missed is test_keyboard's): the keys reach it
    table.window.key("shift+Tab", "ctrl+v")


def test_a_clipboard_owner_that_never_answers_does_not_freeze_the_game(
    desktop: Desktop, tmp_path: Path, tables: list[Table]
) -> None:
    """Once seen: with the owner stopped, Ctrl+V locked the game at 100 % of a
    core and Ctrl+Q did nothing for as long as it was watched (65 s)."""
    table = open_table(desktop, tmp_path, "stopped-owner", ["--code", CODE, "--size", "1280x800"])
    tables.append(table)
    settle_opening(table)
    owner = owned_by(desktop, ["xclip", "-i", "-selection", "clipboard", "-quiet"], "SP1-S2F-SPIDER2")
    owner.send_signal(signal.SIGSTOP)
    try:
        paste_into_new_game(table)
        table.window.key("ctrl+q")
        status = table.window.wait_exit(5.0)  # a generous deadline: only a freeze fails it
    finally:
        owner.send_signal(signal.SIGCONT)
        stop(owner)
    assert status == 0, f"Ctrl+Q did not quit while the clipboard's owner was stopped (status {status})"


def test_a_long_line_sent_in_increments_is_watched_and_never_touches_the_saved_game(
    desktop: Desktop, tmp_path: Path, tables: list[Table]
) -> None:
    """Once seen: a legal 50,000-action line pasted as nothing (its owner sent
    it in increments), so Enter began a random deal over the saved game."""
    table = open_table(desktop, tmp_path, "long-line", ["--code", CODE, "--size", "1280x800"])
    tables.append(table)
    settle_opening(table)
    assert table.check_double_click("a move to keep") == []
    saved = (tmp_path / "data" / GAME_FILE).read_bytes()
    owner = owned_by(desktop, ["xsel", "--clipboard", "--input", "--nodetach"], back_and_forth(50_000))
    try:
        paste_into_new_game(table)
        table.window.key("Return")  # Play: a line is watched
        time.sleep(3.0)  # the point: a deal begun instead of the replay would be saved within it
        assert (tmp_path / "data" / GAME_FILE).read_bytes() == saved, "the pasted line changed the saved game"
        table.window.key("Escape")  # leave the replay: the game in progress, as it was
        assert table.shows_table(10.0), "leaving the replay did not show the game in progress"
        table.window.key("ctrl+q")
        assert table.window.wait_exit(10.0) == 0
    finally:
        stop(owner)
    # The same game, its time played aside: the seconds back at the table before Ctrl+Q count.
    after, before = json.loads((tmp_path / "data" / GAME_FILE).read_bytes()), json.loads(saved)
    assert after.pop("seconds") >= before.pop("seconds")
    assert after == before, "watching the line changed the saved game"


@pytest.mark.parametrize("lang", ["it", "es"])
def test_text_the_game_copies_reaches_another_application_whole(
    desktop: Desktop, tmp_path: Path, tables: list[Table], lang: str
) -> None:
    """Once seen: the Spanish description (551 characters) arrived as 539,
    one byte lost per accented letter."""
    table = open_table(desktop, tmp_path, f"copy-{lang}", ["--code", CODE, "--size", "1280x800", "--lang", lang])
    tables.append(table)
    settle_opening(table)
    table.open_screen("describe")  # until it shows (a frame missed is test_keyboard's)
    table.window.key("Tab", "Return")  # the description's Copy
    # F1's text: the table in words, then the keys that ask without looking.
    described = f"{Game.from_code(CODE).describe(catalogue(lang))}\n{questions(Translator(lang).t)}"
    assert lang == "it" or any(ord(c) > 127 for c in described), "the Spanish one has accented letters"

    def got() -> str:
        return desktop.run("xclip", "-o", "-selection", "clipboard", timeout=20)

    assert wait_until(lambda: got() == described, 10.0), f"another application read {got()!r}"
    assert desktop.run("xsel", "--clipboard", "--output", timeout=20) == described
