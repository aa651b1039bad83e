"""Tests of game.ui.layout."""
