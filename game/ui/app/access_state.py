"""What the table (or a replay) shows, read for the accessibility tree.

`table_state` and `replay_state` turn a view into `game.ui.access.tree`'s
`TableState`: the game, the HUD's controls each with its fixed node id
(`CONTROL_IDS`), the keyboard's cursor, selection and focus, the status
line's last sentence, the cards' deck places and every node's bounds
(`boxes`, from the layout, window pixels from the top left as AT-SPI wants:
the layout's y goes up).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from game.engine.identity import Places
from game.records.history import clock_text
from game.ui.access.nodes import Box
from game.ui.access.tree import BUTTON_IDS, REPLAY_IDS, Boxes, Control, TableState
from game.ui.hud.bar import WIN_TEXTS
from game.ui.hud.replay_strip import speed_text
from game.ui.layout.hud import BUTTONS
from game.ui.layout.rect import Rect
from game.ui.layout.replay import CONTROLS
from game.ui.layout.table import WIN_BUTTONS, TableLayout, win_layout
from game.ui.table.pause import AWAY

if TYPE_CHECKING:
    from game.ui.table.replay import ReplayView
    from game.ui.table.view import GameView

# Each control's node id, for good: the bar's buttons, the win panel's, a replay's strip.
TABLE_CONTROLS = (*BUTTONS, *(f"win-{name}" for name in WIN_BUTTONS))
REPLAY_CONTROLS = tuple(f"replay-{name}" for name in CONTROLS)
CONTROL_IDS: Mapping[str, int] = {
    **{name: BUTTON_IDS + i for i, name in enumerate(TABLE_CONTROLS)},
    **{name: REPLAY_IDS + i for i, name in enumerate(REPLAY_CONTROLS)},
}
CONTROL_NAMES: Mapping[int, str] = {node: name for name, node in CONTROL_IDS.items()}


def table_state(view: GameView, places: Places) -> TableState:
    """What the table view shows, for the tree."""
    t = view.t.t
    buttons = [(name, t(f"table.button.{name}"), view.hud.enabled.get(name, True)) for name in BUTTONS]
    if view.hud.won_shown:
        buttons += [(f"win-{name}", t(WIN_TEXTS[name]), True) for name in WIN_BUTTONS]
    held = view.keys.selection
    layout = view.layout
    extra = {f"win-{name}": rect for name, rect in win_layout(layout).buttons.items()} if view.hud.won_shown else {}
    return TableState(
        game=view.game,
        buttons=tuple(Control(name, label, enabled, CONTROL_IDS[name]) for name, label, enabled in buttons),
        cursor=view.keys.cursor,
        selection=None if held is None else (held.col, held.count),
        focused=view.keys.focused,
        status=view.voice.heard,
        said=view.voice.said,
        places=places,
        boxes=boxes(layout, extra),
        clock=clock_words(view),
    )


def clock_words(view: GameView) -> str:
    """The time played as the bar shows it, in words ("Time played 4:05",
    "Time played 4:05, paused"); "" when the table has no clock."""
    clock = view.play_clock
    if clock is None:
        return ""
    away = bool(clock.holds & AWAY)
    return view.t.t("access.clock.paused" if away else "access.clock", time=clock_text(clock.seconds))


def replay_state(replay: ReplayView, places: Places) -> TableState:
    """What a replay shows: its own table, and its strip's controls where the
    table has its buttons (the focus on the one Tab reached)."""
    t = replay.t.t
    labels = {
        "leave": t("replay.leave"),
        "back": t("replay.control.back"),
        "play": t("replay.control.pause" if replay.playing else "replay.control.play"),
        "forward": t("replay.control.forward"),
        "speed": t("replay.control.speed", speed=speed_text(replay.speed)),
    }
    focused = replay.strip.focused
    strip = {f"replay-{name}": rect for name, rect in replay.strip_layout.buttons.items()}
    return TableState(
        game=replay.game,
        buttons=tuple(Control(f"replay-{n}", labels[n], True, CONTROL_IDS[f"replay-{n}"]) for n in CONTROLS),
        focused=None if focused is None else f"replay-{focused}",
        status=replay.voice.heard,
        said=replay.voice.said,
        places=places,
        boxes=boxes(replay.layout, strip, bar=replay.strip_layout.strip),
    )


def boxes(layout: TableLayout, extra: Mapping[str, Rect], bar: Rect | None = None) -> Boxes:
    """Every node's bounds, from the layout (and `extra` controls by name:
    the win panel's buttons, a replay's strip)."""
    height = layout.height

    def box(rect: Rect) -> Box:
        return rect.left, height - rect.top, rect.width, rect.height

    hud = layout.hud
    controls = {name: box(rect) for name, rect in hud.buttons.items()}
    controls.update(score=box(hud.score), moves=box(hud.moves), clock=box(hud.clock), code=box(hud.code))
    controls.update({name: box(rect) for name, rect in extra.items()})
    columns = [layout.column_area(col) for col in range(len(layout.slots))]
    return Boxes(
        window=(0.0, 0.0, float(layout.width), float(height)),
        bar=box(hud.bar if bar is None else bar),
        controls=controls,
        table=box(Rect.union(columns)),
        columns=[box(column) for column in columns],
        cards=[[box(rect) for rect in _showing(cards)] for cards in layout.cards],
        stock=box(layout.stock_area),
        removed=box(Rect.union(layout.removed)),
        status=box(layout.status),
    )


def _showing(cards: Sequence[Rect]) -> list[Rect]:
    """The part of each card that shows: a covered card's strip above the
    next one, the last card whole (what a pointer there would touch)."""
    shown = []
    for index, rect in enumerate(cards):
        if index + 1 < len(cards):
            cover = cards[index + 1].top
            rect = Rect(rect.left, cover, rect.width, max(rect.top - cover, 1.0))
        shown.append(rect)
    return shown
