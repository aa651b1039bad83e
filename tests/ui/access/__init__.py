"""Tests of game.ui.access."""
