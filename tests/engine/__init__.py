"""Tests of game.engine, one file per module (tables.py builds test positions)."""
