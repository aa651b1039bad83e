"""The window as a screen reader sees it: an accessibility tree, as values.

`build_tree` is pure: from what the table shows (`TableState`) and, while
one is open, a dialog (`Dialog`), it makes every node:

- the window ("Spider Solitaire"), holding
- the HUD's buttons (disabled when they do nothing: Undo with nothing to undo),
- the score, the moves, the time played (a table's clock) and the game code,
- the table: each column a list named by what it holds ("Column 3: 5 face
  down, queen of spades to 10 of spades"), its face-down cards counted in one
  item ("5 face-down cards"), its face-up cards named in the player's
  language ("7 of spades"), the movable group marked ("can move"), the
  selected cards selected; while a group is held, the cursor's card says what
  a drop there would do ("drop here: 6 of spades onto 7 of hearts", or why it
  cannot go there),
- the stock, a button ("Deal: 3 deals left"), and the removed runs,
- the status line, a polite live region: each action's sentence is announced
  as it is shown, the same sentence again too (`live_id`),
- the dialog open over the table, with its controls.

Every node keeps its id as long as it shows the same thing, and no id ever
names another thing (a screen reader holds on to ids: a node that came back
under another's id was silent): a card is known by its place in the deck
(`game.engine.identity`), wherever it lies; a HUD control by its name; a
column, its face-down item, the stock by their place. The ranges:

  1-9 the window and its parts, 10-29 the bar's and the win panel's buttons,
  30 the status line's second id, 31 the clock, 40-49 a replay's controls, 100-109 the
  columns, 110-119 their face-down items, 1000-1103 the cards, and from
  100 000 the dialogs: each its own span of a thousand, for its own nodes
  and never another's (`DIALOG_IDS`, `game.ui.panel.reading`).

Every node has its bounds (`Box`, window pixels from the top left) when the
state carries the layout's (`TableState.boxes`).

Focus follows the keyboard: a dialog's focused control, the HUD button Tab
reached, the cursor's column (its selected or movable group, else its last
card), the stock, else the window. `check` proves a tree well formed (no
id twice, no child twice, every child a node, the focus a node): AccessKit
panics inside its own thread on a malformed update, so the adapter never
sends a tree that fails it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from game.engine import Game, IllegalMove, Move
from game.engine.describe import card_name
from game.engine.identity import CardPlaces, Places
from game.engine.numbers import COLUMNS
from game.ui.access.dialog import Dialog, dialog_nodes
from game.ui.access.nodes import ROOT, Box, Node, Tree
from game.words.narration import column_summary, drop_hint

TOOLBAR = 2
SCORE = 3
MOVES = 4
CODE = 5
TABLE = 6
STOCK = 7
REMOVED = 8
STATUS = 9
STATUS_AGAIN = 30  # the status line's other id (`live_id`)
CLOCK = 31  # the time played, beside the score and the moves
BUTTON_IDS = 10  # 10-29: the bar's buttons, then the win panel's (each name its own: `Control.id`)
REPLAY_IDS = 40  # 40-49: a replay's strip of controls
COLUMN_IDS = 100  # + the column
FACE_DOWN_IDS = 110  # + the column: its face-down cards, counted in one item
CARD_IDS = 1000  # + the card's place in the deck (0-103)
DIALOG_IDS = 100_000  # + a dialog's span of ids (game.ui.panel.reading): every dialog node's id is its own


class Control(NamedTuple):
    """A HUD control: its `name` (a Command's value), what it says, whether it
    does anything now, and its node id (fixed for the name)."""

    name: str
    label: str
    enabled: bool
    id: int


@dataclass(frozen=True, slots=True)
class Boxes:
    """The bounds of what the table shows (see `Box`); `controls` by name
    (the buttons, "code", "score", "moves"), `cards[col][index]` the part of
    each card that shows (a covered card's strip)."""

    window: Box
    bar: Box
    controls: Mapping[str, Box]
    table: Box
    columns: Sequence[Box]
    cards: Sequence[Sequence[Box]]
    stock: Box
    removed: Box
    status: Box


@dataclass(frozen=True, slots=True)
class TableState:
    """What the table shows, as the view knows it. `places` are the cards'
    deck places (worked out from the game when not given); `boxes` the
    layout's bounds (none when not given)."""

    game: Game
    buttons: Sequence[Control]  # left to right
    cursor: int | None = None  # a column, or COLUMNS for the stock
    selection: tuple[int, int] | None = None  # (column, count)
    focused: str | None = None  # a HUD button's name, or "code"
    status: str = ""  # the status line's last sentence
    said: int = 0  # how many sentences were said so far (the same one twice counts twice)
    places: Places | None = None
    boxes: Boxes | None = None
    clock: str = ""  # the time played in words ("" when the table has no clock)


def card_id(place: int) -> int:
    """The node of the card at `place` in the deck (`game.engine.identity`)."""
    return CARD_IDS + place


def live_id(said: int) -> int:
    """The status line's id after `said` sentences: it alternates. A screen
    reader announces a live region when its text changes or when it appears
    (AccessKit sends AT-SPI's announcement then, and only then): the same
    sentence said twice in a row comes in a new node, and is heard twice."""
    return STATUS if said % 2 == 0 else STATUS_AGAIN


def build_tree(state: TableState, words: Mapping[str, str], dialog: Dialog | None = None) -> Tree:
    """The whole tree for what is shown (see the module docstring)."""
    game = state.game
    places = state.places if state.places is not None else CardPlaces().sync(game)
    boxes = state.boxes
    controls = boxes.controls if boxes is not None else {}
    nodes: list[Node] = []
    buttons = [
        Node(c.id, "BUTTON", c.label, disabled=not c.enabled, actions=("CLICK", "FOCUS"), bounds=controls.get(c.name))
        for c in state.buttons
    ]
    bar = boxes.bar if boxes is not None else None
    nodes.append(Node(TOOLBAR, "TOOLBAR", words["access.toolbar"], children=tuple(b.id for b in buttons), bounds=bar))
    nodes += buttons
    nodes.append(Node(SCORE, "LABEL", words["table.score"].format(score=game.score), bounds=controls.get("score")))
    nodes.append(Node(MOVES, "LABEL", words["table.moves"].format(moves=game.moves), bounds=controls.get("moves")))
    nodes += [Node(CLOCK, "LABEL", state.clock, bounds=controls.get("clock"))] if state.clock else []
    code = words["access.code"].format(code=game.code) if game.code else words["table.code.none"]
    nodes.append(
        Node(
            CODE,
            "BUTTON",
            code,
            description=words["table.code.hint"],
            actions=("CLICK", "FOCUS"),
            bounds=controls.get("code"),
        )
    )
    focus, hint = _table_focus(state, places, words)
    columns = [_column(state, col, places.columns[col], words, nodes, hint) for col in range(COLUMNS)]
    nodes.append(Node(TABLE, "GROUP", words["access.table"], children=tuple(columns), bounds=_at(boxes, "table")))
    deals = game.deals_left
    stock = words["access.stock"].format(deals=_count(words, "deals", deals)) if deals else words["access.stock.none"]
    nodes.append(
        Node(STOCK, "BUTTON", stock, disabled=not deals, actions=("CLICK", "FOCUS"), bounds=_at(boxes, "stock"))
    )
    removed = game.removed
    runs = ", ".join(words[f"describe.suit.{s}"] for s in removed)
    runs_text = _count(words, "runs", len(removed), suits=runs) if removed else words["describe.runs.none"]
    nodes.append(Node(REMOVED, "LABEL", runs_text, bounds=_at(boxes, "removed")))
    # The live region's name is what a screen reader announces when it changes.
    status = live_id(state.said)
    nodes.append(
        Node(status, "STATUS", state.status, description=words["access.status"], live=True, bounds=_at(boxes, "status"))
    )
    top = [TOOLBAR, SCORE, MOVES, *([CLOCK] if state.clock else []), CODE, TABLE, STOCK, REMOVED, status]
    if dialog is not None:
        nodes += dialog_nodes(dialog)
        top.append(dialog.id)
        focus = dialog.focused if dialog.focused is not None else dialog.id
    window = boxes.window if boxes is not None else None
    nodes.insert(0, Node(ROOT, "WINDOW", words["table.title"], children=tuple(top), bounds=window))
    return Tree(tuple(nodes), focus)


def _at(boxes: Boxes | None, name: str) -> Box | None:
    return None if boxes is None else getattr(boxes, name)


def _count(words: Mapping[str, str], key: str, n: int, **extra: str) -> str:
    return words[f"describe.{key}.{'one' if n == 1 else 'other'}"].format(n=n, **extra)


def _column(
    state: TableState,
    col: int,
    ids: Sequence[int],
    words: Mapping[str, str],
    nodes: list[Node],
    hint: tuple[int, str] | None,
) -> int:
    """Add column `col`'s list and items to `nodes`; answer the list's id.
    `hint`: (node id, text) of the drop hint, when a group is held."""
    game, selection = state.game, state.selection
    cards = game.columns[col]
    movable = game.movable_count(col)
    chosen = selection[1] if selection is not None and selection[0] == col else 0
    boxes = state.boxes.cards[col] if state.boxes is not None else ()
    items: list[Node] = []
    down = sum(1 for c in cards if not c.face_up)
    if down:
        count = words[f"access.down.{'one' if down == 1 else 'other'}"].format(n=down)
        box = _union(boxes[:down]) if len(boxes) == len(cards) else None
        items.append(Node(FACE_DOWN_IDS + col, "LIST_ITEM", count, actions=("FOCUS",), bounds=box))
    for index, card in enumerate(cards):
        if not card.face_up:
            continue
        from_end = len(cards) - index
        node_id = card_id(ids[index])
        description = words["access.movable"] if from_end <= movable else None
        items.append(
            Node(
                node_id,
                "LIST_ITEM",
                card_name(words, card),
                description=hint[1] if hint is not None and hint[0] == node_id else description,
                selected=from_end <= chosen,
                actions=("CLICK", "FOCUS"),
                bounds=boxes[index] if len(boxes) == len(cards) else None,
            )
        )
    list_id = COLUMN_IDS + col
    value = None if cards else words["describe.column.empty"]
    description = hint[1] if hint is not None and hint[0] == list_id else None
    nodes.append(
        Node(
            list_id,
            "LIST",
            column_summary(words, col + 1, cards),
            value=value,
            description=description,
            children=tuple(i.id for i in items),
            actions=("CLICK", "FOCUS"),
            bounds=state.boxes.columns[col] if state.boxes is not None else None,
        )
    )
    nodes.extend(items)
    return list_id


def _union(boxes: Sequence[Box]) -> Box | None:
    if not boxes:
        return None
    left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
    right, bottom = max(b[0] + b[2] for b in boxes), max(b[1] + b[3] for b in boxes)
    return left, top, right - left, bottom - top


def _table_focus(state: TableState, places: Places, words: Mapping[str, str]) -> tuple[int, tuple[int, str] | None]:
    """The focused node, and the drop hint on it (node id, text) while a
    group is held and the cursor is on another column."""
    if state.focused is not None:
        by_name = {c.name: c.id for c in state.buttons}
        return by_name.get(state.focused, CODE), None
    col = state.cursor
    if col is None and state.selection is not None:
        col = state.selection[0]
    if col is None:
        return ROOT, None
    if col >= COLUMNS:
        return STOCK, None
    game = state.game
    cards = game.columns[col]
    held = state.selection
    if held is not None and held[0] != col:
        # What a drop here would do, said on the card it would go on (or the empty column).
        target = card_id(places.columns[col][-1]) if cards else COLUMN_IDS + col
        return target, (target, _hint(game, held, col, words))
    if not cards:
        return COLUMN_IDS + col, None
    count = held[1] if held is not None else game.movable_count(col)
    index = len(cards) - max(count, 1)
    return (card_id(places.columns[col][index]) if cards[index].face_up else FACE_DOWN_IDS + col), None


def _hint(game: Game, held: tuple[int, int], col: int, words: Mapping[str, str]) -> str:
    src, count = held
    group = game.columns[src][-count:]
    try:
        game.check_move(Move(src, count, col))
    except IllegalMove as refused:
        return drop_hint(words, group, None, refused.reason)
    target = game.columns[col]
    return drop_hint(words, group, target[-1] if target else None, None)
