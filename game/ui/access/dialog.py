"""A dialog open over the table, as a screen reader reads it: its widgets,
each under its group or the dialog (made by `game.ui.panel.reading`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.ui.access.nodes import Box, Node


@dataclass(frozen=True, slots=True)
class Widget:
    """One node of a dialog, in reading order: `role` as in `Node`. Its `id`
    is its own for the life of the window (no other dialog's node has it);
    `parent` is the id of the group it sits in (a radio group), None for the
    dialog itself; `checked` is a check box's or radio button's state;
    `name` the control it stands for (a screen reader's press goes there)."""

    id: int
    role: str
    label: str
    value: str | None = None
    description: str | None = None
    parent: int | None = None
    checked: bool | None = None
    disabled: bool = False
    actions: tuple[str, ...] = ()
    name: str = ""
    bounds: Box | None = None


@dataclass(frozen=True, slots=True)
class Dialog:
    """The dialog open over the table: its `title` names it; `focused` is
    the id of its widget with the keyboard focus."""

    id: int
    title: str
    widgets: Sequence[Widget] = field(default_factory=tuple)
    focused: int | None = None
    bounds: Box | None = None


def dialog_nodes(dialog: Dialog) -> list[Node]:
    """The dialog and its widgets, each under its group (or the dialog)."""
    children: dict[int | None, list[int]] = {}
    for w in dialog.widgets:
        children.setdefault(w.parent, []).append(w.id)
    nodes = [Node(dialog.id, "DIALOG", dialog.title, children=tuple(children.get(None, ())), bounds=dialog.bounds)]
    nodes += [
        Node(
            w.id,
            w.role,
            w.label,
            value=w.value,
            description=w.description,
            children=tuple(children.get(w.id, ())),
            disabled=w.disabled,
            checked=w.checked,
            actions=w.actions,
            bounds=w.bounds,
        )
        for w in dialog.widgets
    ]
    return nodes
