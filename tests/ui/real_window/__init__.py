"""The real game in a real window, on a desktop with a window manager.

Everything else in the suite drives the view headless, or (tests/test_xvfb.py)
in a bare Xvfb where nothing resizes, maximizes or covers a window. These
tests launch `python -m game` on Xvfb with openbox (tools/xwindow) and do
to the window what a player and their window manager do; after each window
event the window's picture is compared with the same table drawn fresh at
that size (pictures.py), and clicks and keys must reach the game.

A package rather than tests/test_real_window_*.py: its modules share one
desktop for the session and the helpers below (conftest.py, table.py,
pictures.py), and `pytest tests/ui/real_window` or `-m xvfb` runs them alone.
The modules that only look, click and press keys share one game
(`shared_game`, table.SharedGame); those that need a launch of their own
(launches, a replay, another environment) make it. Set
SPIDER_XVFB_SHOTS=<folder> to keep every picture checked.
"""
