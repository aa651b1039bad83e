"""How a value the player gave is echoed in a one-line message.

Every command-line mistake, and every unusable environment value, is one line
``spider: SOURCE: 'VALUE' <what is wrong>``. The value is quoted as Python
quotes it (a newline, a tab or an undecodable byte of a non-UTF-8 argument
shows as an escape, so the message stays one printable line) and shortened:
a value pasted by mistake may be 10 kB, and the line must still be read.

>>> shown("1280x800")
"'1280x800'"
>>> shown("x" * 10_000, limit=12)
"'xxxxxxxxxxx…' (10000 characters)"
"""

from __future__ import annotations

SHOWN_CHARACTERS = 160  # a long path still shows whole; a pasted file does not


def shown(value: str, limit: int = SHOWN_CHARACTERS) -> str:
    """`value` quoted for a message, at most `limit` characters of it."""
    if len(value) <= limit:
        return repr(value)
    return f"{value[: limit - 1] + '…'!r} ({len(value)} characters)"
