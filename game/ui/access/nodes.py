"""The values an accessibility tree is made of, and the check that it is
well formed (`check`): AccessKit panics inside its own thread on a malformed
update, so the adapter never sends a tree that fails it."""

from __future__ import annotations

from dataclasses import dataclass

ROOT = 1  # the window

Box = tuple[float, float, float, float]
"""Where a node is: left, top, width, height, in window pixels from the top left."""


class MalformedTree(ValueError):
    """A tree AccessKit must never be sent (see `check`)."""


@dataclass(frozen=True, slots=True)
class Node:
    """One node: `role` names an AccessKit role (``"BUTTON"``), `actions` AccessKit actions."""

    id: int
    role: str
    label: str = ""  # the name a screen reader reads (a LABEL's is its value: `adapter` copies it)
    value: str | None = None
    description: str | None = None
    children: tuple[int, ...] = ()
    disabled: bool = False
    selected: bool | None = None
    checked: bool | None = None  # a check box's or radio button's state
    live: bool = False  # a polite live region
    actions: tuple[str, ...] = ()
    bounds: Box | None = None


@dataclass(frozen=True, slots=True)
class Tree:
    nodes: tuple[Node, ...]
    focus: int
    root: int = ROOT

    def node(self, node_id: int) -> Node:
        return next(n for n in self.nodes if n.id == node_id)

    @property
    def ids(self) -> set[int]:
        return {n.id for n in self.nodes}


def check(tree: Tree) -> None:
    """Raise MalformedTree unless `tree` is well formed (see the module docstring)."""
    ids = [n.id for n in tree.nodes]
    if len(ids) != len(set(ids)):
        raise MalformedTree("a node id twice")
    known = set(ids)
    parents: dict[int, int] = {}
    for node in tree.nodes:
        for child in node.children:
            if child not in known:
                raise MalformedTree(f"node {node.id} has a child {child} that is no node")
            if child in parents or child == tree.root:
                raise MalformedTree(f"node {child} is a child twice")
            parents[child] = node.id
    if tree.root not in known or tree.focus not in known:
        raise MalformedTree("the root or the focus is no node")
    if known - set(parents) != {tree.root}:
        raise MalformedTree("a node outside the tree")
