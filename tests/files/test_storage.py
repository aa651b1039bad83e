"""The player's files: where they live, the settings and statistics round
trips, versions, and every kind of bad file.

No OpenGL here. Each test gets its own data folder (pytest's tmp_path) and a
pinned clock (data_folder.py), so files moved aside have names we can predict.
The game in progress (resuming, crash safety, the size limit) is tested in
test_storage_game.py; the generic mechanisms (regular files only, the size
limit, atomic writes) in test_atomic_files.py; random files in test_storage_fuzz.py.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from data_folder import STAMP, assert_moved_aside, storage

from game.engine import Game
from game.files.atomic_files import MAX_FILE_BYTES
from game.files.storage import DataFile, Notice, NoticeKind, Storage, resolve_data_dir
from game.records.settings import Settings
from game.records.stats import Stats

GAME_FILE, SETTINGS_FILE, STATS_FILE = DataFile.GAME, DataFile.SETTINGS, DataFile.STATS
UNREADABLE, NEWER = NoticeKind.UNREADABLE, NoticeKind.NEWER_VERSION


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


# ---- versions ----------------------------------------------------------------

VALID: dict[DataFile, dict[str, object]] = {
    SETTINGS_FILE: {"language": "it"},
    STATS_FILE: {"variants": {}},
    GAME_FILE: {"code": "SP1-S1C-AAAAAAD", "start": None, "record": ""},
    DataFile.HISTORY: {"games": []},
    DataFile.DAILY: {"days": {}},
}


def load(folder: Path, name: DataFile) -> list[Notice]:
    store = storage(folder)
    loaders = {
        SETTINGS_FILE: store.load_settings,
        STATS_FILE: store.load_stats,
        GAME_FILE: store.load_game,
        DataFile.HISTORY: store.load_history,
        DataFile.DAILY: store.load_daily,
    }
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

    monkeypatch.setattr("game.files.storage.json.loads", broken)
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


def test_the_players_files_are_his_alone_whatever_the_umask(tmp_path: Path) -> None:
    from game.play.session import Session
    from game.ui.cards import cache as card_cache

    old = os.umask(0)  # some desktops' sessions: nothing may come out writable by others
    try:
        folder = resolve_data_dir(str(tmp_path / "new" / "data"), {}, make=True)
        session, _ = Session.open(folder, Game.from_code("SP1-S1C-AAAAAAD"))
        session.record(session.game.play("6>1"))
        session.close()
        assert card_cache.write(folder / "cache", (69, 97), "key", {"AS": ((1, 1), b"x")}, 0.0)
    finally:
        os.umask(old)
    folders = [folder, folder.parent, folder / "cache"]
    files = [p for p in folder.rglob("*") if p.is_file()]
    assert {p.name for p in files} >= {"game.json", "spider.lock", "cards-69x97.bin"}
    assert {str(p.relative_to(tmp_path)): oct(p.stat().st_mode & 0o777) for p in folders} == {
        str(p.relative_to(tmp_path)): "0o700" for p in folders
    }
    assert {p.name: oct(p.stat().st_mode & 0o777) for p in files} == {p.name: "0o600" for p in files}
