"""The table view in the shared test window, driven through its own input
handlers like a player would (used by the table and application tests)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import arcade
import pytest

from game.engine import Game
from game.engine.cards import COMPOSITION, RANK_TEXT
from game.engine.events import Event
from game.records.settings import Settings
from game.ui.cards.loading import CardPipeline
from game.ui.layout.table import Rect, TableShape, compute_layout
from game.words.i18n import Translator

if TYPE_CHECKING:
    from game.files.storage import Storage
    from game.records.stats import Stats
    from game.ui.app.controller import SpiderApp

LEFT = 1  # arcade.MOUSE_BUTTON_LEFT
CTRL = 2  # arcade.key.MOD_CTRL


def position(
    columns: list[str],
    removed: str = "",
    stock: int = 0,
    suits: int = 1,
    rule: str = "C",
    filler: int = 9,
    score: int = 500,
    moves: int = 0,
) -> str:
    """A position text: the given columns (``"down | up"``), `removed` runs,
    and every other card of the deck first in the stock (`stock` cards),
    then face down at the bottom of column `filler` (1-based)."""
    want = Counter({(RANK_TEXT[r - 1] + s): n for s, n in COMPOSITION[suits] for r in range(1, 14)})
    used = Counter(w for c in columns for w in c.replace("|", " ").split())
    used.update(RANK_TEXT[r - 1] + s for s in removed.split() for r in range(1, 14))
    rest = list((want - used).elements())
    assert not (used - want), f"too many: {used - want}"
    stock_cards, extra = rest[:stock], rest[stock:]
    cols = list(columns) + ["|"] * (10 - len(columns))
    if extra:
        down, _, up = cols[filler - 1].partition("|")
        if not up.strip():  # the last card of a column lies face up
            extra, up = extra[:-1], extra[-1]
        cols[filler - 1] = " ".join(extra) + " " + down + "|" + up
    lines = [
        f"Variant: S{suits}{rule}",
        "Stock: " + " ".join(stock_cards),
        "Removed: " + removed,
        f"Score: {score}",
        f"Moves: {moves}",
    ]
    lines += [f"{i + 1}: {c}" for i, c in enumerate(cols)]
    return "\n".join(lines) + "\n"


# A table with one obvious move: 5S (column 1) onto 6S (column 3); 9S on column 2 refuses it.
SIMPLE = position(["KS | 5S", "| 9S", "| 7S 6S", "| QS", "| JS", "| TS", "| 8S", "| 4S", "| 3S", "| 2S"], stock=50)


def run_frames(view: Any, seconds: float, until: Callable[[], bool] | None = None) -> None:
    """`seconds` of frames of `view` (see `Table.run`), or until `until` holds,
    which it must within them."""
    for _ in range(int(seconds * 60)):
        view.on_update(1 / 60)
        if view.pacer.owed:
            view.on_draw()
        if until is not None and until():
            return
    assert until is None, f"not within {seconds} s of frames"


class Table:
    """A view in the shared window, with the player's gestures as methods."""

    def __init__(
        self,
        window: Any,
        game: Game,
        settings: Settings | None = None,
        animate_opening: bool = False,
        *,
        cards: CardPipeline,
    ) -> None:
        from game.ui.table.view import GameView

        self.window = window
        self.game = game
        self.settings = settings or Settings()
        self.clock_now = 1000.0
        self.spoken: list[tuple[str, str]] = []  # (sentence, language) read aloud
        self.view = GameView(
            game,
            self.settings,
            Translator(self.settings.language),
            window=window,
            clock=lambda: self.clock_now,
            animate_opening=animate_opening,
            speaker=self,
            cards=cards,
        )
        window.show_view(self.view)
        self.view.on_resize(*window.get_size())
        self.changes: list[list[Event]] = []
        self.view.on_game_changed = lambda g, ev: self.changes.append(ev)

    def say(self, text: str, lang: str) -> None:
        """The view's speaker in tests: remembers what it would read aloud."""
        self.spoken.append((text, lang))

    @property
    def layout(self) -> Any:
        return self.view.layout

    @property
    def sprites(self) -> Any:
        """The card sprites and their mirror of the table."""
        return self.view.scene.sprites

    @property
    def animator(self) -> Any:
        return self.view.scene.animator

    @property
    def atlas(self) -> Any:
        """The card images in use."""
        return self.view.images.atlas

    def run(self, seconds: float = 3.0, until: Callable[[], bool] | None = None) -> None:
        """Frames for `seconds`: each updates, and draws when a frame is owed
        (the window never rests before one is drawn; drawing every frame
        would only slow the tests). With `until`, frames stop as soon as it
        holds, and it must hold within `seconds`."""
        run_frames(self.view, seconds, until)

    def run_to_win(self) -> None:
        """Frames until the winning run has flown and the win panel shows."""
        self.run(8, until=lambda: self.view.hud.won_shown and not self.animator.busy)

    def settle(self) -> None:
        """Play every animation to its end, frame by frame."""
        for _ in range(60 * 20):
            if not self.animator.busy:
                break
            self.view.on_update(1 / 60)
        assert not self.animator.busy

    def draw(self) -> Any:
        self.window.clear()
        self.view.on_draw()
        self.window.ctx.finish()
        return arcade.get_image(0, 0, *self.window.get_size())

    def card_point(self, col: int, index: int) -> tuple[float, float]:
        """A point on the visible part of a card (its top strip, or its middle if last)."""
        r: Rect = self.layout.card_rect(col, index)
        if index == len(self.game.columns[col]) - 1:
            return r.center
        return r.center_x, r.top - 3

    def press(self, x: float, y: float) -> None:
        self.view.on_mouse_press(round(x), round(y), LEFT, 0)

    def release(self, x: float, y: float) -> None:
        self.view.on_mouse_release(round(x), round(y), LEFT, 0)

    def move_to(self, x: float, y: float) -> None:
        """The pointer moves (button up)."""
        self.view.on_mouse_motion(round(x), round(y), 1, 1)

    def drag_to(self, x: float, y: float) -> None:
        """The pointer moves with the button down."""
        self.view.on_mouse_drag(round(x), round(y), 1, 1, LEFT, 0)

    def click(self, x: float, y: float) -> None:
        self.press(x, y)
        self.release(x, y)

    def drag(self, col: int, index: int, to: tuple[float, float], steps: int = 8, release: bool = True) -> None:
        x, y = self.card_point(col, index)
        self.press(x, y)
        tx, ty = to
        for k in range(1, steps + 1):
            self.drag_to(x + (tx - x) * k / steps, y + (ty - y) * k / steps)
        if release:
            self.release(tx, ty)

    def double_click(self, col: int, index: int) -> None:
        x, y = self.card_point(col, index)
        self.click(x, y)
        self.clock_now += 0.15
        self.click(x, y)
        self.clock_now += 1.0

    def key(self, symbol: int, modifiers: int = 0) -> None:
        self.view.on_key_press(symbol, modifiers)

    def on_layout(self) -> bool:
        """Every card sprite sits exactly where the layout of the game (as
        the engine has it) puts it, at the window's size."""
        view = self.view
        width, height = view.scene.size
        layout = compute_layout(width, height, TableShape.of(view.game), view.hud.text_widths)
        parked = self.sprites.parked  # (out of the window until dealt: their place is kept)
        for sprite, rect in self.sprites.placements(layout):
            if parked.get(sprite, sprite.position) != pytest.approx(rect.center, abs=0.01):
                return False
            if abs(sprite.width - rect.width) > 0.01:
                return False
        return True

    def assert_at_rest_on_layout(self) -> None:
        self.settle()
        assert self.on_layout()
        shape = [[s.card for s in col] for col in self.sprites.columns]
        assert shape == [list(c) for c in self.game.columns]
        assert len(self.sprites.stock) == len(self.game.stock)
        assert len(self.sprites.removed) == len(self.game.removed)


class MakeApp(Protocol):
    """The `app` fixture (tests/conftest.py): a table with its `SpiderApp` on
    the test's temporary data folder (`storage` replaces that folder; `stats`
    are the player's earlier games; `ticker` is the session's monotonic clock;
    `schedule` and `clock` go to the `SpiderApp`)."""

    def __call__(
        self,
        game: Game | str = ...,
        settings: Settings | None = ...,
        *,
        storage: Storage | None = ...,
        stats: Stats | None = ...,
        ticker: Callable[[], float] | None = ...,
        **wiring: Any,
    ) -> tuple[Table, SpiderApp]: ...
