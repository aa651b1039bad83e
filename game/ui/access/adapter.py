"""The accessibility tree handed to the system through AccessKit.

`to_update` turns our `Tree` (checked first: a malformed update panics
AccessKit's Rust thread) into an AccessKit `TreeUpdate`. `Bridge` holds
the platform adapter of the window, chosen by `platform_of`: AT-SPI on
Linux and the BSDs (X11 or XWayland); on Windows (UI Automation) and macOS
(NSAccessibility) AccessKit's subclassing adapter, given the native window
handle (an HWND, an NSView pointer) by the caller; those two are wired but
untried (docs/ACCESSIBILITY.md). It costs nothing until a screen reader (any
assistive technology) asks for the tree: `update` builds no tree while none
is listening, and with no accessibility bus, no handle, or without the
`accesskit` package, it does nothing.

AccessKit may call the handlers on its own thread: `active` is a flag read
by the game's thread, and actions (a screen reader's "press", "focus") are
queued for the game's thread (`take_actions`, from the event loop).
"""

from __future__ import annotations

import logging
import queue
import sys
from collections.abc import Callable, Sequence
from typing import Any, Literal

from game.ui.access.nodes import Node, Tree, check

_log = logging.getLogger(__name__)

APP_NAME = "Spider Solitaire"  # the application's name to assistive technologies, in every language
TOOLKIT = "Spider (Arcade, pyglet)"


Platform = Literal["unix", "windows", "macos"]


def platform_of(name: str) -> Platform | None:
    """The AccessKit adapter for the system `name` (``sys.platform``), or None where AccessKit has none."""
    if name.startswith(("linux", "freebsd", "openbsd", "netbsd", "dragonfly")):
        return "unix"
    if name == "win32":
        return "windows"
    if name == "darwin":
        return "macos"
    return None


HERE = platform_of(sys.platform)


def _load() -> Any:
    try:
        import accesskit
    except ImportError:  # not installed (a source checkout without it): no tree, the game plays on
        return None
    return accesskit


def to_node(ak: Any, node: Node) -> Any:
    """One AccessKit node for one of ours."""
    out = ak.Node(getattr(ak.Role, node.role))
    if node.label:
        out.set_label(node.label)
    if node.value is not None:
        out.set_value(node.value)
    elif node.role == "LABEL" and node.label:
        out.set_value(node.label)  # AccessKit names a label by its value
    if node.description:
        out.set_description(node.description)
    if node.children:
        out.set_children(list(node.children))
    if node.disabled:
        out.set_disabled()
    if node.selected is not None:
        out.set_selected(node.selected)
    if node.checked is not None:
        out.set_toggled(ak.Toggled.TRUE if node.checked else ak.Toggled.FALSE)
    if node.live:
        out.set_live(ak.Live.POLITE)
    for action in node.actions:
        out.add_action(getattr(ak.Action, action))
    if node.bounds is not None:
        left, top, width, height = node.bounds
        out.set_bounds(ak.Rect(float(left), float(top), float(left + width), float(top + height)))
    return out


def to_update(ak: Any, tree: Tree, app_name: str = APP_NAME) -> Any:
    """The whole tree as one AccessKit update (raises ValueError if malformed)."""
    check(tree)
    update = ak.TreeUpdate(tree.focus)
    whole = ak.Tree(tree.root)
    whole.toolkit_name = TOOLKIT
    update.tree = whole
    for node in tree.nodes:
        out = to_node(ak, node)
        if node.id == tree.root:
            out.set_label(app_name if not node.label else node.label)
        update.nodes.append((node.id, out))
    return update


class Bridge:
    """The window's accessibility adapter (see the module docstring).

    `source` makes the tree as the window shows it now; `stage` (if given)
    turns the tree last sent and the new one into the trees to send, in
    order (`game.ui.access.staging`); `wake` is called (from AccessKit's
    thread) when a screen reader acts, so the game's loop takes the action
    at once."""

    def __init__(
        self,
        source: Callable[[], Tree],
        wake: Callable[[], None] | None = None,
        platform: Platform | None = HERE,
        module: Any = None,
        stage: Callable[[Tree | None, Tree], Sequence[Tree]] | None = None,
    ) -> None:
        self.source = source
        self.stage = stage
        self.wake = wake
        self.platform = platform
        self.active = False
        self.actions: queue.SimpleQueue[tuple[str, int]] = queue.SimpleQueue()
        self._ak = module if module is not None else _load()
        self._adapter: Any = None
        self._last: Tree | None = None

    def start(self, handle: int | None = None, focused: bool = True) -> bool:
        """Make the platform adapter; False (and nothing happens) where there
        is none. `handle` is the native window on Windows (its HWND) and macOS
        (its content NSView), as an address; `focused`, whether it has the
        keyboard focus now."""
        ak = self._ak
        if ak is None or self.platform is None or (self.platform != "unix" and not handle):
            return False
        try:
            if self.platform == "unix":
                self._adapter = ak.unix.Adapter(self._activated, self._action, self._deactivated)
            elif self.platform == "windows":
                # It follows the window's focus itself (WM_SETFOCUS, WM_KILLFOCUS).
                self._adapter = ak.windows.SubclassingAdapter(handle, self._activated, self._action)
            else:
                self._adapter = ak.macos.SubclassingAdapter(handle, self._activated, self._action)
        except Exception:  # no accessibility bus, or an adapter that cannot start: the game plays on
            _log.debug("no accessibility adapter", exc_info=True)
            return False
        self.focus_changed(focused)
        return True

    def update(self) -> None:
        """Send the tree as it is now, if a screen reader listens and it changed."""
        if self._adapter is None or not self.active:
            return
        tree = self.source()
        trees = [tree] if self.stage is None else self.stage(self._last, tree)
        for step in trees:
            if step == self._last:
                continue
            try:
                update = to_update(self._ak, step)
            except ValueError:  # a bug of ours: say it once in the log, never crash AccessKit
                _log.exception("accessibility tree not sent")
                return
            self._last = step
            _raise(self._adapter.update_if_active(lambda made=update: made))

    def focus_changed(self, focused: bool) -> None:
        """The window gained or lost the keyboard focus (on Windows the adapter sees it itself)."""
        if self._adapter is None:
            return
        if self.platform == "unix":
            self._adapter.update_window_focus_state(focused)
        elif self.platform == "macos":
            _raise(self._adapter.update_view_focus_state(focused))

    def set_bounds(self, x: int, y: int, width: int, height: int) -> None:
        """Where the window's client area is on the screen: every node's
        screen position is its bounds moved by this (a screen reader's flat
        review, mouse review and magnifier; AT-SPI only: Windows and macOS
        know their windows)."""
        if self._adapter is not None and self._ak is not None and self.platform == "unix":
            rect = self._ak.Rect(float(x), float(y), float(x + width), float(y + height))
            self._adapter.set_root_window_bounds(rect, rect)

    def take_actions(self) -> list[tuple[str, int]]:
        """The screen reader's requests since the last call: (action, node id)."""
        taken: list[tuple[str, int]] = []
        while True:
            try:
                taken.append(self.actions.get_nowait())
            except queue.Empty:
                return taken

    # AccessKit's thread --------------------------------------------------------

    def _activated(self) -> Any:
        self.active = True
        tree = self.source()
        if self.stage is not None:
            tree = self.stage(None, tree)[-1]
        self._last = tree
        if self.wake is not None:
            self.wake()
        return to_update(self._ak, tree)

    def _deactivated(self) -> None:
        self.active = False
        self._last = None

    def _action(self, request: Any) -> None:
        ak = self._ak
        for name in ("CLICK", "FOCUS"):
            if request.action == getattr(ak.Action, name):
                self.actions.put((name, int(request.target)))
                if self.wake is not None:
                    self.wake()


def _raise(events: Any) -> None:
    """Windows and macOS hand back the events an update makes, to be raised
    on the window's thread; AT-SPI raises its own (None)."""
    if events is not None:
        events.raise_events()
