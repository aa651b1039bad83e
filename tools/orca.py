"""Orca, the screen reader, on a private desktop session, and what it says.

- `A11yBus`: a private D-Bus session bus with the accessibility bus on it
  (at-spi2-core's launcher), assistive technologies turned on as a desktop
  does when its user turns the screen reader on. Programs started with its
  `env` (the game, Orca, pyatspi) meet there, and nowhere else.
- `Orca`: Debian's ``orca`` on that bus and the desktop's display, with a
  home of its own (its default settings), braille off, and speech on with no
  speech server: speech-dispatcher is told to spawn a program that does not
  exist, so Orca says "speech not available" once and goes on logging every
  utterance (``SPEECH OUTPUT: '…'``) without ever waiting for a sound card.
  (With a speech-dispatcher that runs but cannot play, Orca 43 blocks in its
  "interrupt speech" call on the first key and hears nothing more.) Its
  debug log is written to a pseudo-terminal, which Python writes line by
  line (a file it would write in 8 KB blocks), and read from there as Orca
  writes it.

`Orca.said` is everything spoken so far; `Orca.after(press)` does something
(press keys in the game's window, open a dialog …) and returns what Orca
spoke from then until it has been quiet for a moment. Key echo (Orca says
the name of each key pressed, "return ") is left in: it is what a player
hears.

Used by tests/ui/real_window/test_orca.py (and test_screen_reader.py's bus).
"""

from __future__ import annotations

import contextlib
import os
import pty
import re
import shutil
import subprocess
import threading
import time
import tty
from collections.abc import Callable
from pathlib import Path

LAUNCHER = "/usr/libexec/at-spi-bus-launcher"
SPOKEN = re.compile(r"SPEECH OUTPUT: '(.*?)'(?: voice=\S+)?\s*(?:\{|\[|None\b|$)")
QUIET_S = 1.0  # no new line for this long: Orca has said what it had to say


def missing() -> str | None:
    """What this machine lacks to run Orca on a private session (None: nothing)."""
    if shutil.which("dbus-daemon") is None or not Path(LAUNCHER).exists():
        return "dbus and at-spi2-core"
    if shutil.which("orca") is None:
        return "orca"
    return None


def spoken_lines(log: str) -> list[str]:
    """The utterances in an Orca debug log, in order."""
    return [m.group(1) for line in log.splitlines() if (m := SPOKEN.search(line))]


class A11yBus:
    """A private D-Bus session with the accessibility bus, on `display_env` (see the module docstring)."""

    def __init__(self, display_env: dict[str, str], timeout: float = 10.0) -> None:
        self.procs: list[subprocess.Popen[bytes]] = []
        bus = subprocess.Popen(
            ["dbus-daemon", "--session", "--nofork", "--print-address=1"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.procs.append(bus)
        assert bus.stdout is not None
        address = bus.stdout.readline().decode().strip()
        self.env = {**display_env, "DBUS_SESSION_BUS_ADDRESS": address}
        self.procs.append(
            subprocess.Popen(
                [LAUNCHER, "--launch-immediately"], env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
            )
        )
        deadline = time.monotonic() + timeout
        while not self._turn_on("IsEnabled"):  # the launcher takes its name on the bus
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("the AT-SPI bus did not start")
            time.sleep(0.2)
        # Named outright: libatspi would otherwise take the address the launcher
        # writes on the display's root window, where an earlier session's stays.
        self.env["AT_SPI_BUS_ADDRESS"] = self._address()

    def _address(self) -> str:
        done = subprocess.run(
            [
                "dbus-send",
                "--session",
                "--print-reply=literal",
                "--dest=org.a11y.Bus",
                "/org/a11y/bus",
                "org.a11y.Bus.GetAddress",
            ],
            env=self.env,
            capture_output=True,
            text=True,
            check=True,
            timeout=10,
        )
        return done.stdout.strip()

    def _turn_on(self, prop: str) -> bool:
        done = subprocess.run(
            [
                "dbus-send",
                "--session",
                "--print-reply",
                "--dest=org.a11y.Bus",
                "/org/a11y/bus",
                "org.freedesktop.DBus.Properties.Set",
                "string:org.a11y.Status",
                f"string:{prop}",
                "variant:boolean:true",
            ],
            env=self.env,
            capture_output=True,
            check=False,
            timeout=10,
        )
        return done.returncode == 0

    def screen_reader_on(self) -> None:
        """What the desktop says when its user turns the screen reader on."""
        self._turn_on("ScreenReaderEnabled")

    def stop(self) -> None:
        for proc in reversed(self.procs):
            _stop(proc)


class Orca:
    """Orca on `bus`, its home and log in `folder` (see the module docstring)."""

    def __init__(self, bus: A11yBus, folder: Path, timeout: float = 30.0) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        home = folder / "home"
        runtime = folder / "runtime"
        for path in (home, runtime):
            path.mkdir(exist_ok=True)
        runtime.chmod(0o700)
        self.env = {
            **bus.env,
            "HOME": str(home),
            "XDG_CONFIG_HOME": str(home / ".config"),
            "XDG_DATA_HOME": str(home / ".local" / "share"),
            "XDG_RUNTIME_DIR": str(runtime),
            "LANGUAGE": "en",  # its own words ("Entering flat review.") in English
            "LC_ALL": "C.UTF-8",
            # Speech on, with no server: nothing to wait for, every utterance logged.
            "SPEECHD_CMD": str(folder / "no-speech-dispatcher"),
            "SPEECHD_ADDRESS": "unix_socket:" + str(runtime / "no-speechd.sock"),
        }
        self.log = folder / "orca-debug.log"
        self._text: list[str] = []
        self._lock = threading.Lock()
        master, slave = pty.openpty()
        tty.setraw(slave)  # no line-ending changes on the way
        self._master, self._slave = master, slave  # our end of the terminal stays open: reading needs a writer
        bus.screen_reader_on()
        self.proc = subprocess.Popen(
            ["orca", "--disable", "braille", "--debug-file", os.ttyname(slave)],
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        if not self.wait_for(lambda said: bool(said), timeout):  # "Screen reader on."
            self.stop()
            raise RuntimeError(f"Orca said nothing in {timeout:.0f} s (log: {self.log})")

    def _read(self) -> None:
        with self.log.open("wb") as out:
            pending = b""
            while True:
                try:
                    data = os.read(self._master, 65536)
                except OSError:  # Orca closed its end
                    break
                if not data:
                    break
                out.write(data)
                out.flush()
                pending += data
                *lines, pending = pending.split(b"\n")
                found = spoken_lines(b"\n".join(lines).decode(errors="replace"))
                if found:
                    with self._lock:
                        self._text.extend(found)

    @property
    def said(self) -> list[str]:
        """Everything Orca has spoken so far."""
        with self._lock:
            return list(self._text)

    def wait_for(self, check: Callable[[list[str]], bool], timeout: float) -> bool:
        """Wait until `check(said)` holds (True), or `timeout` seconds pass (False)."""
        deadline = time.monotonic() + timeout
        while not check(self.said):
            if time.monotonic() > deadline or self.proc.poll() is not None:
                return False
            time.sleep(0.05)
        return True

    def after(self, action: Callable[[], object], quiet: float = QUIET_S, timeout: float = 15.0) -> list[str]:
        """Do `action`, then what Orca spoke until it was quiet for `quiet` seconds."""
        start = len(self.said)
        action()
        deadline = time.monotonic() + timeout
        count, changed = start, time.monotonic()
        while time.monotonic() < deadline:
            time.sleep(0.05)
            now = len(self.said)
            if now != count:
                count, changed = now, time.monotonic()
            elif now > start and time.monotonic() - changed >= quiet:
                break
            elif now == start and time.monotonic() - changed >= quiet * 3:
                break  # nothing at all
        return self.said[start:]

    def stop(self) -> None:
        _stop(self.proc)
        for fd in (self._slave, self._master):
            with contextlib.suppress(OSError):
                os.close(fd)
        self._reader.join(timeout=5)


def _stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=5)
