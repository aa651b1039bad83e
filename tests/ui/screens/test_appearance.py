"""The Appearance dialog, reached from Options: table, card back and deck
chosen, saved, seen at once on the table behind and in the preview, and
back to Options; fitting the smallest window in every language."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from game.files.storage import Storage
from game.play.session import Session
from game.records.settings import CARD_BACKS, TABLES, Settings
from game.records.stats import Stats
from game.ui.app.controller import SpiderApp
from game.ui.cards.atlas import CardAtlas
from game.ui.panel.nodes import Button, Picture
from game.ui.render import tables
from game.ui.screens.appearance import AppearanceScreen
from game.ui.screens.host import ScreensView
from game.ui.screens.options import OptionsScreen
from game.words.i18n import LANGUAGES, Translator
from ui.screens.screens_driver import Calls, click, control, frame, show, shown_as
from ui.screens.test_fit import misfits, resize
from ui.table_harness import Table


@pytest.fixture(autouse=True)
def _green_afterwards() -> Any:
    yield
    tables.use(tables.DEFAULT)


def _preview_textures(view: AppearanceScreen) -> list[Any]:
    """The preview's cards, left to right (after the felt under them)."""
    preview = next(node for node in view.root.walk() if isinstance(node, Picture))
    return [shape.texture for shape in preview.shapes(preview.rect.width, preview.rect.height)[1:]]


def test_options_leads_to_appearance_whose_choices_apply_at_once_are_saved_and_lead_back(
    window: Any, cards: Any, tmp_path: Path
) -> None:
    from game.engine import Game

    game = Game.from_code("SP1-S4C-AAAAAAD")
    t = Table(window, game, cards=cards)
    app = SpiderApp(t.view, Session(Storage(tmp_path), t.settings, Stats(), game))
    app.show_screen("options")
    options = shown_as(window, OptionsScreen)
    click(window, options.controls["appearance"])
    screen = shown_as(window, AppearanceScreen)
    assert screen.focused == "table.green"
    host = window.current_view
    assert isinstance(host, ScreensView)

    before = host.backdrop.captures
    click(window, screen.controls["table.night"])
    click(window, screen.controls["back.web"])
    click(window, screen.controls["deck.four_colour"])
    # The new felt is made on a thread; the dialog's updates put it on the table behind.
    night = tables.TABLES["night"]
    for _ in range(500):
        if t.view.renderer.felt.ready(night, window.get_framebuffer_size()):
            break
        time.sleep(0.01)
        frame(window)
    on_disk = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert (on_disk["table"], on_disk["card_back"], on_disk["four_colour"]) == ("night", "web", True)
    # The table behind has changed already: its felt, its backs, its faces.
    assert tables.current().name == "night" and t.view.hud.bar.color[:3] == tables.TABLES["night"].bar[:3]
    assert t.view.renderer.felt.ready(tables.TABLES["night"], window.get_framebuffer_size())
    covered = t.sprites.columns[0][0]
    assert covered.texture is t.atlas.textures["back-web"]
    diamonds = [s for col in t.sprites.columns for s in col if s.card.face_up and s.card.suit == "D"]
    assert diamonds and all(s.texture is t.atlas.textures[f"{s.card}-4c"] for s in diamonds)
    assert host.backdrop.captures >= before + 3  # its picture taken again (and once more with the new felt)

    # The chosen buttons are gold (the "selected" look), the others plain.
    def look(name: str) -> str:
        return control(screen, name, Button).kind_now()

    assert look("table.night") == look("back.web") == look("deck.four_colour") == "selected" != look("table.green")

    screen.on_back()
    assert shown_as(window, OptionsScreen).settings.table == "night"


def test_the_preview_shows_the_chosen_back_and_deck(window: Any, cards: Any) -> None:
    calls = Calls()
    atlas = CardAtlas.shared(cards)
    view = show(
        window, AppearanceScreen(Settings(), Translator("en"), calls("change"), calls("close"), cards=lambda: atlas)
    )
    assert _preview_textures(view)[0] is atlas.back
    view.choose("back", "tartan")
    view.choose("deck", "four_colour")
    shown = _preview_textures(view)
    assert shown[1] is atlas.textures["back-tartan"] and atlas.textures["QD-4c"] in shown
    ((_, first), (_, second)) = calls.calls
    assert first.card_back == "tartan" and not first.four_colour and second.four_colour


def test_the_preview_shows_the_night_tables_cards_as_dim_as_the_table_draws_them(window: Any, cards: Any) -> None:
    atlas = CardAtlas.shared(cards)
    calls = Calls()
    view = show(
        window, AppearanceScreen(Settings(), Translator("en"), calls("change"), calls("close"), cards=lambda: atlas)
    )
    view.choose("table", "night")
    shown = _preview_textures(view)
    face = atlas.face("KS", False)
    dim = shown[2]  # the king of spades, after two backs
    assert dim is not face
    x, y = face.image.width // 2, 4  # the white face under the top edge
    bright: Any = face.image.convert("RGB").getpixel((x, y))
    dimmed: Any = dim.image.convert("RGB").getpixel((x, y))
    tint = tables.TABLES["night"].cards
    assert all(abs(d - b * k / 255) <= 1 for b, d, k in zip(bright, dimmed, tint, strict=True)) and bright[0] > 240
    view.choose("table", "green")
    assert _preview_textures(view)[2] is face  # full brightness elsewhere


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_appearance_fits_the_window_in_every_language(
    window: Any, cards: Any, lang: str, size: tuple[int, int]
) -> None:
    calls = Calls()
    atlas = CardAtlas.shared(cards)
    view = show(
        window, AppearanceScreen(Settings(language=lang), Translator(lang), calls("c"), calls("x"), cards=lambda: atlas)
    )
    try:
        resize(window, size)
        frame(window)
        assert misfits(window, view, size) == []
    finally:
        resize(window, window.get_size())
    assert {f"table.{t}" for t in TABLES} | {f"back.{b}" for b in CARD_BACKS} <= set(view.controls)
