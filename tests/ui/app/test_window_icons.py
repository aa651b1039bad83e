"""The window icons: handed to X in the layout pyglet would convert them to, byte for byte."""

from __future__ import annotations

import pytest

from game.files.desktop import ICON_SIZES, icon_resource
from game.system import resources
from game.ui.app import window


@pytest.mark.parametrize("size", ICON_SIZES)
def test_each_icon_has_the_bytes_pyglet_would_send_to_x(size: int) -> None:
    import pyglet

    fmt = window._ICON_FORMAT
    if fmt is None:
        pytest.skip("pyglet converts icons itself on this platform")
    path = resources.path(icon_resource(size))
    ours = window.icon_image(path)
    theirs = pyglet.image.load(str(path))
    assert (ours.width, ours.height) == (theirs.width, theirs.height) == (size, size)
    pitch = -size * len(fmt)  # what pyglet's xlib set_icon asks for
    assert ours.get_image_data().get_data(fmt, pitch) == theirs.get_image_data().get_data(fmt, pitch)
