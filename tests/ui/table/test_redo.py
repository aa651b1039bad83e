"""Redo at the table (docs/RULES.md §7, §8): Ctrl+Y, Ctrl+Shift+Z and the
Redo button beside Undo make the undone actions again, said like any
action, until a new action; a resumed game can still redo, and a shared
line or a replay holds the actions redone."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from arcade import key

from game.engine import Game
from game.engine.replay import Replay
from game.files.storage import Storage
from game.records import share
from game.records.settings import Settings
from game.words.i18n import Translator
from ui.table_harness import CTRL, SIMPLE, MakeApp, Table

Make = Callable[..., Table]
SHIFT = key.MOD_SHIFT
# Two moves in a row on the simple table: 5S onto 6S (1>3), then 4S after it (8>3).
TWO_MOVES = SIMPLE


def click_button(t: Table, name: str) -> None:
    t.move_to(*t.layout.hud.buttons[name].center)
    t.click(*t.layout.hud.buttons[name].center)


def test_ctrl_y_and_ctrl_shift_z_redo_what_ctrl_z_undid(table: Make) -> None:
    t = table(TWO_MOVES)
    t.double_click(0, 1)  # 5S onto 6S
    t.double_click(7, 0)  # 4S onto 5S
    after = (t.game.to_text(), t.game.score, t.game.moves)
    t.key(key.Z, CTRL)
    t.key(key.Z, CTRL)
    assert t.game.moves == 0 and t.view.hud.enabled["redo"]
    t.key(key.Y, CTRL)
    assert t.game.record == "1>3"
    t.key(key.Z, CTRL | SHIFT)
    assert (t.game.to_text(), t.game.score, t.game.moves) == after
    assert not t.view.hud.enabled["redo"] and t.view.hud.button_at(*t.layout.hud.buttons["redo"].center) is None
    t.assert_at_rest_on_layout()


def test_the_redo_button_redoes_and_greys_out_when_a_new_action_is_made(table: Make) -> None:
    t = table(TWO_MOVES)
    click_button(t, "redo")
    assert t.game.moves == 0  # greyed out: no button at all
    t.double_click(0, 1)
    click_button(t, "undo")
    assert t.view.hud.enabled["redo"]
    click_button(t, "redo")
    assert t.game.record == "1>3" and not t.view.hud.enabled["redo"]
    click_button(t, "undo")
    t.double_click(7, 0)  # a new action: what was undone can no longer be redone
    assert t.game.record == "8>1" and not t.game.can_redo and not t.view.hud.enabled["redo"]
    t.key(key.Y, CTRL)
    assert t.game.record == "8>1"
    t.assert_at_rest_on_layout()


@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_redo_is_said_like_any_action(table: Make, lang: str) -> None:
    t = table(SIMPLE, Settings(language=lang, read_aloud=True))
    t.double_click(0, 1)
    moved = t.view.voice.heard
    t.key(key.Z, CTRL)
    t.key(key.Y, CTRL)
    words = Translator(lang)
    redone = words.t("words.redone", what=moved[:1].lower() + moved[1:-1])
    assert t.view.voice.heard == redone[:1].upper() + redone[1:] + "."
    assert t.spoken[-1] == (t.view.voice.heard, lang)
    t.key(key.Y, CTRL)
    assert t.view.hud.toast_message == words.t("table.rule.nothing-to-redo")


def test_a_resumed_game_can_still_redo(app: MakeApp, tmp_path: Path) -> None:
    t, _ = app("SP1-S1C-AAAAAAD")
    t.double_click(5, 4)  # 6>1
    t.double_click(8, 4)  # 9>4
    t.key(key.Z, CTRL)
    t.key(key.Z, CTRL)
    saved = json.loads((tmp_path / "game.json").read_text(encoding="utf-8"))
    assert (saved["record"], saved["redo"]) == ("", "6>1 9>4")
    resumed, notices = Storage(tmp_path).load_game()
    assert notices == [] and resumed is not None
    again = resumed.game
    again.redo()
    again.redo()
    assert again.record == "6>1 9>4" and again.to_text() == _played("6>1 9>4").to_text()


def test_a_shared_line_and_a_replay_hold_the_actions_redone(table: Make) -> None:
    t = table("SP1-S1C-AAAAAAD")
    t.double_click(5, 4)
    t.key(key.D)
    t.key(key.Z, CTRL)
    t.key(key.Z, CTRL)
    t.key(key.Y, CTRL)
    t.key(key.Y, CTRL)
    line = share.line_of(t.game)
    assert line == share.share_line("SP1-S1C-AAAAAAD", "6>1 deal")
    shared = share.parse(line)
    replay = Replay(shared.code, shared.record)
    while not replay.at_end:
        replay.forward()
    assert replay.game.to_text() == t.game.to_text()


def _played(record: str) -> Game:
    game = Game.from_code("SP1-S1C-AAAAAAD")
    game.play(record)
    return game
