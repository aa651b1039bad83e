"""What the table tells the application, and what it asks of the window.

`TableHooks` holds the hooks the application sets on the table view (all
optional); the view calls them and never knows what answers:
- `on_game_changed(game, events)`: after every action (move, deal, undo,
  restart, new game); the place to autosave and record statistics (a win
  is a `GameWon` among the events).
- `on_leaving_game(game)`: just before the game is restarted or replaced by
  another, while it still holds its moves (statistics count it abandoned).
- `on_settings_changed(settings)`: the view changed a setting itself (F11).
- `on_screen(name)`: show another screen: "new" (button, Ctrl+N), "options"
  (button, Ctrl+O), "rules" (button, F2), "stats" (button, F3),
  "describe" (F1, the table in words), "watch" and "copy" (the win panel: this
  game replayed, docs/RULES.md §13, or copied as one line, §12) or "restart" (button, Ctrl+R: the
  application asks first, then does `Command.REPLAY`). Without it, New game
  deals a new game of the same variant, Restart restarts at once and the
  other screens are not offered.
- `on_quit()`: Ctrl+Q (Cmd+Q); without it the window closes.
- `win_facts(game)`: what the win panel tells beside the score (the
  variant's won of played, the streak, the time played); without it, none.
- `play_clock`: the game's clock (`game.play.clock`), which the bar shows and
  the player's pause (P) holds; without it, the bar shows no clock.
- `daily_of(game)`: the day whose deal `game` is (docs/RULES.md §14), which
  the variant line then names; without it, or None, the variant is named.

`set_fullscreen` answers whether it worked (as game.ui.render.clipboard
does): headless windows and some platforms have no fullscreen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import date

import arcade

from game.engine import Game
from game.engine.events import Event
from game.play.clock import PlayClock
from game.records.settings import Settings
from game.records.stats import WinFacts


class TableHooks:
    """The application's hooks on the table (see the module docstring)."""

    settings: Settings  # the table's (the view sets it)

    def __init__(self) -> None:
        self.on_game_changed: Callable[[Game, list[Event]], None] | None = None
        self.on_leaving_game: Callable[[Game], None] | None = None
        self.on_settings_changed: Callable[[Settings], None] | None = None
        self.on_screen: Callable[[str], None] | None = None
        self.on_quit: Callable[[], None] | None = None
        self.win_facts: Callable[[Game], WinFacts | None] | None = None
        self.play_clock: PlayClock | None = None
        self.daily_of: Callable[[Game], date | None] | None = None

    def day_of(self, game: Game) -> date | None:
        """The day whose deal `game` is, if the application says it is one."""
        return None if self.daily_of is None else self.daily_of(game)

    def change_settings(self, **changes: object) -> None:
        """A setting the table changed itself (F11, M): kept, and told to the application."""
        self.settings = replace(self.settings, **changes)  # type: ignore[arg-type]
        if self.on_settings_changed is not None:
            self.on_settings_changed(self.settings)


def set_fullscreen(window: arcade.Window, on: bool) -> bool:
    """Enter or leave fullscreen; False when the window cannot."""
    try:
        window.set_fullscreen(on)
    except Exception:  # headless windows cannot go fullscreen
        return False
    return True
