"""The system libraries Spider loads at run time, and the one line naming one that is missing.

OpenGL, EGL, the X client library, FreeType and Fontconfig are the system's
own, in a pip install and in the standalone build alike (they must match the
machine's graphics drivers and X server). pyglet loads them with ctypes while
arcade is imported and, when one cannot be loaded, raises
``ImportError('Library "GL" not found.')`` — even when what is missing is a
library *that one* needs (libGL needs libX11). `missing_library` turns such
an error into one line for the player, with the loader's own reason, which
names the file that is really missing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import re
from collections.abc import Callable

# pyglet.lib.LibraryLoader.load_library's message (pyglet 2.1); a test checks it still reads so.
PYGLET_MESSAGE = re.compile(r'Library "(?P<name>[^"]+)" not found\.')

# What each library pyglet may load on Linux is, for a player.
WHAT = {
    "GL": "OpenGL",
    "EGL": "EGL (OpenGL without a window)",
    "X11": "the X client library",
    "Xext": "the X extension library",
    "Xrandr": "the X RandR library",
    "Xinerama": "the X Xinerama library",
    "Xi": "the X input library",
    "Xrender": "the X Render library",
    "freetype": "FreeType",
    "fontconfig": "Fontconfig",
}


HINT = "the README lists the system libraries Spider needs"


def _load(name: str) -> object:
    return ctypes.CDLL(name)


def _first_cause(error: OSError) -> OSError:
    """The loader's own error: in the standalone build PyInstaller's ctypes
    replaces it with a guess ("not found when the application was frozen")
    raised from it."""
    while isinstance(error.__cause__, OSError):
        error = error.__cause__
    return error


def missing_library(
    err: BaseException,
    load: Callable[[str], object] = _load,
    find: Callable[[str], str | None] = ctypes.util.find_library,
) -> str | None:
    """The line to print when `err` says a system library could not be
    loaded, else None (any other error is a bug and keeps its traceback).

    `load` and `find` are ctypes' (tests pass their own): the library is
    loaded once more to learn why it failed.

    >>> def load(name: str) -> object:
    ...     raise OSError("libX11.so.6: cannot open shared object file: No such file or directory")
    >>> print(missing_library(ImportError('Library "GL" not found.'), load, lambda name: "libGL.so.1"))
    ... # doctest: +ELLIPSIS
    cannot load OpenGL (libGL.so.1): libX11.so.6: cannot open shared object file: ...; the README lists ...
    >>> missing_library(ImportError("No module named 'arcade'")) is None
    True
    """
    if not isinstance(err, ImportError) or isinstance(err, ModuleNotFoundError):
        return None
    match = PYGLET_MESSAGE.fullmatch(str(err))
    if match is None:
        return None
    name = match["name"]
    soname = find(name) or f"lib{name}.so"
    try:
        load(soname)
        reason = ""
    except OSError as failure:
        reason = f": {_first_cause(failure)}"
    return f"cannot load {WHAT.get(name, soname)} ({soname}){reason}; {HINT}"
