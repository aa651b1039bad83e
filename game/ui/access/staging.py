"""How a new tree reaches a screen reader so that it says the right things, in order.

A screen reader speaks what AT-SPI events tell it, each in turn, each
interrupting the one before: the focus moving (it reads the new focus), a
live region appearing (an announcement: Orca 45 and later read it), the
focused node's description changing (every Orca reads it, Orca 43 included,
which ignores announcements). Sent as one update, a move's sentence would
come first and be cut off by the focus moving onto the moved card; and a node
that goes away while it holds the focus leaves the screen reader on a dead
object. So `steps` splits the way from the last tree sent to the new one:

1. everything but the sentence: the focus on its new node, while the node
   it leaves is still there (kept one step longer if it goes) and still as
   it was (a change there would be said, as it still has the focus);
2. then the sentence: the new live region, and (`Speech.DESCRIBE`) the
   sentence as the focused node's description, unless the focus moves: a
   screen reader reads the new focus's description with it, so it comes in
   the first step (sent in a second, it would be read twice, as the screen
   reader reads the focus's description only when it gets to it).

`Speech` says which way the sentence goes, from what the screen reader
listens to (`game.system.atspi.Registry.listens_for`): only one of the two,
so no Orca says it twice; both when that cannot be known.
"""

from __future__ import annotations

from dataclasses import replace
from enum import Enum

from game.ui.access.nodes import Node, Tree


class Speech(Enum):
    """Which way a sentence reaches the screen reader."""

    ANNOUNCE = "announce"  # it listens to announcements (Orca 45 and later): the live region alone
    DESCRIBE = "describe"  # it does not (Orca 43, 44): the focused node's description as well
    BOTH = "both"  # unknown (no accessibility bus to ask): both, never silence


def spoken(tree: Tree, sentence: str | None) -> Tree:
    """`tree` with `sentence` as its focused node's description (None: as it is)."""
    if sentence is None:
        return tree
    return _with(tree, replace(tree.node(tree.focus), description=sentence))


def steps(last: Tree | None, new: Tree, sentence: bool, described: bool) -> list[Tree]:
    """The trees to send, in order, to go from `last` (as sent) to `new`
    (see the module docstring). `sentence`: a new sentence was said since
    `last`; `described`: `new` carries it as its focused node's description
    (`spoken`)."""
    if last is None:
        return [new]
    first = new
    moved = last.focus != new.focus
    if moved and last.focus in new.ids:
        # Nothing changes on the node the focus leaves while it still has it (it would be said).
        old = last.node(last.focus)
        first = _with(first, replace(new.node(last.focus), label=old.label, description=old.description))
    if last.focus not in new.ids:
        first = _keep(first, last, last.focus)
    if sentence and not (described and moved):
        # A description that arrives with the focus is read with it, once; an
        # announcement, or a description on a focus that stays, comes after.
        first = _before_sentence(first, last, described)
    return [first, new] if first != new else [new]


def _with(tree: Tree, node: Node) -> Tree:
    return replace(tree, nodes=tuple(node if n.id == node.id else n for n in tree.nodes))


def _keep(tree: Tree, last: Tree, node_id: int) -> Tree:
    """`tree` still holding `last`'s node `node_id` (as a leaf, under its old
    parent if that is still there, else under the root)."""
    kept = replace(last.node(node_id), children=())
    parent = next((n.id for n in last.nodes if node_id in n.children), tree.root)
    if parent not in tree.ids:
        parent = tree.root
    holder = tree.node(parent)
    tree = _with(tree, replace(holder, children=(*holder.children, node_id)))
    return replace(tree, nodes=(*tree.nodes, kept))


def _before_sentence(tree: Tree, last: Tree, described: bool) -> Tree:
    """`tree` with `last`'s live region in place of its own and, when the
    sentence comes as the focused node's description, no description there
    yet (none, rather than its usual one: a screen reader says a description
    that changes on the focus, and the same sentence twice must change too)."""
    old = next((n for n in last.nodes if n.live), None)
    now = next((n for n in tree.nodes if n.live), None)
    if old is not None and now is not None and old != now:
        root = tree.node(tree.root)
        children = tuple(old.id if child == now.id else child for child in root.children)
        nodes = tuple(old if n.id == now.id else n for n in tree.nodes)
        tree = _with(replace(tree, nodes=nodes), replace(root, children=children))
    if described:
        tree = _with(tree, replace(tree.node(tree.focus), description=None))
    return tree
