"""Words: every text the game shows, and every sentence it says.

- `i18n`: the catalogues of the three languages (the `LANGUAGES` the game
  speaks, the first one chosen from the environment);
- `narration`: each action, refusal and the table as sentences, built from
  the engine's events;
- `echo`: how a value the player gave is quoted in a one-line error.

May import `game.engine` and `game.system`.
"""
