"""One quad over the whole window that replaces every pixel with a texture's.

The felt and the still of the table behind a dialog are both drawn so: the
texture stretched over the window (its own filter decides how texels meet
pixels), blending off, so nothing needs clearing first. `light` scales the
colour (a dimmed backdrop); the texture's alpha is written as it is.
"""

from __future__ import annotations

import arcade
from arcade.gl import Geometry, Program, Texture2D, geometry

_VERTEX = """#version 330
in vec2 in_vert;
in vec2 in_uv;
out vec2 uv;
void main() { gl_Position = vec4(in_vert, 0.0, 1.0); uv = in_uv; }
"""
_FRAGMENT = """#version 330
uniform sampler2D image;
uniform float light;
in vec2 uv;
out vec4 color;
void main() {
    vec4 texel = texture(image, uv);
    color = vec4(texel.rgb * light, texel.a);
}
"""


class WindowQuad:
    """Draws a texture over every pixel of the active framebuffer (see the module docstring)."""

    def __init__(self, ctx: arcade.ArcadeContext) -> None:
        self.ctx = ctx
        self._program: Program | None = None
        self._quad: Geometry | None = None

    def draw(self, texture: Texture2D, light: float = 1.0) -> None:
        if self._quad is None:
            self._quad = geometry.quad_2d_fs()
        if self._program is None:
            self._program = self.ctx.program(vertex_shader=_VERTEX, fragment_shader=_FRAGMENT)
        blend = self.ctx.is_enabled(self.ctx.BLEND)
        self.ctx.disable(self.ctx.BLEND)
        texture.use(0)
        self._program["image"] = 0
        self._program["light"] = light
        self._quad.render(self._program)
        if blend:
            self.ctx.enable(self.ctx.BLEND)
