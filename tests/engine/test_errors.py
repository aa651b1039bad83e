"""Refusal reasons: a StrEnum equal to the old keys, and a text for each in every language."""

from __future__ import annotations

import pytest

from game.engine import IllegalMove, InvalidMove, Move, MoveError, Reason
from game.words.i18n import LANGUAGES, Translator

# Every key the engine gave before reasons became an enum: callers compare with these.
OLD_KEYS = [
    "bad-index",
    "game-over",
    "same-column",
    "face-down",
    "not-descending",
    "mixed-suits",
    "ace",
    "rank",
    "stock-empty",
    "empty-column",
    "nothing-to-undo",
    "bad-token",
    "empty-column-few",  # the view's key for the dead end, now the engine's
]
# Reasons a player never meets: a developer's wrong call, a damaged record.
NOT_FOR_PLAYERS = {Reason.BAD_INDEX, Reason.BAD_TOKEN}


def test_reasons_equal_and_format_as_the_old_keys() -> None:
    values = {reason.value for reason in Reason}
    assert set(OLD_KEYS) <= values
    for key in OLD_KEYS:
        reason = Reason(key)
        assert reason == key and str(reason) == key and f"table.rule.{reason}" == f"table.rule.{key}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_a_player_can_meet_has_a_reminder(lang: str) -> None:
    t = Translator(lang)
    for reason in set(Reason) - NOT_FOR_PLAYERS:
        assert t.t(f"table.rule.{reason}").strip(), (lang, reason)


def test_syntax_and_rule_errors_are_distinct_value_errors_with_their_data() -> None:
    illegal = IllegalMove("ace", "nothing goes on an ace", move=Move(1, 1, 0))
    invalid = InvalidMove("9x", "'9x' is not a move", action=4)
    assert isinstance(illegal, MoveError) and isinstance(invalid, MoveError)
    assert isinstance(illegal, ValueError) and isinstance(invalid, ValueError)
    assert not isinstance(invalid, IllegalMove) and not isinstance(illegal, InvalidMove)
    assert illegal.reason is Reason.ACE and illegal.move == Move(1, 1, 0) and illegal.token is None
    assert invalid.reason is Reason.BAD_TOKEN and (invalid.token, invalid.action, invalid.move) == ("9x", 4, None)
    assert str(illegal) == "nothing goes on an ace"
