"""The Options screen, driven like a player would (see screens_driver)."""

from __future__ import annotations

from typing import Any

import arcade
import pytest
from inner_loop import one_fast

from game.records.settings import Settings
from game.system.speech import MISSING, Speaker
from game.ui.panel.nodes import Radio, Switch
from game.ui.screens.options import TOGGLES, OptionsScreen
from game.words.i18n import Translator
from ui.screens.screens_driver import Calls, click, control, frame, press, send, show, texts

key = arcade.key


def options(calls: Calls, settings: Settings | None = None) -> OptionsScreen:
    return OptionsScreen(
        settings or Settings(),
        Translator((settings or Settings()).language),
        calls("change"),
        calls("close"),
    )


@pytest.mark.parametrize("name", one_fast(TOGGLES))  # one row maker (_toggle_row) for every toggle
def test_each_toggle_applies_at_once(window: Any, calls: Calls, name: str) -> None:
    original = Settings()
    view = show(window, options(calls, original))
    before = getattr(original, name)
    switch = control(view, name, Switch)
    assert switch.caption() == ("On" if before else "Off") and switch.checked() is before
    click(window, switch)
    ((event, changed),) = calls.calls
    assert event == "change" and getattr(changed, name) is (not before)
    assert switch.caption() == ("Off" if before else "On") and switch.checked() is (not before)
    assert getattr(original, name) is before, "the caller's object is not changed behind its back"


def test_animation_speed_by_keyboard(window: Any, calls: Calls) -> None:
    view = show(window, options(calls))
    assert view.focused == "double_click"
    while view.focused != "speed.slow":
        press(window, key.DOWN)
    press(window, key.ENTER)
    assert calls.calls[-1][1].animation_speed == "slow"
    assert view.focused == "speed.slow"
    assert control(view, "speed.slow", Radio).selected() and not control(view, "speed.normal", Radio).selected()
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
    view = show(window, OptionsScreen(Settings(), Translator("en"), calls("change"), calls("close"), speech=speech))
    missing = Translator("en").t(MISSING)
    assert (missing in texts(view)) is not installed
    assert (Translator("en").t("screens.options.read_aloud_hint") in texts(view)) is installed
    click(window, view.controls["read_aloud"])  # still a setting: kept for when a program is installed
    assert calls.calls[-1][1].read_aloud is True


def test_two_clicks_before_a_frame_both_land(window: Any, calls: Calls) -> None:
    """A change lays the screen out again at once: a second click that comes
    before the next frame (a busy machine, a quick player) lands where the
    controls show, not lost."""
    view = show(window, options(calls))
    points = [
        (int(view.controls[n].rect.center_x), int(view.controls[n].rect.center_y))
        for n in ("speed.fast", "language.it")
    ]
    for x, y in points:  # both clicks before any frame is drawn
        send(window, "on_mouse_press", x, y, arcade.MOUSE_BUTTON_LEFT, 0)
        send(window, "on_mouse_release", x, y, arcade.MOUSE_BUTTON_LEFT, 0)
    changes = [changed for event, changed in calls.calls if event == "change"]
    assert [(c.animation_speed, c.language) for c in changes] == [("fast", "en"), ("fast", "it")]


def test_a_choice_changes_only_its_own_row(window: Any, calls: Calls) -> None:
    """Built once, changed in place: a click repaints the row it changed (and
    the focus ring's move), every other node keeps what it drew."""
    view = show(window, options(calls))
    before = {id(node): node.revision for node in view.root.walk()}
    nodes = list(view.root.walk())
    click(window, view.controls["placement_help"])
    frame(window)
    changed = {node for node in nodes if node.revision != before[id(node)]}
    assert list(view.root.walk()) == nodes, "the same nodes: nothing made again"
    assert changed == {view.controls["placement_help"]}, [getattr(n, "name", n) for n in changed]
    click(window, view.controls["speed.fast"])
    changed = {node for node in nodes if node.revision != before[id(node)]} - changed
    assert changed == {view.controls["speed.fast"], view.controls["speed.normal"]}, [
        getattr(n, "name", n) for n in changed
    ]


def test_show_score_and_time_off_makes_a_calm_table_at_once(app: Any) -> None:
    from ui.screens.screens_driver import shown_as

    t, spider = app()
    spider.show_screen("options")
    options = shown_as(t.window, OptionsScreen)
    switch = control(options, "show_score_time", Switch)
    assert switch.checked() and switch.label() == "Show score and time"
    click(t.window, switch)
    hud = t.view.hud
    assert not switch.checked() and spider.settings.show_score_time is False
    assert not (hud.score_text.visible or hud.moves_text.visible or hud.clock_text.visible)
    click(t.window, switch)
    assert hud.score_text.visible and hud.clock_text.visible
