"""A game as one line of text, to send to a friend (docs/RULES.md §12).

The line is the game code, the number of actions, and the actions:

    SP1-S1C-AAAAAAD:4:18b87+08

- the code names the deal (docs/RULES.md §2);
- the count says how many actions follow, so a line cut short is told
  apart from a game that stopped early;
- each action is written as the keys that play it: two digits for one card
  moved from a column to another (``18`` = column 1 to column 8; ``0`` is
  column 10, as on the keyboard); a letter before them for a group, its
  place in the alphabet being the group's size (``b87`` = two cards from
  column 8 to column 7; ``b`` = 2 … ``m`` = 13); ``+`` for a deal.

Spaces and line breaks anywhere are ignored (a mail program may wrap a long
line), and letters may be in either case. Reading a line (`parse`) checks
it whole, by replaying it with the engine: a bad code, an action that is not
one, an action the rules refuse, or a line cut short each give a
`ShareError`, one line that names what is wrong and where (action n). Nothing
here writes anything: an imported game is only ever watched.

>>> line = share_line("SP1-S1C-AAAAAAD", "1>8 8:2>7 deal 10>8")
>>> line
'SP1-S1C-AAAAAAD:4:18b87+08'
>>> parse(line).record
('1>8', '8:2>7', 'deal', '10>8')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from game.engine import Game, IllegalMove, InvalidCode, InvalidMove, Move
from game.engine.numbers import COLUMNS
from game.words.echo import shown

SEPARATOR: Final = ":"
DEAL: Final = "+"
# a group of n cards is the n-th letter: b = 2 … m = 13 (one card needs none)
GROUP_LETTERS: Final = "bcdefghijklm"
MAX_ACTIONS: Final = 50_000  # far beyond any game played by hand; bounds the work of a pasted essay
MAX_LINE: Final = 4 * MAX_ACTIONS + 64
SHOWN: Final = 24  # how much of a faulty part an error quotes


class ShareError(ValueError):
    """A line that is no shared game. `what` is the kind of fault (``format``,
    ``code``, ``count``, ``action``, ``illegal``, ``cut``, ``long``, ``extra``,
    ``no-code``) for the interface to word; `action` its 1-based place when
    it is one action's; the message is the one line for developers and the
    command line."""

    def __init__(self, what: str, message: str, *, action: int | None = None) -> None:
        super().__init__(message)
        self.what = what
        self.action = action


@dataclass(frozen=True, slots=True)
class SharedGame:
    """A game read from a line: its code and its actions as record tokens."""

    code: str
    record: tuple[str, ...]

    def game(self) -> Game:
        """The game at its first table."""
        return Game.from_code(self.code)


def _column_digit(col: int) -> str:
    return str((col + 1) % COLUMNS)


def _column_of(digit: str) -> int:
    return (int(digit) - 1) % COLUMNS


def encode_action(token: str) -> str:
    """One record token (``3:4>7``, ``deal``) in the line's form (``d37``, ``+``)."""
    if token.lower() == "deal":
        return DEAL
    move = Move.parse(token)
    if not 1 <= move.count <= len(GROUP_LETTERS) + 1:
        raise InvalidMove(token, f"{token!r}: a group of {move.count} cards cannot be written")
    letter = GROUP_LETTERS[move.count - 2] if move.count > 1 else ""
    return f"{letter}{_column_digit(move.src)}{_column_digit(move.dst)}"


def share_line(code: str | None, record: str | Sequence[str]) -> str:
    """The line of a game: its code and its record (``Game.record``)."""
    if code is None:
        raise ShareError("no-code", "a game typed as a position has no code, so it cannot be shared")
    tokens = record.split() if isinstance(record, str) else list(record)
    actions = "".join(encode_action(token) for token in tokens)
    return f"{code}{SEPARATOR}{len(tokens)}{SEPARATOR}{actions}"


def line_of(game: Game) -> str:
    """The line of a game as it stands (undone actions are not in it)."""
    return share_line(game.code, game.record)


def _decode(actions: str, count: int) -> list[str]:
    """The record tokens of the actions part; `ShareError` at the first fault."""
    tokens: list[str] = []
    i = 0
    while i < len(actions):
        n = len(tokens) + 1
        if n > count:
            raise ShareError(
                "extra",
                f"action {n}: {count} actions announced but more follow ({shown(actions[i:], SHOWN)})",
                action=n,
            )
        start = i
        c = actions[i]
        if c == DEAL:
            tokens.append("deal")
            i += 1
            continue
        size = 1
        if c in GROUP_LETTERS:
            size = GROUP_LETTERS.index(c) + 2
            i += 1
        pair = actions[i : i + 2]
        if len(pair) < 2 and all(d.isascii() and d.isdigit() for d in pair):
            raise ShareError("cut", f"action {n}: the line ends inside it ({shown(actions[start:], SHOWN)})", action=n)
        if not (len(pair) == 2 and pair.isascii() and pair.isdigit()):
            bad = actions[start : i + 2]
            raise ShareError(
                "action",
                f"action {n}: {shown(bad, SHOWN)} is not an action (like 37, c37 for three cards, or + to deal)",
                action=n,
            )
        src, dst = _column_of(pair[0]), _column_of(pair[1])
        i += 2
        tokens.append(Move.token(src, size, dst))
    if len(tokens) < count:
        n = len(tokens) + 1
        raise ShareError("cut", f"action {n}: the line is cut after {len(tokens)} of {count} actions", action=n)
    return tokens


def parse(text: str) -> SharedGame:
    """The game a line shares, checked by replaying it; `ShareError` naming
    what is wrong and where when it is not one."""
    if not isinstance(text, str):
        raise ShareError("format", f"a shared game is text, not {type(text).__name__}")
    if len(text) > MAX_LINE * 2:
        raise ShareError("long", f"{len(text)} characters is far longer than any shared game")
    line = "".join(text.split())
    if not line:
        raise ShareError("format", "the text is empty: a shared game looks like SP1-S1C-AAAAAAD:4:18b87+08")
    parts = line.split(SEPARATOR)
    if len(parts) == 1:
        try:
            Game.from_code(parts[0])
        except InvalidCode:
            pass
        else:  # a bare code: the deal, no actions yet
            raise ShareError("cut", "the line is a game code alone: the actions after it are missing")
    if len(parts) == 2:  # cut just after the count: no actions
        parts.append("")
    if len(parts) != 3:
        raise ShareError(
            "format",
            f"{shown(line, SHOWN)} is not a shared game: expected CODE:COUNT:ACTIONS like SP1-S1C-AAAAAAD:4:18b87+08",
        )
    code_text, count_text, actions = parts
    try:
        game = Game.from_code(code_text)
    except InvalidCode as err:
        raise ShareError("code", f"game code: {err}") from None
    if not (count_text.isascii() and count_text.isdigit()) or len(count_text) > 6:
        raise ShareError("count", f"{shown(count_text, SHOWN)} is not a count of actions")
    count = int(count_text)
    if count > MAX_ACTIONS:
        raise ShareError("long", f"{count} actions is more than any game ({MAX_ACTIONS} at most)")
    tokens = _decode(actions.lower(), count)
    try:
        game.play(tokens)
    except (IllegalMove, InvalidMove) as err:
        n = err.action or 0
        reason = str(err).split(": ", 1)[-1]  # the engine's words without its own "action n '…'"
        raise ShareError("illegal", f"action {n} ({err.token}): {reason}", action=n) from None
    assert game.code is not None  # a game from a code has one
    return SharedGame(game.code, tuple(tokens))
