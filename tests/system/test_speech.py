"""Read aloud: the command lines, the cut-off, the language, no program at all."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from game.system.speech import MISSING, Speaker, spawn_quietly
from tools.xwindow import wait_until


class FakeChild:
    def __init__(self, args: Sequence[str]) -> None:
        self.args = list(args)
        self.running = True
        self.terminated = False

    def poll(self) -> int | None:
        return None if self.running else 0

    def terminate(self) -> None:
        self.terminated = True
        self.running = False


class Runner:
    """Records every process the speaker starts; none really runs."""

    def __init__(self) -> None:
        self.started: list[FakeChild] = []

    def __call__(self, args: Sequence[str]) -> FakeChild:
        child = FakeChild(args)
        self.started.append(child)
        return child


def installed(*names: str) -> Callable[[str], str | None]:
    return lambda name: f"/usr/bin/{name}" if name in names else None


def test_spd_say_is_preferred_and_each_sentence_cancels_the_previous() -> None:
    run = Runner()
    speaker = Speaker(which=installed("spd-say", "espeak-ng"), spawn=run)
    assert speaker.available and speaker.reason is None
    speaker.say("Seven of hearts to column 4.", "en")
    speaker.say("Il 7 di cuori sulla colonna 4.", "it")
    assert [child.args for child in run.started] == [
        ["/usr/bin/spd-say", "--cancel", "--language", "en", "--volume", "-60", "--application-name", "spider",
         "Seven of hearts to column 4."],
        ["/usr/bin/spd-say", "--cancel", "--language", "it", "--volume", "-60", "--application-name", "spider",
         "Il 7 di cuori sulla colonna 4."],
    ]  # fmt: skip
    # spd-say only hands the text over: its process is not killed, the --cancel cuts off
    assert not run.started[0].terminated


def test_espeak_ng_when_there_is_no_speech_dispatcher_kills_the_previous_sentence() -> None:
    run = Runner()
    speaker = Speaker(which=installed("espeak-ng"), spawn=run)
    speaker.say("Deal: ten cards, 3 deals left.", "en")
    speaker.say("Reparto: diez cartas, 2 repartos restantes.", "es")
    first, second = run.started
    assert first.args == ["/usr/bin/espeak-ng", "-v", "en", "-a", "40", "Deal: ten cards, 3 deals left."]
    assert second.args == ["/usr/bin/espeak-ng", "-v", "es", "-a", "40", "Reparto: diez cartas, 2 repartos restantes."]
    assert first.terminated and not second.terminated
    assert speaker.speaking == 1


def test_finished_children_are_reaped_without_waiting() -> None:
    run = Runner()
    speaker = Speaker(which=installed("espeak-ng"), spawn=run)
    speaker.say("One.", "en")
    run.started[0].running = False  # it finished on its own
    speaker.say("Two.", "en")
    assert not run.started[0].terminated  # nothing to cut off: it had ended
    assert speaker.speaking == 1


def test_no_speech_program_says_why_and_stays_silent() -> None:
    run = Runner()
    speaker = Speaker(which=installed(), spawn=run)
    assert not speaker.available
    assert speaker.reason == MISSING
    speaker.say("Refused: nothing goes on an ace.", "en")
    speaker.stop(silence=True)
    assert run.started == []


def test_a_program_that_cannot_start_turns_speech_off() -> None:
    def broken(args: Sequence[str]) -> FakeChild:
        raise FileNotFoundError(args[0])

    speaker = Speaker(which=installed("spd-say"), spawn=broken)
    speaker.say("Hello.", "en")
    assert not speaker.available and speaker.reason == MISSING


def test_turning_read_aloud_off_silences_speech_dispatcher() -> None:
    run = Runner()
    speaker = Speaker(which=installed("spd-say"), spawn=run)
    speaker.say("Hello.", "en")
    speaker.stop(silence=True)
    assert run.started[-1].args == ["/usr/bin/spd-say", "--cancel"]


def test_text_that_looks_like_an_option_is_still_text() -> None:
    run = Runner()
    speaker = Speaker(which=installed("espeak-ng"), spawn=run)
    speaker.say("--help me", "en")
    assert run.started[0].args[-1] == "help me"


def _state(pid: int) -> str | None:
    """A process's state letter ("Z": a zombie, finished but not collected), None once gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return None


@pytest.mark.skipif(not Path("/proc/self/stat").exists() or shutil.which("true") is None, reason="needs /proc")
def test_a_finished_sentence_leaves_no_zombie_between_sentences() -> None:
    """Once seen: between sentences the game kept a defunct spd-say child
    until the next sentence reaped it."""
    started: list[Any] = []

    def spawn(args: Sequence[str]) -> Any:
        started.append(spawn_quietly(["true", *args[1:]]))  # a speech program that ends at once
        return started[-1]

    speaker = Speaker(which=installed("spd-say"), spawn=spawn)
    speaker.say("The king of spades turns up.", "en")
    (child,) = started
    assert wait_until(lambda: _state(child.pid) is None, 10.0), f"the child is {_state(child.pid)!r}, not gone"
