"""Runtime hook of the standalone build, run before the game: programs the game
starts get the player's library path back.

PyInstaller's bootloader puts the bundle's ``_internal`` folder first on
LD_LIBRARY_PATH (keeping the player's value in LD_LIBRARY_PATH_ORIG) so that
the interpreter finds its libraries. The game's own process read the path when
it started, so changing it now changes nothing for it; but children inherit
the environment, and ``spd-say`` (read aloud) would run against the bundle's
copies of zlib or libffi instead of its own.
"""

from __future__ import annotations

import os
import sys
from collections.abc import MutableMapping


def restore_library_path(environ: MutableMapping[str, str], platform: str = sys.platform) -> None:
    """Put back the LD_LIBRARY_PATH the player had (none, if none)."""
    if not platform.startswith("linux"):
        return
    original = environ.pop("LD_LIBRARY_PATH_ORIG", None)
    if original is None:
        environ.pop("LD_LIBRARY_PATH", None)
    else:
        environ["LD_LIBRARY_PATH"] = original


if getattr(sys, "frozen", False):
    restore_library_path(os.environ)
