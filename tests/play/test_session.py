"""The application logic without a window: launch, each action, leaving a
game, settings. GIVEN a data folder, WHEN the player does this, THEN the
files and the statistics are what they would expect."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import FrozenInstanceError, replace
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from game.engine import Game, Rule
from game.engine.events import GameWon
from game.files.storage import DataFile, Notice, NoticeKind, Storage
from game.play.session import Session
from game.records.settings import Settings
from game.records.stats import Stats

NOW = datetime(2026, 11, 30, 23, 15, 0)
CODE = "SP1-S1C-AAAAAAD"
# Seven runs removed; the ace of column 2 onto column 1 wins.
NEARLY_WON = "\n".join(
    ["Variant: S1C", "Stock:", "Removed: S S S S S S S", "Score: 400", "Moves: 40"]
    + ["1: | KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "2: | AS"]
    + [f"{n}: |" for n in range(3, 11)]
)


def open_session(folder: Path, requested: Game | None = None) -> tuple[Session, list[Notice]]:
    return Session.open(folder, requested, clock=lambda: NOW, environ={"LANG": "en_GB.UTF-8"})


@pytest.fixture
def session(tmp_path: Path) -> Any:
    made: list[Session] = []

    def make(requested: Game | str | None = CODE) -> Session:
        game = Game.from_code(requested) if isinstance(requested, str) else requested
        s, notices = open_session(tmp_path, game)
        assert notices == []
        made.append(s)
        return s

    yield make
    for s in made:
        s.close()


def on_disk(folder: Path, name: str) -> Any:
    return json.loads((folder / name).read_text(encoding="utf-8"))


def played(folder: Path, variant: str = "1C") -> tuple[int, int]:
    numbers = on_disk(folder, DataFile.STATS)["variants"][variant]
    return numbers["played"], numbers["won"]


def act(session: Session, record: str) -> None:
    """Play `record` on the session's game, reporting each action as the table does."""
    for token in record.split():
        events = session.game.undo() if token == "undo" else session.game.play(token)
        session.record(events)


def relaunch(folder: Path, session: Session, requested: Game | None = None) -> Session:
    session.close()
    again, notices = open_session(folder, requested)
    assert notices == []
    return again


# ---- counting: a game counts from its first action ----------------------------


def test_a_game_with_every_action_undone_still_counts_when_left(session: Any, tmp_path: Path) -> None:
    s = session()
    act(s, "6>1 deal undo undo")
    assert s.game.record == "" and s.in_progress
    s.new_deal()
    assert played(tmp_path) == (1, 0)


def test_the_count_survives_a_relaunch(session: Any, tmp_path: Path) -> None:
    s = session()
    act(s, "6>1 undo")
    s = relaunch(tmp_path, s)
    assert s.game.record == "" and s.in_progress and s.in_progress_variant() == "1C"
    s.restart()
    assert played(tmp_path) == (1, 0)


@pytest.mark.parametrize("leave", ["new deal", "restart", "code", "code at launch"])
def test_leaving_a_game_that_counts_is_a_loss(session: Any, tmp_path: Path, leave: str) -> None:
    s = session()
    act(s, "6>1")
    if leave == "new deal":
        s.new_deal()
    elif leave == "restart":
        s.restart()
    elif leave == "code":
        s.begin(Game.from_code("SP1-S4F-SPIDER2"))
    else:
        s = relaunch(tmp_path, s, Game.from_code("SP1-S4F-SPIDER2"))
    assert played(tmp_path) == (1, 0)
    assert not s.in_progress  # the next game has not begun to count


def test_leaving_a_game_before_any_action_counts_nothing(session: Any, tmp_path: Path) -> None:
    s = session()
    s.restart()
    s.new_deal()
    s.begin(Game.from_code("SP1-S2C-AAAAAAD"))
    assert not (tmp_path / DataFile.STATS).exists()


def test_closing_the_window_counts_nothing_and_the_game_resumes(session: Any, tmp_path: Path) -> None:
    s = session()
    act(s, "6>1 deal")
    s = relaunch(tmp_path, s)
    assert s.game.record == "6>1 deal" and s.game.can_undo
    assert not (tmp_path / DataFile.STATS).exists()


def test_a_win_counts_once_and_leaving_it_adds_no_loss(session: Any, tmp_path: Path) -> None:
    s = session(Game.from_text(NEARLY_WON))
    events = s.game.move(1, 1, 0)
    assert any(isinstance(e, GameWon) for e in events)
    s.record(events)
    assert played(tmp_path) == (1, 1) and not s.in_progress
    s.new_deal()
    assert played(tmp_path) == (1, 1)


def test_a_won_game_restarted_and_won_again_counts_twice(session: Any, tmp_path: Path) -> None:
    s = session(Game.from_text(NEARLY_WON))
    s.record(s.game.move(1, 1, 0))
    s.restart()
    s.record(s.game.move(1, 1, 0))
    assert played(tmp_path) == (2, 2)


def streak(folder: Path, variant: str = "1C") -> int:
    return int(on_disk(folder, DataFile.STATS)["variants"][variant]["current_streak"])


def table_replay(s: Session) -> None:
    """The win panel's "Same deal again" and a confirmed Restart, as the table
    does them: it leaves the game, restarts it, and reports the new table."""
    s.abandon()
    s.record(s.game.restart())


def table_new_game(s: Session) -> None:
    """The win panel's New game: the table deals another game and reports it."""
    s.begin(game := Game.from_code("SP1-S1C-SPIDER2"))
    s.record(game.opening())


FRESH_DEALS: dict[str, Callable[[Session], object]] = {
    "same deal again (the table)": table_replay,
    "restart (the session)": lambda s: s.restart(),
    "new deal": lambda s: s.new_deal(),
    "new game (the table)": table_new_game,
    "a code": lambda s: s.begin(Game.from_code("SP1-S1C-SPIDER2")),
}


@pytest.mark.parametrize("fresh", list(FRESH_DEALS))
def test_a_fresh_deal_after_a_win_counts_nothing_until_its_first_action(
    session: Any, tmp_path: Path, fresh: str
) -> None:
    # A hole once found: after a win, "Same deal again" then New game
    # without touching a card counted a loss and ended the streak.
    s = session(Game.from_text(NEARLY_WON))
    s.record(s.game.move(1, 1, 0))
    FRESH_DEALS[fresh](s)
    assert not s.in_progress and on_disk(tmp_path, DataFile.GAME)["started"] is False
    s = relaunch(tmp_path, s)  # the saved flag says the same
    assert not s.in_progress
    s.new_deal()
    assert played(tmp_path) == (1, 1) and streak(tmp_path) == 1


@pytest.mark.parametrize("fresh", list(FRESH_DEALS))
def test_a_fresh_deal_after_a_game_that_counted_counts_from_its_own_first_action(
    session: Any, tmp_path: Path, fresh: str
) -> None:
    s = session()
    act(s, "6>1")
    FRESH_DEALS[fresh](s)
    assert played(tmp_path) == (1, 0) and not s.in_progress
    s.new_deal()
    assert played(tmp_path) == (1, 0), "the fresh deal was left before its first action"


# ---- launch ----------------------------------------------------------------------


def test_first_launch_deals_the_default_variant_and_saves_it(tmp_path: Path) -> None:
    s, notices = open_session(tmp_path)
    assert notices == [] and s.game.suits == 1
    assert on_disk(tmp_path, DataFile.GAME)["record"] == ""
    s.close()


def test_a_won_game_is_not_resumed_a_new_deal_of_its_variant_is(session: Any, tmp_path: Path) -> None:
    s = session(Game.from_text(NEARLY_WON))
    s.record(s.game.move(1, 1, 0))
    s = relaunch(tmp_path, s)
    assert not s.game.is_won and s.game.record == "" and s.game.suits == 1


def test_after_an_unreadable_game_the_new_deal_is_the_variant_last_chosen(session: Any, tmp_path: Path) -> None:
    s = session("SP1-S4F-AAAAAAD")
    s.begin(Game.from_code("SP1-S2F-AAAAAAB"))  # the player's last choice
    s.close()
    (tmp_path / DataFile.GAME).write_bytes(b"\x00 not a game")
    again, notices = open_session(tmp_path)
    assert [n.kind for n in notices] == [NoticeKind.UNREADABLE]
    assert (again.game.suits, again.game.rule) == (2, Rule.FLEXIBLE)
    assert on_disk(tmp_path, DataFile.SETTINGS)["variant"] == "2F"
    again.close()


def test_stale_temporary_files_are_cleared_at_launch(tmp_path: Path) -> None:
    stale = tmp_path / ".game.json.k3j_9x2a.tmp"
    stale.write_text("half a save")
    old = NOW.timestamp() - 120
    os.utime(stale, (old, old))
    s, _ = open_session(tmp_path)
    assert not stale.exists()
    s.close()


def test_launch_reports_every_bad_file_and_still_plays(tmp_path: Path) -> None:
    for name in DataFile:
        (tmp_path / name).write_bytes(b"[" * 100_000)
    s, notices = open_session(tmp_path)
    # The history and the calendar are read when first needed, not at launch: their notices come then.
    assert sorted(n.file for n in notices) == sorted(set(DataFile) - {DataFile.HISTORY, DataFile.DAILY})
    assert s.game.record == "" and s.settings == Settings()
    history, later = s.history()
    assert history.games == [] and [n.file for n in later] == [DataFile.HISTORY]
    calendar, later = s.calendar()
    assert calendar.days == {} and [n.file for n in later] == [DataFile.DAILY]
    s.close()


# ---- settings --------------------------------------------------------------------


def test_settings_are_immutable_and_changed_by_replacement(session: Any, tmp_path: Path) -> None:
    s = session()
    with pytest.raises(FrozenInstanceError):
        setattr(s.settings, "language", "it")  # noqa: B010 - the assignment the type checker would refuse
    assert s.change_settings(replace(s.settings, language="it", four_colour=True)) == []
    assert s.settings.language == "it"
    assert on_disk(tmp_path, DataFile.SETTINGS)["language"] == "it"
    s = relaunch(tmp_path, s)
    assert s.settings.four_colour


def test_fullscreen_from_the_command_line_is_for_this_run_only(tmp_path: Path) -> None:
    # `spider --fullscreen --suits 2`: the variant is remembered, fullscreen is not.
    s, _ = Session.open(tmp_path, Game.random(2), fullscreen=True, environ={})
    assert s.settings.fullscreen
    s.change_settings(replace(s.settings, language="es"))
    s.close()
    written = on_disk(tmp_path, DataFile.SETTINGS)
    assert (written["language"], written["variant"], written["fullscreen"]) == ("es", "2C", False)
    # Leaving fullscreen and choosing it again is the player's own choice: saved.
    s, _ = Session.open(tmp_path, fullscreen=True, environ={})
    s.change_settings(replace(s.settings, fullscreen=False))
    s.change_settings(replace(s.settings, fullscreen=True))
    s.close()
    assert on_disk(tmp_path, DataFile.SETTINGS)["fullscreen"] is True


@pytest.mark.parametrize("option", [{"language": "it"}, {"fullscreen": True}])
def test_a_launch_only_value_is_never_written_while_other_settings_are(tmp_path: Path, option: dict[str, Any]) -> None:
    """--lang it / --fullscreen: this run uses it; changing another option
    saves that option and keeps the player's own language and fullscreen."""
    s, _ = Session.open(tmp_path, environ={"LANG": "es_ES.UTF-8"}, **option)
    name, value = next(iter(option.items()))
    assert getattr(s.settings, name) == value
    s.change_settings(replace(s.settings, four_colour=True))
    assert getattr(s.settings, name) == value  # still this run's
    disk = on_disk(tmp_path, DataFile.SETTINGS)
    assert disk["four_colour"] is True
    assert (disk["language"], disk["fullscreen"]) == ("es", False)
    s.close()
    again, _ = Session.open(tmp_path, environ={"LANG": "es_ES.UTF-8"})
    assert (again.settings.language, again.settings.fullscreen, again.settings.four_colour) == ("es", False, True)
    again.close()


def test_a_language_the_player_picks_after_lang_is_saved(tmp_path: Path) -> None:
    s, _ = Session.open(tmp_path, language="it", environ={"LANG": "en_GB.UTF-8"})
    s.change_settings(replace(s.settings, language="es"))  # chosen in Options
    assert on_disk(tmp_path, DataFile.SETTINGS)["language"] == "es"
    s.change_settings(replace(s.settings, double_click=False))
    assert on_disk(tmp_path, DataFile.SETTINGS)["language"] == "es"
    s.close()


def test_the_window_geometry_is_kept_with_the_settings(session: Any, tmp_path: Path) -> None:
    s = session()
    s.change_settings(replace(s.settings, window="1000x640+120+80", window_maximized=True))
    s = relaunch(tmp_path, s)
    assert (s.settings.window, s.settings.window_maximized) == ("1000x640+120+80", True)


@pytest.mark.parametrize("bad", ["big", "1000x640", "０x1+0+0", 12, None])
def test_a_bad_window_value_is_a_bad_settings_file(tmp_path: Path, bad: object) -> None:
    (tmp_path / DataFile.SETTINGS).write_text(json.dumps({"version": 1, "window": bad, "four_colour": True}))
    s, notices = open_session(tmp_path)
    assert s.settings.window == "" and s.settings.four_colour
    assert [n.kind for n in notices] == [NoticeKind.UNREADABLE]
    s.close()


# ---- a failing disk ------------------------------------------------------------------


def test_a_failing_disk_gives_notices_and_play_goes_on(tmp_path: Path) -> None:
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("x")
    storage = Storage(blocker / "spider")
    s = Session(storage, Settings(), Stats(), Game.from_code(CODE))
    events = s.game.play("6>1")
    assert s.record(events) == [Notice(NoticeKind.NOT_SAVED, DataFile.GAME)]
    assert s.new_deal()[1] == [
        Notice(NoticeKind.NOT_SAVED, DataFile.STATS),
        Notice(NoticeKind.NOT_SAVED, DataFile.HISTORY),  # the game left goes into the history
        Notice(NoticeKind.NOT_SAVED, DataFile.GAME),
    ]
    assert s.stats["1C"].played == 1  # counted in memory all the same


# ---- saving in the background (the game's window) --------------------------------


def test_saves_in_the_background_are_all_on_disk_when_the_session_closes(tmp_path: Path) -> None:
    s, _ = Session.open(tmp_path, Game.from_code(CODE), background=True)
    for token in ["6>1", "9>4", "deal"]:
        assert s.record(s.game.play(token)) == []
    s.close()  # flushes, then lets the folder go
    saved = json.loads((tmp_path / DataFile.GAME).read_text(encoding="utf-8"))
    assert saved["record"] == "6>1 9>4 deal"
    again, notices = Session.open(tmp_path)
    assert notices == [] and again.game.record == "6>1 9>4 deal"
    again.close()


def test_a_background_save_that_fails_is_told_and_play_goes_on(tmp_path: Path) -> None:
    s, _ = Session.open(tmp_path, Game.from_code(CODE), background=True)
    s._storage.flush()  # the new game's first save
    (tmp_path / DataFile.GAME).unlink()
    (tmp_path / DataFile.GAME).mkdir()  # a folder where the save must go: the rename fails
    assert s.record(s.game.play("6>1")) == []  # not known yet: the save is under way
    s._storage.flush()
    assert s.problems() == [Notice(NoticeKind.NOT_SAVED, DataFile.GAME)]
    assert s.problems() == []  # told once
    assert s.game.record == "6>1"  # the game itself goes on
    s.close()
