"""What Spider keeps about the player, as values (no file is opened here).

- `settings`: the options, immutable, with their defaults;
- `stats`: games played and won per variant, best scores, streaks;
- `history`: the last games played;
- `share`: a game as one line of text, to send and to watch again;
- `daily`: the deal of the day.

May import `game.engine`, `game.system` and `game.words`; `game.files`
reads and writes these records.
"""
