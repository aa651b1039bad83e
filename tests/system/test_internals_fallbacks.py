"""A private name of arcade or pyglet that is gone (game/system/internals.py):
the game logs one line for it, however often it is used, and takes the
documented fallback, never a raise. Each entry's fallback is tried here by
renaming the entry as a future release would (the entries that are there
are checked in test_internals.py).
"""

from __future__ import annotations

import logging
import sys
import types
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from game.system import internals
from game.system.internals import Internal


@pytest.fixture
def reported(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> Callable[[], list[str]]:
    """The lines game.system.internals has logged so far in the test (every entry afresh)."""
    monkeypatch.setattr(internals, "_reported", set())
    caplog.set_level(logging.WARNING, logger="game.system.internals")
    return lambda: [r.getMessage() for r in caplog.records if r.name == "game.system.internals"]


# ---- a name that is gone: one line, a fallback, never a raise --------------------


def gone(entry: Internal) -> Internal:
    """The entry as a future arcade or pyglet would have it: renamed."""
    return replace(entry, name=entry.name + "_renamed")


def test_a_missing_internal_gives_its_fallback_and_one_line_however_often_used(
    reported: Callable[[], list[str]],
) -> None:
    entry = gone(internals.DEFAULT_ATLAS)
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
    entry = internals.DEFAULT_ATLAS
    thing = types.SimpleNamespace(_atlas=lambda x: x * 2)
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
    monkeypatch.delattr(FreeTypeGlyphRenderer, internals.EXPAND_TO_RGBA.name)
    glyphs.install()
    assert not hasattr(FreeTypeGlyphRenderer, internals.EXPAND_TO_RGBA.name)
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


def test_an_ffmpeg_probe_that_ran_after_all_is_one_line(
    reported: Callable[[], list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(internals, "_ffmpeg_blocked", True)
    monkeypatch.setitem(sys.modules, "pyglet.media.codecs.ffmpeg_renamed", types.ModuleType("ffmpeg_renamed"))
    assert internals.check_ffmpeg_probe_skipped() is False
    assert internals.check_ffmpeg_probe_skipped() is False
    (line,) = reported()
    assert internals.FFMPEG_LIB.label in line


def test_without_arcades_atlas_attribute_the_atlas_is_sized_anyway(
    window: Any, reported: Callable[[], list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.ui.cards.atlas import reserve_gpu_atlas

    monkeypatch.setattr(window.ctx, "atlas_size", window.ctx.atlas_size)  # put back afterwards
    monkeypatch.setattr(internals, "DEFAULT_ATLAS", gone(internals.DEFAULT_ATLAS))
    reserve_gpu_atlas({})
    (line,) = reported()
    assert "_atlas_renamed" in line
