"""The table's sentences read aloud by the system's speech service.

*Read aloud* (an option, off by default) speaks each sentence of the status
line through speech-dispatcher's ``spd-say``, else ``espeak-ng``, in the
game's language. Speaking never blocks the frame loop: `SystemSpeaker.say`
only leaves the newest sentence for a background thread, which cuts off the
one being spoken and starts the program. When neither program is installed
`available()` says so (the Options screen shows it) and `say` does nothing.
Tests inject any object with a `say(text, lang)` method instead.
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

PROGRAMS = ("spd-say", "espeak-ng")


class Speaker(Protocol):
    def say(self, text: str, lang: str) -> None: ...


def find_program(which: Callable[[str], str | None] = shutil.which) -> str | None:
    """The speech program to use: the first of `PROGRAMS` installed."""
    for name in PROGRAMS:
        found = which(name)
        if found:
            return found
    return None


def available() -> bool:
    """True when the system can speak (a speech program is installed)."""
    return find_program() is not None


def command(program: str, text: str, lang: str) -> list[str]:
    """The command line that speaks `text` in `lang` with `program`."""
    if Path(program).name == "spd-say":
        return [program, "--language", lang, text]
    return [program, "-v", lang, text]


class SystemSpeaker:
    """Speaks through `program` (found on the PATH when not given) on a
    background thread, the newest sentence cutting off the previous one."""

    def __init__(self, program: str | None = None) -> None:
        self.program = program if program is not None else find_program()
        self._lock = threading.Lock()
        self._pending: tuple[str, str] | None = None
        self._ready = threading.Event()
        self._thread: threading.Thread | None = None
        self._speaking: subprocess.Popen[bytes] | None = None

    def say(self, text: str, lang: str) -> None:
        """Speak `text` soon; returns at once."""
        if self.program is None or not text:
            return
        with self._lock:
            self._pending = (text, lang)
        self._ready.set()
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="speech", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while True:
            self._ready.wait()
            self._ready.clear()
            with self._lock:
                pending, self._pending = self._pending, None
            if pending is not None:
                with contextlib.suppress(OSError, subprocess.SubprocessError):
                    self._speak(*pending)

    def _speak(self, text: str, lang: str) -> None:
        assert self.program is not None
        quiet = subprocess.DEVNULL
        if self._speaking is not None and self._speaking.poll() is None:
            self._speaking.terminate()
        if Path(self.program).name == "spd-say":
            # speech-dispatcher queues messages: drop the one being read first.
            subprocess.run([self.program, "--cancel"], check=False, timeout=2, stdout=quiet, stderr=quiet)
        self._speaking = subprocess.Popen(command(self.program, text, lang), stdout=quiet, stderr=quiet)
