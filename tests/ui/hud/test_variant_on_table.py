"""The table says which game is being played ("Hard · Classic", in the
player's language), quietly: between the status line's sentences, dim and
small, in the bottom strip, never over a sentence."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import date, datetime
from pathlib import Path

import pytest

from game.engine import Game
from game.files.storage import Storage
from game.play.session import Session
from game.records.daily import daily_code
from game.records.settings import Settings
from game.records.stats import Stats
from game.ui.app.controller import SpiderApp
from game.words.i18n import Translator
from ui.table_harness import Table

Make = Callable[..., Table]


@pytest.mark.parametrize(
    ("code", "lang", "words"),
    [
        ("SP1-S4C-AAAAAAD", "en", "Hard · Classic"),
        ("SP1-S2F-AAAAAAD", "it", "Medio · Flessibile"),
        ("SP1-S1C-AAAAAAD", "es", "Fácil · Clásica"),
    ],
)
def test_the_variant_is_named_in_the_players_language(table: Make, code: str, lang: str, words: str) -> None:
    t = table(code, Settings(language=lang))
    t.run(0.1)
    resting = t.view.voice.status.resting
    assert resting.text == words and resting.visible
    strip = t.layout.status
    assert strip.left <= resting.left and resting.right <= strip.right  # in the bottom strip
    assert resting.color[3] < 160 and resting.font_size < t.layout.hud.font_size  # dim and small


def test_a_sentence_takes_its_place_and_a_new_game_or_language_renames_it(table: Make) -> None:
    t = table("SP1-S4C-AAAAAAD", Settings())
    status = t.view.voice.status
    drawn: list[bool] = []
    status.resting.draw = lambda: drawn.append(True)  # type: ignore[method-assign]
    status.draw()
    assert drawn == [True]
    t.view.voice.say("Nine of spades to column 3.")
    assert status.message == "Nine of spades to column 3."
    status.draw()
    assert drawn == [True]  # the sentence alone is shown
    t.clock_now += 10  # it fades away, and the variant's name is back
    t.run(0.1)
    drawn.clear()
    status.draw()
    assert status.message is None and drawn == [True]
    t.view.start_game(Game.from_code("SP1-S2F-AAAAAAD"))
    assert status.resting.text == "Medium · Flexible"
    t.view.apply_settings(replace(t.settings, language="it"), Translator("it"))
    assert status.resting.text == "Medio · Flessibile"


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Deal of the day · 4 December"),
        ("it", "Partita del giorno · 4 dicembre"),
        ("es", "Partida del día · 4 de diciembre"),
    ],
)
def test_the_deal_of_the_day_is_named_by_its_date(table: Make, tmp_path: Path, lang: str, words: str) -> None:
    t = table("SP1-S1C-AAAAAAD", Settings(language=lang))
    session = Session(Storage(tmp_path), t.settings, Stats(), t.game, clock=lambda: datetime(2026, 12, 4, 20, 15))
    spider = SpiderApp(t.view, session)
    status = t.view.voice.status
    spider.play_daily("2C")
    assert status.resting.text == words
    t.double_click(*next((m.src, len(t.game.columns[m.src]) - m.count) for m in t.game.legal_moves()))
    assert status.resting.text == words  # every action keeps the name
    spider.play(Game.from_code("SP1-S2C-AAAAAAD"))  # another deal: its variant again
    t_ = Translator(lang).t
    level, rule = t_("screens.new.level.2"), t_("screens.new.rule.classic")
    assert status.resting.text == t_("appearance.variant", level=level, rule=rule)


def test_a_resumed_deal_of_the_day_is_named_at_launch(table: Make, tmp_path: Path) -> None:
    t = table(daily_code(date(2027, 1, 31), "1C"), Settings())
    session = Session(Storage(tmp_path), t.settings, Stats(), t.game, daily=date(2027, 1, 31))
    SpiderApp(t.view, session)
    assert t.view.voice.status.resting.text == "Deal of the day · 31 January"
