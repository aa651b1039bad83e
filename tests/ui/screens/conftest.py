"""Fixtures of the screen tests."""

from __future__ import annotations

import pytest

from ui.screens.screens_driver import Calls


@pytest.fixture
def calls() -> Calls:
    """Records what a screen's callbacks received."""
    return Calls()
