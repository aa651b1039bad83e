"""One function per sound of the table, all soft: a player may leave them on for an hour.

Card sounds are felt and card stock: band-passed noise with a fast decay,
over a quiet wooden "tock" that gives the put-down a pitch the game can
move with the card's rank. The musical ones (a run leaving, the win) are
in C major, with bell-like or warm partials whose upper harmonics fade
first, so nothing rings shrill.
"""

from __future__ import annotations

from collections.abc import Callable

from tools.sounds.synth import (
    Noise,
    Signal,
    attack_decay,
    bandpass,
    envelope,
    finish,
    mix,
    swell,
    tone,
)

# Equal-tempered frequencies (Hz) of the notes used.
E3, G3, C5, E5, G5, C6, E6, G6 = 164.81, 196.00, 523.25, 659.26, 783.99, 1046.50, 1318.51, 1567.98
G4 = 392.00

WOOD = ((1.0, 1.0, 1.0), (2.02, 0.25, 2.5), (3.1, 0.06, 4.0))  # a muted, wooden knock
BELL = ((1.0, 1.0, 1.0), (2.0, 0.3, 1.6), (3.0, 0.1, 2.5), (4.2, 0.04, 4.0))
WARM = ((1.0, 1.0, 1.0), (2.0, 0.45, 1.2), (3.0, 0.22, 1.5), (4.0, 0.1, 2.0), (5.0, 0.05, 2.5))


def felt(seed: int, seconds: float, low: float, high: float, decay: float) -> Signal:
    """A card meeting the felt: a short band of noise, dying away in `decay` s."""
    return envelope(bandpass(Noise(seed).signal(seconds), low, high), attack_decay(0.0015, decay))


def pick() -> Signal:
    """A card or a group lifted: a short, airy swish."""
    swish = envelope(bandpass(Noise(11).signal(0.11), 600, 3200), swell(0.03, 0.07))
    return finish(swish, 0.28)


def drop() -> Signal:
    """A card put down: a felt tap over a soft wooden tock (its pitch follows the rank in the game)."""
    tock = envelope(tone(330.0, 0.16, WOOD), attack_decay(0.002, 0.035))
    return finish(mix((0.0, 0.55, felt(21, 0.08, 500, 3500, 0.012)), (0.0, 1.0, tock)), 0.5)


def flip() -> Signal:
    """A card turned over: the flap of card stock, two light taps."""
    first = felt(31, 0.05, 900, 3800, 0.006)
    second = felt(32, 0.07, 700, 3500, 0.01)
    ping = envelope(tone(640.0, 0.07, WOOD), attack_decay(0.002, 0.015))
    return finish(mix((0.0, 0.6, first), (0.035, 1.0, second), (0.035, 0.35, ping)), 0.32)


def deal() -> Signal:
    """One card of a deal landing (ten of them, one per column, make the deal)."""
    tick = envelope(tone(430.0, 0.07, WOOD), attack_decay(0.0015, 0.014))
    return finish(mix((0.0, 0.8, felt(41, 0.07, 700, 4500, 0.01)), (0.0, 0.6, tick)), 0.38)


def refuse() -> Signal:
    """A move the rules refuse: two low, muted knocks, falling; soft, never a buzzer."""
    knock = attack_decay(0.006, 0.05)
    first = envelope(tone(G3, 0.16, WOOD), knock)
    second = envelope(tone(E3, 0.2, WOOD), knock)
    return finish(mix((0.0, 0.9, first), (0.12, 1.0, second)), 0.45, fade=0.006)


def run() -> Signal:
    """A finished run leaving the table: a rising arpeggio of small bells over a swish."""
    notes = (C5, E5, G5, C6, E6, G6)
    parts = [
        (k * 0.06, 0.85 - 0.07 * k, envelope(tone(f, 0.7, BELL), attack_decay(0.004, 0.18)))
        for k, f in enumerate(notes)
    ]
    swish = envelope(bandpass(Noise(51).signal(0.5), 1200, 5000), swell(0.3, 0.2))
    return finish(mix(*parts, (0.0, 0.12, swish)), 0.42, fade=0.02)


def undo() -> Signal:
    """An action taken back: a swish drawn backwards over a note bending down."""
    swish = envelope(bandpass(Noise(61).signal(0.16), 500, 3000), swell(0.11, 0.05))
    bend = envelope(tone(520.0, 0.16, WOOD, glide=-3.0), swell(0.1, 0.06))
    return finish(mix((0.0, 1.0, swish), (0.0, 0.25, bend)), 0.3)


def win() -> Signal:
    """The game won: a short fanfare rising to a held C major chord (2.6 s)."""
    phrase = ((0.0, G4, 0.18), (0.16, C5, 0.18), (0.32, E5, 0.18), (0.48, G5, 0.34), (0.8, E5, 0.16), (0.94, G5, 0.2))
    parts = [(at, 0.8, envelope(tone(f, d * 1.6, WARM), attack_decay(0.012, d * 0.7))) for at, f, d in phrase]
    chord = [(1.14, 0.55, envelope(tone(f, 1.45, WARM), attack_decay(0.02, 0.42))) for f in (C5, E5, G5, C6)]
    return finish(mix(*parts, *chord), 0.45, fade=0.03)


RECIPES: dict[str, Callable[[], Signal]] = {
    "pick": pick,
    "drop": drop,
    "flip": flip,
    "deal": deal,
    "refuse": refuse,
    "run": run,
    "undo": undo,
    "win": win,
}
SOUNDS = tuple(RECIPES)
