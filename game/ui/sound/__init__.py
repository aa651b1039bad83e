"""The table's sounds: which sound an action makes, and playing it.

- `cues`: the engine's events as sounds (a pure function: which sound,
  when on the animation's timeline, at which pitch, pan and volume).
- `board`: `SoundBoard`, the cues of the last action waiting for their
  moment, the player's volume and mute, and a cap on voices; it plays
  through an injected `Output`.
- `output`: the pyglet side: the audio driver opened after the first frame
  (silent when there is no device), the sounds decoded once, reused players.

Every sound has a twin on screen (the card moves, the status line speaks);
nothing is said by sound alone.

May import render and layout (and the layers below game.ui); the table
calls it, so it sits beside input, motion and cards.
"""
