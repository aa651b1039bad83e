"""The window as a screen reader sees it: an accessibility tree, as values.

`build_tree` is pure: from what the table shows (`TableState`) and, while
one is open, a dialog (`Dialog`), it makes every node with a fixed id:

- the window ("Spider Solitaire"), holding
- the HUD's buttons (disabled when they do nothing: Undo with nothing to undo),
- the score, the moves and the game code,
- the table: each column a list of its cards, the face-down ones counted in
  one item ("5 face-down cards"), the face-up ones named in the player's
  language ("7 of spades"), the movable group marked ("can move"), the
  selected cards selected,
- the stock, a button ("Deal: 3 deals left"), and the removed runs,
- the status line, a polite live region: each action's sentence is read
  out by the screen reader as it is shown, the same sentence again too
  (`live_id`),
- the dialog open over the table, with its controls.

Focus follows the keyboard: a dialog's focused control, the HUD button Tab
reached, the cursor's column (its selected or movable group, else its last
card), the stock, else the window. `check` proves a tree well formed (no
id twice, no child twice, every child a node, the focus a node): AccessKit
panics inside its own thread on a malformed update, so the adapter never
sends a tree that fails it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from game.engine import Game
from game.engine.describe import card_name
from game.engine.numbers import COLUMNS

ROOT = 1
TOOLBAR = 2
SCORE = 3
MOVES = 4
CODE = 5
TABLE = 6
STOCK = 7
REMOVED = 8
STATUS = 9
STATUS_AGAIN = 30  # the status line's other id (`live_id`)
BUTTON_IDS = 10  # + the button's place in the HUD
COLUMN_IDS = 100  # + the column
CARD_IDS = 1000  # + column × CARD_STRIDE + the card's place in it
CARD_STRIDE = 200  # more than a column can hold (104 cards)
FACE_DOWN = CARD_STRIDE - 1  # the column's face-down item, after its cards' places
DIALOG_IDS = 100_000  # + a dialog's span of ids (game.ui.panel.reading): every dialog node's id is its own


class MalformedTree(ValueError):
    """A tree AccessKit must never be sent (see `check`)."""


@dataclass(frozen=True, slots=True)
class Node:
    """One node: `role` names an AccessKit role (``"BUTTON"``), `actions` AccessKit actions."""

    id: int
    role: str
    label: str = ""  # the name a screen reader reads (a LABEL's is its value: `adapter` copies it)
    value: str | None = None
    description: str | None = None
    children: tuple[int, ...] = ()
    disabled: bool = False
    selected: bool | None = None
    checked: bool | None = None  # a check box's or radio button's state
    live: bool = False  # a polite live region
    actions: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Tree:
    nodes: tuple[Node, ...]
    focus: int
    root: int = ROOT

    def node(self, node_id: int) -> Node:
        return next(n for n in self.nodes if n.id == node_id)


@dataclass(frozen=True, slots=True)
class TableState:
    """What the table shows, as the view knows it."""

    game: Game
    buttons: Sequence[tuple[str, str, bool]]  # (name, label, enabled), left to right
    cursor: int | None = None  # a column, or COLUMNS for the stock
    selection: tuple[int, int] | None = None  # (column, count)
    focused: str | None = None  # a HUD button's name, or "code"
    status: str = ""  # the status line's last sentence
    said: int = 0  # how many sentences were said so far (the same one twice counts twice)


@dataclass(frozen=True, slots=True)
class Widget:
    """One node of a dialog, in reading order: `role` as in `Node`. Its `id`
    is its own for the life of the window (no other dialog's node has it);
    `parent` is the id of the group it sits in (a radio group), None for the
    dialog itself; `checked` is a check box's or radio button's state;
    `name` the control it stands for (a screen reader's press goes there)."""

    id: int
    role: str
    label: str
    value: str | None = None
    description: str | None = None
    parent: int | None = None
    checked: bool | None = None
    disabled: bool = False
    actions: tuple[str, ...] = ()
    name: str = ""


@dataclass(frozen=True, slots=True)
class Dialog:
    """The dialog open over the table: its `title` names it; `focused` is
    the id of its widget with the keyboard focus."""

    id: int
    title: str
    widgets: Sequence[Widget] = field(default_factory=tuple)
    focused: int | None = None


def card_id(col: int, index: int) -> int:
    return CARD_IDS + col * CARD_STRIDE + index


def live_id(said: int) -> int:
    """The status line's id after `said` sentences: it alternates. A screen
    reader announces a live region when its text changes or when it appears
    (AccessKit sends AT-SPI's announcement then, and only then): the same
    sentence said twice in a row comes in a new node, and is heard twice."""
    return STATUS if said % 2 == 0 else STATUS_AGAIN


def build_tree(state: TableState, words: Mapping[str, str], dialog: Dialog | None = None) -> Tree:
    """The whole tree for what is shown (see the module docstring)."""
    game = state.game
    nodes: list[Node] = []
    buttons = [
        Node(BUTTON_IDS + i, "BUTTON", label, disabled=not enabled, actions=("CLICK", "FOCUS"))
        for i, (_name, label, enabled) in enumerate(state.buttons)
    ]
    nodes.append(Node(TOOLBAR, "TOOLBAR", words["access.toolbar"], children=tuple(b.id for b in buttons)))
    nodes += buttons
    nodes.append(Node(SCORE, "LABEL", words["table.score"].format(score=game.score)))
    nodes.append(Node(MOVES, "LABEL", words["table.moves"].format(moves=game.moves)))
    code = words["access.code"].format(code=game.code) if game.code else words["table.code.none"]
    nodes.append(Node(CODE, "BUTTON", code, description=words["table.code.hint"], actions=("CLICK", "FOCUS")))
    columns = [_column(game, col, state.selection, words, nodes) for col in range(COLUMNS)]
    nodes.append(Node(TABLE, "GROUP", words["access.table"], children=tuple(columns)))
    deals = game.deals_left
    stock = words["access.stock"].format(deals=_count(words, "deals", deals)) if deals else words["access.stock.none"]
    nodes.append(Node(STOCK, "BUTTON", stock, disabled=not deals, actions=("CLICK", "FOCUS")))
    removed = game.removed
    runs = ", ".join(words[f"describe.suit.{s}"] for s in removed)
    runs_text = _count(words, "runs", len(removed), suits=runs) if removed else words["describe.runs.none"]
    nodes.append(Node(REMOVED, "LABEL", runs_text))
    # The live region's name is what a screen reader announces when it changes.
    status = live_id(state.said)
    nodes.append(Node(status, "STATUS", state.status, description=words["access.status"], live=True))
    top = [TOOLBAR, SCORE, MOVES, CODE, TABLE, STOCK, REMOVED, status]
    focus = _table_focus(state)
    if dialog is not None:
        nodes += _dialog_nodes(dialog)
        top.append(dialog.id)
        focus = dialog.focused if dialog.focused is not None else dialog.id
    nodes.insert(0, Node(ROOT, "WINDOW", words["table.title"], children=tuple(top)))
    return Tree(tuple(nodes), focus)


def _dialog_nodes(dialog: Dialog) -> list[Node]:
    """The dialog and its widgets, each under its group (or the dialog)."""
    children: dict[int | None, list[int]] = {}
    for w in dialog.widgets:
        children.setdefault(w.parent, []).append(w.id)
    nodes = [Node(dialog.id, "DIALOG", dialog.title, children=tuple(children.get(None, ())))]
    nodes += [
        Node(
            w.id,
            w.role,
            w.label,
            value=w.value,
            description=w.description,
            children=tuple(children.get(w.id, ())),
            disabled=w.disabled,
            checked=w.checked,
            actions=w.actions,
        )
        for w in dialog.widgets
    ]
    return nodes


def _count(words: Mapping[str, str], key: str, n: int, **extra: str) -> str:
    return words[f"describe.{key}.{'one' if n == 1 else 'other'}"].format(n=n, **extra)


def _column(
    game: Game, col: int, selection: tuple[int, int] | None, words: Mapping[str, str], nodes: list[Node]
) -> int:
    """Add column `col`'s list and items to `nodes`; answer the list's id."""
    cards = game.columns[col]
    movable = game.movable_count(col)
    chosen = selection[1] if selection is not None and selection[0] == col else 0
    items: list[Node] = []
    down = sum(1 for c in cards if not c.face_up)
    if down:
        count = words[f"access.down.{'one' if down == 1 else 'other'}"].format(n=down)
        items.append(Node(card_id(col, FACE_DOWN), "LIST_ITEM", count, actions=("FOCUS",)))
    for index, card in enumerate(cards):
        if not card.face_up:
            continue
        from_end = len(cards) - index
        items.append(
            Node(
                card_id(col, index),
                "LIST_ITEM",
                card_name(words, card),
                description=words["access.movable"] if from_end <= movable else None,
                selected=from_end <= chosen,
                actions=("CLICK", "FOCUS"),
            )
        )
    label = words["access.column"].format(number=col + 1)
    value = None if cards else words["describe.column.empty"]
    list_id = COLUMN_IDS + col
    nodes.append(
        Node(list_id, "LIST", label, value=value, children=tuple(i.id for i in items), actions=("CLICK", "FOCUS"))
    )
    nodes.extend(items)
    return list_id


def _table_focus(state: TableState) -> int:
    if state.focused is not None:
        names = [name for name, _label, _enabled in state.buttons]
        return CODE if state.focused not in names else BUTTON_IDS + names.index(state.focused)
    col = state.cursor
    if col is None and state.selection is not None:
        col = state.selection[0]
    if col is None:
        return ROOT
    if col >= COLUMNS:
        return STOCK
    cards = state.game.columns[col]
    if not cards:
        return COLUMN_IDS + col
    held = state.selection[1] if state.selection is not None and state.selection[0] == col else 0
    group = held or state.game.movable_count(col)
    index = len(cards) - max(group, 1)
    return card_id(col, index) if cards[index].face_up else card_id(col, FACE_DOWN)


def check(tree: Tree) -> None:
    """Raise MalformedTree unless `tree` is well formed (see the module docstring)."""
    ids = [n.id for n in tree.nodes]
    if len(ids) != len(set(ids)):
        raise MalformedTree("a node id twice")
    known = set(ids)
    parents: dict[int, int] = {}
    for node in tree.nodes:
        for child in node.children:
            if child not in known:
                raise MalformedTree(f"node {node.id} has a child {child} that is no node")
            if child in parents or child == tree.root:
                raise MalformedTree(f"node {child} is a child twice")
            parents[child] = node.id
    if tree.root not in known or tree.focus not in known:
        raise MalformedTree("the root or the focus is no node")
    if known - set(parents) != {tree.root}:
        raise MalformedTree("a node outside the tree")
