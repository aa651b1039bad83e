"""The Arcade front end: window, table view, layout, animations and screens.

Importing this package makes `arcade.gui` importable in headless mode
(``ARCADE_HEADLESS``, used by ``--screenshot`` and the tests): Arcade 3.3
leaves `ControllerManager` out of the `arcade` namespace when headless, yet
`arcade.gui` imports it, and pyglet's Linux input module needs its xlib
window module loaded first. Both only concern game controllers, which Spider
does not use.
"""

from __future__ import annotations

import arcade

if arcade.headless:
    import pyglet.window.xlib  # noqa: F401
    from arcade.controller import ControllerManager

    arcade.ControllerManager = ControllerManager  # type: ignore[attr-defined]
