"""Tests of game.ui.table."""
