"""The building blocks of the sounds: float samples in [-1, 1] at `RATE`.

Plain lists of floats and the standard library only (no numpy): the sounds
are a few seconds long in all, made in well under a second.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

RATE = 22050  # Hz: the sounds are soft and low; half of CD rate keeps the files small

Signal = list[float]


def length(seconds: float) -> int:
    return round(seconds * RATE)


def silence(seconds: float) -> Signal:
    return [0.0] * length(seconds)


class Noise:
    """White noise from a 32-bit xorshift: the same `seed`, the same samples
    everywhere (no dependence on Python's `random` algorithms)."""

    def __init__(self, seed: int) -> None:
        self.state = (seed * 2654435761 + 1) & 0xFFFFFFFF or 1

    def sample(self) -> float:
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x / 2147483648.0 - 1.0

    def signal(self, seconds: float) -> Signal:
        return [self.sample() for _ in range(length(seconds))]


def tone(
    freq: float,
    seconds: float,
    partials: Sequence[tuple[float, float, float]] = ((1.0, 1.0, 1.0),),
    glide: float = 0.0,
) -> Signal:
    """A pitched tone: `partials` are (frequency ratio, amplitude, decay speed
    relative to the fundamental's); each partial decays exponentially with
    time constant `seconds` / 4 divided by its speed, so upper partials can
    fade first (a soft, bell- or wood-like colour). `glide` bends the pitch by
    that many semitones over the sound."""
    n = length(seconds)
    out = [0.0] * n
    tau = seconds / 4
    for ratio, amp, speed in partials:
        phase = 0.0
        for i in range(n):
            t = i / RATE
            f = freq * ratio * 2 ** (glide * i / n / 12)
            phase += 2 * math.pi * f / RATE
            out[i] += amp * math.sin(phase) * math.exp(-t * speed / tau)
    return out


def lowpass(signal: Signal, cutoff: float) -> Signal:
    """A one-pole low-pass filter (6 dB per octave above `cutoff` Hz)."""
    a = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    y = 0.0
    out = []
    for x in signal:
        y += a * (x - y)
        out.append(y)
    return out


def highpass(signal: Signal, cutoff: float) -> Signal:
    low = lowpass(signal, cutoff)
    return [x - y for x, y in zip(signal, low, strict=True)]


def bandpass(signal: Signal, low: float, high: float) -> Signal:
    """Two poles each side: the noise of felt and card stock, not hiss."""
    return highpass(highpass(lowpass(lowpass(signal, high), high), low), low)


def envelope(signal: Signal, shape: Callable[[float], float]) -> Signal:
    """Multiply by `shape(t)`, t in seconds from the start."""
    return [x * shape(i / RATE) for i, x in enumerate(signal)]


def attack_decay(attack: float, decay: float) -> Callable[[float], float]:
    """A smooth rise over `attack` seconds, then an exponential fall with time constant `decay`."""

    def shape(t: float) -> float:
        if t < attack:
            return math.sin(0.5 * math.pi * t / attack) ** 2
        return math.exp(-(t - attack) / decay)

    return shape


def swell(rise: float, fall: float) -> Callable[[float], float]:
    """Up over `rise` seconds and down to nothing over the next `fall` (a swish)."""

    def shape(t: float) -> float:
        if t < rise:
            return math.sin(0.5 * math.pi * t / rise) ** 2
        if t < rise + fall:
            return math.cos(0.5 * math.pi * (t - rise) / fall) ** 2
        return 0.0

    return shape


def mix(*parts: tuple[float, float, Signal]) -> Signal:
    """(start seconds, gain, signal) laid over one another."""
    n = max(length(start) + len(sig) for start, _, sig in parts)
    out = [0.0] * n
    for start, gain, sig in parts:
        offset = length(start)
        for i, x in enumerate(sig):
            out[offset + i] += gain * x
    return out


def finish(signal: Signal, peak: float, fade: float = 0.004) -> Signal:
    """Scale to `peak` (a fraction of full scale) and fade both ends over
    `fade` seconds, so no sound starts or stops with a click."""
    top = max(abs(x) for x in signal) or 1.0
    n = len(signal)
    k = max(1, length(fade))
    out = []
    for i, x in enumerate(signal):
        edge = min(1.0, i / k, (n - 1 - i) / k)
        out.append(x / top * peak * edge)
    return out


def pcm16(signal: Signal) -> bytes:
    """Little-endian signed 16-bit samples, rounded and clipped."""
    from array import array

    samples = array("h", (max(-32767, min(32767, round(x * 32767))) for x in signal))
    if samples.itemsize != 2:  # pragma: no cover - every platform CPython runs on has a 2-byte short
        raise RuntimeError("array('h') is not 16-bit here")
    import sys

    if sys.byteorder == "big":  # pragma: no cover
        samples.byteswap()
    return samples.tobytes()
