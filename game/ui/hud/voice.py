"""Every action in words, shown and (with *Read aloud*) spoken.

The view hands over what happened (an applied intent's events, a refusal, a
new table) and the voice makes the sentence (`game.words.narration`), shows it on
the status line and, when the player turned *Read aloud* on, speaks it
(`game.system.speech`) in the game's language. Any other text the table wants said
(a keyboard hint, the F1 description) goes through `say`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from datetime import date
from typing import Protocol

from game.engine import Game, Reason
from game.engine.cards import Card
from game.engine.events import Event, GameWon
from game.records.settings import Settings
from game.system.speech import Says, Speaker
from game.ui.hud.status_line import StatusLine
from game.ui.input.intents import Command
from game.ui.layout.table import TableLayout
from game.words.i18n import Translator, catalogue
from game.words.narration import Action, put_back, refusal, sentence, taken


class Selected(Protocol):
    """A held group: the last `count` cards of column `col`."""

    @property
    def col(self) -> int: ...

    @property
    def count(self) -> int: ...


class Voice:
    """The status line and the speaker of one table."""

    def __init__(
        self,
        translator: Translator,
        settings: Settings,
        speaker: Says | None = None,
        clock: Callable[[], float] = time.monotonic,
        layout: Callable[[], TableLayout] | None = None,
    ) -> None:
        self.t = translator
        self.layout = layout
        self.read_aloud = settings.read_aloud
        self.speaker: Says = speaker if speaker is not None else Speaker()
        self._follow_volume(settings)
        self._muted = False
        # True while a screen reader reads the window (game.ui.app.accessibility): it speaks instead.
        self.quiet_when: Callable[[], bool] | None = None
        self.heard = ""  # the last sentence said or spoken
        self.said = 0  # how many: the same sentence twice is two (a screen reader announces both)
        self.clock = clock
        self.status = StatusLine()
        self._held: tuple[tuple[int, tuple[Card, ...]] | None, int] = (None, 0)  # the group held, and `said` then

    @property
    def words(self) -> dict[str, str]:
        return catalogue(self.t.lang)

    def configure(self, settings: Settings, translator: Translator) -> None:
        """New options: the language of the next sentence; *Read aloud* off silences at once."""
        self.t = translator
        if self.read_aloud and not settings.read_aloud and isinstance(self.speaker, Speaker):
            self.speaker.stop(silence=True)
        self.read_aloud = settings.read_aloud
        self._follow_volume(settings)

    def _follow_volume(self, settings: Settings) -> None:
        """Speech as loud as the table's sounds: the player's volume step."""
        if isinstance(self.speaker, Speaker):
            self.speaker.volume = settings.sound_volume

    def place(self, layout: TableLayout) -> None:
        """Put the status line in the layout's strip (the voice follows `layout()` by itself)."""
        self.status.place(layout.status, layout.hud.font_size)

    def _follow(self) -> None:
        if self.layout is not None:
            layout = self.layout()
            if layout.status != self.status.area or layout.hud.font_size != self.status.font_size:
                self.place(layout)

    def applied(self, intent: object, events: Sequence[Event], deals_left: int) -> None:
        """An intent the engine carried out."""
        actions = {Command.UNDO: Action.UNDO, Command.REDO: Action.REDO, Command.RESTART: Action.RESTART}
        action = actions.get(intent, Action.PLAY) if isinstance(intent, Command) else Action.PLAY
        text = sentence(self.words, events, action, deals_left=deals_left)
        won = [event for event in events if isinstance(event, GameWon)]
        if not won or action is not Action.PLAY:
            self.say(text)
            return
        # The winning move's whole sentence is spoken; the line shows the win
        # alone, which always fits (the win panel tells the rest).
        self._follow()
        self.status.show(sentence(self.words, won, action), self.clock())
        self.speak(text)

    def opened(self, events: Sequence[Event], deals_left: int) -> None:
        """Another game on the table (a new deal, a code, a resumed game)."""
        self.say(sentence(self.words, events, Action.NEW, deals_left=deals_left))

    def refused(self, reason: Reason | str, remind: Callable[[str], None] | None = None) -> None:
        """A refusal, said once. With `remind` (the view's message box, when
        Interactive rules are on) the box shows the rule, the status line
        steps aside rather than repeat it under the box, and "Refused:
        <rule>." is spoken. Without (Interactive rules off), no rule is
        recalled anywhere: the status line says, and speaks, "Refused." only."""
        try:
            rule = self.t.t(f"table.rule.{reason}")
        except KeyError:  # a caller's fault (bad index) has no words
            return
        if remind is None:
            self.say(refusal(self.words, reason, explain=False))
            return
        text = refusal(self.words, reason)
        self._muted = True  # the box's own words would be spoken, then cut off
        try:
            remind(rule)
        finally:
            self._muted = False
        self.status.hide()
        self.speak(text)

    def hold(self, held: Selected | None, game: Game) -> None:
        """The keyboard's (or click to move's) held group, after each key or
        click: a group taken, or a different one, is said ("6 of spades and 2
        more taken."); one let go of with no action said since, too ("… put back.")."""
        group = None if held is None else (held.col, tuple(game.columns[held.col][-held.count :]))
        before, said = self._held
        if group != before:
            if group is not None:
                self.say(taken(self.words, group[1]))
            elif before is not None and said == self.said:
                self.say(put_back(self.words, before[1]))
        self._held = (group, self.said)

    def say(self, text: str) -> None:
        """Show `text` on the status line and speak it when asked to."""
        if not text:
            return
        self._follow()
        self.status.show(text, self.clock())
        self.speak(text)

    def speak(self, text: str) -> None:
        """Speak `text` (when *Read aloud* is on) without showing it: the
        view's messages, which have their own box."""
        if self._muted:
            return
        self.heard = text  # what a screen reader announces (the live region), whoever speaks
        self.said += 1
        if self.read_aloud and not (self.quiet_when is not None and self.quiet_when()):
            self.speaker.say(text, self.t.lang)

    def update(self) -> bool:
        """True while the status line fades (the window must keep drawing)."""
        if self.status.message is not None or self.status.resting.text:
            self._follow()  # a resized table moves the strip, and what it says with it
        return self.status.update(self.clock())

    def name_variant(self, suits: int, rule: str, day: date | None = None) -> None:
        """Between sentences the status line names the game: "Hard · Classic",
        or the deal of the day by its date: "Deal of the day · 4 December"."""
        t = self.t.t
        self._follow()
        if day is not None:
            when = t("replay.daily.date", day=day.day, month=t(f"replay.daily.month.{day.month}"))
            self.status.rest_on(t("replay.daily.variant", date=when))
            return
        self.status.rest_on(
            t("appearance.variant", level=t(f"screens.new.level.{suits}"), rule=t(f"screens.new.rule.{rule}"))
        )

    def draw(self) -> None:
        self.status.draw()
