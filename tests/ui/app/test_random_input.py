"""A standing guard: seeded random input, as a restless player
would give it, through the window's own event handlers, on the table and
on every screen it opens: clicks, double-clicks, drags, every key of the
key map and more, typed text, the wheel, now and then a new window size.

After each batch nothing has raised (an exception fails the test where it
happens), and the game saved on disk loads and replays to exactly the
table on screen: the same cards, in the same places, as the view shows.

Over 10,000 window events in all (two games of 13 batches); about 26 s of
CPU on the development machine (most of it opening screens and drawing).
"""

from __future__ import annotations

import random
import string
from pathlib import Path
from typing import Any

import arcade
import pytest
from inner_loop import short_and_soak

from game.engine import Game
from game.files.storage import Storage
from game.ui.input.keymap import KEY_MAP
from game.ui.screens.host import ScreensView
from ui.table_harness import MakeApp, Table

key = arcade.key
LEFT = arcade.MOUSE_BUTTON_LEFT
SEED = 20261201
BATCHES = 13  # per game in the soak (one of one suit, one of four); make test plays 3
GESTURES_PER_BATCH = 150  # about 400 window events each

# Every key of the table's key map but Ctrl+Q (it would close the shared
# window), and the keys a hand lands on besides.
MAP_KEYS = [k for k in KEY_MAP if k != (key.Q, key.MOD_CTRL)]
OTHER_KEYS = [
    (key.ENTER, 0),
    (key.BACKSPACE, 0),
    (key.DELETE, 0),
    (key.HOME, 0),
    (key.END, 0),
    (key.PAGEUP, 0),
    (key.PAGEDOWN, 0),
    (key.V, key.MOD_CTRL),
    (key.A, key.MOD_CTRL),
    (key.X, 0),
    (key.LSHIFT, 0),
]
# Keys that open a screen cost a screen's making; a player presses them
# less often than the rest, and so does this test.
OPENING = {(key.F1, 0), (key.F2, 0), (key.F3, 0), (key.N, key.MOD_CTRL), (key.O, key.MOD_CTRL), (key.R, key.MOD_CTRL)}
CODE_CHARS = string.ascii_uppercase + "234567-" + "sp1 \u00e9\u4e2d"


class Player:
    """Random gestures, delivered as window events."""

    def __init__(self, t: Table, rng: random.Random) -> None:
        self.t = t
        self.window = t.window
        self.rng = rng
        self.events = 0

    def send(self, *event: Any) -> None:
        self.window.dispatch_event(*event)
        self.window.dispatch_events()
        self.events += 1

    def tick(self) -> None:
        self.t.clock_now += 1 / 60
        self.window.dispatch_event("on_update", 1 / 60)
        self.window.dispatch_events()

    # ---- where -------------------------------------------------------------

    def anywhere(self) -> tuple[int, int]:
        w, h = self.window.get_size()
        return self.rng.randrange(w), self.rng.randrange(h)

    def somewhere(self) -> tuple[int, int]:
        """A point worth pressing: a card, the stock, a button, a control, or anywhere."""
        view = self.window.current_view
        if isinstance(view, ScreensView) and view.screen is not None:
            shown = [c for c in view.screen.controls.values() if c.visible]
            if shown and self.rng.random() < 0.7:
                x, y = self.rng.choice(shown).rect.center
                return int(x), int(y)
            return self.anywhere()
        roll = self.rng.random()
        layout = self.t.view.layout
        game = self.t.view.game
        if roll < 0.6:
            cols = [c for c in range(10) if game.columns[c]]
            if cols:
                col = self.rng.choice(cols)
                index = self.rng.randrange(max(0, len(game.columns[col]) - 4), len(game.columns[col]))
                x, y = layout.card_rect(col, index).center
                return int(x), int(y)
        if roll < 0.7:
            return tuple(int(v) for v in layout.stock_area.center)  # type: ignore[return-value]
        if roll < 0.8:
            rect = self.rng.choice(list(layout.hud.buttons.values()))
            return int(rect.center_x), int(rect.center_y)
        return self.anywhere()

    # ---- gestures ----------------------------------------------------------

    def click(self) -> None:
        x, y = self.somewhere()
        self.send("on_mouse_press", x, y, LEFT, 0)
        self.send("on_mouse_release", x, y, LEFT, 0)

    def double_click(self) -> None:
        x, y = self.somewhere()
        for _ in range(2):
            self.send("on_mouse_press", x, y, LEFT, 0)
            self.send("on_mouse_release", x, y, LEFT, 0)
            self.t.clock_now += 0.12
        self.t.clock_now += 1.0

    def drag(self) -> None:
        x, y = self.somewhere()
        tx, ty = self.somewhere() if self.rng.random() < 0.7 else self.anywhere()
        self.send("on_mouse_press", x, y, LEFT, 0)
        steps = self.rng.randint(1, 6)
        for k in range(1, steps + 1):
            px, py = x + (tx - x) * k // steps, y + (ty - y) * k // steps
            self.send("on_mouse_drag", px, py, 3, 3, LEFT, 0)
            self.tick()
        self.send("on_mouse_release", tx, ty, LEFT, 0)

    def press_key(self) -> None:
        choices = MAP_KEYS + OTHER_KEYS
        symbol, modifiers = self.rng.choice(choices)
        while (symbol, modifiers) in OPENING and self.rng.random() < 0.75:
            symbol, modifiers = self.rng.choice(choices)
        self.send("on_key_press", symbol, modifiers)
        if symbol == key.SPACE:
            self.send("on_text", " ")
        self.send("on_key_release", symbol, modifiers)

    def type_text(self) -> None:
        self.send("on_text", self.rng.choice(CODE_CHARS))

    def move(self) -> None:
        x, y = self.anywhere()
        self.send("on_mouse_motion", x, y, 1, 1)

    def scroll(self) -> None:
        x, y = self.somewhere()
        self.send("on_mouse_scroll", x, y, 0, self.rng.choice([-3, -1, 1, 3]))

    def resize(self) -> None:
        # The headless window keeps its size; its views are told another one.
        size = self.rng.choice([(800, 600), (1024, 700), (1280, 800)])
        self.send("on_resize", *size)

    def gesture(self) -> None:
        kinds = [self.click, self.double_click, self.drag, self.press_key, self.type_text, self.move, self.scroll]
        weights = [25, 12, 15, 33, 8, 5, 2]
        if self.rng.random() < 0.004:
            self.resize()
        else:
            self.rng.choices(kinds, weights)[0]()
        self.tick()


def back_to_the_table(player: Player) -> None:
    """Escape out of whatever screen or replay is open (a screen's Esc is its
    Cancel or Close; a replay's leaves it), then out of a keyboard selection
    on the table."""
    from game.ui.table.replay import ReplayView

    for _ in range(6):
        if not isinstance(player.window.current_view, ScreensView | ReplayView):
            break
        player.send("on_key_press", key.ESCAPE, 0)
    assert player.window.current_view is player.t.view
    player.send("on_key_press", key.ESCAPE, 0)  # and put down a group held by the keyboard


def assert_saved_game_is_on_screen(t: Table, data: Path) -> None:
    t.settle()
    game = t.view.game
    saved, notices = Storage(data).load_game()
    assert notices == [], notices
    if saved is None:
        assert game.record == "", "an action was made but nothing was saved"
        return
    assert saved.game.to_text() == game.to_text(), "the saved game replays to another table"
    assert saved.game.record == game.record
    sprites = t.view.scene.sprites
    assert [[s.card for s in col] for col in sprites.columns] == [list(c) for c in saved.game.columns]
    assert len(sprites.stock) == len(saved.game.stock) and len(sprites.removed) == len(saved.game.removed)
    assert t.on_layout(), "every card where the layout puts it"


@pytest.mark.slow
@pytest.mark.parametrize("batches", short_and_soak(3, BATCHES))
@pytest.mark.parametrize("suits", [1, 4])
def test_random_input_never_crashes_and_the_saved_game_is_the_one_on_screen(
    window: Any, app: MakeApp, tmp_path: Path, suits: int, batches: int
) -> None:
    rng = random.Random(SEED + suits)
    t, _ = app(Game.random(suits, seed=SEED))
    player = Player(t, rng)
    try:
        for _ in range(batches):
            for g in range(GESTURES_PER_BATCH):
                player.gesture()
                if g % 50 == 0:
                    window.current_view.on_draw()
            player.send("on_resize", *window.get_size())
            back_to_the_table(player)
            assert_saved_game_is_on_screen(t, tmp_path)
    finally:
        window.dispatch_event("on_resize", *window.get_size())
        window.dispatch_events()
    print(f"{player.events} window events")  # noqa: T201 - shown with -s
    assert player.events >= 350 * batches  # about 400 a batch
