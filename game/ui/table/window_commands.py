"""The commands that leave the game alone, and the questions a player asks.

A part of the table view, kept in a file of its own so the view stays one
screen of wiring: the screens (Options, Rules, Statistics, F1), the game
code, fullscreen, the sound, quitting; and the questions asked without
looking (docs/RULES.md §8), each answered in one sentence on the status line
(and so to a screen reader, or aloud): L the last sentence again, S the
score, the moves, the deals left, the runs removed and the time the table's
clock shows (when the view has one: its `play_clock`), C the column under
the cursor card by card. `WindowCommands` is mixed into `GameView`; what it
uses of the view is the `Table` protocol below.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import arcade

from game.engine import Game
from game.engine.numbers import COLUMNS
from game.records.settings import Settings
from game.ui.hud.voice import Voice
from game.ui.input.intents import Command
from game.ui.input.keyboard import KeyboardPlay
from game.ui.input.keymap import questions
from game.ui.render import clipboard
from game.ui.table.scene import TableScene
from game.words.i18n import Translator
from game.words.narration import column_read, score_line


class Table(Protocol):
    """What the window's commands use of the table view."""

    game: Game
    settings: Settings
    t: Translator
    voice: Voice
    keys: KeyboardPlay
    scene: TableScene
    on_screen: Callable[[str], None] | None
    on_quit: Callable[[], None] | None

    @property
    def window(self) -> arcade.Window: ...
    def notify(self, message: str) -> None: ...
    def change_settings(self, **changes: object) -> None: ...
    def _set_fullscreen(self, on: bool) -> None: ...
    def _show_keys(self) -> None: ...


class WindowCommands:
    """The window's commands and the questions (see the module docstring)."""

    def _window_command(self: Table, command: Command) -> None:
        """The commands that leave the game alone: screens, the code, the window, the questions."""
        match command:
            case Command.OPTIONS | Command.RULES | Command.STATS | Command.DESCRIBE:
                if command is Command.DESCRIBE:  # F1: the table in words, read aloud when asked
                    self.voice.speak(WindowCommands.table_in_words(self))
                if self.on_screen is not None:
                    self.on_screen(command.value)
            case Command.COPY_CODE if self.game.code is not None:
                copied = clipboard.write(self.window, self.game.code)
                self.notify(self.t.t("table.code.copied" if copied else "table.code.no_clipboard", code=self.game.code))
            case Command.COPY_LINE | Command.WATCH if self.on_screen is not None:
                self.on_screen(command.value[4:])  # "copy", "watch": the application shares or replays the game
            case Command.FULLSCREEN:
                self._set_fullscreen(not self.window.fullscreen)
            case Command.MUTE:  # M: the sound off or back on, said on the status line
                self.change_settings(sound=not self.settings.sound)
                self.scene.sounds.configure(self.settings.sound, self.settings.sound_volume)
                self.voice.say(self.t.t("sound.unmuted" if self.settings.sound else "sound.muted"))
            case Command.REPEAT | Command.SAY_SCORE | Command.READ_COLUMN:
                self.voice.say(answer(self, command))
            case Command.CANCEL if self.window.fullscreen:
                self._set_fullscreen(False)
            case Command.QUIT:
                (self.on_quit or self.window.close)()

    def table_in_words(self: Table) -> str:
        """F1's text: the whole table (the engine's description), then the
        keys that ask without looking."""
        return f"{self.game.describe(self.voice.words)}\n{questions(self.t.t)}"


def answer(table: Table, question: Command) -> str:
    """The sentence that answers `question` (see the module docstring)."""
    words = table.voice.words
    game = table.game
    if question is Command.REPEAT:
        return table.voice.heard or words["words.repeat.none"].capitalize() + "."
    if question is Command.SAY_SCORE:
        seconds = getattr(getattr(table, "play_clock", None), "seconds", None)
        shown = int(seconds) if isinstance(seconds, int | float) else None
        return score_line(words, game.score, game.moves, game.deals_left, len(game.removed), shown)
    keys = table.keys
    col = keys.cursor if keys.cursor is not None else keys.selection.col if keys.selection else 0
    if col >= COLUMNS:  # the cursor on the stock
        return _stock(words, game)
    if keys.cursor is None:  # the cursor shows where the answer is about
        keys.cursor = col
        table._show_keys()
    return column_read(words, col + 1, game.columns[col], game.movable_count(col))


def _stock(words: Any, game: Game) -> str:
    deals = game.deals_left
    text: str = words["access.stock"].format(
        deals=words[f"describe.deals.{'one' if deals == 1 else 'other'}"].format(n=deals)
    )
    return (text if deals else words["access.stock.none"]) + "."
