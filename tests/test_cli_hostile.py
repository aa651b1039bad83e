"""Hostile values on the command line and in the environment (README, Playing).

Every option and every environment variable the game reads, times values a
hostile tester tries (empty, huge, non-UTF-8, unicode, control characters,
paths that cannot exist or name devices): the game either takes the value or
refuses it with one line in the documented form, ``spider: SOURCE: 'VALUE'
<what is wrong>``, the value shortened, and status 2. Never a traceback, never
argparse's own words. Everything here stops before a window or a lock.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from game_process import ROOT, child_env, game_argv, run_game

from game.__main__ import main
from game.cli import UsageError, parse
from game.files.desktop import BadDataHome, data_home
from game.files.desktop import run as run_desktop
from game.files.storage import BadDataFolder, resolve_data_dir
from game.words.echo import shown
from game.words.i18n import LANGUAGES, system_language

LONG = 10_000

HOSTILE = {
    "empty": "",
    "blank": "   ",
    "huge digits": "9" * LONG,
    "huge text": "a" * LONG,
    "huge name.png": "a" * LONG + ".png",
    "non-UTF-8": os.fsdecode(b"\xff\xfe-\xc3"),
    "unicode": "données-ファイル-😀",
    "right-to-left override": "x\u202ey",
    "newline": "a\nb",
    "terminal escape": "\x1b[31mred",
    "unknown user's home": "~nosuchuser/x",
    "a leading dash": "-x",
    "a device": "/dev/null",
    "under a device": "/dev/null/x",
    "under a device.png": "/dev/null/x.png",
    "a component too long": "/tmp/" + "b" * 300 + "/x",
}
OPTIONS = ["--code", "--suits", "--rule", "--size", "--lang", "--screenshot", "--data-dir", "--replay"]
FLAGS = ["--fullscreen", "--install-desktop", "--uninstall-desktop"]
MAX_LINE = 600  # two shortened echoes and the words around them


def assert_one_documented_line(line: str, source: str) -> None:
    assert line.startswith(f"spider: {source}: "), line
    assert line.isprintable() and len(line) < MAX_LINE, line
    assert "_size" not in line and "_suits" not in line and "invalid" not in line, line


def refused(capsys: pytest.CaptureFixture[str], argv: list[str], source: str) -> str:
    """Run `spider argv`: status 2 and one documented line on stderr, nothing else."""
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert_one_documented_line(lines[0], source)
    return lines[0]


@pytest.fixture(autouse=True)
def _nothing_real(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Whatever a value names, relative paths and defaults land in tmp_path."""
    monkeypatch.chdir(tmp_path)
    for name in ("SPIDER_DATA_DIR", "XDG_DATA_HOME", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))


@pytest.mark.parametrize("joined", [True, False], ids=["equals", "separate"])
@pytest.mark.parametrize("value", list(HOSTILE))
@pytest.mark.parametrize("option", OPTIONS)
def test_every_option_takes_or_refuses_a_hostile_value_in_one_line(
    capsys: pytest.CaptureFixture[str], option: str, value: str, joined: bool
) -> None:
    text = HOSTILE[value]
    argv = [f"{option}={text}"] if joined else [option, text]
    try:
        parse(argv, environ={})
    except UsageError:
        line = refused(capsys, argv, option)
        if option not in ("--code", "--replay"):  # (the engine names the part of a code or line at fault)
            assert shown(text) in line or shown(text.strip()) in line, line
        return
    # Taken: only a folder name can be anything the file system allows.
    assert option == "--data-dir", f"{option} took {text!r}"


@pytest.mark.parametrize("value", ["yes", "a" * LONG, "\x1b[31m"])
@pytest.mark.parametrize("flag", FLAGS)
def test_a_flag_given_a_value_is_refused_in_one_line(capsys: pytest.CaptureFixture[str], flag: str, value: str) -> None:
    line = refused(capsys, [f"{flag}={value}"], flag)
    assert line == f"spider: {flag}: takes no value, not {shown(value)}"


@pytest.mark.parametrize("value", list(HOSTILE))
def test_a_stray_argument_is_refused_in_one_line(capsys: pytest.CaptureFixture[str], value: str) -> None:
    text = HOSTILE[value]
    if text.startswith("-"):
        return  # an option name: the table above
    assert main(["--fullscreen", text]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == f"spider: {shown(text)}: unexpected argument (options start with --)\n"


@pytest.mark.parametrize("value", list(HOSTILE))
def test_spider_data_dir_is_taken_or_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    text = HOSTILE[value]
    monkeypatch.setenv("SPIDER_DATA_DIR", text)
    try:
        folder = resolve_data_dir(None, os.environ, make=True)
    except BadDataFolder:
        source = "SPIDER_DATA_DIR" if text else "data folder"
        assert shown(text) in refused(capsys, [], source)
        return
    assert folder.is_dir()


@pytest.mark.parametrize("variable", ["XDG_DATA_HOME", "HOME"])
@pytest.mark.parametrize("value", list(HOSTILE))
def test_the_data_home_variables_are_taken_or_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, variable: str, value: str
) -> None:
    # Both name where the data folder and the menu entry go; empty means unset.
    text = HOSTILE[value]
    monkeypatch.setenv(variable, text)
    try:
        home = data_home(os.environ)
    except BadDataHome as err:
        problem = f"spider: {err}"
    else:
        assert home.is_absolute()
        assert resolve_data_dir(None, os.environ).is_absolute()  # (not made: HOME may be the real one)
        return
    assert_one_documented_line(problem, variable)
    assert run_desktop("uninstall", os.environ) == (2, problem)
    assert refused(capsys, [], variable) == problem  # and a launch says the same


@pytest.mark.parametrize("variable", ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"])
@pytest.mark.parametrize("value", list(HOSTILE))
def test_the_language_variables_never_stop_the_game(variable: str, value: str) -> None:
    assert system_language({variable: HOSTILE[value]}) in LANGUAGES


# ---- hostile command lines, word for word, in real processes -------------------


def spider(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return run_game(*args, unset=["DISPLAY", "WAYLAND_DISPLAY", "SPIDER_DATA_DIR"], env=env)


@pytest.mark.parametrize("args", [["--version"], ["--help"], ["--data-dir", "~nosuchuser/x"], []])
def test_an_unknown_users_home_is_one_line_whatever_the_command(args: list[str]) -> None:
    result = spider(*args, env={"SPIDER_DATA_DIR": "~nosuchuser/x"})
    assert "Traceback" not in result.stderr and "RuntimeError" not in result.stderr
    if args in (["--version"], ["--help"]):  # they do not need the folder
        assert result.returncode == 0 and result.stderr == ""
        if args == ["--help"]:
            assert "(none usable: SPIDER_DATA_DIR: '~nosuchuser/x' starts with a home folder" in result.stdout
        return
    source = "--data-dir" if args else "SPIDER_DATA_DIR"
    assert result.returncode == 2
    assert result.stderr == f"spider: {source}: '~nosuchuser/x' starts with a home folder that cannot be found\n"


def test_a_screenshot_name_too_long_for_the_file_system_is_one_line() -> None:
    name = "a" * LONG + ".png"
    result = spider("--screenshot", name)
    assert result.returncode == 2
    assert result.stderr == f"spider: --screenshot: {shown(name)} cannot be a file name (File name too long)\n"


@pytest.mark.parametrize("option", ["--suits", "--size"])
def test_more_digits_than_int_converts_is_the_documented_line(option: str) -> None:
    value = "1" * 4_400 + ("x5" if option == "--size" else "")
    result = spider(option, value)
    assert result.returncode == 2
    want = "is not 1, 2 or 4" if option == "--suits" else "is outside 320x240 to 8192x8192"
    assert result.stderr == f"spider: {option}: {shown(value)} {want}\n"


def test_a_huge_code_is_echoed_once_and_shortened() -> None:
    code = "SP9-" + "A" * LONG + "-S1C"
    result = spider("--code", code)
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"spider: --code: {shown(code)}: code version ") and len(result.stderr) < MAX_LINE


def test_help_prints_a_folder_of_any_bytes_in_any_terminal(tmp_path: Path) -> None:
    folder = os.fsencode(str(tmp_path)) + b"/\xff-donn\xc3\xa9es"
    result = subprocess.run(
        game_argv("--help"),
        cwd=ROOT,
        env=child_env(values={"SPIDER_DATA_DIR": os.fsdecode(folder), "PYTHONIOENCODING": "ascii"}),
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0 and b"Traceback" not in result.stderr
    assert b"the player's files" in result.stdout


@pytest.mark.parametrize(
    ("display", "named"),
    [(None, "there is no display (DISPLAY is not set)"), (":999", "the display ':999' (DISPLAY) does not answer")],
)
def test_no_display_is_one_line_naming_it(tmp_path: Path, display: str | None, named: str) -> None:
    argv = game_argv("--data-dir", str(tmp_path / "data"))
    env = child_env(["DISPLAY", "WAYLAND_DISPLAY", "ARCADE_HEADLESS"], {} if display is None else {"DISPLAY": display})
    result = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 1
    assert result.stderr == f"spider: cannot open a window: {named}; try --screenshot to draw without a display\n"


def test_an_empty_replay_is_said_to_be_empty() -> None:
    result = spider("--replay", "")
    assert result.returncode == 2
    assert result.stderr == "spider: --replay: '' is empty: give a shared game's line or a file holding one\n"
