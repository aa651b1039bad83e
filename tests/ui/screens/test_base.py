"""What every screen shares (base.py, host.py), driven like a player would (see screens_driver)."""

from __future__ import annotations

from typing import Any

import arcade
import pytest
from inner_loop import one_fast

from game.ui.screens.rules import RulesScreen
from game.words.i18n import LANGUAGES, Translator
from ui.screens.screens_driver import Calls, every_screen, frame, page_text, rgb, send, show
from ui.screens.test_fit import resize

key = arcade.key


@pytest.mark.parametrize("lang", one_fast(LANGUAGES))
def test_every_screen_draws_without_error_and_closes_with_escape(
    window: Any, cards: Any, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for screen in every_screen(lang, cards):
        backs: list[bool] = []
        monkeypatch.setattr(screen, "on_back", lambda backs=backs: backs.append(True))
        show(window, screen)
        image = arcade.get_image(0, 0, 64, 64)
        red, green, _ = rgb(image, 5, 5)
        assert green > red, "the felt is green"
        send(window, "on_key_press", key.ESCAPE, 0)
        assert len(backs) == 1, type(screen).__name__


def test_a_smaller_window_lays_the_same_page_out_narrower(window: Any, calls: Calls) -> None:
    screen = show(window, RulesScreen(Translator("en"), calls("close")))
    page = page_text(screen)
    wide = page.rect.width
    try:
        resize(window, (900, 640))
        frame(window)
        assert page_text(screen) is page and page.rect.width < wide
    finally:
        resize(window, (1280, 800))
    frame(window)
    assert page.rect.width == wide


def test_the_focus_ring_goes_round_the_focused_control(window: Any, calls: Calls) -> None:
    screen = show(window, RulesScreen(Translator("en"), calls("close")))
    send(window, "on_key_press", key.TAB, 0)
    frame(window)
    close = screen.controls["close"]
    r = close.rect
    column = arcade.get_image(int(r.center_x), int(r.top), 1, 8)
    above = max((rgb(column, 0, y) for y in range(8)), key=sum)
    assert screen.focused == "close" and above[0] > 200 and above[1] > 160, f"gold above the button: {above}"
