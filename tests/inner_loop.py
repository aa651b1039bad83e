"""What the inner loop (``pytest -m "not slow and not xvfb"``) runs of a
parametrized test whose cases all take the same path through the code with
other data (the three languages, the five dialogs, the eight toggles): one
case, the one most likely to break; the others are marked ``slow``, so
``make test`` still runs every case, under the same test ids; and how long
a loop runs in ``make test`` and in ``make soak``. Imported as ``inner_loop``
(tests/ is on sys.path)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest


def one_fast(values: Iterable[Any], fast: Any = None) -> list[Any]:
    """`values` as parameters (a tuple is the values of several argument
    names): `fast` (by default the first) as it is, every other one marked
    ``slow``."""
    values = list(values)
    keep = values[0] if fast is None else fast
    assert keep in values, f"{keep!r} is not one of {values!r}"
    return [value if value == keep else _slow(value) for value in values]


def _slow(value: Any) -> Any:
    if isinstance(value, tuple):
        return pytest.param(*value, marks=pytest.mark.slow)
    return pytest.param(value, marks=pytest.mark.slow)


def short_and_soak(short: Any, long: Any) -> list[Any]:
    """A loop's length as parameters: `short` for ``make test`` and ``make
    check``, `long` marked ``soak`` for ``make soak`` (the same test, run long
    enough to find what happens once in many tries)."""
    return [short, pytest.param(long, marks=pytest.mark.soak, id=f"soak-{long}")]
