"""The game's numbers (docs/RULES.md §1, §5-7), in one place for the engine and the layout.

>>> COLUMNS * 5 + 4, DECK_SIZE - TABLEAU_CARDS == DEALS * COLUMNS, RUNS_TO_WIN * RANKS
(54, True, 104)
"""

from __future__ import annotations

from typing import Final

COLUMNS: Final = 10
"""Columns on the table."""
RANKS: Final = 13
"""Ranks in a suit, ace (1) to king (13); also the length of a complete run."""
ACE: Final = 1
KING: Final = 13
DECK_SIZE: Final = 104
"""Two 52-card decks, whatever the number of suits."""
TABLEAU_CARDS: Final = 54
"""Cards dealt to the table at the start: 6 on columns 1-4, 5 on the others."""
DEALS: Final = 5
"""Deals of one card per column that the stock holds at the start (50 cards)."""
RUNS_TO_WIN: Final = 8
"""Complete runs removed when the game is won: every card."""
START_SCORE: Final = 500
RUN_BONUS: Final = 100
UNDO_LIMIT: Final = 100
"""Actions that can be undone one after another."""
