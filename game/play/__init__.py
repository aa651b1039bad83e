"""One run of Spider for one player, without a window.

- `session`: the game in progress, the settings, the statistics and the
  data folder they are saved in; the interface asks it to act.

May import every room below the interface: `game.files`, `game.records`,
`game.words`, `game.system` and `game.engine`.
"""
