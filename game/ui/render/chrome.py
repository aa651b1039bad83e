"""Generated images for the table's furniture: rounded panels, a shadow.

Made once with Pillow (cached by size) rather than shipped as files: they
are simple shapes that must fit any window size crisply.
"""

from __future__ import annotations

from functools import lru_cache

import arcade
from arcade.hitbox import algo_bounding_box
from PIL import Image, ImageDraw, ImageFilter


@lru_cache(maxsize=64)
def rounded_texture(width: int, height: int, radius: int) -> arcade.Texture:
    """A white rounded rectangle (tinted by the sprite's colour). Only the
    corners are drawn large and scaled down for smooth edges: a full-size
    supersampled panel would cost tens of milliseconds at start-up."""
    width, height = max(width, 2), max(height, 2)
    radius = max(0, min(radius, width // 2, height // 2))
    if radius == 0:  # a plain rectangle: a tiny white square stretched by the sprite
        return arcade.Texture(
            Image.new("RGBA", (4, 4), (255, 255, 255, 255)), hash="spider-white", hit_box_algorithm=algo_bounding_box
        )
    alpha = Image.new("L", (width, height), 255)
    corner = _corner(radius)
    alpha.paste(corner, (0, 0))
    alpha.paste(corner.transpose(Image.Transpose.FLIP_LEFT_RIGHT), (width - radius, 0))
    alpha.paste(corner.transpose(Image.Transpose.FLIP_TOP_BOTTOM), (0, height - radius))
    alpha.paste(corner.transpose(Image.Transpose.ROTATE_180), (width - radius, height - radius))
    image = Image.new("RGBA", (width, height), (255, 255, 255, 255))
    image.putalpha(alpha)
    return arcade.Texture(image, hash=f"spider-round-{width}x{height}r{radius}", hit_box_algorithm=algo_bounding_box)


@lru_cache(maxsize=16)
def _corner(radius: int) -> Image.Image:
    """The top-left corner's coverage, antialiased by drawing at 4x."""
    k = 4
    big = Image.new("L", (radius * k, radius * k), 0)
    ImageDraw.Draw(big).ellipse((0, 0, 2 * radius * k - 1, 2 * radius * k - 1), fill=255)
    return big.resize((radius, radius), Image.Resampling.BOX)


@lru_cache(maxsize=1)
def shadow_texture() -> arcade.Texture:
    """A soft dark blot, stretched under a dragged group so it seems lifted."""
    size, pad = 96, 16
    image = Image.new("L", (size, size), 0)
    ImageDraw.Draw(image).rounded_rectangle((pad, pad, size - pad, size - pad), radius=10, fill=235)
    alpha = image.filter(ImageFilter.GaussianBlur(7))
    shadow = Image.new("RGBA", (size, size), (0, 0, 0, 255))
    shadow.putalpha(alpha)
    return arcade.Texture(shadow, hash="spider-shadow", hit_box_algorithm=algo_bounding_box)


def panel_sprite(color: tuple[int, int, int, int]) -> arcade.BasicSprite:
    """A sprite for a rounded panel or button; `place_panel` sizes it."""
    sprite = arcade.BasicSprite(rounded_texture(8, 8, 2))
    sprite.color = color
    return sprite


def place_panel(
    sprite: arcade.BasicSprite, left: float, bottom: float, width: float, height: float, radius: float
) -> None:
    w, h = max(round(width), 2), max(round(height), 2)
    sprite.texture = rounded_texture(w, h, round(radius))
    sprite.size = (w, h)
    sprite.position = (round(left) + w / 2, round(bottom) + h / 2)


@lru_cache(maxsize=16)
def ring_texture(width: int, height: int, radius: int, thickness: int) -> arcade.Texture:
    """A white rounded outline (tinted by the sprite's colour): the keyboard's
    focus ring. Drawn at 4x and reduced, for smooth curves."""
    k = 4
    width, height = max(width, 2 * thickness + 2), max(height, 2 * thickness + 2)
    big = Image.new("L", (width * k, height * k), 0)
    box = (0, 0, width * k - 1, height * k - 1)
    ImageDraw.Draw(big).rounded_rectangle(box, radius=max(radius, 0) * k, outline=255, width=thickness * k)
    image = Image.new("RGBA", (width, height), (255, 255, 255, 255))
    image.putalpha(big.resize((width, height), Image.Resampling.BOX))
    return arcade.Texture(
        image, hash=f"spider-ring-{width}x{height}r{radius}t{thickness}", hit_box_algorithm=algo_bounding_box
    )


def ring_sprite(color: tuple[int, int, int, int]) -> arcade.BasicSprite:
    """The keyboard's focus ring, hidden until `place_ring` puts it around a button."""
    sprite = arcade.BasicSprite(ring_texture(8, 8, 2, 1))
    sprite.color = color
    sprite.visible = False
    return sprite


def place_ring(
    sprite: arcade.BasicSprite,
    left: float,
    bottom: float,
    width: float,
    height: float,
    radius: float,
    gap: int | None = None,
) -> None:
    """The ring around a button `width` x `height` at (`left`, `bottom`), a
    little outside it (`gap` pixels; by default in proportion) so it shows
    on a button of its own colour too."""
    gap = max(2, round(height * 0.08)) if gap is None else gap
    thickness = max(2, round(height * 0.06))
    out = gap + thickness
    w, h = max(round(width) + 2 * out, 2), max(round(height) + 2 * out, 2)
    sprite.texture = ring_texture(w, h, round(radius) + out, thickness)
    sprite.size = (w, h)
    sprite.position = (round(left) + round(width) / 2, round(bottom) + round(height) / 2)
    sprite.visible = True
