"""The last games (docs/RULES.md §15): what each game left behind, the file's
bounds and bad-file handling, and the time played."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

from game.engine import Game
from game.files.storage import DataFile, NoticeKind, Storage
from game.play.clock import Hold
from game.play.session import Session
from game.records.history import MAX_GAMES, History, PlayedGame, result_of
from game.records.settings import Settings
from game.records.share import parse
from game.records.stats import ImpossibleNumbers, Stats

NOW = datetime(2026, 12, 1, 21, 5, 42)
WON = parse((Path(__file__).parents[1] / "fixtures" / "shared" / "won-1C.line").read_text(encoding="utf-8"))


class Ticker:
    """A monotonic clock the test moves."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def session(folder: Path, game: Game, ticker: Ticker) -> Session:
    return Session(Storage(folder, clock=lambda: NOW), Settings(), Stats(), game, clock=lambda: NOW, ticker=ticker)


def entry(n: int = 0, **changes: object) -> PlayedGame:
    game = Game.from_code("SP1-S2F-AAAAAAD")
    base = PlayedGame.of(game, NOW, 60 + n)
    return PlayedGame(**{**{f: getattr(base, f) for f in PlayedGame.__slots__}, **changes})


def test_the_history_keeps_the_last_hundred_newest_first() -> None:
    history = History()
    for n in range(MAX_GAMES + 5):
        history.add(entry(n))
    assert len(history.games) == MAX_GAMES
    assert history.games[0].seconds == 60 + MAX_GAMES + 4 and history.games[-1].seconds == 65
    again, problems = History.from_json(json.loads(json.dumps(history.to_json())))
    assert problems == [] and again.games == history.games


@pytest.mark.parametrize(
    "change",
    [
        {"when": "yesterday"},
        {"variant": "3C"},
        {"code": "SP1-S4C-AAAAAAD"},  # not a code of 2F
        {"result": "draw"},
        {"score": 5000},
        {"moves": -1},
        {"seconds": True},
        {"line": "SP1-S1C-AAAAAAD:1:18"},  # another game's line
    ],
)
def test_a_game_no_play_could_leave_is_refused(change: dict[str, object]) -> None:
    data = {**entry().to_json(), **change}
    with pytest.raises(ImpossibleNumbers):
        PlayedGame.from_json(data)


def test_a_bad_history_file_is_moved_aside_and_the_good_games_kept(tmp_path: Path) -> None:
    good = [entry(n).to_json() for n in range(3)]
    data = {"version": 1, "games": [good[0], {"when": "nonsense"}, *good[1:]]}
    (tmp_path / DataFile.HISTORY).write_text(json.dumps(data), encoding="utf-8")
    history, notices = Storage(tmp_path, clock=lambda: NOW).load_history()
    assert [n.kind for n in notices] == [NoticeKind.UNREADABLE] and notices[0].backup
    assert len(history.games) == 3
    assert (tmp_path / notices[0].backup).exists()
    reread, later = Storage(tmp_path).load_history()  # written back clean
    assert later == [] and reread.games == history.games


def test_too_many_games_in_a_file_is_a_bad_file_cut_to_the_bound(tmp_path: Path) -> None:
    data = {"version": 1, "games": [entry(n).to_json() for n in range(MAX_GAMES + 20)]}
    (tmp_path / DataFile.HISTORY).write_text(json.dumps(data), encoding="utf-8")
    history, notices = Storage(tmp_path, clock=lambda: NOW).load_history()
    assert [n.kind for n in notices] == [NoticeKind.UNREADABLE] and len(history.games) == MAX_GAMES


def test_a_hundred_long_games_stay_under_the_file_limit(tmp_path: Path) -> None:
    line = WON.code + ":" + "9" * 7_000
    history = History([entry(n, code=WON.code, variant="1C", line=line) for n in range(MAX_GAMES)])
    assert Storage(tmp_path).save_history(history) is None


def test_results_won_lost_and_abandoned() -> None:
    game = Game.from_code(WON.code)
    assert result_of(game) == "abandoned"
    game.play(WON.record)
    assert result_of(game) == "won"
    # Six runs removed, the rest of two spade sets: every column ends with an
    # odd rank and no even card shows, the stock is empty: nothing can move.
    hidden = ["QS", "TS", "8S", "6S", "4S", "2S", "QS", "TS", "8S", "6S", "4S", "2S", "3S", "3S", "AS", "AS"]
    shown = ["KS", "KS", "JS", "JS", "9S", "9S", "7S", "7S", "5S", "5S"]
    columns = [f"{n + 1}: {' '.join(hidden[n::10])} | {shown[n]}" for n in range(10)]
    stuck = Game.from_text(
        "\n".join(["Variant: S1C", "Stock:", "Removed: S S S S S S", "Score: 300", "Moves: 200", *columns])
    )
    assert result_of(stuck) == "lost"


def test_each_game_left_or_won_goes_into_the_history_with_its_time(tmp_path: Path) -> None:
    ticker = Ticker()
    game = Game.from_code(WON.code)
    s = session(tmp_path, game, ticker)
    s.record(game.play(WON.record[:5]))
    ticker.now += 30
    s.clock.hold(Hold.SCREEN)  # a dialog: the clock stops
    ticker.now += 1000
    s.clock.release(Hold.SCREEN)
    ticker.now += 12
    s.new_deal()  # left unfinished: abandoned, 42 seconds
    history, _ = s.history()
    first = history.games[0]
    assert (first.result, first.seconds, first.moves, first.code) == ("abandoned", 42, 5, WON.code)
    assert first.when == NOW.replace(second=0)
    assert first.line is not None and parse(first.line).record == WON.record[:5]
    assert s.seconds == 0  # the new deal's clock starts from zero

    won = Game.from_code(WON.code)
    s.begin(won)
    ticker.now += 300
    s.record(won.play(WON.record))
    ticker.now += 999  # the win panel: a won game's time no longer runs
    history, _ = s.history()
    assert (history.games[0].result, history.games[0].seconds, history.games[0].score) == ("won", 300, won.score)
    on_disk = json.loads((tmp_path / DataFile.HISTORY).read_text(encoding="utf-8"))
    assert [g["result"] for g in on_disk["games"]] == ["won", "abandoned"]
    # The statistics add both games' time up, and average the win alone.
    one = s.stats["1C"]
    assert (one.seconds, one.average_score, one.average_moves) == (342, won.score, won.moves)
    saved = json.loads((tmp_path / DataFile.STATS).read_text(encoding="utf-8"))["variants"]["1C"]
    assert (saved["seconds"], saved["averaged"]) == (342, 1)


def test_time_played_is_saved_with_the_game_and_resumes(tmp_path: Path) -> None:
    ticker = Ticker()
    game = Game.from_code("SP1-S1C-AAAAAAD")
    s = session(tmp_path, game, ticker)
    ticker.now += 75
    s.record(game.deal())
    saved, _ = Storage(tmp_path).load_game()
    assert saved is not None and saved.seconds == 75


def test_a_game_dated_before_the_year_1000_is_damage_moved_aside(tmp_path: Path) -> None:
    good = entry().to_json()
    data = {"version": 1, "games": [good, {**good, "when": "0001-01-01T00:00"}]}
    (tmp_path / DataFile.HISTORY).write_text(json.dumps(data), encoding="utf-8")
    history, notices = Storage(tmp_path, clock=lambda: NOW).load_history()
    assert [n.kind for n in notices] == [NoticeKind.UNREADABLE] and (tmp_path / notices[0].backup).exists()
    assert len(history.games) == 1
    reread, later = Storage(tmp_path).load_history()  # what was written back reads back
    assert later == [] and reread.games == history.games


@pytest.mark.parametrize(
    "clock", [datetime(999, 6, 1, 12, 30), datetime(1, 1, 1), datetime(1000, 1, 1), datetime(9999, 12, 31, 23, 59)]
)
def test_what_a_game_writes_reads_back_whatever_the_clock_says(tmp_path: Path, clock: datetime) -> None:
    game = Game.from_code(WON.code)
    s = Session(Storage(tmp_path, clock=lambda: clock), Settings(), Stats(), game, clock=lambda: clock)
    s.record(game.play(WON.record[:5]))
    s.new_deal()  # the game left goes into the history
    history, notices = Storage(tmp_path, clock=lambda: NOW).load_history()
    assert notices == [] and [g.code for g in history.games] == [WON.code]
    assert history.games[0].when == max(clock, datetime(1000, 1, 1))  # a clock before then: the earliest date
    assert list(tmp_path.glob("*history*")) == [tmp_path / DataFile.HISTORY]  # nothing moved aside
