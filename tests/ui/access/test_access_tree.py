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
from game.system.speech import Says
from game.ui.access.adapter import Bridge, to_update
from game.ui.access.tree import (
    CODE,
    COLUMN_IDS,
    DIALOG_IDS,
    REMOVED,
    ROOT,
    STATUS,
    STOCK,
    TOOLBAR,
    Dialog,
    MalformedTree,
    Node,
    TableState,
    Tree,
    Widget,
    build_tree,
    card_id,
    check,
    live_id,
)
from game.ui.input.keyboard import STOCK as CURSOR_ON_STOCK
from game.words.i18n import catalogue
from ui.table_harness import position

BUTTONS = (("new", "Nuova partita", True), ("undo", "Annulla", False))


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
    assert column.label == "Colonna 1"
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
        (0, None, None, card_id(0, 1)),  # the movable group's first card
        (0, (0, 1), None, card_id(0, 3)),  # the selected card
        (1, None, None, COLUMN_IDS + 1),  # an empty column
        (2, None, None, card_id(2, 2)),  # past two face-down cards
        (CURSOR_ON_STOCK, None, None, STOCK),
        (0, None, "code", CODE),
        (None, (0, 3), None, card_id(0, 1)),  # a click-to-move selection, no cursor
    ],
)
def test_the_focus_follows_the_keyboard(cursor: Any, selection: Any, focused: Any, expected: int) -> None:
    g = Game.from_text(position(["KS | 9S 8S 7S", "|", "8H 4D | 2C"], stock=10, filler=4, suits=4))
    tree = build_tree(TableState(g, BUTTONS, cursor, selection, focused), catalogue("en"))
    assert tree.focus == expected


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


def test_a_screen_readers_press_and_focus_play_like_the_keys(window: Any) -> None:
    from game.records.settings import Settings
    from game.ui.access.tree import BUTTON_IDS
    from game.ui.app.accessibility import Accessibility
    from ui.table_harness import Table

    t = Table(window, Game.from_code("SP1-S1C-AAAAAAD"), Settings())
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
    access.act("CLICK", card_id(move.src, len(g.columns[move.src]) - 1))  # take the group
    access.act("CLICK", COLUMN_IDS + move.dst)  # and drop it there
    assert g.moves == 1
    tree = access.tree()
    assert tree.node(live_id(t.view.voice.said)).label == t.view.voice.status.sentence != ""  # the move's sentence


def test_a_replay_is_read_as_its_own_table_with_its_strip_s_controls(app: Any) -> None:
    """While a replay shows, a screen reader reads the replay's table (not the
    game in progress behind it), its strip's controls by name, and presses them."""
    from pathlib import Path

    from game.records.share import parse
    from game.ui.access.tree import BUTTON_IDS, TOOLBAR
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
        "Play",
        "One action forward",
        "Speed ×1",
    ]
    spades = [n.label for n in tree.nodes if n.label.endswith("of spades")]
    assert spades and not any(n.label.endswith("of hearts") for n in tree.nodes)  # the one-suit replay, not the table
    access.act("CLICK", BUTTON_IDS + CONTROLS.index("forward"))
    assert replay.replay.at == 1
    tree = access.tree()
    assert tree.focus == BUTTON_IDS + CONTROLS.index("forward")
    assert tree.node(live_id(replay.voice.said)).label == replay.voice.status.sentence != ""  # the step, said
    access.act("CLICK", BUTTON_IDS + CONTROLS.index("play"))
    assert replay.playing and names(access.tree(), TOOLBAR)[CONTROLS.index("play")] == "Pause"
    access.act("CLICK", BUTTON_IDS + CONTROLS.index("leave"))
    assert t.window.current_view is t.view
    assert "Leave replay" not in names(access.tree(), TOOLBAR)
