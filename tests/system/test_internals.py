"""The private names of arcade and pyglet the game uses (game/system/internals.py).

Every entry still exists in the installed arcade and pyglet, with the
behaviour the game relies on, so a release that renames one fails here, in
CI, with the entry's name and what to do. The list is complete: no private
name of a dependency is used in game/, tools/ or tests/ outside it. And a name that
is gone costs one logged line and a documented fallback, never a raise
(test_internals_fallbacks.py).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import subprocess
import sys
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from game.system import internals
from game.system.internals import INTERNALS, Internal

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("game", "tools", "tests")  # the tools and the tests are shipped code too (in the sdist)
# What the scan must find is written in this file (`Sample`, and the test that
# runs the scan on it): left out of the scan of the whole tree, and only that.
SAMPLES = {"tests/system/test_internals.py": ("Sample", "test_the_scan_finds_private_names")}
# Private names of ours that pyglet or arcade also define, which a test reads
# on our own object (not on theirs): the file, the name, and where it is ours.
OURS_TOO = {
    ("tests/ui/cards/test_card_images.py", "_scaling"): "game/ui/cards/atlas.py",  # pyglet's user fonts have one
}


def resolve(dotted: str) -> Any:
    """The module or class a dotted name names."""
    try:
        return importlib.import_module(dotted)
    except ModuleNotFoundError:
        module, _, name = dotted.rpartition(".")
        return getattr(importlib.import_module(module), name)


def still_there(entry: Internal) -> bool:
    if entry.kind == "platform attribute":
        # A class of another system (pyglet's Windows or macOS window): its
        # module imports that system's libraries, so its source is read.
        module, _, name = entry.owner.rpartition(".")
        top, *parts = module.split(".")
        spec = importlib.util.find_spec(top)  # the package only: importing pyglet.window would open a display
        assert spec is not None and spec.origin is not None
        place = Path(spec.origin).parent.joinpath(*parts)
        files = [place / "__init__.py", place.with_suffix(".py")]
        source = next((f.read_text(encoding="utf-8") for f in files if f.is_file()), "")
        body = re.search(rf"^class {name}\b.*?(?=^class |\Z)", source, flags=re.M | re.S)
        return body is not None and re.search(rf"self\.{entry.name}\s*(:[^=\n]*)?=[^=]", body.group()) is not None
    owner = resolve(entry.owner)
    if entry.kind == "module":
        return importlib.util.find_spec(entry.label) is not None
    if entry.kind == "instance attribute":
        # Set on a live object only (a real X window): its class's source sets it.
        source = "".join(inspect.getsource(c) for c in owner.__mro__ if c.__module__.startswith(entry.library))
        return re.search(rf"self\.{entry.name}\s*(:[^=\n]*)?=[^=]", source) is not None
    return hasattr(owner, entry.name)


# ---- every entry is still there ----------------------------------------------------


@pytest.mark.parametrize("entry", INTERNALS, ids=lambda e: e.label)
def test_every_internal_is_still_in_the_installed_arcade_and_pyglet(entry: Internal) -> None:
    from importlib.metadata import version

    assert still_there(entry), (
        f"{entry.label} is gone from the installed {entry.library} {version(entry.library)}. "
        f"{entry.where} uses it: {entry.why}. Adapt {entry.where} and its entry in game/system/internals.py "
        f"to this {entry.library}, or keep {entry.library} at the version pinned in constraints.txt."
    )


# Entries used through a function of game/system/internals.py rather than get / put / call.
THROUGH = {"FFMPEG_LIB": "internals.skip_ffmpeg_probe()"}


def test_every_entry_is_used_where_it_says() -> None:
    names = {value: name for name, value in vars(internals).items() if isinstance(value, Internal)}
    assert set(names) == set(INTERNALS), "every Internal of game/system/internals.py is in INTERNALS"
    for entry, name in names.items():
        source = (ROOT / entry.where).read_text(encoding="utf-8")
        use = THROUGH.get(name, f"internals.{name}")
        assert use in source, f"{entry.where} should use {entry.label} through {use}"


def test_pyglet_still_asks_the_window_for_its_class_while_making_it() -> None:
    from pyglet.window.xlib import XlibWindow

    assert "self.set_wm_class(" in inspect.getsource(XlibWindow), (
        "pyglet no longer calls set_wm_class when it makes an X window: SpiderWindow.set_wm_class "
        "(game/ui/app/window.py) must name the class another way"
    )


def test_pyglet_still_holds_a_key_for_pressed_after_dispatching_its_press() -> None:
    from pyglet.window.xlib import XlibWindow

    source = inspect.getsource(internals.get(XlibWindow, internals.KEY_EVENT_VIEW))
    press, held = source.find("dispatch_event('on_key_press'"), source.find("self.pressed_keys.add(symbol)")
    assert 0 <= press < held and "symbol not in self.pressed_keys" in source, (
        "pyglet no longer marks a key held after dispatching its press: HeldKeys (game/ui/app/window.py), "
        "which leaves out a key whose release goes to an old X window (F11), must follow it"
    )


def test_pyglets_glyph_conversion_takes_the_arguments_ours_passes_on() -> None:
    from pyglet.font.freetype import FreeTypeGlyphRenderer

    from game.ui.render import glyphs

    expand = glyphs.pyglet_expand()
    assert tuple(inspect.signature(expand).parameters) == glyphs._ARGUMENTS, (
        f"{internals.EXPAND_TO_RGBA.label} changed its arguments: adapt game/ui/render/glyphs.py"
    )
    assert "self._expand_to_rgba(" in inspect.getsource(FreeTypeGlyphRenderer), "pyglet no longer calls it"


def test_pyglet_probes_ffmpeg_through_the_module_the_launch_blocks() -> None:
    # A fresh interpreter (headless, like this one): this one imported pyglet.media long ago.
    probe = (
        "from game.system import internals\n"
        "internals.skip_ffmpeg_probe()\n"
        "import arcade\n"
        "assert internals.check_ffmpeg_probe_skipped()\n"
        "import pyglet.media.codecs as codecs\n"
        "assert not codecs.have_ffmpeg()\n"
    )
    run = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and "spider:" not in run.stderr, (
        f"pyglet probes FFmpeg another way; adapt skip_ffmpeg_probe in game/system/internals.py:\n{run.stderr}"
    )


# ---- the list is complete -----------------------------------------------------------


def scanned_files() -> list[Path]:
    return sorted(p for folder in SCANNED for p in (ROOT / folder).rglob("*.py"))


@cache
def parsed(path: Path) -> tuple[ast.Module, list[ast.AST]]:
    """A scanned file's tree and all its nodes (each file is parsed and walked once)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return tree, list(ast.walk(tree))


def is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


# Documented names of the standard library that start with an underscore.
STDLIB = frozenset({"_exit", "_fields_", "_pack_", "_anonymous_", "_replace", "_asdict", "_fields", "_make"})


@cache
def ours() -> frozenset[str]:
    """Every private name our own code defines: functions, classes, variables,
    and attributes of `self` and `cls`."""
    names: set[str] = set()
    for path in scanned_files():
        for node in parsed(path)[1]:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif (
                isinstance(node, ast.Attribute)
                and isinstance(node.ctx, ast.Store)
                and getattr(node.value, "id", None) in ("self", "cls")
            ):
                names.add(node.attr)
    return frozenset(n for n in names if is_private(n))


@cache
def theirs() -> frozenset[str]:
    """Every private name arcade and pyglet define (methods, attributes of
    `self`, module and class variables): one of ours may share a name."""
    import arcade
    import pyglet

    defined = re.compile(r"(?:\bdef\s+|\bself\.|^\s*)(_[a-zA-Z]\w*)\b", re.MULTILINE)
    names: set[str] = set()
    for package in (arcade, pyglet):
        for path in Path(package.__file__ or "").parent.rglob("*.py"):
            names.update(defined.findall(path.read_text(encoding="utf-8", errors="replace")))
    return frozenset(names)


def foreign(name: str) -> bool:
    """A private name that is not (only) ours: a dependency's."""
    return is_private(name) and name not in STDLIB and (name not in ours() or name in theirs())


def foreign_attributes(source: str | Path, where: str) -> list[str]:
    """`something._name` (or getattr's "_name") where `_name` is nobody's in
    our code, and dotted paths to a private module of arcade or pyglet, in
    the `source` text or a scanned file."""
    found = []
    samples = SAMPLES.get(where, ())
    if isinstance(source, Path) and not samples:
        nodes = parsed(source)[1]
    else:
        tree = parsed(source)[0] if isinstance(source, Path) else ast.parse(source)
        nodes = [n for top in tree.body if getattr(top, "name", None) not in samples for n in ast.walk(top)]
    for node in nodes:
        name = None
        if isinstance(node, ast.Attribute) and getattr(node.value, "id", None) not in ("self", "cls"):
            name = node.attr  # (on self, `inherited_privates` tells ours from theirs)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("getattr", "setattr", "hasattr"):
            arg = node.args[1] if len(node.args) > 1 else None
            name = arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and re.fullmatch(r"(arcade|pyglet)(\.\w+)*\._\w+", node.value)
        ):
            found.append(f"{where}:{node.lineno}: {node.value}")
        if name and foreign(name) and (where, name) not in OURS_TOO:
            found.append(f"{where}:{getattr(node, 'lineno', '?')}: {name}")
    return found


def inherited_privates(cls: type, node: ast.ClassDef) -> list[str]:
    """`self._name` (or a method `_name`) in our subclass of an arcade or
    pyglet class that has `_name` itself."""
    theirs = [b for b in cls.__mro__ if b.__module__.split(".")[0] in ("arcade", "pyglet")]
    used = {
        n.attr
        for n in ast.walk(node)
        if isinstance(n, ast.Attribute) and getattr(n.value, "id", None) == "self" and is_private(n.attr)
    }
    used |= {n.name for n in ast.walk(node) if isinstance(n, ast.FunctionDef) and is_private(n.name)}
    return [
        f"{cls.__module__}.{cls.__name__}: {name}"
        for name in sorted(used)
        if any(name in vars(b) or re.search(rf"self\.{name}\b", source_of(b)) for b in theirs)
    ]


@cache
def source_of(cls: type) -> str:
    try:
        return inspect.getsource(cls)
    except (OSError, TypeError):
        return ""


def module_at(path: Path) -> ModuleType | None:
    """The module of a scanned file, as the tests import it: by its dotted
    name from the first folder up that is no package (the checkout for game/
    and tools/, tests/ or tests/tools/ for the tests, pytest's rootdir
    layout); a test module that folder is not on sys.path for is loaded from
    its file. None for a __main__, which importing would run."""
    if path.stem == "__main__":
        return None
    folder, parts = path.parent, [path.stem]
    while (folder / "__init__.py").exists():
        folder, parts = folder.parent, [folder.name, *parts]
    name = ".".join(parts).removesuffix(".__init__")
    if folder == ROOT or str(folder) in sys.path:
        return importlib.import_module(name)
    loaded = next((m for m in list(sys.modules.values()) if getattr(m, "__file__", None) == str(path)), None)
    if loaded is None:
        spec = importlib.util.spec_from_file_location(f"scanned_{name}", path)
        assert spec is not None and spec.loader is not None
        loaded = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(loaded)
    return loaded


def inherited_in(path: Path) -> list[str]:
    module = module_at(path)
    if module is None:
        return []
    found = []
    for node in parsed(path)[1]:
        cls = getattr(module, node.name, None) if isinstance(node, ast.ClassDef) else None
        if isinstance(node, ast.ClassDef) and isinstance(cls, type):
            found += inherited_privates(cls, node)
    return found


@pytest.mark.slow  # parses every shipped file and the classes they inherit from
def test_no_private_name_of_arcade_or_pyglet_is_used_outside_the_list() -> None:
    found = [
        hit
        for path in scanned_files()
        for hit in foreign_attributes(path, str(path.relative_to(ROOT))) + inherited_in(path)
    ]
    assert found == [], (
        "a private name of a dependency, used directly: add it to game/system/internals.py (why, and what the "
        "game does without it) and use it through internals.get / put / call:\n" + "\n".join(found)
    )


class Sample:
    """The uses game/system/internals.py replaced, for the scan to find."""

    def geometry(self, window: Any, display: Any) -> object:
        self._windowed_size = (1, 2)
        # (`_atlas` is also a method of ours: a name arcade uses is theirs wherever it is used.)
        return window._x_display, window.ctx._atlas, getattr(display, "_display", None), "pyglet.media.codecs._probe"


def test_our_names_that_are_theirs_too_are_still_ours() -> None:
    for (_, name), ours_in in OURS_TOO.items():
        assert re.search(rf"self\.{name}\s*(:[^=\n]*)?=[^=]", (ROOT / ours_in).read_text(encoding="utf-8")), name


def test_the_scan_finds_private_names() -> None:
    import arcade

    source = inspect.getsource(Sample)
    hits = [hit.split(": ")[1] for hit in foreign_attributes(source, "sample")]
    assert sorted(hits) == sorted(["_x_display", "_atlas", "_display", "pyglet.media.codecs._probe"])
    window_class = type("SampleWindow", (arcade.Window,), dict(vars(Sample)))
    node = ast.parse(source).body[0]
    assert isinstance(node, ast.ClassDef)
    assert [hit.split(": ")[1] for hit in inherited_privates(window_class, node)] == ["_windowed_size"]
