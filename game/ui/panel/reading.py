"""A panel as a screen reader reads it: its nodes as accessibility widgets.

The same nodes that are drawn and pressed are read (`game.ui.access.tree`):
a switch is a check box named by its option, checked or not; a choice a
radio button in a radio group named by its option, the chosen one checked;
a text a label (a heading for headings), a page a document of paragraphs, a
field a text input holding its text; a control that cannot be used now is
disabled. Each node's id is fixed for the life of the window: the dialog's
own `base` plus the node's place in its (never changing) tree, and a page's
paragraphs beyond `PARAGRAPHS`, so no two dialogs ever share an id.
"""

from __future__ import annotations

from typing import Any

from game.ui.access.dialog import Dialog, Widget
from game.ui.access.nodes import Box
from game.ui.panel.boxes import Group
from game.ui.panel.nodes import Button, Control, Field, Node, Picture, Radio, Scroll, Switch, Text

PARAGRAPHS = 500  # a dialog's paragraph ids start here, after its nodes'
SPAN = 1000  # ids a dialog may use
PRESSABLE = ("CLICK", "FOCUS")


def ids_of(root: Node) -> dict[int, int]:
    """Each node's place in its tree (by its `id()`), the base of its node id."""
    return {id(node): place for place, node in enumerate(root.walk())}


def dialog_of(root: Node, title: str, base: int, focused: str | None, height: float = 0) -> Dialog:
    """The dialog `root` shows now, as a screen reader reads it; with the
    window's `height`, each node with its bounds (window pixels from the top
    left, as the table's)."""
    places = ids_of(root)

    def box(node: Node) -> Box | None:
        r = node.rect
        return (r.left, height - r.top, r.width, r.height) if height and r.width > 0 else None

    widgets: list[Widget] = []
    focus: int | None = None

    def add(node: Node, parent: int | None) -> None:
        nonlocal focus
        if not node.visible:
            return
        made = _widget(node, base + places[id(node)], parent, box(node))
        if made is not None:
            widgets.append(made)
            if isinstance(node, Control) and node.name == focused:
                focus = made.id
            if isinstance(node, Scroll):
                widgets.extend(_paragraphs(node, base, made.id))
        inner = made.id if made is not None and isinstance(node, Group) else parent
        for child in node.children:
            add(child, inner)

    for child in root.children:
        add(child, None)
    return Dialog(id=base, title=title, widgets=tuple(widgets), focused=focus, bounds=box(root))


def _widget(node: Node, node_id: int, parent: int | None, bounds: Box | None) -> Widget | None:
    about = node.description() if isinstance(node, Control) and node.description is not None else None

    def make(role: str, label: str, **kw: Any) -> Widget:
        return Widget(node_id, role, label, parent=parent, description=about or None, bounds=bounds, **kw)

    if isinstance(node, Switch):
        return make(
            "CHECK_BOX",
            node.label(),
            checked=node.checked(),
            disabled=not node.enabled(),
            actions=PRESSABLE,
            name=node.name,
        )
    if isinstance(node, Radio):
        chosen = node.selected()
        return make(
            "RADIO_BUTTON",
            node.caption(),
            checked=chosen,
            disabled=not node.enabled(),
            actions=PRESSABLE,
            name=node.name,
        )
    if isinstance(node, Button):
        return make("BUTTON", node.label(), disabled=not node.enabled(), actions=PRESSABLE, name=node.name)
    if isinstance(node, Field):
        return make("TEXT_INPUT", node.label(), value=node.text, actions=("FOCUS",), name=node.name)
    if isinstance(node, Scroll):
        return make("DOCUMENT", node.label(), actions=("FOCUS",), name=node.name)
    if isinstance(node, Group):
        return make("RADIO_GROUP", node.option())
    if isinstance(node, Text):
        text = node.text
        if node.names_control or not text.strip():
            return None
        return make("HEADING" if node.heading else "LABEL", text)
    if isinstance(node, Picture):
        words = node.describe()
        return make("IMAGE", words) if words else None
    return None


def _paragraphs(page: Scroll, base: int, parent: int) -> list[Widget]:
    paragraphs = [p for p in page.paragraphs() if p.text.strip()][: SPAN - PARAGRAPHS]
    return [
        Widget(
            base + PARAGRAPHS + n,
            "HEADING" if p.style == "heading" else "PARAGRAPH",
            p.text.replace("\t", " "),
            parent=parent,
        )
        for n, p in enumerate(paragraphs)
    ]
