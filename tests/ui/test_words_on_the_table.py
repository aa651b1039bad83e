"""Every action in words on the table: the status line, and read aloud when asked.

The speaker is injected (the harness records what it would say), so no
sound device is needed; `SystemSpeaker` is tried with a stand-in program.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from arcade import key

from game.settings import Settings
from game.ui.speech import SystemSpeaker, command, find_program
from ui.table_harness import Table, position

SIMPLE = position(["KS | 5S", "| 9S", "| 7S 6S", "| QS", "| JS", "| TS", "| 8S", "| 4S", "| 3S", "| 2S"], stock=50)


def test_the_status_line_says_what_each_action_did_and_fades(table: Callable[..., Table]) -> None:
    t = table(SIMPLE)
    t.double_click(0, 1)
    assert t.view.hud.status_message == "5 of spades to column 3; the king of spades turns up in column 1."
    t.key(key.D)
    assert t.view.hud.status_message == "Deal: ten cards, 4 deals left."
    t.key(key.Z, key.MOD_CTRL)
    assert t.view.hud.status_message == "Undone: ten cards back to the stock, 5 deals left."
    t.drag(2, 0, t.layout.column_end(1).center)  # 7S 6S 5S onto 9S: refused
    assert t.view.hud.status_message == "Refused: a card or group goes only on a card one rank higher."
    assert t.spoken == []  # Read aloud is off
    t.run(7.0)
    assert t.view.hud.status_message is None


def test_the_status_line_and_the_reminder_do_not_overlap(table: Callable[..., Table]) -> None:
    t = table(SIMPLE)
    t.drag(0, 1, t.layout.column_end(1).center)  # refused: a reminder and a status line
    hud = t.view.hud
    assert hud.toast_message is not None and hud.status_message is not None
    box = hud.toast_sprite
    line_top = hud.status_text.y + hud.status_text.content_height / 2
    assert box.bottom >= line_top - 1


def test_read_aloud_speaks_each_sentence_in_the_games_language(table: Callable[..., Table]) -> None:
    t = table(SIMPLE, Settings(read_aloud=True, language="it"))
    t.key(key.KEY_1)
    t.key(key.KEY_3)
    t.key(key.KEY_0)
    t.key(key.KEY_1)  # 2S onto the king: refused
    assert t.spoken[0] == ("5 di picche sulla colonna 3; nella colonna 1 si scopre: re di picche.", "it")
    assert t.spoken[1][0].startswith("Rifiutato: ") and t.spoken[1][1] == "it"
    assert len(t.spoken) == 2


def test_the_system_speaker_runs_the_program_in_the_background(tmp_path: Path) -> None:
    said = tmp_path / "said.txt"
    program = tmp_path / "espeak-ng"
    program.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" >> {said}\n', encoding="utf-8")
    program.chmod(0o755)
    speaker = SystemSpeaker(str(program))
    speaker.say("Deal: ten cards, 4 deals left.", "es")  # returns at once
    for _ in range(500):
        if said.exists() and said.read_text(encoding="utf-8").count("\n") >= 3:
            break
        time.sleep(0.01)
    assert said.read_text(encoding="utf-8").split("\n")[:3] == ["-v", "es", "Deal: ten cards, 4 deals left."]


def test_speech_programs_and_their_command_lines() -> None:
    assert find_program(lambda name: None) is None
    assert find_program(lambda name: f"/usr/bin/{name}" if name == "espeak-ng" else None) == "/usr/bin/espeak-ng"
    assert find_program(lambda name: f"/usr/bin/{name}") == "/usr/bin/spd-say"
    assert command("/usr/bin/spd-say", "Hola.", "es") == ["/usr/bin/spd-say", "--language", "es", "Hola."]
    SystemSpeaker(program=None).say("nothing happens", "en")  # no program: silent, no error
