"""The game's one window: its identity on the desktop (class, icon, caption) and size limits.

The window class (X11 ``WM_CLASS``, which XWayland docks also read as the
application id) is the application id (``io.github.spider_solitaire.Spider``)
in every language, whatever the caption says, so the dock matches the
window to the installed menu entry (`game.files.desktop`). Pyglet would
derive it from the caption.
"""

from __future__ import annotations

import ctypes
import logging
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import arcade
import pyglet
from PIL import Image
from pyglet.window import NoSuchDisplayException

from game.files.desktop import APP_ID, ICON_SIZES, icon_resource
from game.system import internals, resources
from game.system.geometry import MIN_SIZE, Area, Geometry
from game.ui.app import desktop_x11
from game.ui.render.pacing import Pacer

_log = logging.getLogger(__name__)


def window_icons() -> list[pyglet.image.AbstractImage]:
    """The icon at every size the game ships (the window manager picks one)."""
    images: list[pyglet.image.AbstractImage] = []
    for size in ICON_SIZES:
        try:
            images.append(icon_image(resources.path(icon_resource(size))))
        except (resources.ResourceError, pyglet.image.codecs.ImageDecodeException, OSError, ValueError):
            continue  # checked at launch (game.system.resources); a window without an icon still plays
    return images


# What pyglet's X11 `set_icon` asks each image for: _NET_WM_ICON is an array
# of C longs, one a pixel, 32-bit ARGB in the low bytes (pyglet fills the high
# bytes of 64-bit longs with alpha), rows from the top.
_ICON_FORMAT = {("little", 8): "BGRAAAAA", ("little", 4): "BGRA"}.get((sys.byteorder, ctypes.sizeof(ctypes.c_ulong)))


def icon_image(path: Path) -> pyglet.image.AbstractImage:
    """The icon at `path`, already in the layout `set_icon` sends to X (pyglet
    converts RGBA to it with a regular expression a pixel at a time, a
    noticeable part of launch for the six sizes; these are the same bytes)."""
    if _ICON_FORMAT is None:
        return pyglet.image.load(str(path))
    with Image.open(path) as opened:
        rgba = opened.convert("RGBA")
    width, height = rgba.size
    step = len(_ICON_FORMAT)
    data = bytearray(width * height * step)
    for offset, band in enumerate(_ICON_FORMAT):
        data[offset::step] = rgba.getchannel(band).tobytes()
    return pyglet.image.ImageData(width, height, _ICON_FORMAT, bytes(data), pitch=-width * step)


# Events after which the window must draw again at once: input, and whatever
# the window system did to the window. (Pointer motion alone wakes nothing:
# the views wake on what it changes, a lit button.)
WAKING_EVENTS = frozenset(
    {
        "on_key_press",
        "on_key_release",
        "on_text",
        "on_text_motion",
        "on_text_motion_select",
        "on_mouse_press",
        "on_mouse_release",
        "on_mouse_drag",
        "on_mouse_scroll",
        "on_mouse_enter",
        "on_mouse_leave",
        "on_resize",
        "on_expose",
        "on_show",
        "on_activate",
        "on_deactivate",
    }
)
# X11 sends Shift+Tab as the keysym ISO_Left_Tab, which pyglet does not know
# and reports as a "user key" made of the key's keycode: Tab's is 23 on every
# X server with the evdev keycodes (Xorg, Xvfb, XWayland).
SHIFT_TAB = pyglet.window.key.user_key(23)
KEY_EVENTS = ("on_key_press", "on_key_release")
# See SpiderWindow._forget_held_keys.
FORGET_KEYS_ON = frozenset({"on_key_release", "on_activate", "on_deactivate"})
MODIFIER_KEYS = frozenset(
    getattr(pyglet.window.key, name)
    for name in ("LSHIFT", "RSHIFT", "LCTRL", "RCTRL", "LALT", "RALT", "LMETA", "RMETA", "LWINDOWS", "RWINDOWS")
    if hasattr(pyglet.window.key, name)
)


# A display may refuse the launch's first connection and take one a moment
# later: seen on machines where several X servers start and stop at once
# (test runs side by side), the placement then went without the screens
# (as on a 1280x800 one) while the window, connecting again, opened.
CONNECT_TRIES, CONNECT_PAUSE_S = 8, 0.15


def open_display(sleep: Callable[[float], None] = time.sleep) -> Any:
    """Pyglet's display, which the window then uses too (one connection for
    both), tried again for about a second when it refuses. Raises what
    opening the window would (`pyglet.window.NoSuchDisplayException`)."""
    for attempt in range(CONNECT_TRIES):
        try:
            return pyglet.display.get_display()
        except NoSuchDisplayException:
            if attempt == CONNECT_TRIES - 1 or not os.environ.get("DISPLAY"):
                raise  # none named, or none answering: the launch says so
            sleep(CONNECT_PAUSE_S)
    raise AssertionError("unreachable")


def usable_areas() -> list[Area]:
    """The usable area (without panels and docks) of each screen, the primary
    first; empty when the screens cannot be listed. No display to ask raises
    what opening the window would (`pyglet.window.NoSuchDisplayException`)."""
    display = open_display()
    try:
        default = display.get_default_screen()
        screens = [default, *(s for s in display.get_screens() if s is not default)]
    except Exception as err:  # a backend that cannot list screens: the caller centres
        _log.warning("spider: screens not listed (%s: %s): placed as on a 1280x800 screen", type(err).__name__, err)
        return []
    areas = [Area(s.x, s.y, s.width, s.height) for s in screens]
    work = desktop_x11.work_area(display) if sys.platform.startswith("linux") else None
    if work is None:
        return areas
    # _NET_WORKAREA spans the desktop; each screen's usable part is its overlap.
    usable = []
    for area in areas:
        w, h = area.overlap(work)
        usable.append(Area(max(area.x, work.x), max(area.y, work.y), w, h) if w and h else area)
    return usable


class HeldKeys(set[int]):
    """Pyglet's set of the keys it holds for pressed (`internals.HELD_KEYS`),
    able to leave out the key whose press is being dispatched: pyglet adds
    it once the press's handlers have run, and if one of them made a new X
    window (F11), the key's release goes to the old one and never takes it
    out: its next press would be ignored."""

    def __init__(self, keys: set[int]) -> None:
        super().__init__(keys)
        self._current: int | None = None  # the key whose press is being dispatched
        self._skip: int | None = None

    def pressing(self, symbol: int | None) -> None:
        """A key event is dispatched (`symbol`: the key pressed, None for a release)."""
        self._current, self._skip = symbol, None

    def being_pressed_is_released(self) -> None:
        """The key being pressed will not be held: its release cannot come."""
        self._skip = self._current

    def add(self, symbol: int) -> None:
        if symbol == self._skip:
            self._skip = None
            return
        super().add(symbol)


class SpiderWindow(arcade.Window):
    """The game's one window; views (the table, the screens) are shown in it.

    `geometry` is where it opens (see `game.system.geometry.place`), or on a
    first launch `first_window(renderer)`, once the renderer is known;
    leaving fullscreen comes back to it, or to wherever the player moved it since.
    `on_quit` is called once with the geometry to remember, when the player
    quits (Ctrl+Q, `quit()`) or closes the window; then the window closes.
    """

    _wm_class_named = False  # set when pyglet (X11) asks for the window class, while it makes the window
    # Keys a screen reader takes first (game.ui.app.reader_keys): True drops the key.
    key_filter: Callable[[str, int, int], bool] | None = None
    _key_taken = False  # the last key pressed was the screen reader's (so is the text it typed)

    def __init__(
        self,
        width: int,
        height: int,
        title: str,
        fullscreen: bool = False,
        visible: bool = True,
        geometry: Geometry | None = None,
        first_window: Callable[[str], Geometry] | None = None,
    ) -> None:
        if geometry is not None:
            width, height = geometry.width, geometry.height
        # No MSAA: it doubles frame time on software GL and the card images
        # carry their own smooth edges. Shown only once placed.
        super().__init__(width, height, title, fullscreen=fullscreen, resizable=True, antialiasing=False, visible=False)
        if first_window is not None and not self.headless:
            # A first launch's size depends on the renderer, known only now
            # (GL_RENDERER): larger on a hardware one. Still hidden: nothing shows twice.
            geometry = first_window(str(self.ctx.info.RENDERER))
            if (geometry.width, geometry.height) != (width, height):
                self.set_size(geometry.width, geometry.height)
        self.pacer = Pacer.of(self)
        self.on_quit: Callable[[Geometry], None] | None = None
        self._quitting = False
        self._normal = geometry  # the last windowed, not maximized, geometry
        self._maximized_before = False  # whether the window was maximized when it went fullscreen
        if self.headless:
            return
        if sys.platform.startswith("linux") and not self._wm_class_named:
            internals.missing(internals.SET_WM_CLASS)  # pyglet did not ask us: the class follows the caption
        self.set_minimum_size(*MIN_SIZE)
        held = internals.get(self, internals.HELD_KEYS)
        if isinstance(held, set):
            internals.put(self, internals.HELD_KEYS, HeldKeys(held))
        self._icons = window_icons()
        if self._icons:
            self.set_icon(*self._icons)
        if geometry is not None:
            if fullscreen:
                # Leaving fullscreen comes back here, not to pyglet's guess.
                internals.put(self, internals.WINDOWED_SIZE, (geometry.width, geometry.height))
                internals.put(self, internals.WINDOWED_LOCATION, (geometry.x, geometry.y))
            else:
                self._place_at(geometry.x, geometry.y)
        if visible:
            self.set_visible(True)
            if geometry is not None and geometry.maximized and not fullscreen:
                self.maximize()

    # ---- geometry --------------------------------------------------------------

    def is_maximized(self) -> bool:
        if self.headless:
            return False
        return desktop_x11.is_maximized(self) if sys.platform.startswith("linux") else False

    def current_geometry(self) -> Geometry:
        """What to remember: the windowed geometry (the one fullscreen or
        maximized will return to) and whether it is maximized."""
        if self.fullscreen:
            return self._normal or self._here(False)
        if self.is_maximized():
            normal = self._normal or self._here(False)
            return Geometry(normal.x, normal.y, normal.width, normal.height, True)
        self._normal = self._here(False)
        return self._normal

    def _here(self, maximized: bool) -> Geometry:
        x, y = self.get_location()
        width, height = self.get_size()
        return Geometry(x, y, width, height, maximized)

    def set_fullscreen(self, fullscreen: bool = True, *args: object, **kwargs: object) -> None:
        if fullscreen and not self.fullscreen:
            self._maximized_before = self.is_maximized()
            if not self._maximized_before:
                self._normal = self._here(False)
        super().set_fullscreen(fullscreen, *args, **kwargs)  # type: ignore[arg-type]
        if self.headless:
            return
        # Pyglet makes a new X window for the change: give it our icons again
        # (it would carry one default icon), and the keyboard focus.
        if self._icons:
            self.set_icon(*self._icons)
        if not fullscreen:
            self.set_minimum_size(*MIN_SIZE)  # the new window has no size hints of its own
            if self._normal is not None:
                self.set_size(self._normal.width, self._normal.height)
                self._place_at(self._normal.x, self._normal.y)
            if self._maximized_before:
                self.maximize()  # back as it was before fullscreen
        # The keys' releases go to the old window, the key that asked (F11)
        # included: pyglet would hold them for pressed and ignore their next press.
        self._forget_held_keys(keep_modifiers=False)
        held = internals.get(self, internals.HELD_KEYS)
        if isinstance(held, HeldKeys):
            held.being_pressed_is_released()
        self.activate()
        self.pacer.wake()

    def _place_at(self, x: int, y: int) -> None:
        """Put the drawing area at (x, y), telling the window manager that the
        player chose that place (it would pick one of its own when the window
        shows) and that it is the drawing area's (not its frame's)."""
        if sys.platform.startswith("linux"):
            desktop_x11.hint_own_place(self, MIN_SIZE)
        self.set_location(x, y)

    # ---- quitting --------------------------------------------------------------

    def quit(self) -> None:
        """Ctrl+Q: remember the window, then close it (the game is saved after every action)."""
        self._remember_and_close()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        """Ctrl+Q (Cmd+Q) quits from any view, a screen or a dialog included:
        views see keys first and leave this one to the window."""
        from game.ui.input.intents import Command
        from game.ui.input.keymap import lookup

        if lookup(symbol, modifiers) is Command.QUIT:
            self.quit()

    def on_close(self) -> None:
        """The window's close button: the same as Ctrl+Q."""
        self._remember_and_close()

    def _remember_and_close(self) -> None:
        if self._quitting:
            return
        self._quitting = True
        if self.on_quit is not None:
            self.on_quit(self.current_geometry())
        self.close()

    def set_wm_class(self, name: str) -> None:
        """Pyglet (X11) names the window class after the caption while creating
        the window, before it is mapped; ours is fixed."""
        self._wm_class_named = True
        internals.call(super(), internals.SET_WM_CLASS, APP_ID)

    def dispatch_event(self, *args: Any) -> None:
        """Every event passes here before any view sees it: input and window
        events wake the pacer (the next frame is drawn at once, whatever
        view is shown), and X11's Shift+Tab becomes Tab with Shift."""
        name = args[0] if args else None
        held = internals.get(self, internals.HELD_KEYS) if name in KEY_EVENTS else None
        if isinstance(held, HeldKeys):
            held.pressing(args[1] if name == "on_key_press" and len(args) == 3 else None)
        if name in WAKING_EVENTS:
            self.pacer.wake()
            if name in KEY_EVENTS and len(args) == 3 and args[1] == SHIFT_TAB:
                args = (name, pyglet.window.key.TAB, args[2] | pyglet.window.key.MOD_SHIFT)
            if name in FORGET_KEYS_ON:
                self._forget_held_keys(keep_modifiers=name == "on_key_release")
        if self.key_filter is not None and self._taken(args):
            return
        super().dispatch_event(*args)

    def _taken(self, args: tuple[Any, ...]) -> bool:
        """Whether the screen reader took this key (and the text it typed)."""
        name = args[0]
        if name in KEY_EVENTS and len(args) == 3 and self.key_filter is not None:
            taken = self.key_filter(name, args[1], args[2])
            if name == "on_key_press":
                self._key_taken = taken
            return taken
        return name in ("on_text", "on_text_motion") and self._key_taken

    def _forget_held_keys(self, keep_modifiers: bool) -> None:
        """Pyglet (X11) ignores the press of a key it believes still held (its
        guard against auto-repeat), and believes it held until a release with
        the same symbol comes. A key released with another symbol (Shift let
        go before Tab: ISO_Left_Tab pressed, Tab released) or whose release
        never came (the window lost the focus, or was made anew for
        fullscreen) would stay "held", its presses lost for good: Shift+Tab
        worked once, and Ctrl+Z or Ctrl+Q could die after a fullscreen
        change. So after any key's release only modifiers stay held, and
        nothing after a focus change."""
        held = internals.get(self, internals.HELD_KEYS)
        if not isinstance(held, set):
            return
        if keep_modifiers:
            held.intersection_update(MODIFIER_KEYS)
        else:
            held.clear()
