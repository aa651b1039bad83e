"""The table behind a dialog: captured once, drawn dimmed.

A dialog (New game, Options, Rules, Statistics, the description, a
confirmation) opens over the table, which stays visible behind it, dimmed,
as in Microsoft Spider and Aisleriot. The table is drawn once, when the
dialog opens (and again if the window is resized), and copied into an
offscreen image; each frame of the dialog then costs one full-window quad
that fetches that image 1:1 and darkens it, instead of a whole table.
"""

from __future__ import annotations

import arcade
from arcade.gl import Framebuffer, Geometry, Program, Texture2D, geometry

from . import theme

DIM = 0.45  # how much of the table's light is left behind a dialog

_VERTEX = """#version 330
in vec2 in_vert;
void main() { gl_Position = vec4(in_vert, 0.0, 1.0); }
"""
_FRAGMENT = """#version 330
uniform sampler2D image;
uniform float dim;
out vec4 color;
void main() {
    vec4 table = texelFetch(image, ivec2(gl_FragCoord.xy), 0);
    color = vec4(table.rgb * dim, 1.0);
}
"""


class Backdrop:
    """A dimmed still of another view (the table), for a dialog to draw under itself."""

    def __init__(self, view: arcade.View) -> None:
        self.view = view
        self.ctx = view.window.ctx
        self._texture: Texture2D | None = None
        self._fbo: Framebuffer | None = None
        self._program: Program | None = None
        self._quad: Geometry | None = None
        self.captures = 0  # how many times the view was drawn (tests)

    def capture(self) -> None:
        """Draw the view once as it is now and keep the picture."""
        size = self.ctx.screen.size
        if self._fbo is None or self._fbo.size != size:
            self.release()
            self._texture = self.ctx.texture(size, components=4, filter=(self.ctx.NEAREST, self.ctx.NEAREST))
            self._fbo = self.ctx.framebuffer(color_attachments=[self._texture])
        # Straight into the offscreen image: everything the view draws goes to
        # the active framebuffer (its own clear goes to the screen, which the
        # dialog's next frame covers anyway).
        with self._fbo.activate() as fbo:
            fbo.clear(color=theme.FELT)
            self.view.on_draw()
        self.captures += 1

    def resize(self, width: int, height: int) -> None:
        """The window changed size: lay the view out again and take a new picture."""
        self.view.on_resize(width, height)
        self.capture()

    def draw(self) -> None:
        """The picture, dimmed, over the whole window (every pixel is replaced)."""
        if self._texture is None or self._texture.size != self.ctx.screen.size:
            self.capture()  # first frame, or a size change not yet seen
        assert self._texture is not None
        if self._program is None or self._quad is None:
            self._program = self.ctx.program(vertex_shader=_VERTEX, fragment_shader=_FRAGMENT)
            self._quad = geometry.quad_2d_fs()
        blend = self.ctx.is_enabled(self.ctx.BLEND)
        self.ctx.disable(self.ctx.BLEND)
        self._texture.use(0)
        self._program["image"] = 0
        self._program["dim"] = DIM
        self._quad.render(self._program)
        if blend:
            self.ctx.enable(self.ctx.BLEND)

    def release(self) -> None:
        """Free the picture (the dialog closed)."""
        if self._fbo is not None:
            self._fbo.delete()
            self._fbo = None
        if self._texture is not None:
            self._texture.delete()
            self._texture = None
