"""A screen reader's view of the game, through AT-SPI (pyatspi, the library Orca is built on).

Run with the system's python3 (pyatspi comes from the distribution, package
python3-pyatspi), on the same D-Bus session and display as the game:

- ``python3 tools/atspi_client.py dump NAME``: the tree of the application
  whose window is named NAME, one JSON object a line (depth, role, name,
  description, states, the node's own id — the last part of its object path —
  and its extents on the screen and in the window, x, y, width, height),
  after a first line naming the application and its toolkit
  (``{"app": ..., "toolkit": ...}``).
- ``python3 tools/atspi_client.py listen SECONDS``: for SECONDS, every focus
  change and announcement (a live region's new name), one JSON object a line.
- ``python3 tools/atspi_client.py do NAME ACTION``: the action (``click``)
  of the node named NAME, as a screen reader's command would.

Used by tests/ui/real_window/test_screen_reader.py.
"""

from __future__ import annotations

import json
import sys
import threading
from types import ModuleType
from typing import Any


def atspi() -> ModuleType:
    """pyatspi: the system's (python3-pyatspi), imported on use so the module
    imports anywhere (the venv's tests import every tool)."""
    import pyatspi  # type: ignore[import-not-found]

    module: ModuleType = pyatspi
    return module


def emit(record: dict[str, Any]) -> None:
    print(json.dumps(record), flush=True)


def node_record(acc: Any, depth: int) -> dict[str, Any]:
    states = acc.getState()
    return {
        "depth": depth,
        "role": acc.getRoleName(),
        "name": acc.name,
        "description": acc.description,
        "focused": bool(states.contains(atspi().STATE_FOCUSED)),
        "selected": bool(states.contains(atspi().STATE_SELECTED)),
        "checked": bool(states.contains(atspi().STATE_CHECKED)),
        "enabled": bool(states.contains(atspi().STATE_ENABLED)),
        "attributes": list(acc.getAttributes() or []),
        "id": str(getattr(acc, "path", "") or "").rsplit("/", 1)[-1],
        "screen": extents(acc, atspi().DESKTOP_COORDS),
        "window": extents(acc, atspi().WINDOW_COORDS),
    }


def extents(acc: Any, kind: int) -> list[int] | None:
    """x, y, width, height of a node, in screen or window coordinates (None: no component)."""
    try:
        box = acc.queryComponent().getExtents(kind)
    except NotImplementedError:
        return None
    return [box.x, box.y, box.width, box.height]


def walk(acc: Any, depth: int = 0) -> None:
    emit(node_record(acc, depth))
    for i in range(acc.childCount):
        child = acc.getChildAtIndex(i)
        if child is not None:
            walk(child, depth + 1)


def application(window_name: str) -> Any:
    desktop = atspi().Registry.getDesktop(0)
    apps = [desktop.getChildAtIndex(i) for i in range(desktop.childCount)]
    for app in apps:
        if app is None:
            continue
        for i in range(app.childCount):
            window = app.getChildAtIndex(i)
            if window is not None and window.name == window_name:
                emit({"app": app.name, "toolkit": app.get_toolkit_name()})
                return app
    return None


def find(acc: Any, name: str) -> Any:
    if acc.name == name:
        return acc
    for i in range(acc.childCount):
        child = acc.getChildAtIndex(i)
        found = None if child is None else find(child, name)
        if found is not None:
            return found
    return None


def listen(seconds: float) -> None:
    def on_event(event: Any) -> None:
        source = event.source
        record = {"type": event.type, "name": source.name if source is not None else None}
        if event.type.startswith("object:announcement"):
            record["text"] = str(event.any_data)
        if event.type.startswith("object:state-changed:focused") and not event.detail1:
            return
        emit(record)

    for kind in ("object:state-changed:focused", "object:announcement", "object:property-change:accessible-name"):
        atspi().Registry.registerEventListener(on_event, kind)
    threading.Timer(seconds, atspi().Registry.stop).start()
    emit({"listening": True})
    atspi().Registry.start()


def main(argv: list[str]) -> int:
    match argv:
        case ["dump", name]:
            app = application(name)
            if app is None:
                return 1
            walk(app)
        case ["listen", seconds]:
            listen(float(seconds))
        case ["do", window, name, action]:
            app = application(window)
            node = None if app is None else find(app, name)
            if node is None:
                return 1
            actions = node.queryAction()
            names = [actions.getName(i) for i in range(actions.nActions)]
            emit({"actions": names})
            actions.doAction(names.index(action))
        case _:
            print(__doc__, file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
