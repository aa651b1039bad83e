"""Where everything on the table goes, as plain rectangles: no OpenGL here.

`compute_layout(width, height, shape)` turns a window size and the shape of
the table (how many cards each column holds and which lie face up, deals
left, runs removed) into rectangles for every card, slot, pile and HUD
button, plus the hit-tests the view needs (which card, column, button is
under the pointer; which column a dragged group overlaps most).

Coordinates are arcade's: pixels, origin at the bottom left, y up. The layout
is the only place that thinks about "down the column" (decreasing y), so the
view never converts anything.

Sizes follow the window: the card width comes from the window width (ten
columns plus gaps) unless the window is so wide and short that the height
must decide; cards keep the 200:280 shape of the atlas.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

# The game's numbers (re-exported: the layout's callers think in them too).
from game.engine.numbers import COLUMNS as COLUMNS
from game.engine.numbers import DEALS as DEALS
from game.engine.numbers import RUNS_TO_WIN as RUNS
from game.ui.layout.hud import BUTTONS as BUTTONS
from game.ui.layout.hud import HudLayout, bar_size, hud_layout
from game.ui.layout.rect import Rect as Rect

CARD_ASPECT = 280 / 200  # height / width, as drawn in the atlas

# Fan steps as a share of the card height: face-down cards show only their
# top edge, face-up ones must show the rank and suit in the corner.
FAN_DOWN = 0.10
FAN_UP = 0.25
# How far a long column may squeeze its fan before everything shrinks evenly.
FAN_DOWN_MIN = 0.045
FAN_UP_MIN = 0.155

# Column gap as a share of the card width; ten cards and eleven gaps span the window.
GAP = 0.13
# The removed kings and the stock backs overlap by these shares of a card width.
REMOVED_STEP = 0.2
STOCK_STEP = 0.16
# Below the HUD the table must hold a card plus this many card heights of fan,
# plus the bottom row (stock and removed runs); decides the size of short windows.
MIN_FAN_HEIGHTS = 2.6


class _CardLike(Protocol):
    @property
    def face_up(self) -> bool: ...


class _GameLike(Protocol):
    @property
    def columns(self) -> Sequence[Sequence[_CardLike]]: ...

    @property
    def deals_left(self) -> int: ...

    @property
    def removed(self) -> Sequence[str]: ...


@dataclass(frozen=True, slots=True)
class TableShape:
    """What the layout needs to know of a table: per column, which cards lie
    face up (first dealt first); deals left; runs removed."""

    columns: tuple[tuple[bool, ...], ...]
    deals_left: int
    removed: int

    def dealt(self) -> TableShape | None:
        """The shape a deal would leave (a face-up card on every column), or
        None when there is nothing to deal. (A run it completes changes it again.)"""
        if not self.deals_left:
            return None
        return TableShape(tuple((*c, True) for c in self.columns), self.deals_left - 1, self.removed)

    @staticmethod
    def of(game: _GameLike) -> TableShape:
        return TableShape(
            tuple(tuple(card.face_up for card in column) for column in game.columns),
            game.deals_left,
            len(game.removed),
        )


@dataclass(frozen=True, slots=True)
class TableLayout:
    width: int
    height: int
    card_width: float
    card_height: float
    hud: HudLayout
    slots: tuple[Rect, ...]  # the empty place of each column (also its first card)
    cards: tuple[tuple[Rect, ...], ...]  # cards[col][index]
    stock: tuple[Rect, ...]  # one back per deal left; stock[0] is the next deal, in front
    stock_area: Rect  # where the stock lies, full or empty (clickable)
    removed: tuple[Rect, ...]  # RUNS slots; removed[i] holds the king of run i
    toast: Rect  # where short messages appear (the free middle of the bottom row)
    status: Rect  # the status line: every action in words (below the messages, never under them)
    table_bottom: float  # lowest y a column card may reach
    # cards[col][index].center, made once with the layout (which is made
    # ahead for a deal): what every card's resting place is compared with.
    centers: tuple[tuple[tuple[float, float], ...], ...]

    # ---- where things are ---------------------------------------------------

    def card_rect(self, col: int, index: int) -> Rect:
        return self.cards[col][index]

    def column_end(self, col: int) -> Rect:
        """The last card of a column, or its empty slot: where a group would land."""
        cards = self.cards[col]
        return cards[-1] if cards else self.slots[col]

    def column_area(self, col: int) -> Rect:
        """The column's strip from its slot down to the table bottom: a drop target."""
        slot = self.slots[col]
        return Rect(slot.left, self.table_bottom, slot.width, slot.top - self.table_bottom)

    def group_rect(self, col: int, index: int) -> Rect:
        """The cards of column `col` from `index` to its end, as one rectangle."""
        return Rect.union(self.cards[col][index:])

    # ---- hit-tests ---------------------------------------------------------

    def card_at(self, x: float, y: float) -> tuple[int, int] | None:
        """(column, index) of the card drawn topmost under the point, if any."""
        col = self.column_at(x, y)
        if col is None:
            return None
        cards = self.cards[col]
        for index in range(len(cards) - 1, -1, -1):
            if cards[index].contains(x, y):
                return col, index
        return None

    def column_at(self, x: float, y: float) -> int | None:
        """The column whose strip (slot to table bottom) holds the point."""
        # `column_area(col).contains(x, y)`, the same sums, without making ten
        # rectangles (every press asks, a deal's click too).
        bottom = self.table_bottom
        if not bottom <= y:
            return None
        for col, (left, slot_bottom, width, height) in enumerate(self.slots):
            if left <= x < left + width and y < bottom + (slot_bottom + height - bottom):
                return col
        return None

    def cursor_bar(self, place: int) -> Rect:
        """The keyboard cursor on column `place` (a bar just under its last
        card, on the bare felt), or on the stock when `place` is `COLUMNS`
        (a bar just over it)."""
        height = max(round(self.card_height * 0.045), 4)
        gap = max(round(self.card_height * 0.05), 3)
        if place >= COLUMNS:
            area = self.stock_area
            return Rect(area.left, area.top + gap, area.width, height)
        end = self.column_end(place)
        return Rect(end.left, end.bottom - gap - height, end.width, height)

    def on_stock(self, x: float, y: float) -> bool:
        return self.stock_area.contains(x, y)

    def button_at(self, x: float, y: float) -> str | None:
        for name, rect in self.hud.buttons.items():
            if rect.contains(x, y):
                return name
        return None

    def on_code(self, x: float, y: float) -> bool:
        return self.hud.code.contains(x, y)

    def drop_column(self, group: Rect, candidates: Iterable[int]) -> int | None:
        """Among `candidates`, the column whose area the dragged group overlaps
        most (None if it overlaps none of them). Overlap is measured with the
        column's end card grown to the full strip, so dropping a group low on a
        short column still counts."""
        best: int | None = None
        best_area = 0.0
        for col in candidates:
            area = group.overlap_area(self.column_area(col))
            if area > best_area:
                best, best_area = col, area
        return best


def compute_layout(
    width: int,
    height: int,
    shape: TableShape,
    text_widths: Mapping[str, float] | None = None,
) -> TableLayout:
    """The whole table for a window of `width` x `height` pixels.

    `text_widths` are the measured widths of the HUD texts in the current
    language (keys: the button names, "score", "moves", "code"; the view
    measures them); without them a rough estimate is used, enough for tests.

    The last few layouts are remembered: the view lays out the table a deal
    would leave while it rests, so the deal's click finds it made.
    """
    widths = tuple(sorted(text_widths.items())) if text_widths else ()
    return _layout(width, height, shape, widths)


@lru_cache(maxsize=8)
def _layout(width: int, height: int, shape: TableShape, widths: tuple[tuple[str, float], ...]) -> TableLayout:
    text_widths = dict(widths)
    width = max(int(width), 320)
    height = max(int(height), 240)

    hud_h, font_size = bar_size(height)

    # Card size: as wide as ten columns and eleven gaps allow, unless the
    # height could then not hold the HUD, a fan and the bottom row.
    card_w = width / (COLUMNS + (COLUMNS + 1) * GAP)
    margin_ratio = GAP * 0.8  # vertical margins, as a share of the card width
    # height = hud + margin + (1 + MIN_FAN_HEIGHTS) * ch + margin + ch + margin
    by_height = (height - hud_h) / ((2 + MIN_FAN_HEIGHTS) * CARD_ASPECT + 3 * margin_ratio)
    # Whole pixels for the card size and every card's corner: the view draws
    # card images pre-scaled to exactly this size, one texel per pixel.
    card_w = float(max(int(min(card_w, by_height)), 8))
    card_h = float(round(card_w * CARD_ASPECT))
    gap = (width - COLUMNS * card_w) / (COLUMNS + 1)
    margin = round(card_w * margin_ratio)

    hud = hud_layout(width, height, hud_h, font_size, text_widths)

    top = round(height - hud_h - margin)
    pile_bottom = margin
    table_bottom = pile_bottom + card_h + margin

    slots = tuple(Rect(round(gap + col * (card_w + gap)), top - card_h, card_w, card_h) for col in range(COLUMNS))
    cards = tuple(
        _column_rects(slot.left, top, card_w, card_h, fan_offsets(faces, card_h, top - table_bottom))
        for slot, faces in zip(slots, shape.columns, strict=True)
    )

    step = card_w * STOCK_STEP
    stock_w = card_w + round(step) * (DEALS - 1)
    stock_area = Rect(round(width - gap - stock_w), pile_bottom, stock_w, card_h)
    all_stock = _stock_rects(stock_area, card_w, card_h, DEALS)
    # The next deal is in front: with fewer deals left the front ones are
    # gone, so the remaining backs keep their places (nothing jumps).
    stock = tuple(all_stock[DEALS - shape.deals_left + i] for i in range(shape.deals_left))

    removed = tuple(Rect(round(gap + i * card_w * REMOVED_STEP), pile_bottom, card_w, card_h) for i in range(RUNS))

    toast_left = removed[-1].right + gap
    toast_right = stock_area.left - gap
    # The bottom strip of that middle is the status line's; messages keep the rest.
    status_h = float(round(font_size * 1.9))
    status = Rect(toast_left, pile_bottom, max(toast_right - toast_left, 0.0), status_h)
    toast = Rect(toast_left, pile_bottom + status_h, status.width, max(card_h - status_h, 0.0))

    return TableLayout(
        width=width,
        height=height,
        card_width=card_w,
        card_height=card_h,
        hud=hud,
        slots=slots,
        cards=cards,
        stock=stock,
        stock_area=stock_area,
        removed=removed,
        toast=toast,
        status=status,
        table_bottom=table_bottom,
        centers=tuple(tuple([rect.center for rect in column]) for column in cards),
    )


def fan_offsets(faces: Sequence[bool], card_h: float, room: float) -> list[float]:
    """How far below the column top each card starts, for cards lying
    `faces` (True = face up), when the column may use `room` pixels.

    The natural fan is used when it fits; otherwise the face-up step shrinks
    first (face-down cards keep their small step), then both steps shrink to
    their minimum, then everything shrinks evenly: the last card always ends
    above the bottom of the room.
    """
    n = len(faces)
    if n == 0:
        return []
    downs = sum(1 for f in faces[:-1] if not f)
    ups = n - 1 - downs
    free = room - card_h
    down_step = FAN_DOWN * card_h
    up_step = FAN_UP * card_h
    if downs * down_step + ups * up_step > free:
        # Shrink face-up steps down to their minimum.
        if ups:
            up_step = max((free - downs * down_step) / ups, FAN_UP_MIN * card_h)
        if downs * down_step + ups * up_step > free:
            # Then face-down steps.
            down_step = FAN_DOWN_MIN * card_h
            if ups:
                up_step = max((free - downs * down_step) / ups, FAN_UP_MIN * card_h)
            need = downs * down_step + ups * up_step
            if need > free:
                # Last resort: everything in proportion (a very short window).
                k = max(free, 0.0) / need
                down_step *= k
                up_step *= k
    offsets = []
    y = 0.0
    for face_up in faces:
        offsets.append(y)
        y += up_step if face_up else down_step
    return offsets


def _column_rects(left: float, top: float, card_w: float, card_h: float, offsets: list[float]) -> tuple[Rect, ...]:
    """A column's card places (every slot's top is the layout's `top`)."""
    return tuple([Rect(left, top - round(offset) - card_h, card_w, card_h) for offset in offsets])


def _stock_rects(area: Rect, card_w: float, card_h: float, deals: int) -> tuple[Rect, ...]:
    """Backs from the front (next deal, rightmost) to the back."""
    step = (area.width - card_w) / (deals - 1) if deals > 1 else 0.0
    return tuple(Rect(round(area.left + (deals - 1 - i) * step), area.bottom, card_w, card_h) for i in range(deals))


@dataclass(frozen=True, slots=True)
class WinLayout:
    """The panel shown over the table when the game is won."""

    panel: Rect
    title: tuple[float, float]
    title_size: float
    detail: tuple[float, float]
    detail_size: float
    buttons: Mapping[str, Rect]  # "new", "again", "watch", "copy"
    notes: tuple[tuple[float, float], ...] = ()  # the lines under the detail: the record, the streak, the time


WIN_BUTTONS = ("new", "again", "watch", "copy")


WIN_NOTES = 3  # the variant's won of played, the streak, the time played


def win_layout(layout: TableLayout, names: Sequence[str] = WIN_BUTTONS) -> WinLayout:
    """The panel over a won table: title, detail, the notes, then the
    buttons in rows of two (a lone last one centred). It lies between the
    empty columns' outlines and the bottom row, crossing neither (smaller
    when the room asks)."""
    rows = max(1, (len(names) + 1) // 2)
    room = (layout.slots[0].bottom - layout.table_bottom) * 0.94
    w = min(layout.width * 0.6, layout.card_width * 5.2)
    for _ in range(3):  # the text's least size makes the height not quite proportional: settle in a few steps
        if _win_height(w, rows) <= room:
            break
        w *= room / _win_height(w, rows)
    bw, bh, gap = w * 0.4, w * 0.1, w * 0.03
    detail_size = max(w * 0.0325, 11.0)
    line = detail_size * 1.7
    h = _win_height(w, rows)
    cx = layout.width / 2
    cy = (layout.slots[0].bottom + layout.table_bottom) / 2
    panel = Rect(cx - w / 2, cy - h / 2, w, h)
    title_size = w * 0.08
    buttons: dict[str, Rect] = {}
    for i, name in enumerate(names):
        row, col = divmod(i, 2)
        lone = col == 0 and i == len(names) - 1
        left = cx - bw / 2 if lone else (cx - gap - bw if col == 0 else cx + gap)
        bottom = panel.bottom + w * 0.06 + (rows - 1 - row) * (bh + gap)
        buttons[name] = Rect(left, bottom, bw, bh)
    return WinLayout(
        panel=panel,
        title=(cx, panel.top - w * 0.12),
        title_size=title_size,
        detail=(cx, panel.top - w * 0.235),
        detail_size=detail_size,
        buttons=buttons,
        notes=tuple((cx, panel.top - w * 0.235 - (n + 1) * line) for n in range(WIN_NOTES)),
    )


def _win_height(w: float, rows: int) -> float:
    """The win panel's height at width `w`: the title, the detail and the
    notes (half a line more above the buttons), the rows of buttons."""
    line = max(w * 0.0325, 11.0) * 1.7
    return w * 0.34 + (WIN_NOTES + 0.5) * line + rows * w * 0.1 + (rows - 1) * w * 0.03
