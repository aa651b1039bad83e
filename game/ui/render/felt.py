"""The felt under the cards: the table's colour with depth.

The centre of the felt is the table's colour; towards the corners it fades
to a darker shade (a vignette, as a lamp over a card table lights it), with
a faint grain so it reads as cloth, not paint. The picture is made once per
window size and table (Pillow, at half the window's resolution: the shading
is smooth and the grain needs no more) and drawn each frame as one quad that
replaces every pixel, where a flat clear was.

Until it exists (the first frames of a launch, which must not wait for it,
and those right after a resize or a change of table) the window is cleared
with the felt's centre colour: the picture is made on a worker thread.
"""

from __future__ import annotations

import math
import random
import threading

import arcade
from arcade.gl import Texture2D
from PIL import Image, ImageChops

from game.ui.render.tables import Table
from game.ui.render.window_quad import WindowQuad

SCALE = 2  # one texel of the felt for SCALE x SCALE pixels
# The shade channel: BASE is the centre's colour, BASE + SPAN the edge colour;
# the grain moves it up to GRAIN either way (a fraction of the felt-to-edge step).
BASE = 24
SPAN = 200
GRAIN = 14
GRID = (48, 32)  # the vignette is worked out on this grid, then smoothly enlarged


def vignette(size: tuple[int, int]) -> Image.Image:
    """How dark each point of a felt of `size` is (L: 0 the centre's colour,
    255 the edge colour): flat over the middle, fading in towards the corners."""
    gw, gh = GRID
    small = Image.new("L", GRID)
    values = []
    for j in range(gh):
        ny = (j + 0.5) / gh * 2 - 1
        for i in range(gw):
            nx = (i + 0.5) / gw * 2 - 1
            r = math.hypot(nx, ny) / math.sqrt(2)  # 0 at the centre, 1 in a corner
            t = min(1.0, max(0.0, (r - 0.3) / 0.7))
            values.append(round(255 * t * t * (3 - 2 * t)))
    small.putdata(values)
    return small.resize(size, Image.Resampling.BICUBIC)


def felt_image(table: Table, size: tuple[int, int]) -> Image.Image:
    """The felt of `table` for a window of `size` pixels, at 1/SCALE
    resolution (RGBA, opaque). The same table and size give the same pixels.

    Worked out in one channel (how far towards the edge colour each texel is,
    grain included), then coloured by a lookup table per channel: a few
    milliseconds at 1920x1080, where blending colour images takes ten times that."""
    w, h = max(1, size[0] // SCALE), max(1, size[1] // SCALE)
    shade = vignette((w, h)).point([BASE + round(v * SPAN / 255) for v in range(256)])
    noise = Image.frombytes("L", (w, h), random.Random(w * 65536 + h).randbytes(w * h))
    grain = noise.point([128 + round((v - 127.5) / 127.5 * GRAIN) for v in range(256)])
    shade = ImageChops.add(shade, grain, 1.0, -128)

    def channel(k: int) -> Image.Image:
        lo, hi = table.felt[k], table.edge[k]
        return shade.point([min(255, max(0, round(lo + (hi - lo) * (v - BASE) / SPAN))) for v in range(256)])

    return Image.merge("RGBA", (channel(0), channel(1), channel(2), Image.new("L", (w, h), 255)))


class Felt:
    """The felt of one window (see the module docstring): the picture is made
    on a worker thread (Pillow lets go of the GIL while it works, so frames go
    on) and put on the GPU by `update`, on the main thread."""

    def __init__(self, ctx: arcade.ArcadeContext) -> None:
        self.ctx = ctx
        self.made_for: tuple[Table, tuple[int, int]] | None = None
        self.made = 0  # how many pictures were put on the GPU (tests)
        self._job: tuple[tuple[Table, tuple[int, int]], threading.Thread, list[Image.Image]] | None = None
        self._texture: Texture2D | None = None
        self._quad = WindowQuad(ctx)
        self._frames = 0  # frames drawn: the first one starts no work beside it

    def ready(self, table: Table, size: tuple[int, int]) -> bool:
        return self.made_for == (table, size)

    def want(self, table: Table, size: tuple[int, int]) -> None:
        """Begin making the felt of `table` for a window of `size`, unless it
        exists or is being made."""
        key = (table, size)
        if self.made_for == key or (self._job is not None and self._job[0] == key):
            return
        box: list[Image.Image] = []
        thread = threading.Thread(target=lambda: box.append(felt_image(table, size)), name="felt", daemon=True)
        self._job = (key, thread, box)
        thread.start()

    def update(self, table: Table, size: tuple[int, int]) -> bool:
        """Once a frame was drawn (a launch's first frame waits for no work
        beside it), have the felt of `table` for `size` made if it is
        missing; put a picture the worker finished on the GPU. True when the
        felt changed (the window should draw again)."""
        if self._frames and not self.ready(table, size):
            self.want(table, size)
        if self._job is None or self._job[1].is_alive():
            return False
        key, _, box = self._job
        self._job = None
        if not box:  # could not be made (out of memory): the flat colour stays
            return False
        self._upload(key, box[0])
        return True

    def prepare(self, table: Table, size: tuple[int, int]) -> None:
        """Make the felt now (a screenshot wants the table as players see it)."""
        if not self.ready(table, size):
            self._job = None
            self._upload((table, size), felt_image(table, size))

    def draw(self, table: Table, size: tuple[int, int]) -> None:
        """Cover the window with the felt (its flat colour until the picture exists)."""
        self._frames += 1
        if not self.ready(table, size):
            self.ctx.active_framebuffer.clear(color=table.felt)  # `update` has the picture made
            return
        assert self._texture is not None
        self._quad.draw(self._texture)

    def _upload(self, key: tuple[Table, tuple[int, int]], image: Image.Image) -> None:
        image = image.transpose(Image.Transpose.FLIP_TOP_BOTTOM)  # GL's rows go up
        self.release()
        self._texture = self.ctx.texture(image.size, components=4, data=image.tobytes())
        self.made_for = key
        self.made += 1

    def release(self) -> None:
        if self._texture is not None:
            self._texture.delete()
            self._texture = None
        self.made_for = None
