"""The bar over the table and what speaks to the player.

- `bar`: `Hud`, the top bar (buttons, score, moves, game code), the message
  box and the win panel.
- `buttons`: the HUD's buttons as input (press, release, hover).
- `status_line`: the line of text at the bottom (what was just done or refused).
- `voice`: every action said in words, shown in the status line and spoken.

May import input (intents), render and layout.
"""
