"""The private names of arcade and pyglet the game uses (game/internals.py).

Every entry still exists in the installed arcade and pyglet, with the
behaviour the game relies on, so a release that renames one fails here, in
CI, with the entry's name and what to do. The list is complete: no private
name of a dependency is used in game/ or tools/ outside it. And a name that
is gone costs one logged line and a documented fallback, never a raise.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import logging
import re
import subprocess
import sys
import types
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from game import internals
from game.internals import INTERNALS, Internal

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ("game", "tools")  # the tools are shipped code too (in the sdist)


@pytest.fixture
def reported(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> Callable[[], list[str]]:
    """The lines game.internals has logged so far in the test (every entry afresh)."""
    monkeypatch.setattr(internals, "_reported", set())
    caplog.set_level(logging.WARNING, logger="game.internals")
    return lambda: [r.getMessage() for r in caplog.records if r.name == "game.internals"]


def resolve(dotted: str) -> Any:
    """The module or class a dotted name names."""
    try:
        return importlib.import_module(dotted)
    except ModuleNotFoundError:
        module, _, name = dotted.rpartition(".")
        return getattr(importlib.import_module(module), name)


def still_there(entry: Internal) -> bool:
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
        f"{entry.where} uses it: {entry.why}. Adapt {entry.where} and its entry in game/internals.py "
        f"to this {entry.library}, or keep {entry.library} at the version pinned in constraints.txt."
    )


# Entries used through a function of game/internals.py rather than get / put / call.
THROUGH = {"FFMPEG_LIB": "internals.skip_ffmpeg_probe()"}


def test_every_entry_is_used_where_it_says() -> None:
    names = {value: name for name, value in vars(internals).items() if isinstance(value, Internal)}
    assert set(names) == set(INTERNALS), "every Internal of game/internals.py is in INTERNALS"
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


def test_pyglets_glyph_conversion_takes_the_arguments_ours_passes_on() -> None:
    from pyglet.font.freetype import FreeTypeGlyphRenderer

    from game.ui.render import glyphs

    expand = glyphs.pyglet_expand()
    assert tuple(inspect.signature(expand).parameters) == glyphs._ARGUMENTS, (
        f"{internals.EXPAND_TO_RGBA.label} changed its arguments: adapt game/ui/render/glyphs.py"
    )
    assert "self._expand_to_rgba(" in inspect.getsource(FreeTypeGlyphRenderer), "pyglet no longer calls it"


def test_pyglet_still_lists_event_types_where_our_registration_keeps_them() -> None:
    from game.ui.screens import focus

    assert focus.pyglet_lists_event_types(), (
        "pyglet's register_event_type no longer keeps the names in `event_types`: "
        "adapt _register_event_type_once in game/ui/screens/focus.py"
    )


def test_pyglet_probes_ffmpeg_through_the_module_the_launch_blocks() -> None:
    # A fresh interpreter (headless, like this one): this one imported pyglet.media long ago.
    probe = (
        "from game import internals\n"
        "internals.skip_ffmpeg_probe()\n"
        "import arcade\n"
        "assert internals.check_ffmpeg_probe_skipped()\n"
        "import pyglet.media.codecs as codecs\n"
        "assert not codecs.have_ffmpeg()\n"
    )
    run = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and "spider:" not in run.stderr, (
        f"pyglet probes FFmpeg another way; adapt skip_ffmpeg_probe in game/internals.py:\n{run.stderr}"
    )


# ---- the list is complete -----------------------------------------------------------


def shipped_files() -> list[Path]:
    return sorted(p for folder in SHIPPED for p in (ROOT / folder).rglob("*.py"))


def is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


# Documented names of the standard library that start with an underscore.
STDLIB = frozenset({"_exit", "_fields_", "_pack_", "_anonymous_", "_replace", "_asdict", "_fields", "_make"})


@cache
def ours() -> frozenset[str]:
    """Every private name our own code defines: functions, classes, variables,
    and attributes of `self` and `cls`."""
    names: set[str] = set()
    for path in shipped_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
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


def foreign_attributes(source: str, where: str) -> list[str]:
    """`something._name` (or getattr's "_name") where `_name` is nobody's in
    our code, and dotted paths to a private module of arcade or pyglet."""
    found = []
    for node in ast.walk(ast.parse(source)):
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
        if name and foreign(name):
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


def inherited_in(path: Path) -> list[str]:
    module_name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
    if module_name.endswith("__main__"):
        return []  # importing it runs it
    module = importlib.import_module(module_name)
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        cls = getattr(module, node.name, None) if isinstance(node, ast.ClassDef) else None
        if isinstance(node, ast.ClassDef) and isinstance(cls, type):
            found += inherited_privates(cls, node)
    return found


def test_no_private_name_of_arcade_or_pyglet_is_used_outside_the_list() -> None:
    found = [
        hit
        for path in shipped_files()
        for hit in foreign_attributes(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
        + inherited_in(path)
    ]
    assert found == [], (
        "a private name of a dependency, used directly: add it to game/internals.py (why, and what the "
        "game does without it) and use it through internals.get / put / call:\n" + "\n".join(found)
    )


class Sample:
    """The uses game/internals.py replaced, for the scan to find."""

    def geometry(self, window: Any, display: Any) -> object:
        self._windowed_size = (1, 2)
        # (`_atlas` is also a method of ours: a name arcade uses is theirs wherever it is used.)
        return window._x_display, window.ctx._atlas, getattr(display, "_display", None), "pyglet.media.codecs._probe"


def test_the_scan_finds_private_names() -> None:
    import arcade

    source = inspect.getsource(Sample)
    hits = [hit.split(": ")[1] for hit in foreign_attributes(source, "sample")]
    assert sorted(hits) == sorted(["_x_display", "_atlas", "_display", "pyglet.media.codecs._probe"])
    window_class = type("SampleWindow", (arcade.Window,), dict(vars(Sample)))
    node = ast.parse(source).body[0]
    assert isinstance(node, ast.ClassDef)
    assert [hit.split(": ")[1] for hit in inherited_privates(window_class, node)] == ["_windowed_size"]


# ---- a name that is gone: one line, a fallback, never a raise --------------------


def gone(entry: Internal) -> Internal:
    """The entry as a future arcade or pyglet would have it: renamed."""
    return replace(entry, name=entry.name + "_renamed")


def test_a_missing_internal_gives_its_fallback_and_one_line_however_often_used(
    reported: Callable[[], list[str]],
) -> None:
    entry = gone(internals.PREPARE_LAYOUT)
    thing = types.SimpleNamespace()
    for _ in range(3):
        assert internals.get(thing, entry, "fallback") == "fallback"
        assert internals.call(thing, entry, 1, fallback="called") == "called"
        assert internals.put(thing, entry, 5) is False
    assert not hasattr(thing, entry.name), "a renamed internal is not set: nobody would read it"
    (line,) = reported()
    assert entry.label in line and entry.where in line and entry.without in line
    assert "\n" not in line


def test_present_internals_are_read_set_and_called_silently(reported: Callable[[], list[str]]) -> None:
    entry = internals.PREPARE_LAYOUT
    thing = types.SimpleNamespace(_prepare_layout=lambda x: x * 2)
    assert internals.call(thing, entry, 21) == 42
    assert internals.put(thing, entry, "set") and internals.get(thing, entry) == "set"
    assert reported() == []


def test_without_the_x_privates_no_work_area_and_not_maximized(reported: Callable[[], list[str]]) -> None:
    from game.ui.app import desktop_x11

    for _ in range(2):
        assert desktop_x11.work_area(object()) is None
        assert desktop_x11.is_maximized(object()) is False
    labels = [internals.X_DISPLAY.label, internals.WINDOW_X_DISPLAY.label, internals.X_WINDOW.label]
    assert [label for line in reported() for label in labels if label in line] == labels


def test_without_pyglets_glyph_conversion_pyglet_keeps_its_own(
    reported: Callable[[], list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    from pyglet.font.freetype import FreeTypeGlyphRenderer

    from game.ui.render import glyphs

    monkeypatch.setattr(glyphs, "_installed", False)
    monkeypatch.setattr(glyphs, "_original", None)
    monkeypatch.delattr(FreeTypeGlyphRenderer, "_expand_to_rgba")
    glyphs.install()
    assert not hasattr(FreeTypeGlyphRenderer, "_expand_to_rgba")
    (line,) = reported()
    assert internals.EXPAND_TO_RGBA.label in line


def test_a_glyph_conversion_with_other_arguments_is_left_to_pyglet(
    reported: Callable[[], list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    from pyglet.font.freetype import FreeTypeGlyphRenderer

    from game.ui.render import glyphs

    def theirs(self: Any, data: Any, formats: str) -> bytes:
        return b""

    monkeypatch.setattr(glyphs, "_installed", False)
    monkeypatch.setattr(glyphs, "_original", None)
    monkeypatch.setattr(FreeTypeGlyphRenderer, "_expand_to_rgba", theirs)
    glyphs.install()
    assert vars(FreeTypeGlyphRenderer)["_expand_to_rgba"] is theirs
    assert len(reported()) == 1


def test_a_pyglet_that_keeps_event_types_elsewhere_keeps_its_own_registration(
    reported: Callable[[], list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    from pyglet.event import EventDispatcher

    from game.ui.screens import focus

    def elsewhere(cls: type, name: str) -> str:
        setattr(cls, "names", [*getattr(cls, "names", []), name])  # noqa: B010
        return name

    monkeypatch.setattr(EventDispatcher, "register_event_type", classmethod(elsewhere))
    assert focus.register_event_types_once() is False
    (line,) = reported()
    assert internals.REGISTER_EVENT_TYPE.label in line


def test_an_ffmpeg_probe_that_ran_after_all_is_one_line(
    reported: Callable[[], list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(internals, "_ffmpeg_blocked", True)
    monkeypatch.setitem(sys.modules, "pyglet.media.codecs.ffmpeg_renamed", types.ModuleType("ffmpeg_renamed"))
    assert internals.check_ffmpeg_probe_skipped() is False
    assert internals.check_ffmpeg_probe_skipped() is False
    (line,) = reported()
    assert internals.FFMPEG_LIB.label in line


def test_without_arcades_focus_list_tab_still_moves_the_focus(
    window: Any, reported: Callable[[], list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    import arcade
    from ui.screens.screens_driver import press, show

    from game.i18n import Translator
    from game.settings import Settings
    from game.ui.screens import OptionsView

    monkeypatch.setattr(internals, "FOCUSABLE_WIDGETS", gone(internals.FOCUSABLE_WIDGETS))
    view = show(window, OptionsView(Settings(), Translator("en"), lambda *_: None, lambda: None))
    first = view.focused_name
    press(window, arcade.key.TAB)
    assert view.focused_name not in (None, first)
    (line,) = reported()
    assert "_focusable_widgets_renamed" in line


def test_without_arcades_layout_preparation_a_screen_still_opens(
    window: Any, reported: Callable[[], list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    from ui.screens.screens_driver import show

    from game.i18n import Translator
    from game.ui.screens import RulesView

    monkeypatch.setattr(internals, "PREPARE_LAYOUT", gone(internals.PREPARE_LAYOUT))
    view = show(window, RulesView(Translator("en"), lambda: None))
    assert "close" in view.controls
    (line,) = reported()
    assert "_prepare_layout_renamed" in line


def test_without_arcades_atlas_attribute_the_atlas_is_sized_anyway(
    window: Any, reported: Callable[[], list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.ui.cards.atlas import reserve_gpu_atlas

    monkeypatch.setattr(window.ctx, "atlas_size", window.ctx.atlas_size)  # put back afterwards
    monkeypatch.setattr(internals, "DEFAULT_ATLAS", gone(internals.DEFAULT_ATLAS))
    reserve_gpu_atlas({})
    (line,) = reported()
    assert "_atlas_renamed" in line


def test_without_arcades_restyling_the_code_field_still_opens(
    window: Any, reported: Callable[[], list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    from ui.screens.screens_driver import show

    from game.engine import Rule
    from game.i18n import Translator
    from game.ui.screens import NewGameView

    monkeypatch.setattr(internals, "APPLY_STYLE", gone(internals.APPLY_STYLE))
    view = show(window, NewGameView(Translator("en"), 2, Rule.CLASSIC, lambda *_: None, lambda: None))
    assert "code" in view.controls
    (line,) = reported()
    assert "_apply_style_renamed" in line


def test_listener_kinds_remembered_per_function_are_arcades_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """The remembered detection answers what arcade's would, for every shape of
    listener a widget binds, however many times the same function is bound."""
    from arcade.gui import property as gui_property

    from game.ui.screens import focus

    listener_type = gui_property._ListenerType
    original = vars(listener_type)["detect_callback_type"]
    monkeypatch.setattr(listener_type, "detect_callback_type", original)
    arcades = original.__func__

    class Widget:
        def no_arg(self) -> None: ...
        def instance(self, instance: object) -> None: ...
        def value(self, instance: object, value: object) -> None: ...
        def new_old(self, instance: object, new: object, old: object) -> None: ...
        def star(self, *args: object) -> None: ...

    def with_default(instance: object, value: object = None) -> None: ...
    def keyword_only(*, flag: bool = False) -> None: ...

    listeners = [
        *(
            getattr(w, name)
            for w in (Widget(), Widget())
            for name in ("no_arg", "instance", "value", "new_old", "star")
        ),
        with_default,
        keyword_only,
        lambda: None,
        lambda a, b: None,
    ]
    expected = [arcades(listener) for listener in listeners]
    assert focus.remember_listener_kinds()
    remembered = listener_type.detect_callback_type
    assert [remembered(listener) for listener in listeners] == expected
    assert [remembered(listener) for listener in listeners] == expected  # from memory now


def test_without_arcades_listener_type_arcade_keeps_its_own_detection(
    reported: Callable[[], list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    from arcade.gui import property as gui_property

    from game.ui.screens import focus

    monkeypatch.delattr(gui_property, "_ListenerType")
    assert not focus.remember_listener_kinds()
    (line,) = reported()
    assert internals.LISTENER_TYPE.label in line
