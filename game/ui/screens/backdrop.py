"""The table behind a dialog: captured once, drawn dimmed.

A dialog (New game, Options, Rules, Statistics, the description, a
confirmation) opens over the table, which stays visible behind it, dimmed,
as in Microsoft Spider and Aisleriot. The table is drawn once, when the
dialog opens (and again if the window is resized), and copied into an
offscreen image; each frame of the dialog then costs one full-window quad
that copies that image 1:1 and darkens it (`ScreenImage`), instead of a whole table.
"""

from __future__ import annotations

import arcade

from game.ui.render.pacing import Pacer
from game.ui.screens import theme
from game.ui.screens.screen_image import ScreenImage

DIM = 0.45  # how much of the table's light is left behind a dialog


class Backdrop:
    """A dimmed still of another view (the table), for a dialog to draw under itself."""

    def __init__(self, view: arcade.View) -> None:
        self.view = view
        self.ctx = view.window.ctx
        self.image = ScreenImage(self.ctx)
        self.captures = 0  # how many times the view was drawn (tests)

    def capture(self) -> None:
        """Draw the view once as it is now and keep the picture."""
        # Straight into the offscreen image: everything the view draws goes to
        # the active framebuffer (its own clear goes to the screen, which the
        # dialog's next frame covers anyway).
        pacer = Pacer.of(self.view.window)
        owed = pacer.owed  # this picture is no frame on screen
        with self.image.framebuffer().activate() as fbo:
            fbo.clear(color=theme.felt())
            self.view.on_draw()
        pacer.owed = owed
        self.captures += 1

    def resize(self, width: int, height: int) -> None:
        """The window changed size: lay the view out again and take a new picture."""
        self.view.on_resize(width, height)
        self.capture()

    def draw(self) -> None:
        """The picture, dimmed, over the whole window (every pixel is replaced)."""
        if self.image.size != self.ctx.screen.size:
            self.capture()  # first frame, or a size change not yet seen
        self.image.copy_to_screen(light=DIM)

    def release(self) -> None:
        """Free the picture (the dialog closed)."""
        self.image.release()
