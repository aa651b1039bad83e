"""The accessibility adapter for each system (game.ui.access.adapter, game.ui.app.accessibility).

GIVEN the system the game runs on WHEN the window offers its tree THEN the
right AccessKit adapter gets the right native window: AT-SPI on Linux and
the BSDs, UI Automation on Windows (the HWND), NSAccessibility on macOS (the
content NSView). Windows and macOS cannot run here: their adapters are
stood in for by recorders with AccessKit's own signatures, so what the
Bridge hands them, and what it does with what they hand back, is checked.
"""

from __future__ import annotations

import ctypes
import types
from typing import Any, ClassVar

import accesskit
import pytest

from game.ui.access.adapter import Bridge, Platform, platform_of
from game.ui.access.nodes import ROOT, Node, Tree
from game.ui.access.tree import STOCK


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("linux", "unix"),
        ("freebsd14", "unix"),
        ("openbsd7", "unix"),
        ("win32", "windows"),
        ("darwin", "macos"),
        ("cygwin", None),
        ("emscripten", None),
    ],
)
def test_each_system_gets_its_adapter(name: str, expected: str | None) -> None:
    assert platform_of(name) == expected


class Events:
    """What `update_if_active` hands back on Windows and macOS: raised once, by the caller."""

    def __init__(self, log: list[str], what: str) -> None:
        self.log, self.what = log, what

    def raise_events(self) -> None:
        self.log.append(self.what)


class Subclassing:
    """AccessKit's SubclassingAdapter (windows and macos): (handle, activation handler, action handler)."""

    made: ClassVar[list[Subclassing]] = []

    def __init__(self, handle: int, activation: Any, action: Any) -> None:
        self.handle, self.activation, self.action = handle, activation, action
        self.raised: list[str] = []
        self.focus: list[bool] = []
        self.active = False
        Subclassing.made.append(self)

    def update_if_active(self, factory: Any) -> Events | None:
        if not self.active:
            return None
        assert isinstance(factory(), accesskit.TreeUpdate)
        return Events(self.raised, "update")

    def update_view_focus_state(self, focused: bool) -> Events:  # macOS only
        self.focus.append(focused)
        return Events(self.raised, f"focus {focused}")

    def ask(self) -> Any:
        """A screen reader asks for the tree (WM_GETOBJECT, accessibilityChildren)."""
        self.active = True
        return self.activation()


def system(platform: Platform) -> Any:
    """The accesskit module as it is on `platform`: the real one, plus that system's adapter."""
    public = {name: getattr(accesskit, name) for name in dir(accesskit) if not name.startswith("_")}
    return types.SimpleNamespace(**public, **{platform: types.SimpleNamespace(SubclassingAdapter=Subclassing)})


def tree(label: str = "Spider") -> Tree:
    return Tree((Node(ROOT, "WINDOW", label, children=(STOCK,)), Node(STOCK, "BUTTON", "Deal")), ROOT)


@pytest.mark.parametrize("platform", ["windows", "macos"])
def test_windows_and_macos_adapters_get_the_window_and_the_handlers(platform: Platform) -> None:
    shown = [tree()]
    woken: list[int] = []
    bridge = Bridge(lambda: shown[-1], wake=lambda: woken.append(1), platform=platform, module=system(platform))
    assert not bridge.start(None)  # no native window: nothing
    Subclassing.made.clear()
    assert bridge.start(0x5EED)
    (adapter,) = Subclassing.made
    assert adapter.handle == 0x5EED
    bridge.update()  # no screen reader yet: nothing built, nothing raised
    assert adapter.raised == ([] if platform == "windows" else ["focus True"])
    assert isinstance(adapter.ask(), accesskit.TreeUpdate) and bridge.active and woken
    shown.append(tree("Spider, moved"))
    bridge.update()
    assert adapter.raised[-1] == "update"  # the update's events are raised, on the game's thread
    request = types.SimpleNamespace(action=accesskit.Action.CLICK, target=STOCK)
    adapter.action(request)
    assert bridge.take_actions() == [("CLICK", STOCK)]


def test_macos_is_told_when_the_window_loses_and_regains_the_focus() -> None:
    bridge = Bridge(tree, platform="macos", module=system("macos"))
    Subclassing.made.clear()
    assert bridge.start(0x5EED, focused=False)
    bridge.focus_changed(True)
    (adapter,) = Subclassing.made
    assert adapter.focus == [False, True] and adapter.raised == ["focus False", "focus True"]


def test_the_native_window_comes_from_pyglet() -> None:
    from game.ui.app.accessibility import native_handle

    class Win32Window:
        _hwnd = 0x1234

    class CocoaWindow:
        _nsview = types.SimpleNamespace(ptr=ctypes.c_void_p(0xABC0))  # an ObjCInstance's pointer

    assert native_handle(Win32Window(), "windows") == 0x1234
    assert native_handle(CocoaWindow(), "macos") == 0xABC0
    assert native_handle(Win32Window(), "unix") is None  # AT-SPI needs no window
    assert native_handle(object(), "windows") is None  # a pyglet without it: no adapter, logged once
    assert native_handle(types.SimpleNamespace(_nsview=None), "macos") is None
