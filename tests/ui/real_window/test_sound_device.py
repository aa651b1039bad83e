"""The sounds through a real audio server, and a machine with none.

A private PulseAudio server (Debian's `pulseaudio`, started here with a null
sink: a sound card that plays into nothing) and `parec` recording its
monitor: what the game plays is measured as a level. A deal, a move and a
refused move make sound; after M, a deal makes none. The same game started
with no audio server at all plays on, silent, with nothing on stderr.

The game is driven from outside with keys, as a player with a keyboard would.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import threading
import time
from array import array
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.engine import Game
from tools.xwindow import Desktop, GameWindow, launch, read_json, stop, wait_until

from .conftest import skip_without_tools
from .table import CODE

pytestmark = [
    pytest.mark.xvfb,
    pytest.mark.slow,
    skip_without_tools(),
    pytest.mark.skipif(
        not (shutil.which("pulseaudio") and shutil.which("parec")),
        reason="needs pulseaudio and pulseaudio-utils (parec)",
    ),
]

RATE = 22050  # what parec records at (stereo, 16-bit)
HEARD = 1000  # a peak above this (of 32 767) is a sound; the null sink's silence is 0
QUIET = 30
SINK = "spider_test"


class Recorder:
    """`parec` on the null sink's monitor, read on a thread: `peak(seconds)`
    is the loudest sample heard in the next `seconds`."""

    def __init__(self, env: dict[str, str]) -> None:
        self.proc = subprocess.Popen(
            [
                "parec",
                "--latency-msec=20",
                "-d",
                f"{SINK}.monitor",
                "--format=s16le",
                f"--rate={RATE}",
                "--channels=2",
                "--raw",
            ],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.chunks: list[tuple[float, bytes]] = []
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        while chunk := self.proc.stdout.read1(4096):  # type: ignore[attr-defined]
            self.chunks.append((time.monotonic(), chunk))

    def peak(self, seconds: float) -> int:
        start = time.monotonic()
        time.sleep(seconds)  # the point: what is heard over these seconds
        data = b"".join(chunk for at, chunk in list(self.chunks) if at >= start)
        samples = array("h", data[: len(data) // 2 * 2])
        return max(map(abs, samples), default=0)

    def stop(self) -> None:
        stop(self.proc)


@pytest.fixture(scope="module")
def pulse(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """A private PulseAudio server with one null sink; the environment that reaches it."""
    home = tmp_path_factory.mktemp("pulse")
    socket = home / "native"
    env = {**os.environ, "HOME": str(home), "XDG_RUNTIME_DIR": str(home), "PULSE_RUNTIME_PATH": str(home / "run")}
    server = subprocess.Popen(
        [
            "pulseaudio",
            "-n",
            "--daemonize=no",
            "--exit-idle-time=-1",
            "--use-pid-file=no",
            f"--load=module-null-sink sink_name={SINK}",
            f"--load=module-native-protocol-unix auth-anonymous=1 socket={socket}",
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    env["PULSE_SERVER"] = f"unix:{socket}"
    try:
        up = wait_until(
            lambda: subprocess.run(["pactl", "info"], env=env, capture_output=True, check=False).returncode == 0, 10
        )
        assert up, "the private PulseAudio server did not start"
        yield env
    finally:
        stop(server)


def play(desktop: Desktop, tmp: Path, env: dict[str, str]) -> GameWindow:
    game_env = {**desktop.env, **{k: v for k, v in env.items() if k in ("HOME", "XDG_RUNTIME_DIR", "PULSE_SERVER")}}
    if "PULSE_SERVER" not in env:
        game_env.pop("PULSE_SERVER", None)
    window = launch(desktop, tmp / "data", tmp / "game.log", ["--code", CODE, "--size", "1280x800"], env=game_env)
    window.park_pointer()
    window.activate()
    window.settled(timeout=20)
    return window


def pactl(env: dict[str, str], *args: str) -> str:
    return subprocess.run(["pactl", *args], env=env, capture_output=True, text=True, check=False, timeout=10).stdout


def connected(env: dict[str, str]) -> bool:
    """Whether the game is a client of the server (pyglet names it after `python -m game`'s file)."""
    return "game/__main__.py" in pactl(env, "list", "clients")


def playing(env: dict[str, str]) -> bool:
    """Whether some stream plays into the server."""
    return bool(pactl(env, "list", "short", "sink-inputs").strip())


def saved_record(tmp: Path) -> object:
    return (read_json(tmp / "data" / "game.json") or {}).get("record")


def digit(col: int) -> str:
    return str((col + 1) % 10)


def test_a_deal_a_move_and_a_refusal_are_heard_and_m_silences_them(
    desktop: Desktop, pulse: dict[str, str], tmp_path: Path
) -> None:
    recorder = Recorder(pulse)
    window = play(desktop, tmp_path, pulse)
    try:
        assert wait_until(lambda: connected(pulse), 10), "the game never connected to the audio server"
        assert recorder.peak(0.6) < QUIET  # at rest: silence

        game = Game.from_code(CODE)
        src, dst = next((s, d) for s in range(10) for d in game.legal_destinations(s, game.movable_count(s)) if d != s)
        window.key(digit(src), digit(dst))
        moved = recorder.peak(1.2)
        assert moved > HEARD, f"a move ({src + 1} to {dst + 1}) made no sound: peak {moved}"

        game.move(src, game.movable_count(src), dst)
        bad_src, bad_dst = next(
            (s, d)
            for s in range(10)
            for d in range(10)
            if d != s and game.columns[s] and d not in game.legal_destinations(s, game.movable_count(s))
        )
        window.key(digit(bad_src), digit(bad_dst))
        refused = recorder.peak(1.2)
        assert refused > HEARD, f"a refused move made no sound: peak {refused}"
        window.key("Escape")

        window.key("d")
        dealt = recorder.peak(1.5)
        assert dealt > HEARD, f"a deal made no sound: peak {dealt}"

        window.key("m")
        assert wait_until(lambda: (read_json(tmp_path / "data" / "settings.json") or {}).get("sound") is False, 5)
        window.key("d")
        muted = recorder.peak(1.5)
        assert muted < QUIET, f"muted, a deal was still heard: peak {muted}"
        assert window.alive
    finally:
        window.stop()
        recorder.stop()
    log = (tmp_path / "game.log").read_text(encoding="utf-8", errors="replace")
    assert log == "", f"the game wrote:\n{log}"


def test_with_no_audio_server_the_game_plays_on_silent_and_says_nothing(desktop: Desktop, tmp_path: Path) -> None:
    nowhere = tmp_path / "no-audio"
    nowhere.mkdir()
    env = {"HOME": str(nowhere), "XDG_RUNTIME_DIR": str(nowhere)}  # no server socket, no PULSE_SERVER
    window = play(desktop, tmp_path, env)
    try:
        time.sleep(1.0)  # the point: the sound thread tries for a server after the first frame, unseen from outside
        window.key("d")
        assert wait_until(lambda: saved_record(tmp_path) == "deal", 5), "D did not deal"
        assert window.alive
    finally:
        window.stop()
    log = (tmp_path / "game.log").read_text(encoding="utf-8", errors="replace")
    assert log == "", f"with no audio server the game wrote:\n{log}"


def _loudest_sound() -> int:
    """The highest sample of the table's sounds as shipped (before the player's volume)."""
    from game.system import resources
    from game.ui.sound.cues import Sound
    from game.ui.sound.output import decode

    return max(max(map(abs, decode(resources.read_bytes(f"sounds/{sound}.wav")))) for sound in Sound)


@pytest.mark.skipif(not (shutil.which("spd-say") or shutil.which("espeak-ng")), reason="needs speech-dispatcher")
def test_read_aloud_is_as_loud_as_the_sounds_and_follows_the_volume(pulse: dict[str, str], monkeypatch: Any) -> None:
    """Once measured: sentences peaked at 20,000-27,000 (spd-say's default
    clips) where the sounds at Medium peak near 8,000, whatever the volume."""
    from game.system.speech import Speaker
    from game.ui.sound.board import VOLUMES

    for name in ("HOME", "XDG_RUNTIME_DIR", "PULSE_SERVER"):  # speech-dispatcher starts on the private server
        monkeypatch.setenv(name, pulse[name])
    recorder = Recorder(pulse)
    speaker = Speaker()
    peaks: dict[str, int] = {}
    try:
        for volume in ("quiet", "medium", "loud"):
            speaker.volume = volume
            speaker.say("The five of spades goes to column three; the king of hearts turns up.", "en")
            peaks[volume] = recorder.peak(4.0)
    finally:
        speaker.stop(silence=True)
        recorder.stop()
        _stop_speech_server(Path(pulse["XDG_RUNTIME_DIR"]))
    sounds = {volume: round(_loudest_sound() * VOLUMES[volume]) for volume in peaks}
    assert all(HEARD < peaks[v] <= 1.5 * sounds[v] for v in peaks), f"speech {peaks}, sounds {sounds}"
    assert peaks["quiet"] < peaks["medium"] < peaks["loud"], peaks


def _stop_speech_server(runtime: Path) -> None:
    """The speech-dispatcher that spd-say started for the test (it would leave by itself after 5 s idle)."""
    for pid_file in runtime.glob("speech-dispatcher/pid/*.pid"):
        with contextlib.suppress(ValueError, OSError):
            os.kill(int(pid_file.read_text().strip()), signal.SIGTERM)


def test_a_sound_server_frozen_while_playing_never_aborts_the_game_at_exit(
    desktop: Desktop, pulse: dict[str, str], tmp_path: Path
) -> None:
    """Once seen: PulseAudio stopped after the game connected, Ctrl+Q saved the
    game and then died on PulseAudio's pa_mutex_free assertion (status -6)."""
    server = _server_pid(pulse)
    window = play(desktop, tmp_path, pulse)
    try:
        assert wait_until(lambda: connected(pulse), 10), "the game never connected to the audio server"
        window.key("d")  # a deal: streams open on the server
        assert wait_until(lambda: playing(pulse), 5), "the deal opened no stream on the server"
        os.kill(server, signal.SIGSTOP)
        try:
            window.key("d")  # a sound asked of the frozen server
            wait_until(lambda: saved_record(tmp_path) == "deal deal", 5)
            window.key("ctrl+q")
            status = window.wait_exit(20.0)  # a generous deadline: only a hang fails it
        finally:
            os.kill(server, signal.SIGCONT)
    finally:
        window.stop()
    assert status == 0, f"the game ended with status {status}:\n{window.output()}"
    saved = json.loads((tmp_path / "data" / "game.json").read_text(encoding="utf-8"))
    assert saved["record"] == "deal deal", saved


def _server_pid(env: dict[str, str]) -> int:
    """The private PulseAudio server's process (pactl names it)."""
    out = subprocess.run(["pactl", "info"], env=env, capture_output=True, text=True, check=True).stdout
    socket = next(line.split(":", 1)[1].strip() for line in out.splitlines() if line.startswith("Server String"))
    socket = socket.removeprefix("unix:")
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            with contextlib.suppress(OSError):
                argv = (proc / "cmdline").read_bytes().split(b"\0")
                if argv[0].endswith(b"pulseaudio") and any(socket.encode() in a for a in argv):
                    return int(proc.name)
    raise RuntimeError(f"no pulseaudio process serves {socket}")
