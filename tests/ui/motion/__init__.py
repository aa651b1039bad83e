"""Tests of game.ui.motion."""
