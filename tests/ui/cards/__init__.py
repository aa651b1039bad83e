"""Tests of game.ui.cards."""
