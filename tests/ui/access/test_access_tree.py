"""The accessibility tree a screen reader reads (game.ui.access).

GIVEN a table (and perhaps a dialog) WHEN the tree is built THEN it says in
the player's language what a sighted player sees, the focus is where the
keyboard is, and the tree is always well formed (AccessKit panics on a
duplicate child).
"""

from __future__ import annotations

import random
from typing import Any

import accesskit
import pytest

from game.engine import Game, Move
from game.engine.identity import CardPlaces
from game.system.speech import Says
from game.ui.access.adapter import Bridge, to_update
from game.ui.access.dialog import Dialog, Widget
from game.ui.access.nodes import ROOT, MalformedTree, Node, Tree, check
from game.ui.access.tree import (
    CODE,
    COLUMN_IDS,
    DIALOG_IDS,
    FACE_DOWN_IDS,
    REMOVED,
    STATUS,
    STOCK,
    TOOLBAR,
    Control,
    TableState,
    build_tree,
    card_id,
    live_id,
)
from game.ui.input.keyboard import STOCK as CURSOR_ON_STOCK
from game.words.i18n import catalogue
from ui.table_harness import position

BUTTONS = (Control("new", "Nuova partita", True, 10), Control("undo", "Annulla", False, 12))


def card_at(game: Game, col: int, index: int) -> int:
    """The node of the card at (col, index) now."""
    return card_id(CardPlaces().sync(game).columns[col][index])


def names(tree: Tree, parent: int) -> list[str]:
    return [tree.node(child).label for child in tree.node(parent).children]


def test_the_table_in_the_players_language_with_the_movable_group_marked() -> None:
    g = Game.from_text(position(["KS | 9S 8S 7S", "| 5H"], removed="S", stock=20, suits=2))
    words = catalogue("it")
    tree = build_tree(TableState(g, BUTTONS, selection=(0, 2), status="Spostato."), words)
    check(tree)
    assert tree.node(ROOT).label == "Solitario Spider" or tree.node(ROOT).label == words["table.title"]
    assert names(tree, TOOLBAR) == ["Nuova partita", "Annulla"]
    assert [tree.node(c).disabled for c in tree.node(TOOLBAR).children] == [False, True]
    column = tree.node(COLUMN_IDS)
    assert column.label == "Colonna 1: 1 coperta, dal 9 di picche al 7 di picche"
    assert names(tree, COLUMN_IDS) == ["1 carta coperta", "9 di picche", "8 di picche", "7 di picche"]
    cards = [tree.node(c) for c in column.children[1:]]
    assert [c.description for c in cards] == [words["access.movable"]] * 3
    assert [c.selected for c in cards] == [False, True, True]  # the two selected cards
    assert tree.node(STOCK).label == "Distribuisci: 2 distribuzioni rimanenti"
    assert "picche" in tree.node(REMOVED).label
    status = tree.node(STATUS)
    assert status.live and status.label == "Spostato."
    assert tree.node(COLUMN_IDS + 9).value == words["describe.column.empty"]


def test_an_empty_stock_is_a_disabled_button_that_says_so() -> None:
    g = Game.from_text(position(["| 9S"], stock=0))
    tree = build_tree(TableState(g, BUTTONS), catalogue("en"))
    assert tree.node(STOCK).label == "Deal: no deals left" and tree.node(STOCK).disabled


@pytest.mark.parametrize(
    ("cursor", "selection", "focused", "expected"),
    [
        (None, None, None, ROOT),
        (0, None, None, (0, 1)),  # the movable group's first card
        (0, (0, 1), None, (0, 3)),  # the selected card
        (1, None, None, COLUMN_IDS + 1),  # an empty column
        (2, None, None, (2, 2)),  # past two face-down cards
        (CURSOR_ON_STOCK, None, None, STOCK),
        (0, None, "code", CODE),
        (0, None, "undo", 12),
        (None, (0, 3), None, (0, 1)),  # a click-to-move selection, no cursor
        (2, (0, 3), None, (2, 2)),  # a group held over another column: the card it would go on
    ],
)
def test_the_focus_follows_the_keyboard(cursor: Any, selection: Any, focused: Any, expected: Any) -> None:
    g = Game.from_text(position(["KS | 9S 8S 7S", "|", "8H 4D | 2C"], stock=10, filler=4, suits=4))
    tree = build_tree(TableState(g, BUTTONS, cursor, selection, focused), catalogue("en"))
    assert tree.focus == (card_at(g, *expected) if isinstance(expected, tuple) else expected)


def test_a_dialog_open_over_the_table_has_the_focus_on_its_control() -> None:
    g = Game.from_code("SP1-S1C-AAAAAAD")
    base = DIALOG_IDS
    group, one, two, code = base + 3, base + 4, base + 5, base + 9
    dialog = Dialog(
        base,
        "New game",
        (
            Widget(group, "RADIO_GROUP", "Difficulty"),
            Widget(one, "RADIO_BUTTON", "Easy", parent=group, checked=False, name="suits.1"),
            Widget(two, "RADIO_BUTTON", "Medium", parent=group, checked=True, name="suits.2"),
            Widget(code, "TEXT_INPUT", "Game code", value="", name="code"),
        ),
        focused=code,
    )
    tree = build_tree(TableState(g, BUTTONS, cursor=3), catalogue("en"), dialog)
    check(tree)
    assert tree.node(ROOT).children[-1] == base
    assert names(tree, base) == ["Difficulty", "Game code"]
    assert names(tree, group) == ["Easy", "Medium"] and tree.node(two).checked and not tree.node(one).checked
    assert tree.focus == code
    to_update(accesskit, tree)  # AccessKit takes it


def test_every_table_of_random_games_is_well_formed_and_accepted_by_accesskit() -> None:
    rng = random.Random(7)
    words = catalogue("es")
    for suits in (1, 2, 4):
        g = Game.random(suits, seed=suits)
        for _ in range(60):
            moves = list(g.legal_moves())
            if moves and rng.random() < 0.8:
                g.move(rng.choice(moves))
            elif g.can_deal():
                g.deal()
            cursor = rng.choice([None, *range(11)])
            col = rng.randrange(10)
            held = (col, g.movable_count(col)) if g.columns[col] else None
            tree = build_tree(TableState(g, BUTTONS, cursor, held), words)
            check(tree)
            assert to_update(accesskit, tree) is not None


@pytest.mark.parametrize(
    "broken",
    [
        Tree((Node(ROOT, "WINDOW", children=(2, 2)), Node(2, "LABEL")), ROOT),  # a child twice
        Tree((Node(ROOT, "WINDOW", children=(2,)), Node(2, "LABEL"), Node(2, "LABEL")), ROOT),  # an id twice
        Tree((Node(ROOT, "WINDOW", children=(3,)),), ROOT),  # a child that is no node
        Tree((Node(ROOT, "WINDOW"), Node(2, "LABEL")), ROOT),  # a node outside the tree
        Tree((Node(ROOT, "WINDOW"),), 9),  # the focus on no node
    ],
)
def test_a_malformed_tree_is_never_sent(broken: Tree) -> None:
    with pytest.raises(MalformedTree):
        check(broken)
    with pytest.raises(MalformedTree):
        to_update(accesskit, broken)


def test_with_no_screen_reader_the_bridge_builds_nothing() -> None:
    built: list[int] = []

    def source() -> Tree:
        built.append(1)
        return Tree((Node(ROOT, "WINDOW"),), ROOT)

    bridge = Bridge(source)
    bridge.update()  # not started
    bridge.start()  # whatever this machine's bus: no one asked for the tree
    bridge.update()
    assert built == [] and not bridge.active


class Recorder(Says):
    def __init__(self) -> None:
        self.said: list[str] = []

    def say(self, text: str, lang: str) -> None:
        self.said.append(text)


def test_our_voice_keeps_quiet_while_a_screen_reader_reads(window: Any) -> None:
    from dataclasses import replace

    from game.records.settings import Settings
    from game.ui.hud.voice import Voice
    from game.words.i18n import Translator

    speaker = Recorder()
    voice = Voice(Translator("en"), replace(Settings(), read_aloud=True), speaker)
    reading = [True]
    voice.quiet_when = lambda: reading[0]
    voice.say("Moved.")
    assert (
        speaker.said == [] and voice.status.sentence == voice.heard == "Moved."
    )  # shown, and read by the screen reader
    reading[0] = False
    voice.say("Dealt.")
    assert speaker.said == ["Dealt."]


def test_the_same_sentence_again_comes_in_a_new_live_region() -> None:
    # AccessKit announces a live region when its text changes or when it
    # appears: the same refusal twice must still be heard twice.
    g = Game.from_text(position(["| 9S", "| TS"], stock=10))
    words = catalogue("en")
    first, again, third = (build_tree(TableState(g, BUTTONS, status="Refused.", said=n), words) for n in (1, 2, 3))
    for tree in (first, again, third):
        check(tree)
        (live,) = [n for n in tree.nodes if n.live]
        assert live.label == "Refused." and live.id in tree.node(ROOT).children
    ids = [next(n.id for n in tree.nodes if n.live) for tree in (first, again, third)]
    assert ids[0] != ids[1] != ids[2]
    assert first != again  # so the bridge sends the tree again
    assert to_update(accesskit, again) is not None


def test_a_move_changes_the_tree_where_a_player_would_look() -> None:
    g = Game.from_text(position(["| 9S", "| TS"], stock=10))
    words = catalogue("en")
    before = build_tree(TableState(g, BUTTONS), words)
    g.move(Move(0, 1, 1))
    after = build_tree(TableState(g, BUTTONS), words)
    assert names(after, COLUMN_IDS + 1)[-2:] == ["10 of spades", "9 of spades"]
    assert names(before, COLUMN_IDS) != names(after, COLUMN_IDS)
    assert after.node(COLUMN_IDS + 1).label == "Column 2: 10 of spades to 9 of spades"
    assert after.node(COLUMN_IDS).label == "Column 1: empty"


def test_a_screen_readers_press_and_focus_play_like_the_keys(window: Any, cards: Any) -> None:
    from game.records.settings import Settings
    from game.ui.access.tree import BUTTON_IDS
    from game.ui.app.accessibility import Accessibility
    from ui.table_harness import Table

    t = Table(window, Game.from_code("SP1-S1C-AAAAAAD"), Settings(), cards=cards)
    access = Accessibility(t.view)
    g = t.game
    left = g.deals_left
    access.act("CLICK", STOCK)
    assert g.deals_left == left - 1
    assert access.tree().focus == STOCK
    access.act("CLICK", BUTTON_IDS + 2)  # Undo
    assert g.deals_left == left
    access.act("FOCUS", COLUMN_IDS + 3)
    assert t.view.keys.cursor == 3
    tree = access.tree()
    assert tree.focus in tree.node(COLUMN_IDS + 3).children
    move = next(m for m in g.legal_moves() if m.count == g.movable_count(m.src))
    access.act("CLICK", card_at(g, move.src, len(g.columns[move.src]) - 1))  # take the group
    access.act("CLICK", COLUMN_IDS + move.dst)  # and drop it there
    assert g.moves == 1
    tree = access.tree()
    assert tree.node(live_id(t.view.voice.said)).label == t.view.voice.status.sentence != ""  # the move's sentence


def test_a_replay_is_read_as_its_own_table_with_its_strip_s_controls(app: Any) -> None:
    """While a replay shows, a screen reader reads the replay's table (not the
    game in progress behind it), its strip's controls by name, and presses them."""
    from pathlib import Path

    from game.records.share import parse
    from game.ui.access.tree import REPLAY_IDS, TOOLBAR
    from game.ui.app.accessibility import Accessibility
    from game.ui.layout.replay import CONTROLS
    from game.ui.table.replay import ReplayView

    line = Path(__file__).resolve().parents[2] / "fixtures" / "shared" / "won-1C.line"
    t, spider = app(Game.from_code("SP1-S2C-AAAAAAD"))
    access = Accessibility(t.view)
    spider.watch(parse(line.read_text(encoding="utf-8")))
    replay = t.window.current_view
    assert isinstance(replay, ReplayView)
    assert replay.voice.quiet_when is t.view.voice.quiet_when  # our voice quiet there too while a reader reads
    tree = access.tree()
    check(tree)
    assert names(tree, TOOLBAR)[: len(CONTROLS)] == [
        "Leave replay",
        "One action back",
        "Pause",  # a replay opens playing
        "One action forward",
        "Speed ×1",
    ]
    spades = [n.label for n in tree.nodes if n.label.endswith("of spades")]
    assert spades and not any(n.label.endswith("of hearts") for n in tree.nodes)  # the one-suit replay, not the table
    access.act("CLICK", REPLAY_IDS + CONTROLS.index("forward"))
    assert replay.replay.at == 1
    tree = access.tree()
    assert tree.focus == REPLAY_IDS + CONTROLS.index("forward")
    assert tree.node(live_id(replay.voice.said)).label == replay.voice.status.sentence != ""  # the step, said
    access.act("CLICK", REPLAY_IDS + CONTROLS.index("play"))
    assert replay.playing and names(access.tree(), TOOLBAR)[CONTROLS.index("play")] == "Pause"
    access.act("CLICK", REPLAY_IDS + CONTROLS.index("leave"))
    assert t.window.current_view is t.view
    assert "Leave replay" not in names(access.tree(), TOOLBAR)


def test_a_card_keeps_its_node_across_a_move_and_an_undo() -> None:
    # A screen reader holds on to node ids: the card that comes back must be the same node.
    g = Game.from_code("SP1-S1C-AAAAAAD")
    places = CardPlaces()
    words = catalogue("en")
    move = next(g.legal_moves())
    before = build_tree(TableState(g, BUTTONS, places=places.sync(g)), words)
    head = before.node(COLUMN_IDS + move.src).children[-move.count]
    g.move(move)
    after = build_tree(TableState(g, BUTTONS, places=places.sync(g)), words)
    assert after.node(head).label == before.node(head).label
    assert head in after.node(COLUMN_IDS + move.dst).children
    g.undo()
    again = build_tree(TableState(g, BUTTONS, places=places.sync(g)), words)
    assert again.node(COLUMN_IDS + move.src).children == before.node(COLUMN_IDS + move.src).children
    assert again.node(FACE_DOWN_IDS + move.src).label == before.node(FACE_DOWN_IDS + move.src).label


@pytest.mark.parametrize(
    ("cursor", "hint"),
    [
        (1, "drop here: 9 of spades and 2 more onto 10 of hearts"),
        (2, "cannot go here: a card or group goes only on a card one rank higher"),
        (3, "drop here: 9 of spades and 2 more on the empty column"),
    ],
)
def test_a_held_group_hears_where_it_would_go(cursor: int, hint: str) -> None:
    g = Game.from_text(position(["KS | 9S 8S 7S", "| TH", "8H 4D | 2C"], stock=10, filler=5, suits=4))
    tree = build_tree(TableState(g, BUTTONS, cursor, (0, 3)), catalogue("en"))
    assert tree.node(tree.focus).description == hint
    # Only there: no other node says where the group could go (Spider has no hints).
    assert [n.id for n in tree.nodes if n.description == hint] == [tree.focus]


def test_a_held_group_hears_where_it_would_go_in_italian_and_spanish() -> None:
    g = Game.from_text(position(["KS | 9S 8S 7S", "| TH"], stock=10, filler=5, suits=4))
    for lang, hint in (
        ("it", "posa qui: 9 di picche e altre 2 sul 10 di cuori"),
        ("es", "suelta aquí: 9 de picas y 2 más sobre el 10 de corazones"),
    ):
        tree = build_tree(TableState(g, BUTTONS, 1, (0, 3)), catalogue(lang))
        assert tree.node(tree.focus).description == hint


def test_every_node_has_its_bounds_inside_the_window(window: Any, cards: Any) -> None:
    from game.records.settings import Settings
    from game.ui.app.accessibility import Accessibility
    from ui.table_harness import Table

    t = Table(window, Game.from_code("SP1-S2C-AAAAAAD"), Settings(), cards=cards)
    access = Accessibility(t.view)
    for size in ((1280, 800), (800, 600)):
        t.view.on_resize(*size)
        tree = access.tree()
        width, height = size
        for node in tree.nodes:
            assert node.bounds is not None, node
            left, top, w, h = node.bounds
            assert left >= 0 and top >= 0 and left + w <= width + 0.5 and top + h <= height + 0.5, node
            assert w > 0 and h > 0, node
        # Each card's showing part: a column's cards never overlap (a pointer there touches one card).
        for col in range(10):
            boxes = [tree.node(c).bounds for c in tree.node(COLUMN_IDS + col).children]
            tops = [b[1] for b in boxes if b is not None]
            assert tops == sorted(tops)
