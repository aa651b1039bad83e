"""The player's files: round trips, crash safety, and every kind of bad file.

No OpenGL here. Each test gets its own data folder (pytest's tmp_path) and a
pinned clock, so files moved aside have names we can predict. The generic
mechanisms (regular files only, the size limit, atomic writes) are tested in
test_atomic_files.py; random files in test_storage_fuzz.py.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from datetime import datetime
from pathlib import Path

import pytest

from game.atomic_files import MAX_FILE_BYTES
from game.engine import Game, Rule
from game.settings import Settings
from game.stats import Stats
from game.storage import DataFile, Notice, NoticeKind, Storage, resolve_data_dir

GAME_FILE, SETTINGS_FILE, STATS_FILE = DataFile.GAME, DataFile.SETTINGS, DataFile.STATS
UNREADABLE, NEWER = NoticeKind.UNREADABLE, NoticeKind.NEWER_VERSION

ROOT = Path(__file__).resolve().parent.parent
NOW = datetime(2026, 11, 30, 23, 15, 0)
STAMP = "20261130-231500"


def storage(folder: Path, lang: str = "en_GB.UTF-8") -> Storage:
    return Storage(folder, clock=lambda: NOW, environ={"LANG": lang})


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


# ---- where the files live ---------------------------------------------------


def test_data_dir_flag_beats_environment_beats_platform_default(tmp_path: Path) -> None:
    env = {"SPIDER_DATA_DIR": str(tmp_path / "env")}
    assert resolve_data_dir(str(tmp_path / "cli"), env) == tmp_path / "cli"
    assert resolve_data_dir(None, env) == tmp_path / "env"
    default = resolve_data_dir(None, {})
    assert default.name.lower() == "spider"
    assert resolve_data_dir("~/x", {}) == Path.home() / "x"


# ---- settings ---------------------------------------------------------------


def test_first_launch_has_default_settings_in_the_system_language(
    tmp_path: Path,
) -> None:
    settings, notices = storage(tmp_path, "it_IT.UTF-8").load_settings()
    assert settings == Settings(language="it")
    assert notices == []
    assert not (tmp_path / SETTINGS_FILE).exists()  # nothing written until the player changes something


def test_settings_round_trip(tmp_path: Path) -> None:
    store = storage(tmp_path)
    changed = Settings(
        double_click=False,
        auto_placement=True,
        placement_help=False,
        interactive_rules=False,
        animation_speed="slow",
        language="es",
        fullscreen=True,
        four_colour=True,
    )
    assert store.save_settings(changed) is None
    assert storage(tmp_path).load_settings() == (changed, [])


def test_unknown_keys_of_our_own_version_are_ignored(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_text(
        json.dumps({"version": 1, "language": "it", "music": "loud", "fullscreen": True}), encoding="utf-8"
    )
    settings, notices = storage(tmp_path).load_settings()
    assert (settings.language, settings.fullscreen, settings.double_click) == ("it", True, True)
    assert notices == []
    assert (tmp_path / SETTINGS_FILE).exists()  # not moved: nothing was wrong


def assert_moved_aside(folder: Path, name: str, original: bytes) -> None:
    moved = folder / f"{name}.bad-{STAMP}"
    assert moved.read_bytes() == original, "the bad file is kept, byte for byte"


BAD_SETTINGS = {
    "truncated": b'{"double_click": true, "langu',
    "not utf-8": b'{"language": "\xff\xfe"}',
    "a list": b'["en", true]',
    "a string": b'"hello"',
    "empty": b"",
    "binary": bytes(range(256)),
}


@pytest.mark.parametrize("content", BAD_SETTINGS.values(), ids=BAD_SETTINGS.keys())
def test_unreadable_settings_are_moved_aside_and_defaults_used(tmp_path: Path, content: bytes) -> None:
    (tmp_path / SETTINGS_FILE).write_bytes(content)
    settings, notices = storage(tmp_path).load_settings()
    assert settings == Settings()
    assert notices == [Notice(UNREADABLE, SETTINGS_FILE, f"{SETTINGS_FILE}.bad-{STAMP}")]
    assert_moved_aside(tmp_path, SETTINGS_FILE, content)
    assert not (tmp_path / SETTINGS_FILE).exists()


@pytest.mark.parametrize(
    "bad",
    [
        {"double_click": "false"},  # a string where a bool belongs: "false" is truthy!
        {"double_click": 0},
        {"animation_speed": "warp"},
        {"language": "fr"},
        {"language": ["it"]},
        {"fullscreen": None},
        {"variant": "3C"},
    ],
)
def test_wrongly_typed_settings_keep_the_valid_ones(tmp_path: Path, bad: dict[str, object]) -> None:
    content = json.dumps(
        {"version": 1, "four_colour": True, "animation_speed": "fast", "language": "es", **bad}
    ).encode()
    (tmp_path / SETTINGS_FILE).write_bytes(content)
    settings, notices = storage(tmp_path).load_settings()
    assert [n.kind for n in notices] == [UNREADABLE]
    assert_moved_aside(tmp_path, SETTINGS_FILE, content)
    (name,) = bad
    assert getattr(settings, name) == getattr(Settings(), name), "the bad value falls back to its default"
    assert settings.four_colour is True
    # The repaired settings are written back, so the next launch is clean.
    assert storage(tmp_path).load_settings() == (settings, [])


def test_oversized_file_is_moved_aside_unread(tmp_path: Path) -> None:
    content = b'{"version": 1, "language": "it", "pad": "' + b"x" * MAX_FILE_BYTES + b'"}'
    (tmp_path / SETTINGS_FILE).write_bytes(content)
    settings, notices = storage(tmp_path).load_settings()
    assert settings.language == "en" and len(notices) == 1
    assert_moved_aside(tmp_path, SETTINGS_FILE, content)


def test_a_second_bad_file_in_the_same_second_does_not_overwrite_the_first(
    tmp_path: Path,
) -> None:
    for content in (b"first", b"second"):
        (tmp_path / SETTINGS_FILE).write_bytes(content)
        storage(tmp_path).load_settings()
    assert (tmp_path / f"{SETTINGS_FILE}.bad-{STAMP}").read_bytes() == b"first"
    assert (tmp_path / f"{SETTINGS_FILE}.bad-{STAMP}-1").read_bytes() == b"second"


def test_a_folder_that_cannot_be_written_gives_a_notice_not_a_crash(
    tmp_path: Path,
) -> None:
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("x")
    notice = Storage(blocker / "spider").save_settings(Settings())
    assert notice == Notice(NoticeKind.NOT_SAVED, SETTINGS_FILE)


def test_a_file_where_the_folder_should_be_is_no_files_at_all(tmp_path: Path) -> None:
    # Nothing to read and nothing moved aside: the saves will say what is wrong.
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("x")
    store = Storage(blocker / "spider")
    assert (store.load_settings()[1], store.load_stats()[1], store.load_game()) == ([], [], (None, []))


def test_writes_leave_no_temporary_files(tmp_path: Path) -> None:
    store = storage(tmp_path)
    for _ in range(3):
        store.save_settings(Settings())
        store.save_stats(Stats())
        store.save_game(Game.random(1, seed=5), started=False)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([SETTINGS_FILE, STATS_FILE, GAME_FILE])


# ---- statistics file --------------------------------------------------------


def test_stats_round_trip(tmp_path: Path) -> None:
    stats = Stats()
    stats["2F"].add_win(1183, 117)
    stats["2F"].add_loss()
    stats["4C"].add_loss()
    storage(tmp_path).save_stats(stats)
    loaded, notices = storage(tmp_path).load_stats()
    assert notices == []
    assert loaded.to_json() == stats.to_json()
    assert loaded["2F"].best_score == 1183 and loaded["2F"].fewest_moves == 117


@pytest.mark.parametrize(
    "content",
    [b"[1, 2, 3]", b'{"version": 1, "variants": [1]}', b'{"version": 1, "variants": {"1C": {"played": "ten"'],
    ids=["list", "variants-list", "truncated"],
)
def test_unreadable_stats_are_moved_aside(tmp_path: Path, content: bytes) -> None:
    (tmp_path / STATS_FILE).write_bytes(content)
    stats, notices = storage(tmp_path).load_stats()
    assert stats.total_played == 0
    assert [n.kind for n in notices] == [UNREADABLE]
    assert_moved_aside(tmp_path, STATS_FILE, content)


def test_one_bad_variant_does_not_lose_the_others(tmp_path: Path) -> None:
    good = {
        "played": 3,
        "won": 1,
        "best_score": 900,
        "fewest_moves": 200,
        "current_streak": 0,
        "best_streak": 1,
    }
    content = json.dumps(
        {
            "version": 1,
            "variants": {
                "1C": good,
                "2C": {"played": 1, "won": 5},
                "4F": {"played": True},
            },
        }
    ).encode()
    (tmp_path / STATS_FILE).write_bytes(content)
    stats, notices = storage(tmp_path).load_stats()
    assert stats["1C"].played == 3 and stats["1C"].best_score == 900
    assert stats["2C"].played == 0 and stats["4F"].played == 0
    assert len(notices) == 1
    assert_moved_aside(tmp_path, STATS_FILE, content)


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
    monkeypatch.setattr("game.atomic_files.os.fsync", synced.append)
    for _ in range(41):
        store.save_game(game, started=True)
    assert len(synced) == 41


# ---- versions ----------------------------------------------------------------

VALID: dict[DataFile, dict[str, object]] = {
    SETTINGS_FILE: {"language": "it"},
    STATS_FILE: {"variants": {}},
    GAME_FILE: {"code": "SP1-S1C-AAAAAAD", "start": None, "record": ""},
}


def load(folder: Path, name: DataFile) -> list[Notice]:
    store = storage(folder)
    loaders = {SETTINGS_FILE: store.load_settings, STATS_FILE: store.load_stats, GAME_FILE: store.load_game}
    return loaders[name]()[1]


@pytest.mark.parametrize("name", list(DataFile))
def test_a_file_from_a_newer_spider_is_moved_aside_with_its_own_notice(tmp_path: Path, name: DataFile) -> None:
    content = json.dumps({**VALID[name], "version": 2}).encode()
    (tmp_path / name).write_bytes(content)
    assert load(tmp_path, name) == [Notice(NEWER, name, f"{name}.bad-{STAMP}")]
    assert_moved_aside(tmp_path, name, content)


@pytest.mark.parametrize("version", [None, "1", 1.0, True, 0, -3, [1], "missing"])
@pytest.mark.parametrize("name", list(DataFile))
def test_a_missing_or_malformed_version_is_a_bad_file(tmp_path: Path, name: DataFile, version: object) -> None:
    data: dict[str, object] = dict(VALID[name])
    if version != "missing":
        data["version"] = version
    content = json.dumps(data).encode()
    (tmp_path / name).write_bytes(content)
    assert load(tmp_path, name) == [Notice(UNREADABLE, name, f"{name}.bad-{STAMP}")]
    assert_moved_aside(tmp_path, name, content)


@pytest.mark.parametrize("name", list(DataFile))
def test_a_file_of_our_version_loads_without_a_notice(tmp_path: Path, name: DataFile) -> None:
    (tmp_path / name).write_text(json.dumps({**VALID[name], "version": 1}), encoding="utf-8")
    assert load(tmp_path, name) == []
    assert (tmp_path / name).exists()


# ---- anything that goes wrong while reading is a bad file ----------------------

DEEP = {"list": b"[" * 100_000, "object": b'{"a":' * 100_000, "in a value": b'{"version": 1, "x": ' + b"[" * 100_000}


@pytest.mark.parametrize("content", DEEP.values(), ids=DEEP.keys())
@pytest.mark.parametrize("name", list(DataFile))
def test_deeply_nested_json_is_a_bad_file_not_a_crash(tmp_path: Path, name: DataFile, content: bytes) -> None:
    (tmp_path / name).write_bytes(content)
    assert [n.kind for n in load(tmp_path, name)] == [UNREADABLE]
    assert_moved_aside(tmp_path, name, content)


@pytest.mark.parametrize("error", [RecursionError, MemoryError, KeyError, ZeroDivisionError, OSError])
@pytest.mark.parametrize("name", list(DataFile))
def test_any_exception_while_decoding_is_a_bad_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: DataFile, error: type[Exception]
) -> None:
    # The class of fault, not one input: whatever the decoder raises.
    def broken(*_: object, **__: object) -> object:
        raise error("boom")

    monkeypatch.setattr("game.storage.json.loads", broken)
    content = json.dumps({**VALID[name], "version": 1}).encode()
    (tmp_path / name).write_bytes(content)
    assert [n.kind for n in load(tmp_path, name)] == [UNREADABLE]
    assert_moved_aside(tmp_path, name, content)


@pytest.mark.parametrize("name", list(DataFile))
def test_a_fifo_in_a_files_place_is_set_aside_without_waiting(tmp_path: Path, name: DataFile) -> None:
    # A FIFO with no writer would block a plain open() forever: the test
    # itself would hang if the loader opened it.
    os.mkfifo(tmp_path / name)
    assert [n.kind for n in load(tmp_path, name)] == [UNREADABLE]
    assert not (tmp_path / name).exists()
    assert (tmp_path / f"{name}.bad-{STAMP}").is_fifo()


@pytest.mark.parametrize("name", list(DataFile))
def test_a_folder_in_a_files_place_is_set_aside(tmp_path: Path, name: DataFile) -> None:
    (tmp_path / name).mkdir()
    (tmp_path / name / "keep.txt").write_text("mine")
    assert [n.kind for n in load(tmp_path, name)] == [UNREADABLE]
    assert (tmp_path / f"{name}.bad-{STAMP}" / "keep.txt").read_text() == "mine"


# ---- one size limit for the saver and the loader -------------------------------


def shuttle_game(actions: int) -> Game:
    """A real deal in which one card goes back and forth `actions` times."""
    game = Game.from_code("SP1-S1C-AAAAAAD")
    game.play("6>1 9>4")  # now 4>5 and 5>4 are both legal, again and again
    for n in range(actions - 2):
        game.move(3, 1, 4) if n % 2 == 0 else game.move(4, 1, 3)
    return game


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
    monkeypatch.setattr("game.atomic_files.MAX_FILE_BYTES", len(kept) + 20)
    game.play("4>5 5>4 4>5 5>4 4>5 5>4 4>5 5>4")
    assert store.save_game(game, started=True) == Notice(NoticeKind.TOO_LARGE, GAME_FILE)
    assert (tmp_path / GAME_FILE).read_bytes() == kept
    saved, notices = store.load_game()
    assert notices == [] and saved is not None and saved.game.moves == 10


CHILD = textwrap.dedent(
    """
    import sys
    from game.engine import Game
    from game.storage import Storage

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
