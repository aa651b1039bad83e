"""What every screen shares (base.py), driven like a player would (see screens_driver)."""

from __future__ import annotations

from typing import Any

import arcade
import pytest
from inner_loop import one_fast

import game.ui  # noqa: F401  (makes arcade.gui importable headless)
from game.ui.screens import RulesView
from game.words.i18n import LANGUAGES, Translator
from ui.screens.screens_driver import Calls, every_screen, page_text, rgb, send, show

key = arcade.key


@pytest.mark.parametrize("lang", one_fast(LANGUAGES))
def test_every_screen_draws_without_error_and_closes_with_escape(
    window: Any, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for view in every_screen(lang):
        backs: list[bool] = []
        monkeypatch.setattr(view, "on_back", lambda backs=backs: backs.append(True))
        show(window, view)
        image = arcade.get_image(0, 0, 64, 64)
        red, green, _ = rgb(image, 5, 5)
        assert green > red, "the felt is green"
        send(window, "on_key_press", key.ESCAPE, 0)
        assert len(backs) == 1, type(view).__name__


def test_a_smaller_window_rebuilds_the_panels(window: Any, calls: Calls) -> None:
    view = show(window, RulesView(Translator("en"), calls("close")))
    wide = page_text(view).width
    view.on_resize(900, 640)
    assert page_text(view).width < wide
    view.on_resize(1280, 800)
