"""The command line: every mistake is one line naming the option and the value, status 2."""

from __future__ import annotations

from pathlib import Path

import pytest
from game_process import run_game
from PIL import Image

from game import __version__
from game.__main__ import main
from game.cli import UsageError, parse
from game.engine import Rule

# Every option that takes a value, with values a player could mistype.
BAD_VALUES = {
    "--size": [
        "-5x10",
        "big",
        "5x",
        "x600",
        "1280",
        "1280x800x2",
        "１２８０x800",
        "1280×800",
        "100x100",
        "9000x800",
        "",
    ],
    "--suits": ["3", "0", "-1", "four", "１", "٢", "4.0", ""],
    "--rule": ["loose", "c", "-classic", ""],
    "--code": ["nonsense", "SP2-S1C-AAAAAAD", "SP1-S3C-AAAAAAD", "-x", "", "   "],
    "--screenshot": ["x.txt", "x", "noext.", "", "-"],
    "--data-dir": ["", "  "],
    "--lang": ["fr", "english", "", "-it", "i t"],
}
CASES = [(option, value) for option, values in BAD_VALUES.items() for value in values]


def one_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert "usage" not in err.lower() and "Traceback" not in err
    return lines[0]


@pytest.mark.parametrize(("option", "value"), CASES)
@pytest.mark.parametrize("joined", [False, True], ids=["separate", "equals"])
def test_a_bad_value_is_one_line_naming_option_and_value(
    capsys: pytest.CaptureFixture[str], option: str, value: str, joined: bool
) -> None:
    argv = [f"{option}={value}"] if joined else [option, value]
    line = one_line(capsys, argv)
    assert line.startswith(f"spider: {option}: "), line
    assert repr(value) in line or repr(value.strip()) in line, line


def test_a_negative_size_is_refused_word_for_word(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--size", "-5x10"], ["--size=-5x10"]):
        assert one_line(capsys, argv) == "spider: --size: '-5x10' is not WIDTHxHEIGHT (like 1280x800)"


@pytest.mark.parametrize("option", list(BAD_VALUES))
def test_an_option_without_its_value(capsys: pytest.CaptureFixture[str], option: str) -> None:
    assert one_line(capsys, [option]) == f"spider: {option}: needs a value"
    # followed by another option rather than a value
    assert one_line(capsys, [option, "--fullscreen"]) == f"spider: {option}: needs a value"


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--foo"], "spider: --foo: no such option (spider --help lists them)"),
        (["--full"], "spider: --full: no such option (spider --help lists them)"),
        (["-x"], "spider: -x: no such option (spider --help lists them)"),
        (["play"], "spider: 'play': unexpected argument (options start with --)"),
        (["--fullscreen=yes"], "spider: --fullscreen: takes no value, not 'yes'"),
        (
            ["--code", "SP1-S1C-AAAAAAD", "--suits", "4"],
            "spider: --suits: '4' contradicts the code SP1-S1C-AAAAAAD (1 suit)",
        ),
        (
            ["--code", "SP1-S2C-AAAAAAD", "--rule", "flexible"],
            "spider: --rule: 'flexible' contradicts the code SP1-S2C-AAAAAAD (classic)",
        ),
    ],
)
def test_other_mistakes(capsys: pytest.CaptureFixture[str], argv: list[str], expected: str) -> None:
    assert one_line(capsys, argv) == expected


@pytest.mark.parametrize("value", ["CLASSIC", "Flexible", " flexible "])
def test_rule_ignores_case_like_codes(value: str) -> None:
    game = parse(["--suits", "2", "--rule", value]).game
    assert game is not None and game.rule is Rule(value.strip().lower()) and game.suits == 2


@pytest.mark.parametrize(("value", "lang"), [("it", "it"), ("ES", "es"), (" en ", "en")])
def test_lang_for_one_launch(value: str, lang: str) -> None:
    assert parse(["--lang", value]).lang == lang
    assert parse([]).lang is None


def test_good_options() -> None:
    options = parse(["--size", "1024X640", "--code", " sp1-s4f-aaaaaad ", "--fullscreen", "--data-dir", "d"])
    assert options.size == (1024, 640)
    assert options.game is not None and options.game.code == "SP1-S4F-AAAAAAD"
    assert options.fullscreen and options.data_dir == "d"
    assert parse([]).game is None  # resume the game in progress


@pytest.mark.parametrize("name", ["out.png", "out.JPG", "out.bmp", "sub/dir/out.webp"])
def test_screenshot_accepts_what_pillow_writes(name: str) -> None:
    assert parse(["--screenshot", name]).screenshot == Path(name)


def test_screenshot_to_a_folder(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match=r"^--screenshot: '.*' is a folder"):
        parse(["--screenshot", str(tmp_path)])


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        parse(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out == f"spider-solitaire {__version__}\n"


def test_help_ends_with_keys_files_and_environment(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        parse(["--help"], environ={"SPIDER_DATA_DIR": str(tmp_path)})
    text = capsys.readouterr().out
    keys, files, env = text.index("keys:"), text.index("the player's files"), text.index("environment:")
    assert text.index("--screenshot") < keys < files < env
    assert "Ctrl+Z" in text and "Ctrl+Q" in text and "F11" in text
    assert str(tmp_path) in text[files:env]
    for name in ("SPIDER_DATA_DIR", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        assert name in text[env:]


def write_failure_cases(tmp_path: Path) -> list[tuple[str, str]]:
    # (A link to /dev/full no longer fails: the picture replaces the link and
    # is never written through it, tests/files/test_written_files.py; a path under
    # a file is refused before drawing, with the other hostile values.)
    return [("/proc/self/table.png", "No such file or directory")]


def test_screenshot_write_failures_are_one_line(tmp_path: Path) -> None:
    """Paths that look right but cannot be written: the window has been drawn, the save fails."""
    for path, reason in write_failure_cases(tmp_path):
        result = run_game("--size", "800x600", "--screenshot", path, unset=["ARCADE_HEADLESS"])
        assert result.returncode == 2, result.stderr
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
        assert lines[0] == f"spider: --screenshot: cannot write '{path}': {reason}"


# ---- --screenshot draws with the player's settings and never writes (README, Playing) ----


def screenshot(tmp_path: Path, name: str, *args: str, lang_env: str = "en_GB.UTF-8") -> Image.Image:
    out = tmp_path / f"{name}.png"
    result = run_game(
        *("--code", "SP1-S4C-AAAAAAD", "--size", "800x600", "--screenshot", str(out), *args),
        unset=["ARCADE_HEADLESS", "LANGUAGE", "LC_ALL", "LC_MESSAGES"],
        env={"LANG": lang_env},
    )
    assert result.returncode == 0, result.stderr
    return Image.open(out).convert("RGB")


def region(image: Image.Image, top: int, bottom: int) -> bytes:
    return image.crop((0, top, image.width, bottom)).tobytes()


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.mark.slow
def test_screenshot_uses_the_players_settings_and_never_writes(tmp_path: Path) -> None:
    player = tmp_path / "player"
    player.mkdir()
    (player / "settings.json").write_text('{"version": 1, "language": "it", "four_colour": true}', encoding="utf-8")
    before = snapshot(player)
    theirs = screenshot(tmp_path, "theirs", "--data-dir", str(player))
    fresh = screenshot(tmp_path, "fresh", "--data-dir", str(tmp_path / "nobody"))
    english = screenshot(tmp_path, "english", "--data-dir", str(player), "--lang", "en")
    hud, cards = (0, 30), (60, 300)
    assert region(theirs, *hud) != region(fresh, *hud), "the buttons speak Italian"
    assert region(theirs, *cards) != region(fresh, *cards), "the four-colour deck"
    assert region(english, *hud) == region(fresh, *hud), "--lang en for this picture"
    assert region(english, *cards) == region(theirs, *cards), "still the player's deck"
    assert snapshot(player) == before
    assert not (tmp_path / "nobody").exists()


def test_screenshot_leaves_a_bad_settings_file_where_it_is(tmp_path: Path) -> None:
    player = tmp_path / "player"
    player.mkdir()
    (player / "settings.json").write_text("[" * 100_000, encoding="utf-8")
    before = snapshot(player)
    screenshot(tmp_path, "bad", "--data-dir", str(player))
    assert snapshot(player) == before
