"""The game's one window: its identity on the desktop (class, icon, caption) and size limits.

The window class (X11 ``WM_CLASS``, which XWayland docks also read as the
application id) is ``spider-solitaire`` in every language, whatever the
caption says, so the dock matches the window to the installed menu entry
(`game.desktop`). Pyglet would derive it from the caption.
"""

from __future__ import annotations

import arcade
import pyglet

from game import resources
from game.desktop import APP_ID, ICON_SIZES, icon_resource

MIN_SIZE = (800, 600)


def window_icons() -> list[pyglet.image.AbstractImage]:
    """The icon at every size the game ships (the window manager picks one)."""
    images: list[pyglet.image.AbstractImage] = []
    for size in ICON_SIZES:
        try:
            images.append(pyglet.image.load(str(resources.path(icon_resource(size)))))
        except (resources.ResourceError, pyglet.image.codecs.ImageDecodeException):
            continue  # checked at launch (game.resources); a window without an icon still plays
    return images


class SpiderWindow(arcade.Window):
    """The game's one window; views (the table, the screens) are shown in it."""

    def __init__(self, width: int, height: int, title: str, fullscreen: bool = False, visible: bool = True) -> None:
        # No MSAA: it doubles frame time on software GL and the card images
        # carry their own smooth edges (PLATFORM.md).
        super().__init__(
            width, height, title, fullscreen=fullscreen, resizable=True, antialiasing=False, visible=visible
        )
        if not self.headless:
            self.set_minimum_size(*MIN_SIZE)
            icons = window_icons()
            if icons:
                self.set_icon(*icons)

    def set_wm_class(self, name: str) -> None:
        """Pyglet (X11) names the window class after the caption while creating
        the window, before it is mapped; ours is fixed."""
        set_class = getattr(super(), "set_wm_class", None)
        if callable(set_class):
            set_class(APP_ID)

    def on_expose(self) -> None:
        # Uncovered after resting: draw again (the old frame may be gone).
        wake = getattr(self.current_view, "wake", None)
        if callable(wake):
            wake()
