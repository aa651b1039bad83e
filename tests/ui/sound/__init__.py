"""Tests of game.ui.sound."""
