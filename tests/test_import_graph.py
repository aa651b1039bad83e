"""The shape of the code: no import cycles anywhere in `game`, and every
sub-package of `game.ui` named in the layers contract (pyproject.toml), so
`lint-imports` checks them all. Imports made only for type checking count:
a cycle among them is still two modules that cannot be read apart."""

from __future__ import annotations

import tomllib
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(edges):
        if module not in index:
            visit(module)
    return found


def test_cycles_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_of_the_game_imports_itself_back() -> None:
    graph = grimp.build_graph("game")
    edges = {
        module: {d for d in graph.find_modules_directly_imported_by(module) if d.startswith("game")}
        for module in graph.modules
    }
    assert cycles(edges) == []


def test_the_ui_layers_contract_names_every_room() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    ui = next(c for c in contracts if c.get("containers") == ["game.ui"])
    named = {room.strip() for layer in ui["layers"] for room in layer.split("|")}
    rooms = {p.name for p in (ROOT / "game" / "ui").iterdir() if (p / "__init__.py").is_file()}
    modules = {p.stem for p in (ROOT / "game" / "ui").glob("*.py")} - {"__init__"}
    assert named == rooms | modules
