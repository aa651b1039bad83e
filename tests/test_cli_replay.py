"""``spider --replay LINE|FILE`` (docs/RULES.md §12): a shared game, checked
whole before any window; every fault is one line naming what and where."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.__main__ import main
from game.cli import UsageError, parse

LINE = "SP1-S1C-AAAAAAD:4:18b87+08"
RECORD = ("1>8", "8:2>7", "deal", "10>8")


def test_a_line_is_read_and_checked() -> None:
    options = parse(["--replay", LINE])
    assert options.replay is not None
    assert options.replay.code == "SP1-S1C-AAAAAAD" and options.replay.record == RECORD
    assert options.game is None  # the game in progress is not touched


def test_a_file_holding_the_line(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_text(f"\n  {LINE[:12]}\n{LINE[12:]}  \n", encoding="utf-8")  # wrapped by a mail program
    options = parse(["--replay", str(path)])
    assert options.replay is not None and options.replay.record == RECORD


@pytest.mark.parametrize(
    ("value", "line"),
    [
        (LINE[:-1], "spider: --replay: action 4: the line ends inside it ('0')"),
        (LINE.replace(":4:", ":5:"), "spider: --replay: action 5: the line is cut after 4 of 5 actions"),
        (LINE.replace("+", "++++++"), "spider: --replay: action 5: 4 actions announced but more follow ('++++08')"),
        ("SP1-S1C-AAAAAAD:1:12", "spider: --replay: action 1 (1>2): 2S needs a card one rank higher, not 6S"),
        (
            "SP1-S5C-AAAAAAD:1:12",
            "spider: --replay: game code: variant 'S5C': expected S1, S2 or S4 followed by C or F",
        ),
        ("nosuchfile.txt", "spider: --replay: 'nosuchfile.txt' is neither a shared game nor a file"),
    ],
)
def test_a_bad_line_is_one_line_on_stderr(capsys: pytest.CaptureFixture[str], value: str, line: str) -> None:
    assert main(["--replay", value]) == 2
    err = capsys.readouterr().err
    assert err == line + "\n"


def test_a_bad_file_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.txt"
    path.write_bytes(b"\xff\xfe not text")
    assert main(["--replay", str(path)]) == 2
    assert capsys.readouterr().err == f"spider: --replay: {str(path)!r} cannot be used (UnicodeDecodeError)\n"
    path.write_text("SP1-S1C-AAAAAAD:2:18", encoding="utf-8")
    assert main(["--replay", str(path)]) == 2
    assert (
        capsys.readouterr().err == f"spider: --replay: {str(path)!r}: action 2: the line is cut after 1 of 2 actions\n"
    )


def test_replay_excludes_another_deal() -> None:
    with pytest.raises(UsageError, match=r"^--replay: cannot be used with --code"):
        parse(["--replay", LINE, "--code", "SP1-S1C-AAAAAAD"])


def test_a_screenshot_of_a_replay_shows_it_as_it_opens(tmp_path: Path) -> None:
    """``--replay X --screenshot F`` draws what ``--replay X`` opens on: the
    replay's strip over its deal, before the first action (not some other
    deal, not the end)."""
    from game_process import run_game
    from PIL import Image, ImageChops

    won = (Path(__file__).parent / "fixtures" / "shared" / "won-1C.line").read_text(encoding="utf-8").strip()
    code = won.split(":")[0]
    replay, table = tmp_path / "replay.png", tmp_path / "table.png"
    common = ("--size", "800x600", "--lang", "en", "--data-dir", str(tmp_path / "data"))
    for args in (("--replay", won, "--screenshot", str(replay)), ("--code", code, "--screenshot", str(table))):
        result = run_game(*args, *common, unset=["ARCADE_HEADLESS"])
        assert result.returncode == 0 and result.stderr == "", result.stderr
    shot, deal = Image.open(replay).convert("RGB"), Image.open(table).convert("RGB")
    cards = (0, 60, 800, 600)  # below the bar: the deal's ten columns and the stock
    assert ImageChops.difference(shot.crop(cards), deal.crop(cards)).getbbox() is None, "not the deal at action 0"
    strip = (0, 0, 800, 36)
    assert ImageChops.difference(shot.crop(strip), deal.crop(strip)).getbbox() is not None, "no replay strip"
    assert not (tmp_path / "data").exists()  # a picture writes nothing of the player's
