"""The Arcade front end: window, table view, layout, animations and screens.

Importing this package does not import arcade: `game.ui.layout.table` must stay
usable without OpenGL, and `python -m game` decodes the card images on a
thread while arcade imports, which only works if arcade is not imported
first. `enable_headless_input()` is the one arcade-dependent piece here.
"""

from __future__ import annotations

import os


def enable_headless_input() -> None:
    """Make game controllers' input importable in headless mode
    (``ARCADE_HEADLESS``, used by ``--screenshot`` and the tests): pyglet's
    Linux input module (`game.ui.input.pad`) needs its xlib window module
    loaded first, and Arcade 3.3 leaves `ControllerManager` out of the
    `arcade` namespace when headless. Harmless when not headless."""
    import arcade

    if arcade.headless and not hasattr(arcade, "ControllerManager"):
        import pyglet.window.xlib  # noqa: F401
        from arcade.controller import ControllerManager

        arcade.ControllerManager = ControllerManager  # type: ignore[misc]


# Headless runs (tests, screenshots) set the variable before importing us.
if os.environ.get("ARCADE_HEADLESS"):
    enable_headless_input()
