"""The command line: synthesize every sound and write it as WAV."""

from __future__ import annotations

import argparse
import sys
import time
import wave
from pathlib import Path

from tools.sounds.recipes import RECIPES
from tools.sounds.synth import RATE, pcm16

ROOT = Path(__file__).resolve().parents[2]


def render(name: str) -> bytes:
    """The 16-bit samples of one sound."""
    return pcm16(RECIPES[name]())


def write_wav(path: Path, frames: bytes) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Synthesize Spider's sounds.")
    parser.add_argument(
        "--out",
        type=Path,
        default=ROOT / "resources" / "sounds",
        help="folder for the WAV files (default: resources/sounds/)",
    )
    args = parser.parse_args(argv)
    try:
        args.out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        print(f"error: cannot create {args.out}: {err.strerror}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    total = 0
    for name in RECIPES:
        frames = render(name)
        try:
            write_wav(args.out / f"{name}.wav", frames)
        except OSError as err:
            print(f"error: cannot write {name}.wav: {err.strerror}", file=sys.stderr)
            return 2
        total += len(frames)
        print(f"{name}.wav: {len(frames) / 2 / RATE:.2f} s")
    print(f"{len(RECIPES)} sounds, {total // 1024} kB of samples, made in {time.perf_counter() - start:.2f} s")
    return 0
