"""The still behind a dialog: the table, dimmed, with the panel's shadow and
background, composed once per open and copied to the screen each frame.

A dialog (New game, Options, Rules, Statistics, the description, a
confirmation) opens over the table, which stays visible behind it, dimmed,
as in Microsoft Spider and Aisleriot. The table is drawn once into an
offscreen image, darkened, and the panel's soft shadow and rounded
background are drawn over it there; each frame of the dialog then costs one
full-window copy of that image (no blending) plus the panel's own controls
and texts. The still is composed again only when the window changes size,
the panel changes size, or the table behind changes (Appearance); it is
freed when the dialog closes, so nothing window-sized outlives an open.
"""

from __future__ import annotations

import arcade

from game.ui.layout.rect import Rect
from game.ui.panel import look
from game.ui.render.pacing import Pacer
from game.ui.screens.screen_image import ScreenImage


class Backdrop:
    """A dimmed still of a view (the table) with a panel on it."""

    def __init__(self, window: arcade.Window) -> None:
        self.window = window
        self.ctx = window.ctx
        self.image = ScreenImage(self.ctx)
        self.view: arcade.View | None = None  # what is behind (None: the felt alone)
        self.panel: Rect | None = None
        self.scale = 1.0
        self.composed_for: tuple[object, ...] | None = None
        self.captures = 0  # how many times the view behind was drawn (tests)
        self._sprites: arcade.SpriteList[arcade.BasicSprite] = arcade.SpriteList()
        self._shadow = arcade.BasicSprite(look.shadow_texture(8, 8, 2))
        self._panel = [arcade.BasicSprite(look.shadow_texture(8, 8, 2)) for _ in range(9)]  # its nine pieces
        self._sprites.extend([self._shadow, *self._panel])

    def behind(self, view: arcade.View | None) -> None:
        """Show `view` behind the next panel (composed at the next draw)."""
        self.view = view
        self.composed_for = None

    def place(self, panel: Rect | None, scale: float) -> None:
        """The panel is there now (composed again at the next draw if it moved)."""
        self.panel, self.scale = panel, scale

    def again(self) -> None:
        """The view behind changed (a new table colour): compose anew."""
        self.composed_for = None

    def _wanted(self) -> tuple[object, ...]:
        return (self.ctx.screen.size, self.panel, self.scale, self.view)

    def compose(self) -> None:
        """Draw the view once as it is now, dim it, and lay the panel on it."""
        pacer = Pacer.of(self.window)
        owed = pacer.owed  # this picture is no frame on screen
        with self.image.framebuffer().activate() as fbo:
            fbo.clear(color=look.felt())
            if self.view is not None:
                # Everything the view draws goes to the active framebuffer (its
                # own clear to the screen, which this frame covers anyway). A
                # view may draw itself otherwise behind a dialog (`draw_behind`).
                getattr(self.view, "draw_behind", self.view.on_draw)()
                self.captures += 1
            self.window.default_camera.use()
            w, h = self.window.get_size()
            with self.ctx.enabled(self.ctx.BLEND):
                self.ctx.blend_func = self.ctx.BLEND_DEFAULT
                arcade.draw_lrbt_rectangle_filled(0, w, 0, h, (0, 0, 0, round(255 * (1 - look.DIM))))
                if self.panel is not None and self.panel.width > 0:
                    self._lay_panel(self.panel)
                    self._sprites.draw()
        pacer.owed = owed
        self.composed_for = self._wanted()

    def _lay_panel(self, r: Rect) -> None:
        k = self.scale
        blur = round(look.SHADOW_BLUR * k)
        spread = 2 * blur  # the soft edge reaches this far beyond the panel
        w, h = round(r.width), round(r.height)
        self._shadow.texture = look.shadow_texture(w, h, blur)
        self._shadow.size = (w + 2 * spread, h + 2 * spread)
        self._shadow.position = (r.center_x, r.center_y - round(look.SHADOW_DROP * k))
        for sprite, (texture, left, bottom, width, height, tint) in zip(
            self._panel, look.panel_pieces(r.left, r.bottom, w, h, k), strict=True
        ):
            sprite.texture = texture
            sprite.size = (max(1, width), max(1, height))
            sprite.position = (left + width / 2, bottom + height / 2)
            sprite.color = tint
            sprite.visible = width > 0 and height > 0

    def draw(self) -> None:
        """The still over the whole window (every pixel is replaced)."""
        if self.composed_for != self._wanted():
            self.compose()
        self.image.copy_to_screen()

    def release(self) -> None:
        """Free the still (the dialog closed)."""
        self.image.release()
        self.composed_for = None
        self.view = None
