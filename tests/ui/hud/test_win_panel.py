"""The win panel (docs/RULES.md §11, §15): beside the score it tells the
variant's record with this win counted, the streak and the time the game
took, in the player's language; its buttons are reached and pressed with
the keys alone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import arcade
import pytest

from game.engine import Game, Move
from game.records.settings import Settings
from game.records.share import parse
from game.records.stats import Stats
from game.ui.layout.table import win_layout
from ui.table_harness import MakeApp

FIXTURES = Path(__file__).resolve().parents[3] / "tests" / "fixtures" / "shared"
WON = parse((FIXTURES / "won-1C.line").read_text(encoding="utf-8"))  # a one-suit game won in 198 actions
key = arcade.key


def one_action_from_winning(app: MakeApp, settings: Settings | None = None, stats: Stats | None = None) -> Any:
    """The won game of the fixture at its last action, at the table with its application."""
    game = Game.from_code(WON.code)
    game.play(WON.record[:-1])
    now = [1000.0]
    # `stats`: the player's earlier games (test_session covers how they count).
    t, spider = app(game, settings or Settings(animation_speed="off"), stats=stats, ticker=lambda: now[0])
    now[0] += 754  # 12 min 34 s of play
    return t, spider


def win(t: Any) -> None:
    t.view.do(Move.parse(WON.record[-1]))
    t.run_to_win()
    assert t.game.is_won and t.view.hud.won_shown


def test_the_win_panel_tells_the_record_the_streak_and_the_time(app: MakeApp) -> None:
    earlier = Stats()
    for _ in range(3):
        earlier["1C"].add_win(1000, 150)
    earlier["1C"].add_loss()
    earlier["1C"].add_win(1000, 150)
    t, spider = one_action_from_winning(app, stats=earlier)
    win(t)
    hud = t.view.hud
    assert [text.text for text in hud.win_notes] == [
        "Easy: 5 won of 6",
        "Current streak: 2",
        "Time played: 12 min 34 s",
    ]
    spider.apply_settings(Settings(language="it", animation_speed="off"))  # the panel follows the language
    assert [text.text for text in hud.win_notes] == [
        "Facile: 5 vinte su 6",
        "Serie attuale: 2",
        "Tempo di gioco: 12 min 34 s",
    ]
    spider.apply_settings(Settings(language="es", animation_speed="off"))
    assert [text.text for text in hud.win_notes] == [
        "Fácil: 5 ganadas de 6",
        "Racha actual: 2",
        "Tiempo de juego: 12 min 34 s",
    ]


def test_a_first_win_counts_in_the_record_it_shows(app: MakeApp) -> None:
    t, _ = one_action_from_winning(app)
    win(t)
    assert [text.text for text in t.view.hud.win_notes[:2]] == ["Easy: 1 won of 1", "Current streak: 1"]


def test_a_table_without_statistics_shows_the_score_alone(table: Any) -> None:
    game = Game.from_code(WON.code)
    game.play(WON.record[:-1])
    t = table(game, Settings(animation_speed="off"))
    win(t)
    assert [text.text for text in t.view.hud.win_notes] == ["", "", ""]
    assert t.view.hud.win_detail.text


@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_the_notes_stand_between_the_score_and_the_buttons(app: MakeApp, lang: str) -> None:
    t, _ = one_action_from_winning(app, Settings(language=lang, animation_speed="off"))
    win(t)
    shape = win_layout(t.layout)
    tops = [b.top for b in shape.buttons.values()]
    lines = [t.view.hud.win_detail, *t.view.hud.win_notes]
    ys = [text.y for text in lines]
    assert ys == sorted(ys, reverse=True) and len(set(ys)) == 4  # one under the other
    assert min(ys) - lines[-1].content_height / 2 > max(tops)  # above the buttons


def press(window: Any, symbol: int, modifiers: int = 0) -> None:
    """A key pressed in the window: whichever view shows gets it."""
    window.dispatch_event("on_key_press", symbol, modifiers)
    window.dispatch_event("on_key_release", symbol, modifiers)
    window.dispatch_events()


def ring_shows_around(t: Any, name: str) -> bool:
    """Whether the gold ring is drawn around the win panel's button `name`:
    a few pixels outside its top, bottom and left edges (beyond the gap that
    sets it off the gold button) the dark panel turns gold."""
    image = t.draw().convert("RGB")
    b = win_layout(t.layout).buttons[name]
    height = image.height

    def gold_within(points: list[tuple[float, float]]) -> bool:
        pixels = [image.getpixel((round(x), height - 1 - round(y))) for x, y in points]
        return any(r > 200 and g > 170 and blue < 140 for r, g, blue in pixels)

    beyond = range(3, 14)  # the ring's line lies in here, whatever the button's size
    return (
        gold_within([(b.center_x, b.top + d) for d in beyond])
        and gold_within([(b.center_x, b.bottom - d) for d in beyond])
        and gold_within([(b.left - d, b.center_y) for d in beyond])
    )


def test_tab_reaches_the_win_panel_s_buttons_and_enter_presses_them(app: MakeApp) -> None:
    from game.ui.table.replay import ReplayView

    t, _ = one_action_from_winning(app)
    win(t)
    assert t.view.hud.focused is None and not ring_shows_around(t, "new"), "no focus until a key asks for it"
    press(t.window, key.TAB)
    assert t.view.hud.focused == "win-new" and ring_shows_around(t, "new")
    press(t.window, key.TAB)
    assert t.view.hud.focused == "win-again" and ring_shows_around(t, "again") and not ring_shows_around(t, "new")
    press(t.window, key.TAB)
    press(t.window, key.TAB)
    press(t.window, key.TAB, key.MOD_SHIFT)
    assert t.view.hud.focused == "win-watch"
    press(t.window, key.RETURN)  # Watch again
    assert isinstance(t.window.current_view, ReplayView)
    press(t.window, key.ESCAPE)
    assert t.window.current_view is t.view and t.view.hud.won_shown


def test_space_on_same_deal_again_deals_it_and_the_focus_leaves_with_the_panel(app: MakeApp) -> None:
    t, _ = one_action_from_winning(app)
    win(t)
    for _ in range(2):
        press(t.window, key.TAB)
    press(t.window, key.SPACE)  # Same deal again
    t.run(2)
    assert not t.game.is_won and t.game.moves == 0 and not t.view.hud.won_shown
    press(t.window, key.RETURN)  # no panel: Enter presses nothing of it (it shows the column cursor)
    assert t.game.moves == 0 and t.view.hud.focused is None and t.view.keys.cursor == 0


def test_after_the_panel_s_buttons_tab_goes_on_to_the_bar(app: MakeApp) -> None:
    t, _ = one_action_from_winning(app)
    win(t)
    for _ in range(5):
        press(t.window, key.TAB)
    assert t.view.hud.focused == "new"  # the bar's New game, after the panel's four
    press(t.window, key.ESCAPE)
    assert t.view.hud.focused is None and not ring_shows_around(t, "new")


@pytest.mark.parametrize("lang", ["en", "it", "es"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_the_win_is_told_whole_on_the_status_line_and_the_panel_crosses_no_outline(
    app: MakeApp, lang: str, size: tuple[int, int]
) -> None:
    """Once seen at 1280x800: the winning move's sentence was cut with "…" and
    drawn over the cascade of cards; the panel cut across the empty columns'
    outlines. The whole sentence is still spoken (a screen reader hears it)."""
    t, _ = one_action_from_winning(app, Settings(language=lang))
    t.view.on_resize(*size)  # the layout of a window of that size (a headless window keeps its own)
    assert (t.layout.width, t.layout.height) == size
    win(t)
    status = t.view.voice.status
    assert status.message is not None and status.text.text == status.message, f"cut: {status.text.text!r}"
    assert "…" not in status.text.text and status.text.content_width <= t.layout.status.width
    assert status.message.rstrip(".").lower() in t.view.voice.heard.lower() and len(t.view.voice.heard) > len(
        status.message
    )
    panel = win_layout(t.layout).panel
    crossed = [n + 1 for n, slot in enumerate(t.layout.slots) if slot.overlap_area(panel) > 0]
    assert crossed == [], f"the win panel crosses the outlines of columns {crossed}"
    assert panel.bottom > t.layout.stock_area.top and all(panel.bottom > run.top for run in t.layout.removed)


def test_the_cascade_of_a_win_is_drawn_over_the_status_line(app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    t, _ = one_action_from_winning(app, Settings())
    drawn: list[str] = []
    monkeypatch.setattr(t.view.voice.status, "draw", lambda: drawn.append("status line"))
    monkeypatch.setattr(t.view.celebration.confetti, "draw", lambda **_: drawn.append("cascade"))
    t.view.on_draw()
    assert drawn == ["status line", "cascade"]
