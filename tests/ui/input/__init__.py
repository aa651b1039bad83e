"""Tests of game.ui.input."""
