"""Tests of game.ui.hud."""
