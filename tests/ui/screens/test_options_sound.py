"""Options → Sound: off, or on at a volume; kept; and a note when there is no sound device."""

from __future__ import annotations

from typing import Any

import arcade
import pytest

from game.records.settings import Settings
from game.ui.panel.nodes import Radio
from game.ui.screens.options import OptionsScreen
from game.ui.screens.rules import RulesScreen
from game.words.i18n import LANGUAGES, Translator
from ui.screens.screens_driver import Calls, click, control, frame, press, show, texts

EN = Translator("en")


def options(calls: Calls, settings: Settings, sound_missing: bool = False) -> OptionsScreen:
    return OptionsScreen(
        settings, Translator(settings.language), calls("change"), calls("close"), sound_missing=sound_missing
    )


def test_sound_is_on_at_a_moderate_volume_by_default_and_off_or_any_step_is_one_click(
    window: Any, calls: Calls
) -> None:
    view = show(window, options(calls, Settings()))
    assert EN.t("sound.options.title") in texts(view)
    assert [control(view, f"sound.{v}", Radio).caption() for v in ("off", "quiet", "medium", "loud")] == [
        "Off",
        "Quiet",
        "Medium",
        "Loud",
    ]
    click(window, view.controls["sound.off"])
    assert (calls.calls[-1][1].sound, calls.calls[-1][1].sound_volume) == (False, "medium")
    click(window, view.controls["sound.loud"])
    assert (calls.calls[-1][1].sound, calls.calls[-1][1].sound_volume) == (True, "loud")
    assert EN.t("sound.options.missing") not in texts(view)


def test_the_sound_row_is_reached_with_the_keyboard(window: Any, calls: Calls) -> None:
    view = show(window, options(calls, Settings()))
    for _ in range(40):
        if view.focused == "sound.quiet":
            break
        press(window, arcade.key.DOWN)
    assert view.focused == "sound.quiet"
    press(window, arcade.key.ENTER)
    assert calls.calls[-1][1].sound_volume == "quiet"


def test_without_a_sound_device_options_says_so(window: Any, calls: Calls) -> None:
    view = show(window, options(calls, Settings(), sound_missing=True))
    assert EN.t("sound.options.title_missing") in texts(view)
    assert EN.t("sound.options.missing") in texts(view)
    assert EN.t("sound.options.title") not in texts(view)


def test_the_rules_screen_lists_m(window: Any, calls: Calls) -> None:
    view = show(window, RulesScreen(EN, on_close=calls("close")))
    shown = "\n".join(texts(view))
    assert EN.t("rules.keys.mute") in shown


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_options_fit_the_smallest_window_with_no_sound_device_and_no_speech_program(
    window: Any, calls: Calls, lang: str
) -> None:
    from game.system.speech import Speaker
    from ui.screens.test_fit import misfits, resize

    view = OptionsScreen(
        Settings(language=lang),
        Translator(lang),
        calls("change"),
        calls("close"),
        speech=Speaker(which=lambda _name: None),
        sound_missing=True,
    )
    try:
        show(window, view)
        resize(window, (800, 600))
        frame(window)
        assert misfits(window, view, (800, 600)) == []
        assert Translator(lang).t("sound.options.title_missing") in texts(view)  # the note may make way, not this
    finally:
        resize(window, window.get_size())
