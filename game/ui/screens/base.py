"""What every screen shares: the felt, the panel, keyboard focus, Esc.

A screen is an `arcade.gui.UIView` that builds its widgets from its own state
in `build()`. Any change (a choice, a language) simply rebuilds them: the
screens are small (a rebuild is tens of milliseconds, most of it Arcade's
widget set-up), and it makes "every visible text follows the language" true
by construction.

Keyboard (focus.py): Tab / Shift+Tab and the arrow keys move the focus, Enter
or Space press the focused control (and only a control), Esc goes back
(`on_back`). A mouse click on a control moves the focus there too, so mouse
and keyboard never disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache, partial

import arcade
from arcade.gui import UIAnchorLayout, UIBoxLayout, UIFlatButton, UIInputText, UILabel, UIOnClickEvent, UIView, UIWidget
from arcade.types import Color

from game.system import internals
from game.ui.render.pacing import Pacer
from game.ui.screens import theme
from game.ui.screens.backdrop import Backdrop
from game.ui.screens.focus import FocusRing
from game.words.i18n import Translator

# The window's edge keeps at least this much felt around a panel (nothing
# within 8 px of the edge).
EDGE = 16
# The screens are designed for 1280x800 and grow with the window beyond it,
# so a panel at 1920x1080 looks like the same panel, not a small island.
DESIGN_SIZE = (1280, 800)
MAX_SCALE = 2.0
BUTTON_PAD = 16  # a button's caption keeps this much room on each side
DENSEST = 2  # see ScreenView.rebuild
REST_AFTER_S = 0.5  # without input, the screen stops redrawing after this long


@lru_cache(maxsize=2048)
def text_width(text: str, size: float, bold: bool = False) -> float:
    """How wide `text` is on one line in the screens' font (measured once)."""
    return float(arcade.Text(text, 0, 0, font_name=theme.FONT, font_size=size, bold=bold).content_width)


@lru_cache(maxsize=64)
def line_height(size: float, bold: bool = False) -> float:
    """The height of one line of text in the screens' font."""
    return float(arcade.Text("Ág", 0, 0, font_name=theme.FONT, font_size=size, bold=bold).content_height)


def widest_word(text: str, size: float, bold: bool = False) -> float:
    """The narrowest a wrapped label can be: its longest word."""
    return max((text_width(word, size, bold) for word in text.split()), default=0.0)


@dataclass
class Built:
    """What `build()` returns: the panel's content and its controls in focus order."""

    content: UIWidget
    controls: dict[str, UIWidget] = field(default_factory=dict)
    first: str | None = None  # focused when the screen opens


class ScreenView(UIView):
    """Base of the screens: the table's green, a centred panel, focus, Esc.

    Subclasses implement `build()` and `on_back()`; call `rebuild()` after
    changing anything shown. Sizes given to the widget makers are design
    pixels and points (at 1280x800); the makers scale them to the window.
    """

    def __init__(self, translator: Translator) -> None:
        super().__init__()
        self.translator = translator
        self.backdrop: Backdrop | None = None
        self.pacer = Pacer.of(self.window)
        self.quiet_s = 0.0
        self.ring = FocusRing()
        self.ring.on_input = self.wake
        self.ui.add(self.ring)
        self.controls: dict[str, UIWidget] = {}
        self._panel: UIWidget | None = None  # the panel last made, for its shadow
        self.shadow = True  # a soft shadow under the panel
        self._shadow: arcade.SpriteList[arcade.BasicSprite] = arcade.SpriteList()
        self.dense = 0  # see rebuild()
        self._fitted_for: tuple[tuple[int, int], Translator] | None = None
        # The size last given to on_resize (the window's until then): panels
        # are sized from it.
        self.screen_size: tuple[int, int] = self.window.get_size()
        self.background_color = theme.felt()
        self.rebuild()

    def over(self, view: arcade.View) -> ScreenView:
        """Open as a dialog over `view` (the table): it stays visible behind
        the panel, dimmed, drawn once now rather than every frame."""
        self.backdrop = Backdrop(view)
        self.backdrop.capture()
        return self

    # ---- to implement ------------------------------------------------------

    def build(self) -> Built:
        raise NotImplementedError

    def on_back(self) -> None:
        """Esc: leave the screen the way Cancel or Close would."""
        raise NotImplementedError

    # ---- shared behaviour --------------------------------------------------

    def t(self, key: str, **values: object) -> str:
        return self.translator.t(key, **values)

    @property
    def focused_name(self) -> str | None:
        focused = self.ring.focused_widget
        return next((name for name, w in self.controls.items() if w is focused), None)

    def focus(self, name: str) -> None:
        self.ring.set_focus(self.controls[name])

    def rebuild(self, focus: str | None = None) -> None:
        """Recreate every widget from the screen's state, keeping the focus
        on the control of the same name (or `focus`). A panel taller than
        the window (or wider) is made again denser (`dense`): tighter gaps,
        then without the optional explanations. The density found is kept
        for the next rebuild at the same size and language (a choice made on
        the screen), so that one is made once, not once per density."""
        keep = focus or self.focused_name
        self.ring.set_focus(None)
        self.ring.clear()
        fitted_for = (self.screen_size, self.translator)
        start = self.dense if self._fitted_for == fitted_for else 0
        self._fitted_for = fitted_for
        for self.dense in range(start, DENSEST + 1):
            built = self.build()
            internals.call(built.content, internals.PREPARE_LAYOUT)  # measured as arcade will lay it out
            width, height = built.content.size_hint_min or (0, 0)
            if (width or 0) <= self.screen_size[0] - 2 * EDGE and (height or 0) <= self.screen_size[1] - 2 * EDGE:
                break
        self.controls = built.controls
        self.ring.add(built.content, anchor_x="center", anchor_y="center")
        target = self.controls.get(keep or "") or self.controls.get(built.first or "")
        self.ring.set_order(list(self.controls.values()), target)
        # Placed now, not at the next frame (arcade lays out in draw()): a
        # click that comes before that frame must find the new widgets where
        # they show, or it is lost.
        self.ui.execute_layout()

    @property
    def scale(self) -> float:
        """1 up to the design size, then growing with the window."""
        w, h = self.screen_size
        return max(1.0, min(MAX_SCALE, w / DESIGN_SIZE[0], h / DESIGN_SIZE[1]))

    def px(self, design: float) -> int:
        """Design pixels to window pixels."""
        return round(design * self.scale)

    def pt(self, design: float) -> float:
        """Design points to window points."""
        return round(design * self.scale * 2) / 2

    @property
    def padding(self) -> int:
        return self.px(24 if self.dense == 0 else 16)

    def gap(self, design: float) -> int:
        """A vertical gap between parts: `design` pixels, less on a dense panel."""
        return self.px(design * (1.0, 0.6, 0.5)[self.dense])

    @property
    def hints(self) -> bool:
        """Whether optional explanations are shown (not on the densest panel)."""
        return self.dense < DENSEST

    @property
    def panel_width(self) -> int:
        """The panel's outer width: the window less its edge, at most 1000 design pixels."""
        return int(min(self.px(1000), self.screen_size[0] - 2 * EDGE))

    @property
    def panel_height(self) -> int:
        return int(self.screen_size[1] - 2 * EDGE)

    @property
    def content_width(self) -> int:
        """What fits inside the panel's padding."""
        return self.panel_width - 2 * self.padding

    def text_height(self, others: Sequence[float], space_between: int) -> int:
        """What a panel of parts this high (and one more part) with these
        gaps leaves for that one part: the height of a scrolling text."""
        used = sum(int(h) for h in others) + len(others) * self.gap(space_between)
        return max(self.px(120), self.panel_height - 2 * self.padding - used)

    def fixed_lines(self, label: UILabel, lines: int, size: float, width: int | None = None) -> UIAnchorLayout:
        """`label` in a space `lines` lines of `size` high (and `width` wide,
        or the content's width), whatever it says now: a message that comes
        and goes moves nothing else."""
        space = UIAnchorLayout(
            size_hint=None,
            width=width or self.content_width,
            height=int(lines * line_height(self.pt(size))) + 1,
        )
        space.add(label, anchor_x="center", anchor_y="top")
        return space

    def panel(self, *children: UIWidget, space_between: int = 14) -> UIBoxLayout:
        """The dark translucent panel that holds a screen's content."""
        box = UIBoxLayout(vertical=True, space_between=self.gap(space_between), align="center")
        for child in children:
            box.add(child)
        box.with_padding(all=self.padding).with_background(texture=theme.panel_background(self.scale))
        self._panel = box
        return box

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        # Reached only when no control used the key (the UI manager sees keys first).
        if symbol == arcade.key.ESCAPE:
            self.on_back()
            return True
        return None

    def on_resize(self, width: int, height: int) -> None:
        # The UI manager follows the window itself; the panel's size depends
        # on the window, so the widgets are made again for the new size.
        super().on_resize(width, height)
        self.wake()
        if (width, height) != self.screen_size:  # pyglet also sends one on show
            self.screen_size = (width, height)
            if self.backdrop is not None:
                self.backdrop.resize(width, height)
            self.rebuild()

    # ---- drawing: a still backdrop, and no redraws at rest -----------------

    def on_draw(self) -> None:
        # The backdrop replaces every pixel: no clear under it.
        if self.backdrop is None:
            self.clear()
        else:
            self.backdrop.draw()
        self._draw_shadow()
        self.ui.draw()
        self.pacer.drawn()

    def _draw_shadow(self) -> None:
        """A soft shadow under the panel, a little below it, so it seems to
        stand above the table rather than be cut into it."""
        if self._panel is None or not self.shadow:
            return
        self.ui.execute_layout()
        r = self._panel.rect
        if r.width <= 0 or r.height <= 0:
            return
        blur = self.px(theme.SHADOW_BLUR)
        spread = 2 * blur  # the soft edge reaches this far beyond the panel
        drop = self.px(6)  # lit from above: the shadow falls a little lower
        texture = theme.shadow_texture(round(r.width), round(r.height), blur)
        if not self._shadow:
            self._shadow.append(arcade.BasicSprite(texture))
        sprite = self._shadow[0]
        sprite.texture = texture
        sprite.size = (r.width + 2 * spread, r.height + 2 * spread)
        sprite.position = (r.center_x, r.center_y - drop)
        self._shadow.draw()

    def wake(self) -> None:
        """Input came (or the window was uncovered): draw at full rate again."""
        self.quiet_s = 0.0
        self.pacer.wake()

    def on_update(self, delta_time: float) -> None:
        # Counted in frames' time: a long stall (building a screen) is no quiet time.
        self.quiet_s += min(delta_time, 1 / 20)
        # A text field being typed in keeps its caret blinking.
        typing = any(isinstance(w, UIInputText) and w.active for w in self.controls.values())
        if self.quiet_s > REST_AFTER_S and not typing:
            self.pacer.rest()

    def on_show_view(self) -> None:
        super().on_show_view()
        self.wake()

    def on_hide_view(self) -> None:
        super().on_hide_view()
        self.pacer.wake()  # the next view starts at full frame rate
        if self.backdrop is not None:
            self.backdrop.release()

    # ---- widget makers (design sizes in, scaled widgets out) ----------------

    def label(
        self,
        text: str,
        *,
        size: float = theme.BODY_SIZE,
        color: Color = theme.TEXT,
        bold: bool = False,
        width: int | None = None,
        align: str = "left",
    ) -> UILabel:
        """Text; with a `width` (window pixels) it wraps onto several lines
        instead of being cut, and is never narrower than its longest word."""
        font = self.pt(size)
        if width is not None:
            width = max(width, int(widest_word(text, font, bold)) + 2)
        return UILabel(
            text=text,
            font_name=theme.FONT,
            font_size=font,
            text_color=color,
            bold=bold,
            width=width,
            multiline=width is not None,
            align=align,
        )

    def button_width(self, text: str, width: float = 180, size: float = theme.BODY_SIZE) -> int:
        """A button's width in window pixels: `width` design pixels, or more
        if its caption needs them."""
        return max(self.px(width), int(text_width(text, self.pt(size))) + 2 * self.px(BUTTON_PAD))

    def button(
        self,
        text: str,
        on_click: Callable[[], object],
        *,
        width: float = 180,
        height: float = 44,
        kind: str = "plain",
        size: float = theme.BODY_SIZE,
        exact_width: int | None = None,
    ) -> UIFlatButton:
        """A button `width` x `height` design pixels (wider if its caption
        needs it, or `exact_width` window pixels); `kind` is its look
        (theme.STYLES)."""
        font = self.pt(size)
        button = UIFlatButton(
            text=text,
            width=exact_width or self.button_width(text, width, size),
            height=self.px(height),
            style=theme.STYLES[kind](int(font)),
        )

        @button.event("on_click")
        def _clicked(event: UIOnClickEvent) -> None:
            on_click()

        return button

    def choices(
        self,
        name: str,
        options: Sequence[tuple[str, str]],
        chosen: str,
        on_choose: Callable[[str], None],
        *,
        width: int,
        height: float = 40,
    ) -> UIBoxLayout:
        """A row of buttons `width` window pixels wide of which one is chosen
        (shown in gold); each button is a control named ``<name>.<value>``."""
        row = UIBoxLayout(vertical=False, space_between=self.px(8))
        for value, text in options:
            button = self.button(
                text,
                partial(on_choose, value),
                exact_width=width,
                height=height,
                kind="selected" if value == chosen else "plain",
            )
            self.controls[f"{name}.{value}"] = button
            row.add(button)
        return row
