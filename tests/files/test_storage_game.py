"""The game in progress on disk: it resumes where it was with its undo
history, a bad one is set aside, every save reaches the disk, one size limit
holds for the saver and the loader, and a kill -9 loses at most the action
being played. No OpenGL here; the other files are in test_storage.py.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from data_folder import STAMP, assert_moved_aside, storage
from engine.tables import table
from game_process import ROOT

from game.engine import Game, Rule
from game.files.storage import DataFile, Notice, NoticeKind, Storage

GAME_FILE = DataFile.GAME
UNREADABLE = NoticeKind.UNREADABLE


def play_some(game: Game, actions: int) -> Game:
    """Make `actions` legal actions: the first legal move scanning columns, else a deal."""
    for _ in range(actions):
        moved = False
        for src in range(10):
            count = game.movable_count(src)
            if count and (dst := game.best_destination(src, count)) is not None:
                game.move(src, count, dst)
                moved = True
                break
        if not moved:
            game.deal()
    return game


# ---- the game in progress ---------------------------------------------------


def test_no_saved_game_is_not_an_error(tmp_path: Path) -> None:
    assert storage(tmp_path).load_game() == (None, [])


def test_game_resumes_where_it_was_with_its_undo_history(tmp_path: Path) -> None:
    game = play_some(Game.from_code("SP1-S2F-AAAAAAB"), 12)
    storage(tmp_path).save_game(game, started=True)
    saved, notices = storage(tmp_path).load_game()
    assert notices == [] and saved is not None and saved.started
    resumed = saved.game
    assert (resumed.code, resumed.record, resumed.score, resumed.moves) == (
        game.code,
        game.record,
        game.score,
        game.moves,
    )
    assert resumed.to_text() == game.to_text()
    resumed.undo()
    game.undo()
    assert resumed.to_text() == game.to_text()


def test_a_resumed_game_can_still_redo_what_was_undone_and_remembers_the_undos(tmp_path: Path) -> None:
    game = play_some(Game.from_code("SP1-S2F-AAAAAAB"), 12)
    for _ in range(5):
        game.undo()
    game.redo()
    storage(tmp_path).save_game(game, started=True)
    written = json.loads((tmp_path / GAME_FILE).read_text(encoding="utf-8"))
    assert (written["redo"], written["undos"]) == (game.redo_record, 5)
    saved, _ = storage(tmp_path).load_game()
    assert saved is not None
    resumed = saved.game
    assert (resumed.record, resumed.redo_record, resumed.undos) == (game.record, game.redo_record, 5)
    while game.can_redo:
        assert resumed.redo() == game.redo()
    assert resumed.to_text() == game.to_text() and not resumed.can_redo
    for _ in range(100):  # undo reaches as far back as in the game that was saved
        assert resumed.can_undo == game.can_undo
        if not game.can_undo:
            break
        assert resumed.undo() == game.undo()


def test_more_to_redo_than_undo_can_reach_is_a_bad_file(tmp_path: Path) -> None:
    start = table({1: "| TS 9S", 2: "| TS"}).start_text()
    redo = " ".join("1>2" if i % 2 == 0 else "2>1" for i in range(101))  # each legal, one too many
    content = json.dumps({"version": 1, "code": None, "start": start, "record": "", "redo": redo}).encode()
    (tmp_path / GAME_FILE).write_bytes(content)
    assert storage(tmp_path).load_game() == (None, [Notice(UNREADABLE, GAME_FILE, f"{GAME_FILE}.bad-{STAMP}")])
    redo = " ".join(redo.split()[:100])
    (tmp_path / GAME_FILE).write_text(json.dumps({"version": 1, "start": start, "record": "", "redo": redo}))
    saved, notices = storage(tmp_path).load_game()
    assert notices == [] and saved is not None and saved.game.redo_record == redo


def test_a_game_whose_actions_were_all_undone_still_counts_after_a_relaunch(tmp_path: Path) -> None:
    game = play_some(Game.from_code("SP1-S1C-AAAAAAD"), 2)
    game.undo()
    game.undo()
    storage(tmp_path).save_game(game, started=True)
    saved, _ = storage(tmp_path).load_game()
    assert saved is not None and saved.game.record == "" and saved.started


def test_a_version_1_game_without_the_started_flag_counts_when_it_has_actions(tmp_path: Path) -> None:
    for record, started in (("6>1", True), ("", False)):
        data = {"version": 1, "code": "SP1-S1C-AAAAAAD", "start": None, "record": record}
        (tmp_path / GAME_FILE).write_text(json.dumps(data), encoding="utf-8")
        saved, notices = storage(tmp_path).load_game()
        assert notices == [] and saved is not None and saved.started is started


def test_game_made_from_text_resumes_from_its_first_table(tmp_path: Path) -> None:
    start = play_some(Game.random(4, Rule.FLEXIBLE, seed=9), 3).to_text()
    game = play_some(Game.from_text(start), 4)
    assert game.code is None
    storage(tmp_path).save_game(game, started=True)
    saved, notices = storage(tmp_path).load_game()
    assert notices == [] and saved is not None
    assert saved.game.to_text() == game.to_text() and saved.game.record == game.record


BAD_GAMES = {
    "illegal action": {"code": "SP1-S1C-AAAAAAD", "record": "1>1"},
    "unreadable action": {"code": "SP1-S1C-AAAAAAD", "record": "jump"},
    "bad code": {"code": "SP9-S1C-AAAAAAD", "record": ""},
    "bad start text": {"code": None, "start": "Variant: S3C", "record": ""},
    "no game at all": {"record": ""},
    "record not text": {"code": "SP1-S1C-AAAAAAD", "record": ["1>2"]},
    "code not text": {"code": 12, "record": ""},
    "started not a bool": {"code": "SP1-S1C-AAAAAAD", "record": "", "started": "yes"},
    "redo the rules refuse": {"code": "SP1-S1C-AAAAAAD", "record": "6>1", "redo": "6>1"},
    "redo not text": {"code": "SP1-S1C-AAAAAAD", "record": "", "redo": 5},
    "undos not a count": {"code": "SP1-S1C-AAAAAAD", "record": "", "undos": -1},
    "late but no deal of the day": {"code": "SP1-S1C-AAAAAAD", "record": "", "late": True},
}


@pytest.mark.parametrize("data", BAD_GAMES.values(), ids=BAD_GAMES.keys())
def test_a_game_that_cannot_be_replayed_is_moved_aside(tmp_path: Path, data: dict[str, object]) -> None:
    content = json.dumps({"version": 1, **data}).encode()
    (tmp_path / GAME_FILE).write_bytes(content)
    game, notices = storage(tmp_path).load_game()
    assert game is None
    assert notices == [Notice(UNREADABLE, GAME_FILE, f"{GAME_FILE}.bad-{STAMP}")]
    assert_moved_aside(tmp_path, GAME_FILE, content)


def test_every_save_reaches_the_disk_before_it_replaces_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # How long a save takes is measured by the benchmarks, not asserted here.
    store = storage(tmp_path)
    game = play_some(Game.random(4, seed=3), 200)
    synced: list[int] = []
    monkeypatch.setattr("game.files.atomic_files.os.fsync", synced.append)
    for _ in range(41):
        store.save_game(game, started=True)
    assert len(synced) == 41


# ---- one size limit for the saver and the loader -------------------------------


def shuttle_game(actions: int) -> Game:
    """A real deal in which one card goes back and forth `actions` times."""
    game = Game.from_code("SP1-S1C-AAAAAAD")
    game.play("6>1 9>4")  # now 4>5 and 5>4 are both legal, again and again
    for n in range(actions - 2):
        game.move(3, 1, 4) if n % 2 == 0 else game.move(4, 1, 3)
    return game


@pytest.mark.slow
def test_a_100000_action_game_is_saved_and_resumed(tmp_path: Path) -> None:
    game = shuttle_game(100_000)
    assert storage(tmp_path).save_game(game, started=True) is None
    assert (tmp_path / GAME_FILE).stat().st_size > 400_000
    saved, notices = storage(tmp_path).load_game()
    assert notices == [] and saved is not None
    assert saved.game.moves == 100_000 and saved.game.to_text() == game.to_text()


def test_the_saver_never_writes_what_the_loader_refuses(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # One limit, shared: lower it so a real game passes it, and the save is
    # refused (the last good save kept) instead of writing a file that would
    # be thrown away at the next launch.
    store = storage(tmp_path)
    game = shuttle_game(10)
    assert store.save_game(game, started=True) is None
    kept = (tmp_path / GAME_FILE).read_bytes()
    monkeypatch.setattr("game.files.atomic_files.MAX_FILE_BYTES", len(kept) + 20)
    game.play("4>5 5>4 4>5 5>4 4>5 5>4 4>5 5>4")
    assert store.save_game(game, started=True) == Notice(NoticeKind.TOO_LARGE, GAME_FILE)
    assert (tmp_path / GAME_FILE).read_bytes() == kept
    saved, notices = store.load_game()
    assert notices == [] and saved is not None and saved.game.moves == 10


CHILD = textwrap.dedent(
    """
    import sys
    from game.engine import Game
    from game.files.storage import Storage

    store = Storage(sys.argv[1])
    game = Game.from_code("SP1-S1C-AAAAAAD")
    while True:  # every legal action in turn, forever, saving after each
        for src in range(10):
            count = game.movable_count(src)
            dst = game.best_destination(src, count) if count else None
            if dst is not None:
                game.move(src, count, dst)
                break
        else:
            if game.can_deal():
                game.deal()
            else:
                game.move(0, 1, 1) if game.can_move(0, 1, 1) else None
        store.save_game(game, started=True)
        print(game.record, flush=True)
    """
)


def test_kill_9_loses_at_most_the_action_being_played(tmp_path: Path) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(tmp_path)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        seen = ""
        for _ in range(25):
            line = child.stdout.readline()
            assert line, "the child stopped before being killed"
            seen = line.strip()
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=10)
    assert child.returncode == -signal.SIGKILL
    saved, notices = Storage(tmp_path).load_game()
    assert notices == [] and saved is not None
    # The child may have run ahead of what we read, never behind it, and
    # whatever is on disk is a whole, replayable game.
    assert saved.game.record.startswith(seen)
    assert len(seen.split()) >= 25
    assert not list(tmp_path.glob("*.bad-*"))
