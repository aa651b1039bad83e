"""Tests of game.ui.render."""
