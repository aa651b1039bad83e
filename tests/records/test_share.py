"""A game as one line of text (docs/RULES.md §12): export, import, and hostile lines.

What a player would notice: a line sent to a friend opens the very same game
there, action for action; a line damaged on the way (cut, retyped wrong,
pasted with something else) is refused with one sentence that says what is
wrong and where, and never a traceback.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import Game, IllegalMove
from game.records import share
from game.records.share import SharedGame, ShareError, line_of, parse, share_line


def played(code: str, actions: int, seed: int = 1) -> Game:
    """A game of `code` after up to `actions` random legal actions."""
    rng = random.Random(seed)
    game = Game.from_code(code)
    for _ in range(actions):
        moves = list(game.legal_moves())
        if game.can_deal() and (not moves or rng.random() < 0.08):
            game.deal()
        elif moves:
            game.move(rng.choice(moves))
        else:
            break
    return game


def test_the_documented_example() -> None:
    line = share_line("SP1-S1C-AAAAAAD", "1>8 8:2>7 deal 10>8")
    assert line == "SP1-S1C-AAAAAAD:4:18b87+08"
    assert parse(line) == SharedGame("SP1-S1C-AAAAAAD", ("1>8", "8:2>7", "deal", "10>8"))


@pytest.mark.parametrize("code", ["SP1-S1C-AAAAAAD", "SP1-S2F-SPIDER2", "SP1-S4C-7777777", "SP1-S4F-AAAAAAA"])
def test_export_then_import_gives_the_same_game_at_every_step(code: str) -> None:
    game = played(code, 150)
    line = line_of(game)
    assert " " not in line and "\n" not in line
    shared = parse(line)
    assert shared.code == game.code
    assert " ".join(shared.record) == game.record
    again = shared.game()
    again.play(shared.record)
    assert again.to_text() == game.to_text() and again.score == game.score


def test_undone_actions_are_not_shared() -> None:
    game = played("SP1-S2C-AAAAAAD", 20)
    record = game.record
    game.move(next(game.legal_moves()))
    game.undo()
    assert parse(line_of(game)).record == tuple(record.split())


def test_spaces_line_breaks_and_capitals_are_forgiven() -> None:
    line = line_of(played("SP1-S4F-AAAAAAD", 60))
    wrapped = "  " + "\n".join(line[i : i + 17] for i in range(0, len(line), 17)).upper() + "\r\n"
    assert parse(wrapped) == parse(line)


def test_a_game_without_a_code_cannot_be_shared() -> None:
    game = Game.from_text(Game.from_code("SP1-S1C-AAAAAAD").start_text())
    with pytest.raises(ShareError) as err:
        line_of(game)
    assert err.value.what == "no-code"


LINE = line_of(played("SP1-S1C-AAAAAAD", 40))
CODE, COUNT, ACTIONS = LINE.split(":")
ALL_BUT_LAST = share_line(CODE, parse(LINE).record[:-1]).split(":")[2]


@pytest.mark.parametrize(
    ("text", "what", "action", "words"),
    [
        ("", "format", None, "empty"),
        ("hello world", "format", None, "not a shared game"),
        (CODE, "cut", None, "game code alone"),
        (f"{CODE}:{COUNT}", "cut", 1, "cut after 0 of"),
        (f"{CODE}:{COUNT}:{ACTIONS[:-1]}", "cut", int(COUNT), "ends inside it"),
        (f"{CODE}:{COUNT}:{ALL_BUT_LAST}", "cut", int(COUNT), f"cut after {int(COUNT) - 1} of {COUNT}"),
        (f"{CODE}:{COUNT}:{ACTIONS}+", "extra", int(COUNT) + 1, "more follow"),
        (f"SP9-S1C-AAAAAAD:{COUNT}:{ACTIONS}", "code", None, "version 'SP9'"),
        (f"SP1-S3C-AAAAAAD:{COUNT}:{ACTIONS}", "code", None, "variant 'S3C'"),
        (f"{CODE}:many:{ACTIONS}", "count", None, "'many' is not a count"),
        (f"{CODE}:99999999:{ACTIONS}", "count", None, "not a count"),
        (f"{CODE}:60000:{ACTIONS}", "long", None, "more than any game"),
        (f"{CODE}:2:1q", "action", 1, "'1q' is not an action"),
        (f"{CODE}:2:16z", "action", 2, "'z' is not an action"),
        (f"{CODE}:1:11", "illegal", 1, "action 1 (1>1)"),
        (f"{CODE}:1:12", "illegal", 1, "one rank higher"),
        (f"{CODE}:1:m16", "illegal", 1, "action 1 (1:13>6)"),
        (f"{CODE}:6:++++++", "illegal", 6, "stock is empty"),
        (f"{CODE}:1:{'1' * 1_000_000}", "long", None, "far longer"),
    ],
)
def test_a_bad_line_is_one_sentence_naming_what_and_where(text: str, what: str, action: int | None, words: str) -> None:
    with pytest.raises(ShareError) as err:
        parse(text)
    message = str(err.value)
    assert err.value.what == what and err.value.action == action, message
    assert words in message, message
    assert "\n" not in message and len(message) < 200, message
    if action is not None:
        assert message.startswith(f"action {action}"), message


def test_an_action_the_rules_refuse_names_its_place_in_a_long_line() -> None:
    game = played("SP1-S2C-AAAAAAD", 80, seed=5)
    actions = game.record.split()
    bad = actions[:50] + ["deal"] * 7  # the stock holds five deals at most
    with pytest.raises(ShareError) as err:
        parse(share_line(game.code, bad))
    assert err.value.what == "illegal" and 51 <= (err.value.action or 0) <= 57
    with pytest.raises(IllegalMove):  # the engine agrees the game cannot go on there
        Game.from_code(game.code or "").play(bad[: err.value.action])


def outcome(text: str) -> SharedGame | ShareError:
    """What reading `text` gives: the game, or the error it raised."""
    try:
        return parse(text)
    except ShareError as err:
        return err


ALPHABET = st.sampled_from(list("0123456789+bcdmzq:-SP1CFA7 \n\t\x00é😀"))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(ALPHABET, max_size=80) | st.text(max_size=80))
def test_any_text_is_a_game_or_one_sentence(text: str) -> None:
    shared = outcome(text)
    if isinstance(shared, ShareError):
        assert str(shared) and "\n" not in str(shared) and len(str(shared)) < 300
        return
    Game.from_code(shared.code).play(shared.record)  # what is accepted replays


@settings(max_examples=300, deadline=None)
@given(
    st.integers(min_value=0, max_value=len(LINE)),
    st.integers(min_value=0, max_value=len(LINE)),
    st.text(ALPHABET, max_size=4),
)
def test_a_damaged_line_is_refused_or_still_a_legal_game(start: int, end: int, noise: str) -> None:
    start, end = sorted((start, end))
    damaged = LINE[:start] + noise + LINE[end:]
    shared = outcome(damaged)
    if isinstance(shared, ShareError):
        assert "\n" not in str(shared)
        if shared.action is not None:
            assert str(shared).startswith(f"action {shared.action}")
        return
    Game.from_code(shared.code).play(shared.record)


def test_every_group_size_has_a_letter() -> None:
    for count in range(1, 14):
        token = "3>7" if count == 1 else f"3:{count}>7"
        written = share.encode_action(token)
        assert share._decode(written, 1) == [token]
