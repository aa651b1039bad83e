"""Files written by the first version of Spider (format version 1) still load.

The fixtures under ``tests/fixtures/v1/`` were written by the code as it was
before the session module existed (commit 460d680), with the saver of that
time: settings changed from their defaults, statistics with wins and losses in
three variants, a game of 13 moves (one more was made and undone), and a game
made from a position text. Each test copies them into a fresh data folder, so
loading (which may move a bad file aside) never touches the fixtures.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from game.files.storage import Storage
from game.play.session import Session
from game.records.settings import Settings

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "v1"

GAME_V1_TABLE = """\
Variant: S2C
Stock: 8S 2S JH 2H 9H 2S 5H 9S 5S 7S 3H 6S 2S AH TS 4H 9S QS 4S 4S QH QH 2H 9H 4H QH KH TS 7S 6H 5S 5H AH TH 2S KH QH \
3S 8S QS 3S 8H TH KH JS TH JH AS 4S 7H
Removed:
Score: 487
Moves: 13
1: 6S 5S JH | 8S 7H 6H 5S
2: 7H TH 9H 9S KS | 8H 7H 6H 5H
3: JS KS | JH
4: 8S JS KH 3H KS | 4S 3H
5: | KS QS JS TS
6: 7S QS | 3H
7: 6H TS | 7S
8: 8H 4H AH AS | 5H
9: 6S 3S 8H AH | 2H AS
10: 9H 4H 9S 6S | 3S 2H AS
"""


def data_folder(tmp_path: Path, source: Path = FIXTURES) -> Path:
    for path in source.glob("*.json"):
        shutil.copy(path, tmp_path / path.name)
    return tmp_path


def test_v1_settings_load_as_they_were_saved(tmp_path: Path) -> None:
    settings, notices = Storage(data_folder(tmp_path), environ={"LANG": "en_GB.UTF-8"}).load_settings()
    assert notices == []
    assert settings == Settings(
        double_click=False,
        auto_placement=True,
        placement_help=True,
        interactive_rules=True,
        animation_speed="fast",
        language="it",
        fullscreen=False,
        four_colour=True,
        variant="1C",  # not in v1 files: the default
    )


def test_v1_statistics_load_with_every_number(tmp_path: Path) -> None:
    stats, notices = Storage(data_folder(tmp_path)).load_stats()
    assert notices == []
    one = stats["1C"]
    assert (one.played, one.won, one.best_score, one.fewest_moves, one.current_streak, one.best_streak) == (
        3,
        2,
        1183,
        117,
        1,
        1,
    )
    two = stats["2F"]
    assert (two.played, two.won, two.best_score, two.fewest_moves, two.current_streak, two.best_streak) == (
        2,
        1,
        1199,
        151,
        0,
        1,
    )
    assert stats["4C"].played == 1 and stats["4C"].won == 0
    assert stats["2C"].played == stats["4F"].played == 0


def test_v1_game_resumes_where_it_was_with_its_undo_history(tmp_path: Path) -> None:
    saved, notices = Storage(data_folder(tmp_path)).load_game()
    assert notices == [] and saved is not None
    game = saved.game
    assert saved.started  # a v1 file has no "started": its actions say the game counts
    assert game.code == "SP1-S2C-AAAAAAB"
    assert game.to_text() == GAME_V1_TABLE
    assert game.can_undo
    game.undo()
    assert game.moves == 12


def test_v1_game_made_from_a_position_text_resumes(tmp_path: Path) -> None:
    saved, notices = Storage(data_folder(tmp_path, FIXTURES / "from-text")).load_game()
    assert notices == [] and saved is not None
    game = saved.game
    assert game.code is None
    assert game.record == "8:2>3 deal 3>4 5>6"
    assert (game.score, game.moves) == (493, 7)
    assert game.to_text().startswith("Variant: S4F\nStock: 3S 8S 4H QS AH")


def test_a_launch_on_a_v1_folder_resumes_everything_without_a_notice(tmp_path: Path) -> None:
    session, notices = Session.open(data_folder(tmp_path), environ={})
    try:
        assert notices == []
        assert session.game.to_text() == GAME_V1_TABLE and session.in_progress
        assert session.settings.language == "it" and session.stats["1C"].won == 2
    finally:
        session.close()
