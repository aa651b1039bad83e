"""The pyglet side of the sounds, without a sound device: stereo placement, the
files decoded, the platform's drivers, and silence where there is no device."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import wave
from array import array
from pathlib import Path

import pytest

from game.ui.sound.cues import Sound
from game.ui.sound.output import SHORTEST, PygletOutput, decode, drivers_for, stereo

ROOT = Path(__file__).resolve().parents[3]


def channels(data: bytes) -> tuple[list[int], list[int]]:
    samples = array("h", data)
    return list(samples[0::2]), list(samples[1::2])


def test_a_sound_is_placed_in_stereo_at_equal_power() -> None:
    mono = array("h", [10000, -10000, 5000])
    left, right = channels(stereo(mono, -1.0))
    assert right == [0, 0, 0] and left[0] == pytest.approx(14142, abs=1)
    left, right = channels(stereo(mono, 1.0))
    assert left == [0, 0, 0] and right[1] == pytest.approx(-14142, abs=1)
    left, right = channels(stereo(mono, 0.0))
    assert left == right and left[0] == pytest.approx(10000, abs=1)  # the middle: as loud as at a side, in all
    left, right = channels(stereo(mono, 0.5))
    assert abs(right[0]) > abs(left[0]) > 0


def test_each_platform_has_its_drivers() -> None:
    assert drivers_for("linux") == ("pulse",)  # PipeWire serves the PulseAudio protocol
    assert drivers_for("win32") == ("xaudio2", "directsound")
    assert drivers_for("darwin") == ("openal",)


def test_the_shipped_sounds_decode_and_a_wrong_file_is_refused() -> None:
    for sound in Sound:
        assert len(decode((ROOT / "resources" / "sounds" / f"{sound}.wav").read_bytes())) > 1000
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as wav:  # CD stereo: not what tools/sounds writes
        wav.setnchannels(2)
        wav.setsampwidth(2)
        wav.setframerate(44100)
        wav.writeframes(bytes(400))
    with pytest.raises(ValueError, match="16-bit mono"):
        decode(buffer.getvalue())


def test_without_a_driver_the_output_is_silent_and_plays_nothing() -> None:
    output = PygletOutput(driver_names=())
    assert output.wait_ready(10) == "none"
    output.play(0, Sound.DROP, 1.0, 0.0, 1.0)  # quietly nothing
    assert output.played == 0
    # The sounds were decoded all the same; each is long enough for PulseAudio
    # to start it (a stream shorter than its buffer's target length is never heard).
    assert output.length(Sound.DEAL) < SHORTEST
    assert output.source(Sound.DEAL, 0.3).duration >= SHORTEST


def test_with_no_audio_server_opening_says_nothing_on_stderr(tmp_path: Path) -> None:
    script = (
        "import arcade\nfrom game.ui.sound.output import PygletOutput\nprint(PygletOutput(('pulse',)).wait_ready(10))\n"
    )
    env = dict(
        os.environ,
        ARCADE_HEADLESS="1",
        PYGLET_AUDIO="silent",
        PULSE_SERVER=f"unix:{tmp_path / 'no-server'}",
        HOME=str(tmp_path),
        XDG_RUNTIME_DIR=str(tmp_path),
        PYTHONPATH=str(ROOT),
    )
    run = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60, check=False
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "none"
    assert run.stderr == ""
