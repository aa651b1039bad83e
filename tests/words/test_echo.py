"""How a value is echoed in a one-line message: quoted, escaped, shortened."""

from __future__ import annotations

import doctest
import os

import pytest

from game.words import echo
from game.words.echo import SHOWN_CHARACTERS, shown


def test_the_examples_hold() -> None:
    assert doctest.testmod(echo).failed == 0


@pytest.mark.parametrize(
    "value",
    ["", "1280x800", "a\nb", "\x1b[31m", "x\u202ey", os.fsdecode(b"\xff"), "données 😀", "'\"", "9" * 10_000],
)
def test_a_value_is_one_printable_line_of_bounded_length(value: str) -> None:
    text = shown(value)
    assert text.isprintable() and "\n" not in text
    assert len(text) <= SHOWN_CHARACTERS + len(" (10000 characters)") + 4  # the quotes and escapes of a short one
    if len(value) <= SHOWN_CHARACTERS:
        assert text == repr(value)  # whole, exactly as Python quotes it
    else:
        assert text.startswith(repr(value[:20])[:-1]) and text.endswith(f"…' ({len(value)} characters)")
