"""The sounds through pyglet: a real audio driver opened after the first frame, silent without one.

The launch keeps pyglet's silent driver (`PYGLET_AUDIO=silent`, set by
game/__main__.py), so importing arcade costs no audio probe. `open_output`,
called once the first table is on screen, opens the platform's driver
itself (PulseAudio or PipeWire's PulseAudio service on Linux, XAudio2 or
DirectSound on Windows, OpenAL on macOS) and hands it to pyglet. With no
server or device it answers None and the game stays silent: no line on
stderr, no wait, no error.

All of it runs on a thread of its own (`PygletOutput`): the table's thread
only puts a request on a queue. The WAV files are decoded once (stdlib
`wave`); a sound at a stereo place is made once, on its first use, and kept;
pitch and volume are the player's own (the driver applies them). Each sound
gets a pyglet `Player` of its own, made and deleted on the sound thread (a
stream costs that thread a round trip to the server, never the table's), at
most `VOICES` of them at once.
"""

from __future__ import annotations

import logging
import math
import sys
import threading
import time
import wave
from array import array
from collections.abc import Callable
from io import BytesIO
from queue import Empty, SimpleQueue
from typing import Any, Literal

import pyglet.media
from pyglet.media.codecs.base import AudioFormat, StaticMemorySource

from game.system import internals, resources
from game.ui.sound.board import VOICES
from game.ui.sound.cues import Sound

_log = logging.getLogger(__name__)

RATE = 22050  # the rate tools/sounds writes
PANS = 21  # stereo places a sound is made at (-1 … 1 in steps of 0.1)

# pyglet's PulseAudio stream starts playing only once its buffer holds its
# target length (half of pyglet's 1.2 s buffer), and a shorter sound would
# wait there unheard: every sound is followed by silence up to this length.
SHORTEST = 0.65  # seconds
CLOSING_S = 1.0  # at exit, how long the sound server may take to close the output

Request = tuple[int, Sound, float, float, float]  # voice, sound, pitch, pan, volume


def drivers_for(platform: str) -> tuple[str, ...]:
    """pyglet's audio modules to try, in order, on `platform` (sys.platform)."""
    if platform.startswith("win") or platform == "cygwin":
        return ("xaudio2", "directsound")
    if platform == "darwin":
        return ("openal",)
    return ("pulse",)  # PipeWire serves the PulseAudio protocol too


def open_driver(names: tuple[str, ...] | None = None) -> Any | None:
    """The first of `names` that opens (a pyglet audio driver), made pyglet's
    own; None when none does (no server, no device, no library)."""
    import importlib

    import pyglet.media.drivers as drivers

    for name in drivers_for(sys.platform) if names is None else names:
        try:
            module = importlib.import_module(f"pyglet.media.drivers.{name}")
            driver = module.create_audio_driver()
        except Exception as err:  # a missing library or server: the next, then silence
            _log.debug("spider: no %s audio: %s", name, err)
            continue
        if driver is None:
            continue
        if not internals.put(drivers, internals.AUDIO_DRIVER, driver):
            driver.delete()
            return None
        return driver
    return None


def _leave_pyglet_silent() -> None:
    """Make pyglet's own audio driver the silent one: its exit handler
    (`pyglet.media.drivers._delete_audio_driver`) then closes nothing real."""
    import pyglet.media.drivers as drivers
    from pyglet.media.drivers import silent

    internals.put(drivers, internals.AUDIO_DRIVER, silent.create_audio_driver())


def decode(data: bytes) -> array[int]:
    """The 16-bit mono samples of a WAV file made by tools/sounds."""
    with wave.open(BytesIO(data), "rb") as wav:
        if (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) != (1, 2, RATE):
            raise ValueError("not 16-bit mono at 22050 Hz")
        samples = array("h", wav.readframes(wav.getnframes()))
    if sys.byteorder == "big":  # pragma: no cover
        samples.byteswap()
    return samples


def stereo(mono: array[int], pan: float) -> bytes:
    """`mono` placed at `pan` (-1 left … 1 right), equal power (no dip in the middle)."""
    angle = (pan + 1) * math.pi / 4
    left, right = math.cos(angle) * math.sqrt(2), math.sin(angle) * math.sqrt(2)
    out = array("h", bytes(4 * len(mono)))
    # The sounds peak at half of full scale (tools/sounds), so no gain here can clip.
    out[0::2] = array("h", [int(x * left) for x in mono])
    out[1::2] = array("h", [int(x * right) for x in mono])
    if sys.byteorder == "big":  # pragma: no cover
        out.byteswap()
    return out.tobytes()


class Samples(pyglet.media.Source):
    """Samples in memory that any number of players may play at once (as a
    `StaticSource` is, without decoding anything)."""

    def __init__(self, data: bytes, audio_format: AudioFormat) -> None:
        self.data = data
        self.format = audio_format
        self.audio_format = audio_format  # type: ignore[assignment]  # pyglet declares it None on Source

    @property
    def duration(self) -> float:
        return len(self.data) / self.format.bytes_per_second

    def get_queue_source(self) -> StaticMemorySource:
        return StaticMemorySource(self.data, self.format)


class Voice(pyglet.media.Player):
    """A player for one sound, made and deleted on the sound thread alone
    (pyglet's own end of a sound would delete it on the table's thread)."""

    def on_eos(self) -> None:
        pass


class PygletOutput:
    """An `Output` (game.ui.sound.board) playing through pyglet on a thread of its own.

    The table's thread only puts a request on a queue (`play` returns at
    once): opening the driver, decoding, placing a sound in stereo and every
    call into pyglet's players (each a round trip to the sound server) happen
    on the sound thread, which alone touches the players. `state` is
    "opening", then "ready", or "none" when there is no device."""

    def __init__(self, driver_names: tuple[str, ...] | None = None) -> None:
        self.state = "opening"
        self.mono: dict[Sound, array[int]] = {}
        self.format = AudioFormat(channels=2, sample_size=16, sample_rate=RATE)
        self.sources: dict[tuple[Sound, int], Samples] = {}
        self.played = 0  # sounds started (the real-device test reads it)
        self._requests: SimpleQueue[Request | None] = SimpleQueue()  # None: stop
        self._names = driver_names
        self._driver: Any | None = None  # the real driver, once open (the sound thread's)
        self._opened = threading.Event()
        self._thread = threading.Thread(target=self._run, name="spider-sound", daemon=True)
        self._thread.start()

    # ---- the table's thread

    def length(self, sound: Sound) -> float:
        samples = self.mono.get(sound)
        return 0.0 if samples is None else len(samples) / RATE

    def play(self, voice: int, sound: Sound, pitch: float, pan: float, volume: float) -> None:
        if self.state == "ready":
            self._requests.put((voice, sound, pitch, pan, volume))

    def close(self, timeout: float = CLOSING_S) -> bool:
        """Stop playing and close the sound output (at exit): the players
        and the audio driver are closed on the sound thread, waited for at
        most `timeout`. A server that does not answer by then (frozen, or
        stopped) is left alone: pyglet is given its silent driver, so nothing
        at the process's exit waits on the frozen one or frees it while in
        use (which aborted the game); False then."""
        self._requests.put(None)
        self._thread.join(timeout)
        if not self._thread.is_alive():
            return True
        _log.debug("spider: the sound server did not answer in %.1f s: its output is left as it is", timeout)
        _leave_pyglet_silent()
        return False

    def wait_ready(self, timeout: float) -> str:
        """The state once opening is over (tests and tools; the game never waits)."""
        self._opened.wait(timeout)
        return self.state

    # ---- the sound thread

    def _run(self) -> None:
        try:
            self.mono = {sound: decode(resources.read_bytes(f"sounds/{sound}.wav")) for sound in Sound}
        except (resources.ResourceError, ValueError, EOFError, wave.Error) as err:
            _log.warning("spider: no sounds: %s", err)
            self._finish_opening("none")
            return
        self._driver = open_driver(self._names)
        if self._driver is None:
            self._finish_opening("none")
            return
        self._finish_opening("ready")
        self._serve()

    def _finish_opening(self, state: str) -> None:
        self.state = state
        self._opened.set()

    def _serve(self) -> None:
        voices: list[Voice | None] = [None] * VOICES
        ends = [math.inf] * VOICES  # when each voice's sound ends (then its player goes)
        while True:
            wait = min(ends) - time.monotonic()
            request: Request | Literal["idle"] | None
            try:
                request = self._requests.get(timeout=None if wait == math.inf else max(wait, 0.0))
            except Empty:
                request = "idle"
            now = time.monotonic()
            for k, voice in enumerate(voices):
                if voice is not None and (ends[k] <= now or request is None or (request != "idle" and request[0] == k)):
                    self._call(voice.delete)  # ended, or making way for the newest
                    voices[k], ends[k] = None, math.inf
            if request is None:
                self._close_driver()
                return
            if request != "idle":
                k, sound, pitch, pan, volume = request
                voices[k] = self._start(sound, pitch, pan, volume)
                if voices[k] is not None:
                    ends[k] = now + max(self.length(sound) / max(pitch, 0.01), SHORTEST) + 0.25

    def _start(self, sound: Sound, pitch: float, pan: float, volume: float) -> Voice | None:
        voice = Voice()

        def start() -> None:
            voice.pitch = pitch
            voice.volume = volume
            voice.queue(self.source(sound, pan))
            voice.play()
            self.played += 1

        if self._call(start):
            return voice
        self._call(voice.delete)
        return None

    def _close_driver(self) -> None:
        """The driver closed here, on the sound thread that alone used it;
        pyglet keeps its silent one for the rest of the process."""
        driver, self._driver = self._driver, None
        _leave_pyglet_silent()
        if driver is not None:
            self._call(driver.delete)

    @staticmethod
    def _call(fn: Callable[[], None]) -> bool:
        try:
            fn()
        except Exception as err:  # a server gone away mid-game: that sound is lost, the game goes on
            _log.debug("spider: sound: %s", err)
            return False
        return True

    def source(self, sound: Sound, pan: float) -> Samples:
        """`sound` at `pan`, made on first use and kept."""
        step = round((max(-1.0, min(1.0, pan)) + 1) / 2 * (PANS - 1))
        key = (sound, step)
        if key not in self.sources:
            data = stereo(self.mono[sound], step / (PANS - 1) * 2 - 1)
            data += bytes(
                max(0, self.format.align_ceil(math.ceil(SHORTEST * self.format.bytes_per_second)) - len(data))
            )
            self.sources[key] = Samples(data, self.format)
        return self.sources[key]
