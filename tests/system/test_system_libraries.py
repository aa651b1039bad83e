"""A missing system library (OpenGL, EGL, the X client) is one line naming it and status 1, never a traceback.

The end-to-end tests hide a library from the dynamic loader the way a
broken system would: a file of that name that is no library, first on
LD_LIBRARY_PATH, makes loading it fail (the loader reports the file it
tried), and so does loading any library that needs it.
"""

from __future__ import annotations

import doctest
import subprocess
from pathlib import Path

import pytest
from game_process import run_game

from game.system import system_libraries
from game.system.system_libraries import HINT, missing_library


def test_pyglet_still_words_a_missing_library_as_we_read_it() -> None:
    # The one thing of pyglet's this relies on: its message (pyglet.lib.LibraryLoader.load_library).
    import pyglet.lib

    with pytest.raises(ImportError) as raised:
        pyglet.lib.load_library("spider-test-no-such-library")
    match = system_libraries.PYGLET_MESSAGE.fullmatch(str(raised.value))
    assert match is not None and match["name"] == "spider-test-no-such-library"


def test_the_line_names_what_the_loader_could_not_find() -> None:
    def load(name: str) -> object:
        assert name == "libGL.so.1"
        raise OSError("libX11.so.6: cannot open shared object file: No such file or directory")

    line = missing_library(ImportError('Library "GL" not found.'), load, lambda name: "libGL.so.1")
    assert line == (
        "cannot load OpenGL (libGL.so.1): libX11.so.6: cannot open shared object file: "
        f"No such file or directory; {HINT}"
    )


def test_the_loaders_reason_is_quoted_even_when_the_bundle_rewords_it() -> None:
    def load(name: str) -> object:  # as PyInstaller's ctypes does in the standalone build
        try:
            raise OSError(f"{name}: file too short")
        except OSError as reason:
            raise OSError(f"Failed to load dynlib/dll {name!r}. Most likely ...") from reason

    line = missing_library(ImportError('Library "GL" not found.'), load, lambda name: "libGL.so.1")
    assert line == f"cannot load OpenGL (libGL.so.1): libGL.so.1: file too short; {HINT}"


def test_a_library_unknown_to_ctypes_is_named_by_its_usual_file() -> None:
    def load(name: str) -> object:
        raise OSError(f"{name}: cannot open shared object file: No such file or directory")

    line = missing_library(ImportError('Library "EGL" not found.'), load, lambda name: None)
    assert line is not None and line.startswith("cannot load EGL (OpenGL without a window) (libEGL.so): libEGL.so:")


def test_other_import_errors_are_not_taken_for_a_missing_library() -> None:
    assert missing_library(ModuleNotFoundError("No module named 'arcade'")) is None
    assert missing_library(ImportError("cannot import name 'Window' from 'arcade'")) is None
    assert missing_library(OSError('Library "GL" not found.')) is None


def test_the_doctests_hold() -> None:
    result = doctest.testmod(system_libraries)
    assert result.attempted >= 2 and result.failed == 0


def _launch_hiding(tmp_path: Path, library: str, *args: str) -> subprocess.CompletedProcess[str]:
    hidden = tmp_path / "hidden"
    hidden.mkdir()
    (hidden / library).write_bytes(b"not a library")
    return run_game(
        *("--data-dir", str(tmp_path / "data"), *args),
        unset=["ARCADE_HEADLESS", "DISPLAY", "SPIDER_DATA_DIR"],
        env={"LD_LIBRARY_PATH": str(hidden)},
    )


@pytest.mark.parametrize(
    ("library", "what"),
    [("libGL.so.1", "cannot load OpenGL (libGL.so.1): "), ("libX11.so.6", "cannot load OpenGL (libGL.so.1): ")],
)
def test_a_window_without_its_library_says_so_in_one_line(tmp_path: Path, library: str, what: str) -> None:
    done = _launch_hiding(tmp_path, library)
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.startswith(f"spider: {what}") and library in done.stderr


def test_a_screenshot_without_egl_says_so_in_one_line(tmp_path: Path) -> None:
    done = _launch_hiding(tmp_path, "libEGL.so.1", "--screenshot", str(tmp_path / "table.png"))
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.startswith("spider: cannot load EGL") and "libEGL.so.1" in done.stderr
    assert not (tmp_path / "table.png").exists()
