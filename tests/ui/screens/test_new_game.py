"""The New game screen, driven like a player would (see screens_driver)."""

from __future__ import annotations

from typing import Any

import arcade
import pytest
from inner_loop import one_fast

from game.engine import Game, Rule
from game.ui.panel.nodes import Button
from game.ui.screens.new_game import NewGameScreen
from game.words.i18n import LANGUAGES, Translator
from ui.screens.screens_driver import (
    Calls,
    click,
    field,
    frame,
    press,
    rgb,
    send,
    show,
    shown_controls,
    texts,
    type_text,
)

key = arcade.key


def new_game(calls: Calls, lang: str = "en", suits: int = 2, rule: Rule = Rule.CLASSIC) -> NewGameScreen:
    return NewGameScreen(Translator(lang), suits, rule, calls("play"), calls("cancel"), seed=11)


def test_new_game_opens_on_the_current_variant_and_plays_it(window: Any, calls: Calls) -> None:
    view = show(window, new_game(calls, suits=4, rule=Rule.FLEXIBLE))
    assert {"Hard", "Flexible", "Play", "Cancel"} <= set(texts(view))
    assert view.focused == "play", "Enter right away plays"
    press(window, key.ENTER)
    ((name, game),) = calls.calls
    assert name == "play" and isinstance(game, Game)
    assert (game.suits, game.rule, game.moves) == (4, Rule.FLEXIBLE, 0)


def test_one_suit_hides_the_rule_and_the_rule_is_remembered(window: Any, calls: Calls) -> None:
    view = show(window, new_game(calls, suits=2))
    click(window, view.controls["rule.flexible"])
    click(window, view.controls["suits.1"])
    assert "rule.classic" not in shown_controls(view) and "Flexible" not in texts(view)
    assert "With one suit, Classic and Flexible play the same." in texts(view)
    click(window, view.controls["suits.4"])
    assert "rule.flexible" in shown_controls(view)
    click(window, view.controls["play"])
    (_, game), *_ = calls.calls
    assert (game.suits, game.rule) == (4, Rule.FLEXIBLE)


def test_a_typed_code_starts_exactly_that_game(window: Any, calls: Calls) -> None:
    view = show(window, new_game(calls))
    click(window, view.controls["code"])
    type_text(window, " sp1-s1c-aaaaaad ")
    press(window, key.ENTER)  # Enter in the field plays
    ((_, game),) = calls.calls
    assert game.code == "SP1-S1C-AAAAAAD"
    assert game.to_text() == Game.from_code("SP1-S1C-AAAAAAD").to_text()


@pytest.mark.parametrize(
    ("code", "part"),
    [
        ("hello", "format"),
        ("SP2-S1C-AAAAAAD", "version"),
        ("SP1-S3C-AAAAAAD", "suits"),
        ("SP1-S2X-AAAAAAD", "rule"),
        ("SP1-S2C-AAAA", "shuffle"),
    ],
)
@pytest.mark.parametrize("lang", one_fast(LANGUAGES))
def test_a_bad_code_is_explained_in_place(window: Any, calls: Calls, code: str, part: str, lang: str) -> None:
    view = show(window, new_game(calls, lang))
    click(window, view.controls["code"])
    type_text(window, code)
    click(window, view.controls["play"])
    assert calls.calls == [], "a bad code never starts a game"
    message = Translator(lang).t(f"screens.new.error.{part}")
    assert message in texts(view)
    code_field = field(view)
    assert code_field.invalid() and code_field.text == code
    press(window, key.ENTER)  # Enter again, in the field: its "\r" text is not typed in
    send(window, "on_text", "\r")
    assert code_field.text == code and view.focused == "code"
    type_text(window, "x")  # editing the code clears the stale message
    assert message not in texts(view) and not code_field.invalid()


def test_ctrl_v_pastes_the_first_line_of_the_clipboard(window: Any, calls: Calls, monkeypatch: Any) -> None:
    monkeypatch.setattr(
        window,
        "get_clipboard_text",
        lambda: "  sp1-s4f-aaaaaad \nsent from my phone",
        raising=False,
    )
    view = show(window, new_game(calls))
    click(window, view.controls["code"])
    press(window, key.V, key.MOD_CTRL)
    assert field(view).text == "sp1-s4f-aaaaaad"
    click(window, view.controls["play"])
    assert calls.calls[0][1].code == "SP1-S4F-AAAAAAD"


def test_paste_without_a_clipboard_does_nothing_harmful(window: Any, calls: Calls) -> None:
    view = show(window, new_game(calls))
    click(window, view.controls["code"])
    press(window, key.V, key.MOD_CTRL)  # the headless window has no clipboard
    assert field(view).text == ""


def test_new_game_by_keyboard_alone(window: Any, calls: Calls) -> None:
    view = show(window, new_game(calls, suits=2))
    order = shown_controls(view)
    assert order == [
        "suits.1",
        "suits.2",
        "suits.4",
        "rule.classic",
        "rule.flexible",
        "code",
        "play",
        "cancel",
    ]
    press(window, key.TAB)  # from Play
    assert view.focused == "cancel"
    for _ in range(2):
        press(window, key.TAB)  # wraps round to the difficulty buttons
    assert view.focused == "suits.2"
    press(window, key.RIGHT)
    press(window, key.SPACE)
    assert view.suits == 4 and view.focused == "suits.4"
    press(window, key.TAB, key.MOD_SHIFT)
    assert view.focused == "suits.2"
    press(window, key.ESCAPE)
    assert calls.names() == ["cancel"]


# ---- the window agrees with itself ---------------------------------------------


def chosen(view: NewGameScreen) -> set[str]:
    """The names of the buttons shown as chosen (gold)."""
    return {
        name
        for name, node in view.controls.items()
        if isinstance(node, Button) and node.visible and node.kind_now() == "selected"
    }


@pytest.mark.parametrize(
    ("code", "buttons"),
    [
        ("SP1-S4F-AAAAAAD", {"suits.4", "rule.flexible"}),
        ("sp1-s2c-aaaaaad", {"suits.2", "rule.classic"}),
        ("SP1-S1C-AAAAAAD", {"suits.1"}),
    ],
)
def test_a_typed_code_sets_the_buttons_to_its_variant(window: Any, calls: Calls, code: str, buttons: set[str]) -> None:
    view = show(window, new_game(calls, suits=2, rule=Rule.FLEXIBLE))
    assert chosen(view) == {"suits.2", "rule.flexible", "play"}
    click(window, view.controls["code"])
    type_text(window, code[:-1])
    assert chosen(view) == {"suits.2", "rule.flexible", "play"}, "half a code changes nothing"
    type_text(window, code[-1])
    assert chosen(view) == buttons | {"play"}
    code_field = field(view)
    assert view.focused == "code" and code_field.text == code and code_field.caret == len(code)
    type_text(window, "x")  # typing goes on in the field
    assert field(view).text == code + "x"


def test_a_pasted_code_sets_the_buttons_too(window: Any, calls: Calls, monkeypatch: Any) -> None:
    monkeypatch.setattr(window, "get_clipboard_text", lambda: "SP1-S4C-AAAAAAD", raising=False)
    view = show(window, new_game(calls, suits=1))
    click(window, view.controls["code"])
    press(window, key.V, key.MOD_CTRL)
    assert chosen(view) == {"suits.4", "rule.classic", "play"}


def test_choosing_a_button_after_a_code_clears_the_code(window: Any, calls: Calls) -> None:
    view = show(window, new_game(calls, suits=2))
    click(window, view.controls["code"])
    type_text(window, "SP1-S4F-AAAAAAD")
    click(window, view.controls["rule.classic"])
    assert field(view).text == "" and chosen(view) == {"suits.4", "rule.classic", "play"}
    click(window, view.controls["play"])
    ((_, game),) = calls.calls
    assert (game.suits, game.rule) == (4, Rule.CLASSIC) and game.code != "SP1-S4F-AAAAAAD"


def places(window: Any, view: NewGameScreen) -> dict[str, tuple[float, float]]:
    frame(window)
    return {name: c.rect.center for name, c in view.controls.items() if name in ("code", "play", "cancel")}


@pytest.mark.parametrize("lang", one_fast(LANGUAGES, "es"))  # the longest words
def test_the_panel_does_not_jump(window: Any, calls: Calls, lang: str) -> None:
    view = show(window, new_game(calls, lang, suits=2))
    before = places(window, view)
    click(window, view.controls["suits.1"])  # the rule row gives way to a note
    assert places(window, view) == before
    click(window, view.controls["code"])
    type_text(window, "SP1-S9C-AAAAAAD")
    click(window, view.controls["play"])  # the error line appears
    assert view.error and places(window, view) == before


def test_every_row_shares_one_centre_line(window: Any, calls: Calls) -> None:
    view = show(window, new_game(calls, suits=2))
    centre = view.root.rect.center_x
    rows = [
        view.controls["suits.2"],  # the middle one of three
        view.controls["code"],
    ]
    assert all(abs(c.rect.center_x - centre) <= 1 for c in rows)
    rule = (view.controls["rule.classic"].rect.left + view.controls["rule.flexible"].rect.right) / 2
    buttons = (view.controls["play"].rect.left + view.controls["cancel"].rect.right) / 2
    assert abs(rule - centre) <= 1 and abs(buttons - centre) <= 1


def test_the_code_field_has_one_border_and_room_inside(window: Any, calls: Calls) -> None:
    view = show(window, new_game(calls))
    code = view.controls["code"]
    click(window, code)
    type_text(window, "SP1")
    r = code.rect
    image = arcade.get_image(int(r.left), int(r.bottom), int(r.width), int(r.height))
    inside = image.crop((4, 4, image.width - 4, image.height - 4))
    assert max(max(rgb(inside, x, y)) for x in range(inside.width) for y in range(inside.height)) < 250, (
        "no second (white) frame inside the border"
    )
    text_columns = [
        x for x in range(image.width) if any(sum(rgb(image, x, y)) > 600 for y in range(4, image.height - 4))
    ]
    assert text_columns and text_columns[0] >= 8, "the text keeps off the border"


def watching(calls: Calls, lang: str = "en") -> NewGameScreen:
    return NewGameScreen(Translator(lang), 2, Rule.CLASSIC, calls("play"), calls("cancel"), on_watch=calls("watch"))


def test_a_pasted_shared_game_opens_its_replay(window: Any, calls: Calls, monkeypatch: Any) -> None:
    # A mail program wrapped the line: pasted whole, unwrapped.
    monkeypatch.setattr(window, "get_clipboard_text", lambda: "SP1-S1C-AAAAAAD:4:\n18b87+08\n", raising=False)
    view = show(window, watching(calls))
    click(window, view.controls["code"])
    press(window, key.V, key.MOD_CTRL)
    assert field(view).text == "SP1-S1C-AAAAAAD:4:18b87+08"
    click(window, view.controls["play"])
    assert calls.names() == ["watch"]
    shared = calls.calls[0][1]
    assert shared.code == "SP1-S1C-AAAAAAD" and shared.record == ("1>8", "8:2>7", "deal", "10>8")


def test_a_pasted_line_shows_its_variant_and_play_says_watch(window: Any, calls: Calls, monkeypatch: Any) -> None:
    monkeypatch.setattr(window, "get_clipboard_text", lambda: "SP1-S4F-AAAAAAD:2:deal 18", raising=False)
    view = show(window, watching(calls))
    play = view.controls["play"]
    where = play.rect
    assert chosen(view) == {"suits.2", "rule.classic", "play"} and texts(view).count("Play") == 1
    click(window, view.controls["code"])
    press(window, key.V, key.MOD_CTRL)
    assert chosen(view) == {"suits.4", "rule.flexible", "play"}, "the line's variant shows"
    assert "Watch" in texts(view) and "Play" not in texts(view)
    assert play.rect == where, "nothing moves"
    click(window, view.controls["suits.2"])  # a button chosen: the line goes, Play again
    assert field(view).text == "" and "Play" in texts(view)


@pytest.mark.parametrize(
    ("line", "key_", "n"),
    [
        ("SP1-S1C-AAAAAAD:4:18b87+0", "replay.error.cut", 4),
        ("SP1-S1C-AAAAAAD:4:18b87+88", "replay.error.illegal", 4),
        ("SP1-S1C-AAAAAAD:4:18q87+08", "replay.error.action", 2),
        ("SP1-S9C-AAAAAAD:4:18b87+08", "replay.error.code", 0),
        ("SP1-S1C-AAAAAAD:x:18b87+08", "replay.error.count", 0),
    ],
)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_damaged_line_is_explained_in_place(
    window: Any, calls: Calls, line: str, key_: str, n: int, lang: str
) -> None:
    view = show(window, watching(calls, lang))
    click(window, view.controls["code"])
    type_text(window, line)
    click(window, view.controls["play"])
    assert calls.calls == [], "a damaged line opens nothing"
    assert Translator(lang).t(key_, n=n) in texts(view)
    assert field(view).invalid()


def test_deal_of_the_day_opens_its_calendar_for_the_chosen_variant(window: Any, calls: Calls) -> None:
    view = show(
        window,
        NewGameScreen(Translator("es"), 4, Rule.FLEXIBLE, calls("play"), calls("cancel"), on_daily=calls("daily")),
    )
    assert "Partida del día…" in texts(view)
    click(window, view.controls["suits.2"])
    click(window, view.controls["daily"])
    assert calls.calls == [("daily", "2F")]
    calls.calls.clear()
    click(window, view.controls["suits.1"])
    click(window, view.controls["daily"])
    assert calls.calls == [("daily", "1C")]
