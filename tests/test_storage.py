"""The player's files: round trips, crash safety, and every kind of bad file.

No OpenGL here. Each test gets its own data folder (pytest's tmp_path) and a
pinned clock, so files moved aside have names we can predict.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from datetime import datetime
from pathlib import Path

import pytest

from game.engine import Game, Rule
from game.settings import Settings
from game.stats import Stats
from game.storage import (
    GAME_FILE,
    MAX_FILE_BYTES,
    SETTINGS_FILE,
    STATS_FILE,
    Notice,
    Storage,
    resolve_data_dir,
    system_language,
)

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


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({"LANG": "it_IT.UTF-8"}, "it"),
        ({"LANG": "es_AR.UTF-8"}, "es"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LC_ALL": "es_ES.UTF-8", "LANG": "it_IT.UTF-8"}, "es"),
        ({"LANGUAGE": "it:en", "LANG": "en_US.UTF-8"}, "it"),
        ({"LANG": "C.UTF-8"}, "en"),
    ],
)
def test_default_language_follows_the_system_locale(environ: dict[str, str], lang: str) -> None:
    assert system_language(environ) == lang


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


def test_settings_from_a_newer_version_keep_what_we_know(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_text(
        json.dumps({"version": 7, "language": "it", "sound": "loud", "fullscreen": True}),
        encoding="utf-8",
    )
    settings, notices = storage(tmp_path).load_settings()
    assert (settings.language, settings.fullscreen, settings.double_click) == (
        "it",
        True,
        True,
    )
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
    assert notices == [
        Notice(
            "screens.notice.settings_reset",
            SETTINGS_FILE,
            f"{SETTINGS_FILE}.bad-{STAMP}",
        )
    ]
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
    ],
)
def test_wrongly_typed_settings_keep_the_valid_ones(tmp_path: Path, bad: dict[str, object]) -> None:
    content = json.dumps({"four_colour": True, "animation_speed": "fast", "language": "es", **bad}).encode()
    (tmp_path / SETTINGS_FILE).write_bytes(content)
    settings, notices = storage(tmp_path).load_settings()
    assert [n.key for n in notices] == ["screens.notice.settings_reset"]
    assert_moved_aside(tmp_path, SETTINGS_FILE, content)
    (name,) = bad
    assert getattr(settings, name) == getattr(Settings(), name), "the bad value falls back to its default"
    assert settings.four_colour is True
    # The repaired settings are written back, so the next launch is clean.
    assert storage(tmp_path).load_settings() == (settings, [])


def test_oversized_file_is_moved_aside_unread(tmp_path: Path) -> None:
    content = b'{"language": "it", "pad": "' + b"x" * MAX_FILE_BYTES + b'"}'
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


def test_notice_text_names_the_files(tmp_path: Path) -> None:
    from game.i18n import Translator

    (tmp_path / SETTINGS_FILE).write_bytes(b"{")
    _, (notice,) = storage(tmp_path).load_settings()
    for lang in ("en", "it", "es"):
        text = notice.text(Translator(lang))
        assert SETTINGS_FILE in text and notice.backup in text


def test_a_folder_that_cannot_be_written_gives_a_notice_not_a_crash(
    tmp_path: Path,
) -> None:
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("x")
    notice = Storage(blocker / "spider").save_settings(Settings())
    assert notice == Notice("screens.notice.save_failed", SETTINGS_FILE)


def test_writes_leave_no_temporary_files(tmp_path: Path) -> None:
    store = storage(tmp_path)
    for _ in range(3):
        store.save_settings(Settings())
        store.save_stats(Stats())
        store.save_game(Game.random(1, seed=5))
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
    [b"[1, 2, 3]", b'{"variants": [1]}', b'{"variants": {"1C": {"played": "ten"'],
    ids=["list", "variants-list", "truncated"],
)
def test_unreadable_stats_are_moved_aside(tmp_path: Path, content: bytes) -> None:
    (tmp_path / STATS_FILE).write_bytes(content)
    stats, notices = storage(tmp_path).load_stats()
    assert stats.total_played == 0
    assert [n.key for n in notices] == ["screens.notice.stats_reset"]
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
            "variants": {
                "1C": good,
                "2C": {"played": 1, "won": 5},
                "4F": {"played": True},
            }
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
    storage(tmp_path).save_game(game)
    resumed, notices = storage(tmp_path).load_game()
    assert notices == [] and resumed is not None
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


def test_game_made_from_text_resumes_from_its_first_table(tmp_path: Path) -> None:
    start = play_some(Game.random(4, Rule.FLEXIBLE, seed=9), 3).to_text()
    game = play_some(Game.from_text(start), 4)
    assert game.code is None
    storage(tmp_path).save_game(game)
    resumed, notices = storage(tmp_path).load_game()
    assert notices == [] and resumed is not None
    assert resumed.to_text() == game.to_text() and resumed.record == game.record


def test_clear_game(tmp_path: Path) -> None:
    store = storage(tmp_path)
    store.save_game(Game.random(1, seed=1))
    store.clear_game()
    store.clear_game()  # twice is fine
    assert store.load_game() == (None, [])


BAD_GAMES = {
    "illegal action": {"code": "SP1-S1C-AAAAAAD", "record": "1>1"},
    "unreadable action": {"code": "SP1-S1C-AAAAAAD", "record": "jump"},
    "bad code": {"code": "SP9-S1C-AAAAAAD", "record": ""},
    "bad start text": {"code": None, "start": "Variant: S3C", "record": ""},
    "no game at all": {"record": ""},
    "record not text": {"code": "SP1-S1C-AAAAAAD", "record": ["1>2"]},
    "code not text": {"code": 12, "record": ""},
}


@pytest.mark.parametrize("data", BAD_GAMES.values(), ids=BAD_GAMES.keys())
def test_a_game_that_cannot_be_replayed_is_moved_aside(tmp_path: Path, data: dict[str, object]) -> None:
    content = json.dumps(data).encode()
    (tmp_path / GAME_FILE).write_bytes(content)
    game, notices = storage(tmp_path).load_game()
    assert game is None
    assert notices == [Notice("screens.notice.game_lost", GAME_FILE, f"{GAME_FILE}.bad-{STAMP}")]
    assert_moved_aside(tmp_path, GAME_FILE, content)


def test_saving_after_every_action_is_cheap_and_durable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = storage(tmp_path)
    game = play_some(Game.random(4, seed=3), 200)
    # fsync's cost belongs to the disk (about 0.1 ms on this machine, far more
    # while other processes hammer it), so it is counted, not timed: what is
    # timed is our own work per save.
    synced: list[int] = []
    monkeypatch.setattr("game.storage.os.fsync", synced.append)
    timings = []
    for _ in range(41):
        start = time.perf_counter()
        store.save_game(game)
        timings.append(time.perf_counter() - start)
    assert len(synced) == 41, "every save reaches the disk before it replaces the old file"
    median = sorted(timings)[len(timings) // 2]
    assert median < 0.003, f"{median * 1000:.2f} ms per save"


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
        store.save_game(game)
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
    game, notices = Storage(tmp_path).load_game()
    assert notices == [] and game is not None
    # The child may have run ahead of what we read, never behind it, and
    # whatever is on disk is a whole, replayable game.
    assert game.record.startswith(seen)
    assert len(seen.split()) >= 25
    assert not list(tmp_path.glob("*.bad-*"))
