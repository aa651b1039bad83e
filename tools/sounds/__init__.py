"""Synthesize the table's sounds (``resources/sounds/*.wav``) from code.

    python -m tools.sounds [--out DIR]

No recorded or downloaded sample: every sound is made here from sine
partials and a noise generator of our own (a 32-bit xorshift, so the same
seed gives the same noise on every machine), shaped by envelopes and simple
one-pole filters, and written as 16-bit mono PCM WAV at 22 050 Hz (pyglet
decodes WAV itself, with no FFmpeg or GStreamer). The same command writes
the same samples; tests/tools/test_sounds.py re-renders them and compares.

The game changes a sound's pitch (the put-down follows the card's rank) and
its stereo place (the column) when it plays; the files are the plain sounds.

- ``synth``   the building blocks: tones, noise, filters, envelopes, mixing;
- ``recipes`` one function per sound, and `SOUNDS`, their names in order;
- ``cli``     the command line and the WAV writer.
"""
