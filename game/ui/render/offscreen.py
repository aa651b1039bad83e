"""A window-sized offscreen image, copied back to the screen 1:1.

The table's still (`table.renderer`: the whole table kept while only the
clock on the bar changes) is drawn once into such an image and then copied
to the screen by a `WindowQuad`, which samples texel (x, y) for pixel
(x, y) with nearest filtering at each pixel's centre, blending off, so every
pixel is replaced and no clear is needed. (`screens.screen_image` keeps the
table behind a dialog the same way.)
"""

from __future__ import annotations

import arcade
from arcade.gl import Framebuffer, Texture2D

from game.ui.render.window_quad import WindowQuad


class Offscreen:
    """An offscreen image the size of the screen (see the module docstring)."""

    def __init__(self, ctx: arcade.ArcadeContext) -> None:
        self.ctx = ctx
        self._texture: Texture2D | None = None
        self._fbo: Framebuffer | None = None
        self._quad = WindowQuad(ctx)

    @property
    def size(self) -> tuple[int, int] | None:
        """The image's size (None while there is none)."""
        return None if self._fbo is None else self._fbo.size

    def framebuffer(self) -> Framebuffer:
        """The image to draw into, made anew when the screen changed size."""
        size = self.ctx.screen.size
        if self._fbo is None or self._fbo.size != size:
            self.release()
            self._texture = self.ctx.texture(size, components=4, filter=(self.ctx.NEAREST, self.ctx.NEAREST))
            self._fbo = self.ctx.framebuffer(color_attachments=[self._texture])
        return self._fbo

    def copy_to_screen(self) -> None:
        """Replace every pixel of the active framebuffer with the image's."""
        assert self._texture is not None
        self._quad.draw(self._texture)

    def release(self) -> None:
        """Free the image."""
        if self._fbo is not None:
            self._fbo.delete()
            self._fbo = None
        if self._texture is not None:
            self._texture.delete()
            self._texture = None
