"""Read aloud: each sentence spoken by the system's speech program (docs/RULES.md §9).

speech-dispatcher's ``spd-say`` is asked first (it is what screen readers on
Linux speak through, so the player's voice, rate and sound output apply),
else ``espeak-ng`` directly. Nothing here waits: a sentence starts a child
process (`subprocess.Popen`) and the call returns at once, so the frame loop
never stalls; finished children are reaped on the next call.

The newest sentence cuts off the previous one, so a player who plays fast
hears the last action rather than a queue of old ones: ``spd-say --cancel``
stops what speech-dispatcher is saying before saying the new text (one
command, so the cancel cannot arrive after the text); an ``espeak-ng``
child still speaking is terminated.

When neither program is found, `Speaker.available` is False and
`Speaker.reason` names the catalogue text that says so (the Options screen
shows it by the *Read aloud* switch); `say` then does nothing.
"""

from __future__ import annotations

import shutil
import subprocess
import threading
from collections.abc import Callable, Sequence
from typing import Protocol

SPD_SAY = "spd-say"
ESPEAK = "espeak-ng"
MISSING = "words.speech.missing"
"""The catalogue key that tells the player no speech program was found."""


class Says(Protocol):
    """Anything that can say a sentence: a `Speaker`, or a test's recorder."""

    def say(self, text: str, lang: str) -> None: ...


class Child(Protocol):
    """What the speaker needs of a started process (`subprocess.Popen` has it)."""

    def poll(self) -> int | None: ...
    def terminate(self) -> None: ...


Spawn = Callable[[Sequence[str]], Child]
Which = Callable[[str], str | None]


# How loud speech is at each of the player's volume steps (Options), as a
# share of the speech program's own default, which is several times louder
# than the game's sounds (measured into a PulseAudio null sink: spd-say's
# default clips at full scale, espeak-ng's peaks near 25,000 of 32,767, the
# card sounds at Medium near 8,000). At these shares a sentence peaks about
# as high as the sounds of the same step: 4,500, 9,000 and 15,500 with spd-say.
LOUDNESS = {"quiet": 0.2, "medium": 0.4, "loud": 0.65}


def spawn_quietly(args: Sequence[str]) -> Child:
    """Start `args` with no terminal in or out; never wait for it on the
    caller's thread: a thread of its own collects its exit status the moment
    it ends, so no finished child lingers as a zombie between sentences."""
    child = subprocess.Popen(list(args), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    threading.Thread(target=child.wait, name="speech-child", daemon=True).start()
    return child


class Speaker:
    """Speaks sentences with ``spd-say`` or ``espeak-ng``, whichever is installed.

    Tests pass `which` (where a program is, like `shutil.which`) and `spawn`
    (start a process, like `subprocess.Popen`), so no sound device is needed.
    """

    def __init__(self, which: Which = shutil.which, spawn: Spawn = spawn_quietly) -> None:
        self._spawn = spawn
        self._children: list[Child] = []
        self.volume = "medium"  # the player's volume step (`LOUDNESS`)
        self.program: str | None = None
        self._espeak = False
        for name in (SPD_SAY, ESPEAK):
            path = which(name)
            if path:
                self.program, self._espeak = path, name == ESPEAK
                break

    @property
    def available(self) -> bool:
        """True when a speech program was found."""
        return self.program is not None

    @property
    def reason(self) -> str | None:
        """Why nothing can be spoken (a catalogue key), or None when speech works."""
        return None if self.available else MISSING

    def command(self, text: str, lang: str) -> list[str]:
        """The command line that says `text` in language `lang` at the
        player's volume (cutting off the previous sentence)."""
        assert self.program is not None
        text = text.lstrip("-")  # never read as an option
        share = LOUDNESS.get(self.volume, LOUDNESS["medium"])
        if self._espeak:  # amplitude 0 … 200, 100 by default
            return [self.program, "-v", lang, "-a", str(round(100 * share)), text]
        volume = str(round(100 * share) - 100)  # -100 … 100, 0 by default
        return [self.program, "--cancel", "--language", lang, "--volume", volume, "--application-name", "spider", text]

    def say(self, text: str, lang: str) -> None:
        """Start saying `text`, cutting off the sentence before; returns at once."""
        self.reap()
        if self.program is None or not text.strip():
            return
        if self._espeak:
            self.stop()  # the previous sentence is still being spoken by its process
        try:
            self._children.append(self._spawn(self.command(text, lang)))
        except OSError:  # the program vanished or cannot run: stay silent, say why
            self.program = None

    def stop(self, *, silence: bool = False) -> None:
        """End the processes still running (espeak-ng speaks in its own;
        spd-say only hands the text over). `silence` also tells
        speech-dispatcher to stop talking (Read aloud turned off)."""
        for child in self._children:
            if child.poll() is None:
                child.terminate()
        self.reap()
        if silence and self.program is not None and not self._espeak:
            try:
                self._children.append(self._spawn([self.program, "--cancel"]))
            except OSError:
                self.program = None

    def reap(self) -> None:
        """Forget the children that have finished (`poll` collects their exit status)."""
        self._children = [child for child in self._children if child.poll() is None]

    @property
    def speaking(self) -> int:
        """How many started processes are still running (for tests and the curious)."""
        return sum(1 for child in self._children if child.poll() is None)
