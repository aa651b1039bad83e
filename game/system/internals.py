"""Every private name of arcade and pyglet that Spider uses, in one place.

Each entry says where it is used, why, and what the game does without it. A
new arcade or pyglet may rename any of them without notice, so no use site
touches one directly: it goes through `get`, `put` or `call` here, which
turn a name that is gone into a fallback and one logged line (once per
entry, never a raise), so the game still starts and plays. The tests
(tests/system/test_internals.py) check every entry against the installed arcade and
pyglet, so a release that drops one fails in CI, not on a player's desktop.

This module imports neither arcade nor pyglet: `python -m game` uses it
before either is imported (`skip_ffmpeg_probe`).
"""

from __future__ import annotations

import logging
import sys
from dataclasses import dataclass
from typing import Any, Literal

_log = logging.getLogger(__name__)

Kind = Literal["member", "instance attribute", "platform attribute", "module", "behaviour"]


@dataclass(frozen=True, slots=True)
class Internal:
    """A private name of a dependency: `owner` (a module or class, dotted)
    has `name`. `kind` says how the tests find it: a class member, an
    attribute the class sets on its instances, the same in a class of
    another system (Windows, macOS: its module cannot be imported here, so
    the tests read its source), a submodule, or a public name whose
    undocumented behaviour we rely on."""

    owner: str
    name: str
    kind: Kind
    where: str
    why: str
    without: str

    @property
    def label(self) -> str:
        return f"{self.owner}.{self.name}"

    @property
    def library(self) -> str:
        return self.owner.split(".")[0]


WINDOWED_SIZE = Internal(
    "pyglet.window.BaseWindow",
    "_windowed_size",
    "member",
    "game/ui/app/window.py",
    "a window that opens fullscreen leaves fullscreen at the size the player left it, not pyglet's guess",
    "leaving fullscreen shows pyglet's default size for a moment before the remembered one",
)
WINDOWED_LOCATION = Internal(
    "pyglet.window.BaseWindow",
    "_windowed_location",
    "member",
    "game/ui/app/window.py",
    "a window that opens fullscreen leaves fullscreen where the player left it",
    "leaving fullscreen shows the window at pyglet's place for a moment before the remembered one",
)
SET_WM_CLASS = Internal(
    "pyglet.window.xlib.XlibWindow",
    "set_wm_class",
    "member",
    "game/ui/app/window.py",
    "pyglet names the X11 window class after the caption while it creates the window; "
    "our override makes it the application id in every language, so the dock matches the menu entry",
    "the window class follows the caption: the dock may show the window apart from Spider's menu entry",
)
HELD_KEYS = Internal(
    "pyglet.window.xlib.XlibWindow",
    "pressed_keys",
    "instance attribute",
    "game/ui/app/window.py",
    "pyglet ignores the press of a key it holds for pressed (its auto-repeat guard), marks a key held only "
    "after its press is dispatched, and forgets it when its release reaches the same X window; ours forgets "
    "keys whose release cannot come (F11 makes a new X window, a focus change)",
    "F11 answers every second press only, and a key released elsewhere stays dead until pressed again",
)
X_DISPLAY = Internal(
    "pyglet.display.xlib.XlibDisplay",
    "_display",
    "instance attribute",
    "game/ui/app/desktop_x11.py",
    "the X connection, to ask the window manager for the desktop's usable area (_NET_WORKAREA)",
    "the first window fits the whole screen, panels and docks included",
)
WINDOW_X_DISPLAY = Internal(
    "pyglet.window.xlib.XlibWindow",
    "_x_display",
    "instance attribute",
    "game/ui/app/desktop_x11.py",
    "the window's X connection, to ask the window manager whether it is maximized (_NET_WM_STATE), "
    "and for a key's hardware code (a screen reader matches its keys by it)",
    "a maximized window is remembered as not maximized; a screen reader's keys pass to the game",
)
X_WINDOW = Internal(
    "pyglet.window.xlib.XlibWindow",
    "_window",
    "instance attribute",
    "game/ui/app/desktop_x11.py",
    "the X window id, to ask the window manager whether it is maximized (_NET_WM_STATE)",
    "a maximized window is remembered as not maximized",
)
EXPAND_TO_RGBA = Internal(
    "pyglet.font.freetype.FreeTypeGlyphRenderer",
    "_expand_to_rgba",
    "member",
    "game/ui/render/glyphs.py",
    "pyglet widens each glyph bitmap in a per-byte Python loop (slow at launch); ours does it in C",
    "pyglet's own conversion: a slower launch and first dialog, the same text",
)
DEFAULT_ATLAS = Internal(
    "arcade.context.ArcadeContext",
    "_atlas",
    "instance attribute",
    "game/ui/cards/atlas.py",
    "tells whether arcade's default texture atlas exists yet without making it (`default_atlas` makes it)",
    "nothing a player sees: the atlas size is set even when the atlas exists, where it has no effect",
)
SPRITE_LIST_DATA = Internal(
    "arcade.SpriteList",
    "data",
    "behaviour",
    "game/ui/table/covered_cards.py",
    "a sprite list's GL buffers and the program that draws them (public, undocumented); the table's "
    "card list draws covered cards as the strip that shows, a sprite's depth carrying the strip",
    "every card is drawn whole: the same picture, slower frames on software OpenGL",
)
SPRITE_LIST_PROGRAM = Internal(
    "arcade.sprite_list.sprite_list.SpriteListBufferData",
    "program",
    "instance attribute",
    "game/ui/table/covered_cards.py",
    "the program a sprite list draws with, replaced for the table's cards (see SPRITE_LIST_DATA)",
    "every card is drawn whole: the same picture, slower frames on software OpenGL",
)
FFMPEG_LIB = Internal(
    "pyglet.media.codecs",
    "ffmpeg_lib",
    "module",
    "game/__main__.py",
    "the sounds are WAV, which pyglet decodes itself: blocking this module makes pyglet's FFmpeg probe fail at once",
    "pyglet searches for the FFmpeg libraries at every launch (slow)",
)
AUDIO_DRIVER = Internal(
    "pyglet.media.drivers",
    "_audio_driver",
    "member",
    "game/ui/sound/output.py",
    "the launch imports pyglet with its silent driver (no audio probe before the first table); "
    "the real driver, opened after the first frame, is made the one pyglet's players use",
    "the game stays silent",
)
WIN32_HWND = Internal(
    "pyglet.window.win32.Win32Window",
    "_hwnd",
    "platform attribute",
    "game/ui/app/accessibility.py",
    "on Windows, AccessKit's adapter (UI Automation) subclasses the window: it needs its HWND",
    "on Windows no screen reader reads the window (our own voice still speaks)",
)
COCOA_NSVIEW = Internal(
    "pyglet.window.cocoa.CocoaWindow",
    "_nsview",
    "platform attribute",
    "game/ui/app/accessibility.py",
    "on macOS, AccessKit's adapter (NSAccessibility) subclasses the window's content view: it needs that NSView",
    "on macOS VoiceOver does not read the window (our own voice still speaks)",
)
# Read by tests only: what a test checks of arcade or pyglet goes through this list as well.
KEY_EVENT_VIEW = Internal(
    "pyglet.window.xlib.XlibWindow",
    "_event_key_view",
    "member",
    "tests/system/test_internals.py",
    "HELD_KEYS relies on how pyglet handles a key press (dispatched, then marked held); "
    "the test reads this method's source to see that it still does",
    "nothing for a player; the test of that reliance cannot read it and fails",
)
DRAW_RATE = Internal(
    "arcade.Window",
    "_draw_rate",
    "instance attribute",
    "tests/ui/table/test_table_drawing.py",
    "the rate the table at rest asked arcade to draw at (set_draw_rate has no getter), read by the test "
    "that the window stops redrawing at rest",
    "nothing for a player; that test cannot read the rate and fails",
)

INTERNALS: tuple[Internal, ...] = (
    WINDOWED_SIZE,
    WINDOWED_LOCATION,
    SET_WM_CLASS,
    HELD_KEYS,
    X_DISPLAY,
    WINDOW_X_DISPLAY,
    X_WINDOW,
    EXPAND_TO_RGBA,
    DEFAULT_ATLAS,
    SPRITE_LIST_DATA,
    SPRITE_LIST_PROGRAM,
    FFMPEG_LIB,
    AUDIO_DRIVER,
    WIN32_HWND,
    COCOA_NSVIEW,
    KEY_EVENT_VIEW,
    DRAW_RATE,
)

_reported: set[str] = set()  # the labels already logged: one line per entry and process
_ABSENT = object()
_ffmpeg_blocked = False


def missing(internal: Internal) -> None:
    """Log, once per process, that `internal` is not what Spider expects and
    what the game does instead."""
    if internal.label in _reported:
        return
    _reported.add(internal.label)
    _log.warning(
        "spider: %s %s has no %s as Spider knows it (%s); %s. Please report this.",
        internal.library,
        _version(internal.library),
        internal.label,
        internal.where,
        internal.without,
    )


def _version(library: str) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(library)
    except PackageNotFoundError:
        return "(version unknown)"


def get(obj: object, internal: Internal, fallback: Any = None) -> Any:
    """`obj`'s `internal`, or `fallback` (logged once) when it has none."""
    value = getattr(obj, internal.name, _ABSENT)
    if value is _ABSENT:
        missing(internal)
        return fallback
    return value


def put(obj: object, internal: Internal, value: object) -> bool:
    """Set `obj`'s `internal` if it still has one; False (logged once) if not:
    a new name would be read by nobody."""
    if not hasattr(obj, internal.name):
        missing(internal)
        return False
    setattr(obj, internal.name, value)
    return True


def call(obj: object, internal: Internal, *args: object, fallback: Any = None) -> Any:
    """Call `obj`'s method `internal`; `fallback` (logged once) when it has none."""
    method = get(obj, internal)
    if not callable(method):
        if method is not None:
            missing(internal)
        return fallback
    return method(*args)


def skip_ffmpeg_probe() -> None:
    """Make pyglet's FFmpeg probe fail at once (call before pyglet.media is imported)."""
    global _ffmpeg_blocked
    if "pyglet.media" in sys.modules:
        return  # probed already: too late to skip, and nothing to check
    sys.modules.setdefault(FFMPEG_LIB.label, None)  # type: ignore[arg-type]
    _ffmpeg_blocked = True


def check_ffmpeg_probe_skipped() -> bool:
    """After pyglet.media is imported: True unless pyglet loaded an FFmpeg
    module after all (then it probed under another name: logged once)."""
    loaded = [name for name, module in list(sys.modules.items()) if "ffmpeg" in name and module is not None]
    if _ffmpeg_blocked and any(name.startswith("pyglet.") for name in loaded):
        missing(FFMPEG_LIB)
        return False
    return True
