"""The Options screen, driven like a player would (see screens_driver)."""

from __future__ import annotations

from typing import Any

import arcade
import pytest
from arcade.gui import UIFlatButton
from inner_loop import one_fast

import game.ui  # noqa: F401  (makes arcade.gui importable headless)
from game.records.settings import Settings
from game.system.speech import MISSING, Speaker
from game.ui.screens import (
    OptionsView,
)
from game.words.i18n import Translator
from ui.screens.screens_driver import Calls, click, control, press, send, show, texts

key = arcade.key


def options(calls: Calls, settings: Settings | None = None) -> OptionsView:
    return OptionsView(
        settings or Settings(),
        Translator((settings or Settings()).language),
        calls("change"),
        calls("close"),
    )


@pytest.mark.parametrize(
    "name",
    one_fast(
        [
            "double_click",
            "click_to_move",
            "auto_placement",
            "placement_help",
            "interactive_rules",
            "read_aloud",
            "fullscreen",
        ]
    ),  # one row builder (_toggle_row) for every toggle
)
def test_each_toggle_applies_at_once(window: Any, calls: Calls, name: str) -> None:
    original = Settings()
    view = show(window, options(calls, original))
    before = getattr(original, name)
    assert control(view, name, UIFlatButton).text == ("On" if before else "Off")
    click(window, view.controls[name])
    ((event, changed),) = calls.calls
    assert event == "change" and getattr(changed, name) is (not before)
    assert control(view, name, UIFlatButton).text == ("Off" if before else "On")
    assert getattr(original, name) is before, "the caller's object is not changed behind its back"


def test_animation_speed_by_keyboard(window: Any, calls: Calls) -> None:
    view = show(window, options(calls))
    assert view.focused_name == "double_click"
    while view.focused_name != "speed.slow":
        press(window, key.DOWN)
    press(window, key.ENTER)
    assert calls.calls[-1][1].animation_speed == "slow"
    assert view.focused_name == "speed.slow"
    press(window, key.ESCAPE)
    assert calls.names()[-1] == "close"


@pytest.mark.parametrize("lang", one_fast(["it", "es"]))
def test_switching_language_relabels_every_text_at_once(window: Any, calls: Calls, lang: str) -> None:
    view = show(window, options(calls))
    english = texts(view)
    click(window, view.controls[f"language.{lang}"])
    assert calls.calls[-1][1].language == lang
    now = texts(view)
    fresh = texts(show(window, options(Calls(), Settings(language=lang))))
    assert now == fresh, "the same screen as if opened in that language"
    left_in_english = set(english) & set(now)
    assert left_in_english <= {"English", "Italiano", "Español"}, left_in_english


@pytest.mark.parametrize("installed", [True, False])
def test_read_aloud_says_when_no_speech_program_is_found(window: Any, calls: Calls, installed: bool) -> None:
    speech = Speaker(which=lambda name: f"/usr/bin/{name}" if installed else None)
    view = show(window, OptionsView(Settings(), Translator("en"), calls("change"), calls("close"), speech=speech))
    missing = Translator("en").t(MISSING)
    assert (missing in texts(view)) is not installed
    assert (Translator("en").t("screens.options.read_aloud_hint") in texts(view)) is installed
    click(window, view.controls["read_aloud"])  # still a setting: kept for when a program is installed
    assert calls.calls[-1][1].read_aloud is True


def test_a_click_right_after_a_change_reaches_the_rebuilt_screen(window: Any, calls: Calls) -> None:
    """A change rebuilds the screen; a second click that comes before the
    next frame (a busy machine, a quick player) must land on the new
    widgets, not be lost because they were not laid out yet."""
    view = show(window, options(calls))
    fast, italian = view.controls["speed.fast"], view.controls["language.it"]
    points = [(int(w.center_x), int(w.center_y)) for w in (fast, italian)]
    for x, y in points:  # both clicks before any frame is drawn
        send(window, "on_mouse_press", x, y, arcade.MOUSE_BUTTON_LEFT, 0)
        send(window, "on_mouse_release", x, y, arcade.MOUSE_BUTTON_LEFT, 0)
    changes = [changed for event, changed in calls.calls if event == "change"]
    assert [(c.animation_speed, c.language) for c in changes] == [("fast", "en"), ("fast", "it")]
