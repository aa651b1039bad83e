"""The screens, driven like a player would (see screens_driver)."""

from __future__ import annotations

from typing import Any

import arcade
import pytest
from arcade.gui import UIFlatButton, UIInputText, UILabel
from screens_driver import Calls, click, every_screen, frame, press, sample_stats, send, show, texts, type_text

import game.ui  # noqa: F401  (makes arcade.gui importable headless)
from game.engine import Game, Rule
from game.i18n import Translator, catalogue
from game.settings import LANGUAGES, Settings
from game.ui.screens import (
    DescriptionView,
    NewGameView,
    OptionsView,
    RulesView,
    StatisticsView,
)
from game.ui.screens.base import ScreenView
from game.ui.screens.text import ScrollText

key = arcade.key


# ---- New game -----------------------------------------------------------------


def new_game(calls: Calls, lang: str = "en", suits: int = 2, rule: Rule = Rule.CLASSIC) -> NewGameView:
    return NewGameView(Translator(lang), suits, rule, calls("play"), calls("cancel"), seed=11)


def test_new_game_opens_on_the_current_variant_and_plays_it(window: Any, calls: Calls) -> None:
    view = show(window, new_game(calls, suits=4, rule=Rule.FLEXIBLE))
    assert {"Hard", "Flexible", "Play", "Cancel"} <= set(texts(view))
    assert view.ring.focused_widget is view.controls["play"], "Enter right away plays"
    press(window, key.ENTER)
    ((name, game),) = calls.calls
    assert name == "play" and isinstance(game, Game)
    assert (game.suits, game.rule, game.moves) == (4, Rule.FLEXIBLE, 0)


def test_one_suit_hides_the_rule_and_the_rule_is_remembered(window: Any, calls: Calls) -> None:
    view = show(window, new_game(calls, suits=2))
    click(window, view.controls["rule.flexible"])
    click(window, view.controls["suits.1"])
    assert "rule.classic" not in view.controls and "Flexible" not in texts(view)
    assert "With one suit, Classic and Flexible play the same." in texts(view)
    click(window, view.controls["suits.4"])
    assert "rule.flexible" in view.controls
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
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bad_code_is_explained_in_place(window: Any, calls: Calls, code: str, part: str, lang: str) -> None:
    view = show(window, new_game(calls, lang))
    click(window, view.controls["code"])
    type_text(window, code)
    click(window, view.controls["play"])
    assert calls.calls == [], "a bad code never starts a game"
    message = Translator(lang).t(f"screens.new.error.{part}")
    assert message in texts(view)
    field = view.controls["code"]
    assert isinstance(field, UIInputText) and field.invalid and field.text == code
    press(window, key.ENTER)  # Enter again, in the field: its "\r" text is not typed in
    send(window, "on_text", "\r")
    field = view.controls["code"]
    assert field.text == code and view.focused_name == "code"
    type_text(window, "x")  # editing the code clears the stale message
    assert message not in texts(view) and not field.invalid


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
    assert view.controls["code"].text == "sp1-s4f-aaaaaad"
    click(window, view.controls["play"])
    assert calls.calls[0][1].code == "SP1-S4F-AAAAAAD"


def test_paste_without_a_clipboard_does_nothing_harmful(window: Any, calls: Calls) -> None:
    view = show(window, new_game(calls))
    click(window, view.controls["code"])
    press(window, key.V, key.MOD_CTRL)  # the headless window has no clipboard
    assert view.controls["code"].text == ""


def test_new_game_by_keyboard_alone(window: Any, calls: Calls) -> None:
    view = show(window, new_game(calls, suits=2))
    order = list(view.controls)
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
    assert view.focused_name == "cancel"
    for _ in range(2):
        press(window, key.TAB)  # wraps round to the difficulty buttons
    assert view.focused_name == "suits.2"
    press(window, key.RIGHT)
    press(window, key.SPACE)
    assert view.suits == 4 and view.focused_name == "suits.4"
    press(window, key.TAB, key.MOD_SHIFT)
    assert view.focused_name == "suits.2"
    press(window, key.ESCAPE)
    assert calls.names() == ["cancel"]


# ---- Options ------------------------------------------------------------------


def options(calls: Calls, settings: Settings | None = None) -> OptionsView:
    return OptionsView(
        settings or Settings(),
        Translator((settings or Settings()).language),
        calls("change"),
        calls("close"),
    )


@pytest.mark.parametrize(
    "name",
    [
        "double_click",
        "auto_placement",
        "placement_help",
        "interactive_rules",
        "fullscreen",
        "four_colour",
    ],
)
def test_each_toggle_applies_at_once(window: Any, calls: Calls, name: str) -> None:
    original = Settings()
    view = show(window, options(calls, original))
    before = getattr(original, name)
    assert view.controls[name].text == ("On" if before else "Off")
    click(window, view.controls[name])
    ((event, changed),) = calls.calls
    assert event == "change" and getattr(changed, name) is (not before)
    assert view.controls[name].text == ("Off" if before else "On")
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


@pytest.mark.parametrize("lang", ["it", "es"])
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


# ---- Rules --------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_show_every_section_and_the_score_table(window: Any, calls: Calls, lang: str) -> None:
    t = Translator(lang).t
    view = show(window, RulesView(Translator(lang), calls("close")))
    page = view.text.document.text
    for section in (
        "goal",
        "cards",
        "group",
        "empty",
        "stock",
        "runs",
        "end",
        "score",
        "mouse",
        "codes",
    ):
        assert t(f"rules.{section}.title") in page
    assert t("rules.score.run") + "\t+100" in page
    assert t("rules.title") in texts(view)


def test_rules_scroll_by_wheel_and_keys(window: Any, calls: Calls) -> None:
    view = show(window, RulesView(Translator("en"), calls("close")))
    text = view.text
    assert text.scroll == 0 and text.max_scroll > 1000, "the rules are longer than the window"
    send(window, "on_mouse_scroll", int(text.center_x), int(text.center_y), 0, -3)
    assert text.scroll == 3 * text.LINE_STEP
    press(window, key.DOWN)  # the text has the focus when the page opens
    assert text.scroll == 4 * text.LINE_STEP
    press(window, key.PAGEDOWN)
    assert text.scroll > 4 * text.LINE_STEP + 300
    press(window, key.END)
    assert text.scroll == text.max_scroll
    press(window, key.HOME)
    assert text.scroll == 0
    press(window, key.TAB)
    assert view.focused_name == "close"
    press(window, key.ENTER)
    assert calls.names() == ["close"]


# ---- Statistics ---------------------------------------------------------------


def test_statistics_table_shows_each_variant(window: Any, calls: Calls) -> None:
    view = show(
        window,
        StatisticsView(sample_stats(), Translator("en"), calls("reset"), calls("close")),
    )
    row = {name: view.cells[("1C", name)].text for name in ("played", "won", "win_rate", "best_score", "fewest_moves")}
    assert row == {
        "played": "2",
        "won": "1",
        "win_rate": "50%",
        "best_score": "1183",
        "fewest_moves": "117",
    }
    assert view.cells[("2C", "best_score")].text == "–"
    assert {"Easy", "Medium · Classic", "Hard · Flexible"} <= set(texts(view))
    es = show(
        window,
        StatisticsView(sample_stats(), Translator("es"), calls("reset"), calls("close")),
    )
    assert es.cells[("1C", "win_rate")].text == "50 %"


def test_reset_asks_first_and_cancel_keeps_everything(window: Any, calls: Calls) -> None:
    stats = sample_stats()
    view = show(window, StatisticsView(stats, Translator("en"), calls("reset"), calls("close")))
    click(window, view.controls["reset"])
    assert "Erase all statistics for every game? This cannot be undone." in texts(view)
    assert view.focused_name == "cancel", "a stray Enter must not erase anything"
    press(window, key.ENTER)
    assert stats.total_played == 3 and calls.calls == []
    click(window, view.controls["reset"])
    press(window, key.ESCAPE)  # Esc backs out of the question, not the screen
    assert stats.total_played == 3 and calls.calls == [] and "reset" in view.controls


def test_confirmed_reset_erases_and_lets_the_caller_save(window: Any, calls: Calls) -> None:
    stats = sample_stats()
    view = show(window, StatisticsView(stats, Translator("it"), calls("reset"), calls("close")))
    click(window, view.controls["reset"])
    click(window, view.controls["erase"])
    assert calls.calls == [("reset", stats)]
    assert stats.total_played == 0
    assert view.cells[("1C", "played")].text == "0"
    assert "Statistiche cancellate." in texts(view)


# ---- Description --------------------------------------------------------------


def test_description_shows_the_engine_text_and_copies_it(window: Any, calls: Calls, monkeypatch: Any) -> None:
    game = Game.random(2, seed=3)
    text = game.describe(catalogue("es"))
    copied: list[str] = []
    monkeypatch.setattr(window, "set_clipboard_text", copied.append, raising=False)
    view = show(window, DescriptionView(text, Translator("es"), calls("close")))
    shown = view.text.document.text
    assert "columna 10" in shown and shown.replace("\n", " ").split() == text.split()
    click(window, view.controls["copy"])
    assert copied == [text]
    assert "Copiado al portapapeles." in texts(view)
    press(window, key.ESCAPE)
    assert calls.names() == ["close"]


def test_copy_without_a_clipboard_says_so(window: Any, calls: Calls) -> None:
    view = show(window, DescriptionView("Stock: 50 cards.", Translator("en"), calls("close")))
    assert view.copy() is False  # the headless window has no clipboard
    assert "There is no clipboard here: the text could not be copied." in texts(view)


# ---- what every screen shares ---------------------------------------------------


def assert_text_fits(view: ScreenView) -> None:
    """No button text wider than its button, no word wider than its label."""
    name = type(view).__name__
    for widget in view.ui.walk_widgets():
        if isinstance(widget, UIFlatButton):
            label = widget.ui_label._label
            assert label.content_width <= widget.content_width - 4, f"{name}: {widget.text!r} does not fit its button"
        elif isinstance(widget, UILabel) and widget.multiline:
            # Wrapping happens between words only: each word must fit.
            for word in widget.text.split():
                measured = arcade.Text(
                    word,
                    0,
                    0,
                    font_name=widget.font_name,
                    font_size=widget.font_size,
                    bold=widget.bold,
                ).content_width
                assert measured <= widget.width, f"{name}: {word!r} is wider than its label"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_nothing_is_cut_or_off_screen(window: Any, lang: str) -> None:
    for view in every_screen(lang):
        show(window, view)
        for widget in view.ui.walk_widgets():
            name = type(view).__name__
            r = widget.rect
            if isinstance(widget, UIFlatButton):
                label = widget.ui_label._label
                assert label.content_width <= widget.content_width - 4, (
                    f"{name}: {widget.text!r} does not fit its button"
                )
            if isinstance(widget, (UIFlatButton, UILabel, ScrollText, UIInputText)):
                assert r.left >= 0 and r.bottom >= 0, f"{name}: {widget} is off screen"
                assert r.right <= window.width and r.top <= window.height, f"{name}: {widget} is off screen"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_screen_draws_without_error_and_closes_with_escape(window: Any, lang: str) -> None:
    for view in every_screen(lang):
        backs: list[bool] = []
        view.on_back = lambda backs=backs: backs.append(True)  # type: ignore[method-assign]
        show(window, view)
        image = arcade.get_image(0, 0, 64, 64)
        assert image.getpixel((5, 5))[1] > image.getpixel((5, 5))[0], "the felt is green"
        send(window, "on_key_press", key.ESCAPE, 0)
        assert len(backs) == 1, type(view).__name__


def test_a_smaller_window_rebuilds_the_panels(window: Any, calls: Calls) -> None:
    view = show(window, RulesView(Translator("en"), calls("close")))
    wide = view.text.width
    view.on_resize(900, 640)
    assert view.text.width < wide
    view.on_resize(1280, 800)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", [(1280, 720), (1024, 640)])
def test_every_screen_fits_a_small_window(window: Any, size: tuple[int, int], lang: str) -> None:
    for view in every_screen(lang):
        show(window, view)
        view.on_resize(*size)
        frame(window)
        assert_text_fits(view)
        (panel,) = view.ring.children
        assert panel.width <= size[0] and panel.height <= size[1], (
            type(view).__name__,
            panel.rect,
        )
    window.current_view.on_resize(1280, 800)
