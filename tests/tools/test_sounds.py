"""The sounds: the committed WAV files are what the tool makes, soft, short and small."""

from __future__ import annotations

import wave
from array import array
from pathlib import Path
from typing import Protocol

import pytest

from tools.sounds.cli import main as render_sounds
from tools.sounds.cli import render
from tools.sounds.recipes import SOUNDS
from tools.sounds.synth import RATE

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "resources" / "sounds"


class Params(Protocol):
    """What `wave`'s getparams() names (its own type is private)."""

    @property
    def nchannels(self) -> int: ...
    @property
    def sampwidth(self) -> int: ...
    @property
    def framerate(self) -> int: ...
    @property
    def nframes(self) -> int: ...


def samples(path: Path) -> tuple[Params, array[int]]:
    with wave.open(str(path), "rb") as wav:
        params = wav.getparams()
        data = array("h", wav.readframes(params.nframes))
    return params, data


@pytest.fixture(scope="module")
def committed() -> dict[str, array[int]]:
    out = {}
    for name in SOUNDS:
        params, data = samples(FOLDER / f"{name}.wav")
        assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, RATE), name
        out[name] = data
    return out


def test_the_committed_sounds_are_exactly_what_the_tool_makes(committed: dict[str, array[int]]) -> None:
    for name in SOUNDS:
        again = array("h", render(name))
        assert len(again) == len(committed[name]), f"{name}.wav has another length: run python -m tools.sounds"
        # The same arithmetic gives the same bits; a libm elsewhere may round a
        # last bit otherwise, never more than one step in 65 536.
        worst = max(abs(a - b) for a, b in zip(again, committed[name], strict=True))
        assert worst <= 1, f"{name}.wav differs from what the tool makes now: run python -m tools.sounds"


def test_the_tool_writes_every_sound_to_the_folder_it_is_given(
    tmp_path: Path, committed: dict[str, array[int]]
) -> None:
    assert render_sounds(["--out", str(tmp_path / "out")]) == 0
    written = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert written == sorted(f"{name}.wav" for name in SOUNDS)
    assert samples(tmp_path / "out" / "deal.wav")[1] == committed["deal"]


def test_there_are_no_other_sound_files_than_the_tools() -> None:
    assert sorted(p.name for p in FOLDER.iterdir()) == sorted(f"{name}.wav" for name in SOUNDS)


def test_the_sounds_are_soft_short_and_small(committed: dict[str, array[int]]) -> None:
    total = sum((FOLDER / f"{name}.wav").stat().st_size for name in SOUNDS)
    assert total < 300_000  # all of them, in the wheel
    for name, data in committed.items():
        peak = max(abs(x) for x in data) / 32767
        assert 0.2 < peak <= 0.5, f"{name}: peak {peak:.2f} of full scale"  # heard, never loud
        seconds = len(data) / RATE
        assert seconds <= (3.0 if name == "win" else 1.0), f"{name} lasts {seconds:.2f} s"
        # No click: every sound starts and ends at (near) silence.
        assert abs(data[0]) < 100 and abs(data[-1]) < 100, name
    card_sounds = ("pick", "drop", "flip", "deal", "undo")
    assert all(len(committed[n]) / RATE <= 0.2 for n in card_sounds)  # a card's sound never outlasts its move


def test_the_win_fanfare_ends_on_a_held_chord_not_a_cut(committed: dict[str, array[int]]) -> None:
    data = committed["win"]
    second = data[len(data) // 2 : len(data) // 2 + RATE // 10]
    assert max(abs(x) for x in second) > 2000  # still sounding half way through
