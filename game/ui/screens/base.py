"""What every screen shares: a panel of nodes made once, its sizes, Esc.

A screen is a `Screen`: it makes its nodes (`game.ui.panel.nodes`) once, in
`build()`, and keeps them for the life of the window. Each node reads what
it shows when the screen is laid out (its texts in the language of the
moment, a switch's state, a choice's selection), so a choice, a language or
a window size changes the screen in place: the layout puts the same nodes
at new places, and the painter changes only the texts and colours that
differ (`panel.paint`). "Every visible text follows the language" stays true
by construction, and opening a kept screen costs no more than laying it out
(about a millisecond).

The screens layer's window view (`screens.host.ScreensView`) shows one
screen at a time over the dimmed table: it lays the screen out, draws it,
and turns keys and clicks into presses of its controls (Tab and the arrows
move the focus, Enter or Space press, Esc goes back: `on_back`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.ui.panel import look
from game.ui.panel.boxes import Box, Group, controls
from game.ui.panel.flow import BUTTON_PAD, EDGE, Flow, Measure
from game.ui.panel.nodes import Button, Control, Kind, Node, Radio, Say, Size, Switch, Text
from game.words.i18n import Translator

# The screens are designed for 1280x800 and grow with the window beyond it,
# so a panel at 1920x1080 looks like the same panel, not a small island.
DESIGN_SIZE = (1280, 800)
MAX_SCALE = 2.0
PANEL_MAX = 1000  # design pixels: the widest a panel gets
PADDING = (24, 16)  # design pixels inside a panel's rim: roomy, and on a denser panel


class Screen:
    """Base of the screens (see the module docstring). Subclasses set
    `title` (the catalogue key of the dialog's name), implement `build()` and
    `on_back()`, and name the control focused when the screen opens (`first`)."""

    title = ""
    first: str | None = None

    def __init__(self, translator: Translator) -> None:
        self.translator = translator
        self.flow = Flow()
        self.fonts: Measure | None = None  # the host's, while it lays the screen out
        self.size: tuple[int, int] = DESIGN_SIZE
        self.focused: str | None = None
        # Called when what is behind the dialog changed (a new table colour): set by the view showing it.
        self.on_changed_behind: Callable[[], None] = lambda: None
        self._measured: dict[tuple[str, int], float] = {}  # sizes worked out during one layout (`measured`)
        self.root = self.build()
        self.controls: dict[str, Control] = {c.name: c for c in controls(self.root)}
        self.changed = True  # laid out again before the next frame

    # ---- to implement ------------------------------------------------------

    def build(self) -> Box:
        raise NotImplementedError

    def on_back(self) -> None:
        """Esc: leave the screen the way Cancel or Close would."""
        raise NotImplementedError

    def opened(self) -> None:
        """The screen is shown (again): the focus goes to its first control."""
        self.focused = self.first if self.first in self.controls else None

    # ---- state -------------------------------------------------------------

    def use(self, translator: Translator) -> None:
        """Speak another language (every text is read again at the next layout)."""
        if translator is not self.translator:
            self.translator = translator
            self.changed = True

    def t(self, key: str, **values: object) -> str:
        return self.translator.t(key, **values)

    def say(self, key: str, **values: object) -> Say:
        """The catalogue text `key`, in the language of the moment."""
        return lambda: self.translator.t(key, **values)

    def focus(self, name: str | None) -> None:
        """The keyboard focus to control `name` (nothing moves: no new layout)."""
        self.focused = name

    def touch(self) -> None:
        """Something the screen shows changed: lay it out and paint it again."""
        self.changed = True

    # ---- sizes (window pixels, for the nodes' functions) ---------------------

    @property
    def scale(self) -> float:
        """1 up to the design size, then growing with the window."""
        w, h = self.size
        return max(1.0, min(MAX_SCALE, w / DESIGN_SIZE[0], h / DESIGN_SIZE[1]))

    def px(self, design: float) -> int:
        """Design pixels to window pixels."""
        return round(design * self.flow.scale)

    @property
    def padding(self) -> int:
        return round(self.flow.pick(PADDING))

    @property
    def panel_width(self) -> int:
        """The panel's outer width at most: the window less its edge, at most PANEL_MAX design pixels."""
        return int(min(self.px(PANEL_MAX), self.size[0] - 2 * EDGE))

    @property
    def content_width(self) -> int:
        """What fits inside the panel's padding."""
        return self.panel_width - 2 * self.padding

    @property
    def dense(self) -> int:
        return self.flow.dense

    def measured(self, name: str, work: Callable[[], float]) -> float:
        """A size many nodes share (a column's width), worked out once per
        layout and density."""
        key = (name, self.flow.dense)
        size = self._measured.get(key)
        if size is None:
            size = self._measured[key] = work()
        return size

    def new_layout(self) -> None:
        """A layout begins: sizes worked out for the last one may differ now."""
        self._measured.clear()

    def text_width(self, text: str, size: float = look.BODY_SIZE, bold: bool = False) -> float:
        """How wide `text` is on one line at design size `size`, in window pixels."""
        assert self.fonts is not None, "measured while laid out"
        return self.fonts.line(text, self.flow.pt(size), bold)[0]

    def button_width(self, text: str, width: float = 180, size: float = look.BODY_SIZE) -> int:
        """A button's width in window pixels: `width` design pixels, or more if its caption needs them."""
        return max(self.px(width), int(self.text_width(text, size)) + 2 * self.px(BUTTON_PAD))

    # ---- node makers ---------------------------------------------------------

    def panel(self, *parts: Node, gap: Size = 14) -> Box:
        """The panel that holds a screen's content (drawn with its background and shadow)."""
        return Box(*parts, gap=gap, pad=PADDING, panel=True)

    def title_text(self) -> Text:
        return Text(self.say(self.title), size=look.TITLE_SIZE, bold=True, heading=True)

    def keys_hint(self) -> Text:
        """The keys that work on every screen (makes way on the densest panel)."""
        return Text(self.say("screens.keys_hint"), size=look.SMALL_SIZE, colour=look.TEXT_DIM, hint=True)

    def button(
        self,
        name: str,
        key: str,
        on_press: Callable[[], object],
        *,
        kind: Kind = "plain",
        width: Size = 180,
        height: Size = 44,
        size: Size = look.BODY_SIZE,
    ) -> Button:
        return Button(name, self.say(key), on_press, kind=kind, width=width, height=height, size=size)

    def switch(
        self,
        name: str,
        option: Say,
        checked: Callable[[], bool],
        on_press: Callable[[], object],
        *,
        width: Size,
        height: Size,
    ) -> Switch:
        """An option on or off (On/Off button, a check box to a screen reader)."""
        on, off = self.say("screens.on"), self.say("screens.off")
        return Switch(name, option, on, off, checked, on_press, width=width, height=height)

    def choices(
        self,
        name: str,
        option: Say,
        options: Sequence[tuple[str, Say]],
        chosen: Callable[[], str],
        on_choose: Callable[[str], None],
        *,
        width: Size,
        height: Size = 40,
        size: Size = look.BODY_SIZE,
    ) -> Group:
        """A row of buttons of which one is chosen (gold), a radio group named
        by its `option`; each button is a control named ``<name>.<value>``."""
        radios = [
            Radio(
                f"{name}.{value}",
                caption,
                _is(chosen, value),
                _calls(on_choose, value),
                width=width,
                height=height,
                size=size,
                exact=True,
            )
            for value, caption in options
        ]
        return Group(option, *radios)


def _is(chosen: Callable[[], str], value: str) -> Callable[[], bool]:
    return lambda: chosen() == value


def _calls(on_choose: Callable[[str], None], value: str) -> Callable[[], None]:
    return lambda: on_choose(value)
