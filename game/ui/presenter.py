"""How a frame reaches the screen, and whether the window keeps it.

A frame is drawn into the window's back buffer, then shown (pyglet's
`flip`). After a swap, OpenGL leaves the back buffer's contents undefined,
so a frame must be drawn whole. On software OpenGL (llvmpipe, where every
pixel drawn costs time) the table instead draws only what changed since the
last frame (`partial_frame`), which needs the back buffer to still hold it:

- with GLX_MESA_copy_sub_buffer (Mesa's GLX, X11 and XWayland), the frame
  is shown by copying the back buffer to the window instead of swapping
  them: the back buffer keeps its contents by definition, and the copy
  costs what a swap costs there (both are one image sent to the X server).
  Only the boxes the frame changed are sent (`damage`; at 1920x1080 the X
  server spends ~0.6 ms a frame taking in the whole image), the whole
  image after the window was exposed;
- a headless window (a pbuffer, for screenshots and benchmarks) has one
  buffer, which keeps its contents.

Elsewhere (a GPU, where drawing is cheap, or another platform) frames are
swapped and drawn whole as before. `flips` counts the frames shown, so a
view can tell whether anything else was shown since its own last frame.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable
from typing import Any

SOFTWARE = ("llvmpipe", "softpipe")


class Presenter:
    """Shows one window's frames (see the module docstring)."""

    def __init__(self, window: Any) -> None:
        self.flips = 0
        # What the frames are drawn into (one back buffer), as a value.
        self.surface: Callable[[], object] = lambda: None
        # The boxes the frame being drawn changed (left, bottom, right, top,
        # in pixels from the bottom left), or None: all of it. Set by the
        # view for each frame; reset when the frame is shown.
        self.damage: list[tuple[int, int, int, int]] | None = None
        self._exposed = True
        software = any(name in window.ctx.info.RENDERER.lower() for name in SOFTWARE)
        if getattr(window, "headless", False):
            self.keeps_frames = software
        else:
            self.keeps_frames = software and _show_by_copying(window, self)

    def flipped(self) -> None:
        """A frame was shown (the window calls this from its `flip`)."""
        self.flips += 1
        self.damage = None

    def exposed(self) -> None:
        """The window was uncovered: the next frame is shown whole."""
        self._exposed = True

    def shown_boxes(self) -> list[tuple[int, int, int, int]] | None:
        """What to send of the frame being shown: its damage, or None (all)."""
        boxes, self.damage = self.damage, None
        if self._exposed:
            self._exposed = False
            return None
        return boxes

    def mark(self) -> tuple[int, object]:
        """Where the showing of frames stands: a frame drawn at mark
        (f, s) is still in the back buffer at mark (f + 1, s) (shown once
        since, in the same buffer), if `keeps_frames`."""
        return self.flips, self.surface()


def _show_by_copying(window: Any, presenter: Presenter) -> bool:
    """Make `window` show its frames with glXCopySubBufferMESA instead of a
    swap; False (nothing changed) without the extension."""
    context: Any = getattr(window, "context", None)
    display = getattr(context, "x_display", None)
    if display is None or not getattr(context, "glx_window", None):
        return False
    try:
        from pyglet.gl import glx_info, glxext_arb

        if not glx_info.GLXInfo(display).have_extension("GLX_MESA_copy_sub_buffer"):
            return False
        copy = glxext_arb.glXCopySubBufferMESA
    except (ImportError, AttributeError, OSError, ctypes.ArgumentError):
        return False

    def show() -> None:
        # In place of pyglet's context.flip (glXSwapBuffers); window
        # coordinates from the bottom left, as GL's.
        drawable = context.glx_window
        boxes = presenter.shown_boxes()
        if drawable:
            if boxes is None:
                width, height = window.get_framebuffer_size()
                boxes = [(0, 0, width, height)]
            for left, bottom, right, top in boxes:
                copy(context.x_display, drawable, left, bottom, right - left, top - bottom)

    setattr(context, "flip", show)  # noqa: B010 - an instance's method replaced on purpose
    # The window's GLX drawable is made anew when it goes fullscreen: a new
    # back buffer, which holds no frame.
    presenter.surface = lambda: context.glx_window
    return True
