"""The order in which a screen reader is told things (game.ui.access.staging,
game.ui.app.reader_speech, game.ui.app.reader_keys): the focus first, then the
sentence, by the one way the screen reader listens; a node that goes loses
the focus before it goes; keys reach the screen reader before the game."""

from __future__ import annotations

from dataclasses import dataclass

import pyglet
import pytest

from game.engine import Game
from game.engine.identity import CardPlaces
from game.system.atspi import X_CONTROL, X_SHIFT, KeyStroke, Registry
from game.ui.access.nodes import Tree, check
from game.ui.access.staging import Speech, spoken, steps
from game.ui.access.tree import COLUMN_IDS, STATUS, STATUS_AGAIN, Control, TableState, build_tree
from game.ui.app.reader_keys import ReaderKeys, typed, x_modifiers
from game.ui.app.reader_speech import Sentences
from game.words.i18n import catalogue

WORDS = catalogue("en")
BUTTONS = (Control("undo", "Undo", True, 12),)


def table(game: Game, cursor: int | None, status: str = "", said: int = 0, places: CardPlaces | None = None) -> Tree:
    follow = places or CardPlaces()
    return build_tree(TableState(game, BUTTONS, cursor, status=status, said=said, places=follow.sync(game)), WORDS)


def live(tree: Tree) -> tuple[int, str]:
    (node,) = [n for n in tree.nodes if n.live]
    return node.id, node.label


def test_the_focus_moves_before_the_sentence_is_said() -> None:
    game = Game.from_code("SP1-S1C-AAAAAAD")
    follow = CardPlaces()
    before = table(game, 0, places=follow)
    move = next(m for m in game.legal_moves() if m.src == 0)
    game.move(move)
    after = table(game, move.dst, "2 of spades to column 8.", said=1, places=follow)
    first, second = steps(before, after, sentence=True, described=False)
    check(first)
    assert first.focus == after.focus != before.focus  # the focus has moved …
    assert live(first) == live(before)  # … while the old sentence still stands
    assert second == after and live(second) == (STATUS_AGAIN, "2 of spades to column 8.")


def test_no_sentence_no_second_step() -> None:
    game = Game.from_code("SP1-S1C-AAAAAAD")
    assert steps(table(game, 0), table(game, 1), sentence=False, described=False) == [table(game, 1)]
    assert steps(None, table(game, 1), sentence=True, described=True) == [table(game, 1)]


def test_a_focused_node_that_goes_keeps_the_focus_until_it_has_moved() -> None:
    game = Game.from_code("SP1-S1C-AAAAAAD")
    follow = CardPlaces()
    game.deal()
    before = table(game, 2, places=follow)  # the focus on the card just dealt on column 3
    game.undo()
    after = table(game, 2, "Undone.", said=1, places=follow)
    assert before.focus not in after.ids
    first, second = steps(before, after, sentence=True, described=False)
    check(first)
    assert before.focus in first.ids and first.focus == after.focus
    assert before.focus in first.node(COLUMN_IDS + 2).children  # where it was, one step longer
    assert second == after


def test_the_same_sentence_twice_as_a_description_changes_twice() -> None:
    # Orca 43 reads a description that changes on the focus: the second
    # refusal must change it too, so the first step clears it.
    game = Game.from_code("SP1-S1C-AAAAAAD")
    once = spoken(table(game, 1, "Refused.", said=1), "Refused.")
    again = spoken(table(game, 1, "Refused.", said=2), "Refused.")
    first, second = steps(once, again, sentence=True, described=True)
    assert first.node(first.focus).description is None
    assert second.node(second.focus).description == "Refused."
    assert live(first)[0] == STATUS_AGAIN and live(second)[0] == STATUS


@dataclass(eq=False)  # known by identity, as the game's voices are
class FakeVoice:
    heard: str = ""
    said: int = 0

    def say(self, text: str) -> None:
        self.heard, self.said = text, self.said + 1


class FakeRegistry(Registry):
    def __init__(self, listens: bool | None) -> None:
        super().__init__()
        self.listens = listens
        self.asked = 0

    def listens_for(self, event: str) -> bool | None:
        self.asked += 1
        return self.listens


@pytest.mark.parametrize(
    ("listens", "speech"), [(True, Speech.ANNOUNCE), (False, Speech.DESCRIBE), (None, Speech.BOTH)]
)
def test_a_sentence_goes_the_way_the_screen_reader_listens(listens: bool | None, speech: Speech) -> None:
    game = Game.from_code("SP1-S1C-AAAAAAD")
    voice = FakeVoice()
    clock = [0.0]
    sentences = Sentences(FakeRegistry(listens), lambda: voice, clock=lambda: clock[0])
    last = sentences.stage(None, table(game, 1))[-1]
    voice.say("Deal: ten cards, 4 deals left.")
    sent = sentences.stage(last, table(game, 1, voice.heard, voice.said))
    assert sentences.speech is speech
    described = sent[-1].node(sent[-1].focus).description == voice.heard
    assert described is (speech is not Speech.ANNOUNCE)
    assert live(sent[-1])[1] == voice.heard  # the announcement is always there
    # The description stays while the focus does, and goes with it.
    again = sentences.stage(sent[-1], table(game, 1, voice.heard, voice.said))
    assert again == [sent[-1]]
    moved = sentences.stage(sent[-1], table(game, 2, voice.heard, voice.said))[-1]
    assert moved.node(moved.focus).description != voice.heard


def test_the_registry_is_asked_again_only_now_and_then() -> None:
    registry = FakeRegistry(False)
    clock = [0.0]
    sentences = Sentences(registry, FakeVoice, clock=lambda: clock[0])
    for _ in range(5):
        assert sentences.speech is Speech.DESCRIBE
    clock[0] = 6.0
    registry.listens = True
    assert sentences.speech is Speech.ANNOUNCE and registry.asked == 2


class KeyRegistry(Registry):
    def __init__(self) -> None:
        super().__init__()
        self.strokes: list[KeyStroke] = []

    def key(self, stroke: KeyStroke) -> bool:
        self.strokes.append(stroke)
        return stroke.keysym == pyglet.window.key.NUM_ENTER


def test_keys_go_to_the_screen_reader_first_while_one_reads() -> None:
    registry = KeyRegistry()
    reading = [False]
    keys = ReaderKeys(registry, lambda: reading[0], keycode=lambda keysym: 104 if keysym == 0xFF8D else 40)
    k = pyglet.window.key
    assert keys("on_key_press", k.NUM_ENTER, 0) is False and registry.strokes == []  # nobody reads: the game's
    reading[0] = True
    assert keys("on_key_press", k.NUM_ENTER, 0) is True  # where-am-I: the screen reader's
    assert keys("on_key_release", k.D, k.MOD_SHIFT | k.MOD_CTRL) is False
    pressed, released = registry.strokes
    assert (pressed.pressed, pressed.keysym, pressed.keycode) == (True, 0xFF8D, 104)
    assert (released.pressed, released.keycode, released.modifiers, released.text) == (
        False,
        40,
        X_SHIFT | X_CONTROL,
        "d",
    )
    assert keys("on_key_press", k.user_key(23), 0) is False and registry.strokes[-1].keycode == 23
    assert x_modifiers(k.MOD_NUMLOCK) == 16 and typed(k.F1) == "" and typed(k.SPACE) == " "


def test_a_description_that_comes_with_the_focus_is_sent_with_it_once() -> None:
    # Orca reads a new focus's description when it gets to it: sent in a later
    # step, the sentence would be read with the focus and again as a change.
    game = Game.from_code("SP1-S1C-AAAAAAD")
    follow = CardPlaces()
    before = table(game, 1, places=follow)
    game.deal()
    after = spoken(table(game, 1, "Deal.", said=1, places=follow), "Deal.")
    sent = steps(before, after, sentence=True, described=True)
    assert sent[0].focus == after.focus and sent[0].node(after.focus).description == "Deal."
    assert sent[-1] == after


def test_nothing_changes_on_the_node_the_focus_leaves_until_it_has_left() -> None:
    game = Game.from_code("SP1-S4C-AAAAAAD")
    col = next(c for c in range(10) if game.movable_count(c) >= 1)
    held = TableState(game, BUTTONS, col + 1, (col, 1), places=CardPlaces().sync(game))
    hinting = build_tree(held, WORDS)  # the cursor's card says where the held card would go
    back = build_tree(TableState(game, BUTTONS, col + 2, (col, 1), places=CardPlaces().sync(game)), WORDS)
    first = steps(hinting, back, sentence=False, described=False)[0]
    assert first.focus == back.focus
    assert first.node(hinting.focus).description == hinting.node(hinting.focus).description
