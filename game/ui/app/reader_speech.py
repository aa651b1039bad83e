"""Each sentence the game says, to the screen reader: which way, and when.

Every action's sentence is the status line's live region (an AT-SPI
announcement: Orca 45 and later read it). Orca 43 and 44 ignore
announcements; they read a change of the focused node's description. So the
registry is asked what the screen reader listens to (`Speech`, asked again
every `ASK_EVERY_S`), and a sentence goes one way or the other, never both
when that is known; `game.ui.access.staging` sends it after the focus has
moved, so the focus's own words never cut it off.

The sentence stays the focused node's description while the focus stays
there (the next tree must not change it back: that change would be spoken
too); it goes when the focus moves on.
"""

from __future__ import annotations

import time
import weakref
from collections.abc import Callable, Sequence
from typing import Protocol

from game.system.atspi import Registry
from game.ui.access.nodes import Tree
from game.ui.access.staging import Speech, spoken, steps

ASK_EVERY_S = 5.0  # a screen reader started or swapped while playing is noticed this soon
ANNOUNCEMENT = "object:announcement"


class Said(Protocol):
    """What a voice said: the last sentence, and how many so far."""

    @property
    def heard(self) -> str: ...

    @property
    def said(self) -> int: ...


class Sentences:
    """The order and the way of the screen reader's sentences (see the module docstring).
    `voice` is the voice of what is shown (the table's, or a replay's)."""

    def __init__(
        self, registry: Registry, voice: Callable[[], Said], clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.registry = registry
        self.voice = voice
        self.clock = clock
        self._seen: weakref.WeakKeyDictionary[Said, int] = weakref.WeakKeyDictionary()  # said, by voice
        self._seen[voice()] = voice().said
        self._slot: tuple[int, str] | None = None  # (node, sentence): the focused node's description now
        self._speech = Speech.BOTH
        self._asked = -ASK_EVERY_S

    @property
    def speech(self) -> Speech:
        """Which way a sentence goes now (the registry is asked at most every `ASK_EVERY_S`)."""
        now = self.clock()
        if now - self._asked >= ASK_EVERY_S:
            self._asked = now
            heard = self.registry.listens_for(ANNOUNCEMENT)
            self._speech = Speech.BOTH if heard is None else Speech.ANNOUNCE if heard else Speech.DESCRIBE
        return self._speech

    def forget(self) -> None:
        """A screen reader (re)started: ask it again before the next sentence."""
        self._asked = -ASK_EVERY_S
        self.registry.reset()

    def stage(self, last: Tree | None, plain: Tree) -> Sequence[Tree]:
        """The trees to send after `last`, for the tree `plain` as built.
        With no `last` (a screen reader has just asked for the tree, on
        AccessKit's thread) the tree goes as it is, and the registry is not
        asked: its connection belongs to the game's thread."""
        voice = self.voice()
        fresh = voice.said != self._seen.get(voice, 0)
        self._seen[voice] = voice.said
        if last is None:
            self._slot = None
            return [plain]
        if fresh:
            describe = bool(voice.heard) and self.speech is not Speech.ANNOUNCE
            self._slot = (plain.focus, voice.heard) if describe else None
        elif self._slot is not None and self._slot[0] != plain.focus:
            self._slot = None
        tree = spoken(plain, self._slot[1] if self._slot is not None else None)
        return steps(last, tree, fresh, described=self._slot is not None)
