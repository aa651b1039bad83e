"""The engine's errors. All are `ValueError`s, so a caller can catch them together."""

from __future__ import annotations


class IllegalMove(ValueError):
    """An action the rules refuse. `reason` is a short stable key for the view
    (one of `bad-index`, `game-over`, `same-column`, `face-down`,
    `not-descending`, `mixed-suits`, `ace`, `rank`, `stock-empty`,
    `empty-column`, `nothing-to-undo`); the message is for developers."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


class InvalidCode(ValueError):
    """A game code that names no game; the message says which part is wrong.
    `part` is one of `format`, `version`, `suits`, `rule`, `shuffle`."""

    def __init__(self, part: str, message: str) -> None:
        super().__init__(message)
        self.part = part


class InvalidPosition(ValueError):
    """A position text that is not a legal table; the message names the line
    (1-based, `line` attribute, 0 when the fault is not on one line) and the fault."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line
