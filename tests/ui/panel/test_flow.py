"""Where a panel's nodes go (game/ui/panel/flow.py): pure arithmetic, with a
font whose letters are all as wide (half the point size) and lines 1.2 points
high, so every expected rectangle can be worked out by hand."""

from __future__ import annotations

import pytest

from game.ui.layout.rect import Rect
from game.ui.panel.boxes import Box, Grid, Stack
from game.ui.panel.flow import EDGE, Flow, Measure, controls_at, lay_out
from game.ui.panel.nodes import Button, Node, Text, fixed


class Even(Measure):
    """Every letter half a point wide, every line 1.2 points high; wraps between words."""

    def line(self, text: str, points: float, bold: bool) -> tuple[float, float]:
        return len(text) * points / 2, points * 1.2

    def wrapped(self, text: str, points: float, bold: bool, width: float) -> float:
        lines, used = 1, 0.0
        for word in text.split():
            w = len(word) * points / 2
            step = w if used == 0 else used + points / 2 + w
            if used and step > width:
                lines, used = lines + 1, w
            else:
                used = step
        return lines * points * 1.2

    def widest_word(self, text: str, points: float, bold: bool) -> float:
        return max((len(word) * points / 2 for word in text.split()), default=0.0)


def laid(root: Node, window: tuple[int, int] = (1000, 800), scale: float = 1.0) -> Flow:
    flow = Flow(scale)
    lay_out(root, Even(), window, flow)
    return flow


def test_a_column_of_texts_is_centred_in_the_window_with_its_gaps() -> None:
    a, b = Text(fixed("x" * 20), size=10), Text(fixed("x" * 10), size=10)  # 100 and 50 wide (+2), 12 high
    panel = Box(a, b, gap=10, pad=5)
    laid(panel)
    assert panel.rect == Rect(444, 378, 112, 44)  # (5 + 102 + 5) x (5 + 12 + 10 + 12 + 5), centred in 1000 x 800
    assert a.rect == Rect(449, 405, 102, 12) and b.rect.left == 449 + (102 - 52) / 2
    assert b.rect.top == a.rect.bottom - 10


def test_a_wrapping_text_fills_its_box_and_is_as_high_as_its_lines() -> None:
    title = Text(fixed("t" * 40), size=10)  # 202 wide: the box's width
    words = Text(fixed("aaaa bbbb cccc dddd eeee"), size=10, wrap=True)  # 120 on one line
    panel = Box(title, words)
    laid(panel)
    assert words.rect.width == title.rect.width == 202
    assert words.rect.height == 12  # one line at 202
    narrow = Box(Text(fixed("aaaa bbbb cccc dddd eeee"), size=10, wrap=True, width=50))
    laid(narrow)
    assert narrow.children[0].rect.width == 50 and narrow.children[0].rect.height == 12 * 3


def test_a_row_puts_its_parts_side_by_side() -> None:
    ok = Button("ok", fixed("OK"), lambda: None, width=100, height=40)
    cancel = Button("cancel", fixed("Cancel"), lambda: None, width=100, height=40)
    row = Box(ok, cancel, row=True, gap=16)
    laid(row)
    assert ok.rect.right + 16 == cancel.rect.left and ok.rect.bottom == cancel.rect.bottom
    assert controls_at(row, *cancel.rect.center) is cancel and controls_at(row, 0, 0) is None


def test_a_stack_keeps_the_room_of_its_largest_part_whichever_shows() -> None:
    choose = {"tall": True}
    tall = Box(Text(fixed("one"), size=10), Text(fixed("two"), size=10), shown=lambda: choose["tall"])
    short = Text(fixed("note"), size=10, shown=lambda: not choose["tall"])
    after = Text(fixed("after"), size=10)
    panel = Box(Stack(tall, short), after)
    laid(panel)
    where = after.rect
    choose["tall"] = False
    laid(panel)
    assert after.rect == where, "swapping the stack's parts moves nothing else"
    assert short.visible and not tall.visible


def test_a_grid_lines_up_its_columns() -> None:
    cells: list[list[Node | None]] = [
        [Text(fixed("name"), size=10), Text(fixed("1"), size=10)],
        [Text(fixed("a longer name"), size=10), Text(fixed("12345"), size=10)],
    ]
    grid = Grid(cells, column_gap=8, row_gap=4, align=("start", "end"))
    laid(grid)
    first, second = cells[0][1], cells[1][1]
    assert first is not None and second is not None and first.rect.right == second.rect.right
    assert cells[0][0] is not None and cells[1][0] is not None and cells[0][0].rect.left == cells[1][0].rect.left


@pytest.mark.parametrize(("window", "dense"), [((1000, 800), 0), ((1000, 140), 1), ((1000, 120), 2)])
def test_a_panel_that_does_not_fit_is_made_denser_and_loses_its_hints(window: tuple[int, int], dense: int) -> None:
    # Six lines of 12 px: 122 high with gaps of 10, 102 with the denser 6, 80 without the hint and gaps of 5.
    hint = Text(fixed("an explanation"), size=10, hint=True)
    panel = Box(*(Text(fixed(f"line {n}"), size=10) for n in range(5)), hint, gap=10)
    flow = laid(panel, window)
    assert flow.dense == dense
    assert hint.visible is (dense < 2)
    assert panel.rect.height <= window[1] - 2 * EDGE or dense == 2


def test_sizes_grow_with_the_scale_and_may_be_given_per_density() -> None:
    flow = Flow(scale=1.5)
    assert flow.px(100) == 150 and flow.pt(14) == 21.0
    assert flow.pick((38, 34, 28)) == 57.0
    flow.dense = 2
    assert flow.pick((38, 34, 28)) == 42.0 and flow.gap(10) == 8
    assert flow.pick(lambda: 77.0) == 77.0, "a function gives window pixels"
