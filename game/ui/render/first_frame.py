"""When the first table was on screen: a signal for launch benchmarks.

With ``SPIDER_FIRST_FRAME=<file>`` in its environment, the game writes
``time.monotonic()`` (CLOCK_MONOTONIC, one clock for every process on Linux)
as one line to that file once its first table has been drawn and finished
(``ctx.finish()``). A benchmark that took the same clock just before
starting the game reads the launch time from it, from outside the process,
without patching anything. Without the variable nothing is written and no
work is done. A file that cannot be written is ignored: the game plays on.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Protocol

ENV = "SPIDER_FIRST_FRAME"


class _Finisher(Protocol):
    def finish(self) -> None: ...


class FirstFrame:
    """Reports the first drawn frame once (see the module docstring)."""

    def __init__(self, environ: Mapping[str, str] = os.environ) -> None:
        path = environ.get(ENV)
        self._path = Path(path) if path else None

    def drawn(self, ctx: _Finisher) -> None:
        """A frame was drawn: report it if it is the first and someone asked."""
        if self._path is None:
            return
        path, self._path = self._path, None
        ctx.finish()
        with contextlib.suppress(OSError):
            path.write_text(f"{time.monotonic()!r}\n", encoding="ascii")
