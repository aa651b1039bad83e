"""What a dialog is made of, as plain objects: texts, buttons, switches,
choices, a text field, a scrolling page, pictures, and the boxes and grids
that hold them.

A screen makes its tree of nodes once and keeps it. Nothing here is fixed at
construction that can change later: a text is a function (`Say`) read each
time the screen is laid out, and so are a button's look, a switch's state, a
choice's selection and whether a node shows. So a choice, a new language or
a new window size changes the nodes' values in place; no node is made again.

The same nodes are drawn (`panel.paint`), laid out (`panel.flow`), walked by
the keyboard (`panel.focus`) and read by screen readers (their `role`,
`name`, `checked`, `selected`): one model of each control. Sizes are design
pixels and points (at 1280x800), scaled by the layout; a size may be given
per density (a tuple: roomy, tighter, tightest) or as a function giving
window pixels. No arcade here: the nodes and their layout are tested
without a window.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from game.ui.layout.rect import Rect

Say = Callable[[], str]  # a text as it reads now (language, state)
Flag = Callable[[], bool]
Size = float | tuple[float, ...] | Callable[[], float]  # design units, one per density, or window pixels
Colour = tuple[int, int, int] | tuple[int, int, int, int]
Align = Literal["start", "center", "end"]
Kind = Literal["plain", "selected", "danger", "day", "won", "played"]

NOWHERE = Rect(0, 0, 0, 0)


def always() -> bool:
    return True


def fixed(text: str) -> Say:
    """A text that never changes (a number, a code)."""
    return lambda: text


class Node:
    """Anything on a panel. `shown` says whether it shows now; a `hint` (an
    optional explanation) makes way on the densest panel. `rect` is where the
    last layout put it (window pixels, y up); `revision` counts the times what
    it draws changed (the painter bumps it), so a test can see what a change
    touched."""

    role = "GENERIC_CONTAINER"

    def __init__(self, *, shown: Flag = always, hint: bool = False) -> None:
        self.shown = shown
        self.hint = hint
        self.parent: Node | None = None
        self.rect = NOWHERE
        self.visible = True  # set by the layout: shown, and not a hint on the densest panel
        self.sized = True  # set by the layout: takes room (a hidden child of a Stack does)
        self.revision = 0

    @property
    def children(self) -> Sequence[Node]:
        return ()

    def walk(self) -> Iterator[Node]:
        """This node and everything under it, in reading order."""
        yield self
        for child in self.children:
            yield from child.walk()


class Text(Node):
    """Words. One line at its own width, or (`wrap`) filling the width its
    box gives it (`width` caps it) and wrapping between words."""

    role = "LABEL"

    def __init__(
        self,
        say: Say,
        *,
        size: Size = 14,
        colour: Colour | Callable[[], Colour] = (245, 240, 225),
        bold: bool = False,
        wrap: bool = False,
        width: Size | None = None,
        align: Align = "start",
        lines: int = 0,
        heading: bool = False,
        names_control: bool = False,
        shown: Flag = always,
        hint: bool = False,
    ) -> None:
        super().__init__(shown=shown, hint=hint)
        self.say = say
        # A control's name or explanation beside it: a screen reader hears it
        # with the control (its name, its description), not a second time alone.
        self.names_control = names_control
        self.size = size
        self.colour = colour
        self.bold = bold
        self.wrap = wrap
        self.width = width
        self.align = align
        self.lines = lines  # keep room for this many lines whatever it says (a message that comes and goes)
        self.heading = heading

    @property
    def text(self) -> str:
        return self.say()

    def colour_now(self) -> Colour:
        return self.colour() if callable(self.colour) else self.colour


class Control(Node):
    """Something a player can press or type into, with a stable `name`."""

    def __init__(self, name: str, *, enabled: Flag = always, shown: Flag = always) -> None:
        super().__init__(shown=shown)
        self.name = name
        self.enabled = enabled
        self.label: Say = fixed(name)  # what a screen reader calls it
        self.description: Say | None = None  # and what it says after the name (an option's explanation)

    @property
    def available(self) -> bool:
        return self.visible and self.enabled()


class Button(Control):
    """A push button: `caption` on a `kind` of button (plain, selected, danger)."""

    role = "BUTTON"

    def __init__(
        self,
        name: str,
        caption: Say,
        on_press: Callable[[], object],
        *,
        kind: Kind | Callable[[], Kind] = "plain",
        width: Size = 180,
        height: Size = 44,
        size: Size = 14,
        exact: bool = False,
        enabled: Flag = always,
        shown: Flag = always,
    ) -> None:
        super().__init__(name, enabled=enabled, shown=shown)
        self.caption = caption
        self.label = caption
        self.on_press = on_press
        self.kind = kind
        self.width = width  # at least this, or more if the caption needs it (exactly this with `exact`)
        self.height = height
        self.size = size
        self.exact = exact

    def kind_now(self) -> Kind:
        return self.kind() if callable(self.kind) else self.kind

    def press(self) -> bool:
        """Do what the button does, if it can be pressed now."""
        if not self.available:
            return False
        self.on_press()
        return True


class Switch(Button):
    """An option that is on or off: shown as an On/Off button (gold when on),
    read as a check box named by its option, checked or not."""

    role = "CHECK_BOX"

    def __init__(
        self,
        name: str,
        option: Say,
        on: Say,
        off: Say,
        checked: Flag,
        on_press: Callable[[], object],
        *,
        width: Size = 100,
        height: Size = 40,
        size: Size = 14,
    ) -> None:
        super().__init__(
            name, lambda: on() if checked() else off(), on_press, width=width, height=height, size=size, exact=True
        )
        self.kind = lambda: "selected" if checked() else "plain"
        self.label = option
        self.checked = checked


class Radio(Button):
    """One choice of several (speed, language, suits…): gold when chosen,
    read as a radio button; its `group` names the option."""

    role = "RADIO_BUTTON"

    def __init__(
        self,
        name: str,
        caption: Say,
        chosen: Flag,
        on_press: Callable[[], object],
        *,
        width: Size = 100,
        height: Size = 40,
        size: Size = 14,
        exact: bool = True,
    ) -> None:
        super().__init__(name, caption, on_press, width=width, height=height, size=size, exact=exact)
        self.kind = lambda: "selected" if chosen() else "plain"
        self.selected = chosen
        self.group: Say = fixed("")


class Field(Control):
    """A line of text the player types or pastes into (a game code). The
    painter keeps the caret; `text` is what the field holds."""

    role = "TEXT_INPUT"

    def __init__(
        self,
        name: str,
        label: Say,
        *,
        width: Size = 460,
        height: Size = 40,
        size: Size = 16,
        invalid: Flag = lambda: False,
        on_change: Callable[[str], None] = lambda _text: None,
        on_submit: Callable[[], None] = lambda: None,
    ) -> None:
        super().__init__(name)
        self.label = label
        self.width = width
        self.height = height
        self.size = size
        self.invalid = invalid
        self.on_change = on_change
        self.on_submit = on_submit
        self.text = ""
        self.caret = 0  # where typing goes (the painter's caret follows it)

    def set_text(self, text: str, caret: int | None = None) -> None:
        """Replace what the field holds (as typing would: `on_change` hears it)."""
        self.caret = len(text) if caret is None else max(0, min(caret, len(text)))
        if text != self.text:
            self.text = text
            self.on_change(text)


@dataclass(frozen=True, slots=True)
class Paragraph:
    """One paragraph of a scrolling page. `style` picks its look: a heading,
    body text, a bullet, or a row of two cells at `tab` design pixels (the
    score and key tables)."""

    text: str
    style: Literal["heading", "body", "line", "bullet", "row", "head_row", "last_row"] = "body"
    tab: int = 0  # for rows: where the second cell starts
    hang: bool = False  # a row whose long second cell wraps under itself


class Scroll(Control):
    """A page longer than its place (the rules, the table in words): it takes
    the height the panel leaves and scrolls; wheel, arrows, Page Up/Down,
    Home and End. Read as a document of paragraphs."""

    role = "DOCUMENT"

    def __init__(
        self, name: str, label: Say, paragraphs: Callable[[], Sequence[Paragraph]], *, width: Size | None = None
    ) -> None:
        super().__init__(name)
        self.label = label
        self.paragraphs = paragraphs
        self.width = width  # at most this wide (else as wide as its box)
        self.scroll = 0.0  # pixels from the top (the painter keeps it within the page)
        self.page_height = 0.0  # the whole page, as last laid out (the painter tells)
        self.max_scroll = 0.0  # how far it scrolls (the painter tells)

    @property
    def page(self) -> str:
        """The whole page's text, a paragraph a line."""
        return "\n".join(p.text for p in self.paragraphs())


@dataclass(frozen=True, slots=True)
class Shape:
    """One rectangle of a picture, in the picture's own design pixels (y up
    from its bottom left): a colour, or an image (`texture`, opaque to this
    module) tinted by the colour."""

    left: float
    bottom: float
    width: float
    height: float
    colour: Colour = (255, 255, 255, 255)
    texture: object = None


class Picture(Node):
    """A drawing of rectangles (a chart, the Appearance preview): `shapes()`
    lists them for the size it is shown at (design pixels)."""

    role = "IMAGE"

    def __init__(
        self,
        width: Size,
        height: Size,
        shapes: Callable[[float, float], Sequence[Shape]],
        *,
        describe: Say | None = None,
        shown: Flag = always,
    ) -> None:
        super().__init__(shown=shown)
        self.width = width
        self.height = height
        self.shapes = shapes
        self.describe = describe or fixed("")  # what a screen reader says of the picture
