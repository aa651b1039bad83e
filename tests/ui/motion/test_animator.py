"""The animator's timing, on plain objects: no OpenGL."""

from __future__ import annotations

import pytest

from game.ui.motion.animator import Animator, Tween, linear


class Thing:
    def __init__(self, x: float = 0.0, y: float = 0.0, width: float = 10.0) -> None:
        self.center_x = x
        self.center_y = y
        self.width = width


def test_a_tween_moves_from_where_the_sprite_is_when_it_begins() -> None:
    a = Animator()
    s = Thing()
    a.add(Tween(s, 100, 50, start=0.5, duration=1.0, ease=linear))
    a.update(0.25)
    assert (s.center_x, s.center_y) == (0, 0)  # not begun yet
    s.center_x = 20  # moved (a drag) before the tween begins
    a.update(0.75)  # t = 1.0: half way
    assert s.center_x == pytest.approx(60) and s.center_y == pytest.approx(25)
    a.update(1.0)
    assert (s.center_x, s.center_y) == (100, 50)
    assert not a.busy


def test_tweens_on_one_sprite_chain_in_start_order() -> None:
    a = Animator()
    s = Thing()
    a.add(Tween(s, 10, 0, start=0.0, duration=1.0, ease=linear))
    a.add(Tween(s, 10, 10, start=1.0, duration=1.0, ease=linear))
    a.update(1.5)
    assert (s.center_x, s.center_y) == pytest.approx((10, 5))


def test_finish_all_snaps_every_tween_to_its_end_and_runs_callbacks() -> None:
    a = Animator()
    s, t = Thing(), Thing()
    log: list[str] = []
    a.add(Tween(s, 5, 5, start=0.0, duration=1.0, on_end=lambda: log.append("s")))
    a.add(Tween(s, 7, 7, start=2.0, duration=1.0, on_end=lambda: log.append("s2")))
    a.add(Tween(t, 3, 3, start=9.0, duration=1.0, flip=lambda: log.append("flip"), full_width=10))
    a.update(0.1)
    a.finish_all()
    assert (s.center_x, s.center_y) == (7, 7) and (t.center_x, t.center_y) == (3, 3)
    assert log == ["s", "s2", "flip"]
    assert t.width == 10
    assert not a.busy


def test_a_flip_swaps_at_the_middle_edge_on() -> None:
    a = Animator()
    s = Thing(width=10)
    flips: list[float] = []
    a.add(Tween(s, 0, 0, start=0.0, duration=1.0, flip=lambda: flips.append(a.now), full_width=10, ease=linear))
    a.update(0.25)
    assert not flips and 0 < s.width < 10
    a.update(0.3)
    assert flips and s.width < 2  # just past edge-on
    a.update(1.0)
    assert s.width == 10 and len(flips) == 1


def test_a_shake_ends_where_it_started() -> None:
    a = Animator()
    s = Thing(x=40)
    a.add(Tween(s, 40, 0, start=0.0, duration=0.3, shake=6))
    a.update(0.03)
    assert s.center_x != pytest.approx(40)
    a.update(0.3)
    assert s.center_x == 40


def test_call_at_runs_once_when_the_clock_reaches_it_or_at_finish() -> None:
    a = Animator()
    calls: list[str] = []
    a.call_at(0.5, lambda: calls.append("a"))
    a.call_at(2.0, lambda: calls.append("b"))
    assert a.busy and a.end_time == 2.0
    a.update(0.4)
    assert calls == []
    a.update(0.2)
    assert calls == ["a"]
    a.finish_all()
    assert calls == ["a", "b"] and not a.busy
