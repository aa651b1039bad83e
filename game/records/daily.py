"""The deal of the day (docs/RULES.md §14): one code per day and variant, the
same for every player.

The day is the player's local calendar date (the clock of their computer):
players in different time zones meet the same deal on the same date, not at
the same instant. The shuffle number is the first 35 bits of the SHA-256 of
``spider-daily:<ISO date>:<variant>`` (``spider-daily:2026-12-01:4F``): a
fixed digest, never Python's `hash()` or `random`, so the code of a day is
the same on every Python, forever (tests pin three days).

>>> daily_code(date(2026, 12, 1), "1C")
'SP1-S1C-4W37QEU'
"""

from __future__ import annotations

import hashlib
from datetime import date

from game.engine.codes import format_code
from game.engine.rules import Rule

SALT = "spider-daily"


def daily_code(day: date, variant: str) -> str:
    """The code of the deal of `day` for `variant` (``"1C"``, ``"2C"``, ``"2F"``, ``"4C"``, ``"4F"``)."""
    suits, letter = int(variant[0]), variant[1]
    digest = hashlib.sha256(f"{SALT}:{day.isoformat()}:{variant}".encode("ascii")).digest()
    shuffle = int.from_bytes(digest[:5], "big") >> 5  # the first 35 bits
    return format_code(suits, Rule.FLEXIBLE if letter == "F" else Rule.CLASSIC, shuffle)
