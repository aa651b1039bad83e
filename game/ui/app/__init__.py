"""The application: the window and its platform quirks, start-up, and the
application object that moves the player between the table and the screens.

- `build`: makes the window and the table view (shared by `python -m game`,
  tests and benchmarks) and takes screenshots.
- `controller`: `SpiderApp`, the session ↔ views mediator: autosave,
  statistics, settings, which screen shows.
- `window`: `SpiderWindow`, the one arcade window (fullscreen, size and
  place remembered, icons, input wakes the pacer).
- `desktop_x11`: what the X11 window manager answers that pyglet does not.

The top room: may import every other room of `game.ui` and the layers below
`game.ui` (pyproject.toml's import contracts).
"""
