"""``spider --replay LINE|FILE`` (docs/RULES.md §12): a shared game, checked
whole before any window; every fault is one line naming what and where."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from game.__main__ import main
from game.cli import UsageError, parse
from game.files.shared_file import LIMIT as SHARED_LIMIT

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
    path.write_text("SP1-S1C-AAAAAAD:2:18", encoding="utf-8")
    assert main(["--replay", str(path)]) == 2
    assert (
        capsys.readouterr().err == f"spider: --replay: {str(path)!r}: action 2: the line is cut after 1 of 2 actions\n"
    )


def _fifo(path: Path) -> Path:
    os.mkfifo(path)  # a writer that never comes: reading it must not wait
    return path


def _folder_link(path: Path) -> Path:
    (path.parent / "games").mkdir()
    path.symlink_to(path.parent / "games")
    return path


# Whatever a player may give as the file: each a maker, and what the one line says of it.
HOSTILE_FILES: dict[str, tuple[Callable[[Path], object], str]] = {
    "not UTF-8": (lambda p: p.write_bytes(b"\xff\xfe not text"), "is not UTF-8 text (byte 1): not a shared game"),
    "a Latin-1 accent after the line": (
        lambda p: p.write_bytes(LINE.encode() + b" caf\xe9"),
        f"is not UTF-8 text (byte {len(LINE) + 5}): not a shared game",
    ),
    "UTF-16": (lambda p: p.write_text(LINE, encoding="utf-16"), "is not UTF-8 text (byte 1): not a shared game"),
    "a folder": (lambda p: p.mkdir(), "is a folder, not a file holding a shared game"),
    "a link to a folder": (_folder_link, "is a folder, not a file holding a shared game"),
    "a pipe": (_fifo, "is not a regular file, not a file holding a shared game"),
    "too big": (
        lambda p: p.write_bytes(LINE.encode() * (SHARED_LIMIT // len(LINE) + 1)),
        f"is too large to hold a shared game (over {SHARED_LIMIT} bytes)",
    ),
    "empty": (lambda p: p.write_bytes(b""), ": the text is empty: a shared game looks like SP1-S1C-AAAAAAD:4:18b87+08"),
    "binary that is UTF-8": (lambda p: p.write_bytes(bytes(range(1, 128))), ": "),
}


@pytest.mark.parametrize("hostile", HOSTILE_FILES.values(), ids=HOSTILE_FILES.keys())
def test_a_hostile_file_is_one_line_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], hostile: tuple[Callable[[Path], object], str]
) -> None:
    make, problem = hostile
    path = tmp_path / "shared game.txt"
    make(path)
    assert main(["--replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"spider: --replay: {str(path)!r}") and problem in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert not (tmp_path / "data").exists()


def test_an_unreadable_file_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.txt"
    path.write_text(LINE, encoding="utf-8")

    def refused(*_: object, **__: object) -> bytes:  # as the system answers a file without read permission
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr("game.files.shared_file.read_small_file", refused)  # (tests run as root here: chmod is no bar)
    assert main(["--replay", str(path)]) == 2
    assert capsys.readouterr().err == f"spider: --replay: {str(path)!r} cannot be read (Permission denied)\n"


def test_a_file_with_a_byte_order_mark_or_a_colon_in_its_name_is_read(tmp_path: Path) -> None:
    marked = tmp_path / "from windows.txt"
    marked.write_text(LINE + "\r\n", encoding="utf-8-sig")
    colon = tmp_path / "game: 2026-12-01.txt"
    colon.write_text(LINE, encoding="utf-8")
    for path in (marked, colon):
        options = parse(["--replay", str(path)])
        assert options.replay is not None and options.replay.record == RECORD


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
