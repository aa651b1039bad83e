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
from typing import Protocol

# The game's numbers (re-exported: the layout's callers think in them too).
from game.engine.numbers import COLUMNS as COLUMNS
from game.engine.numbers import DEALS as DEALS
from game.engine.numbers import RUNS_TO_WIN as RUNS

CARD_ASPECT = 280 / 200  # height / width, as drawn in the atlas

BUTTONS = ("new", "restart", "undo", "options", "rules", "stats")

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
# The window height above which the HUD grows in proportion.
HUD_FULL_HEIGHT = 1080


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned rectangle in window pixels (y up)."""

    left: float
    bottom: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.left + self.width

    @property
    def top(self) -> float:
        return self.bottom + self.height

    @property
    def center_x(self) -> float:
        return self.left + self.width / 2

    @property
    def center_y(self) -> float:
        return self.bottom + self.height / 2

    @property
    def center(self) -> tuple[float, float]:
        return (self.left + self.width / 2, self.bottom + self.height / 2)

    def contains(self, x: float, y: float) -> bool:
        return self.left <= x < self.right and self.bottom <= y < self.top

    def overlap_area(self, other: Rect) -> float:
        w = min(self.right, other.right) - max(self.left, other.left)
        h = min(self.top, other.top) - max(self.bottom, other.bottom)
        return w * h if w > 0 and h > 0 else 0.0

    def moved(self, dx: float, dy: float) -> Rect:
        return Rect(self.left + dx, self.bottom + dy, self.width, self.height)

    @staticmethod
    def union(rects: Iterable[Rect]) -> Rect:
        rs = list(rects)
        left = min(r.left for r in rs)
        bottom = min(r.bottom for r in rs)
        right = max(r.right for r in rs)
        top = max(r.top for r in rs)
        return Rect(left, bottom, right - left, top - bottom)


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

    @staticmethod
    def of(game: _GameLike) -> TableShape:
        return TableShape(
            tuple(tuple(card.face_up for card in column) for column in game.columns),
            game.deals_left,
            len(game.removed),
        )


@dataclass(frozen=True, slots=True)
class HudLayout:
    """The bar along the top: buttons on the left, score/moves/code on the right."""

    bar: Rect
    font_size: float
    buttons: Mapping[str, Rect]
    score: Rect
    moves: Rect
    code: Rect


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
    table_bottom: float  # lowest y a column card may reach

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
        for col in range(COLUMNS):
            if self.column_area(col).contains(x, y):
                return col
        return None

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
    """
    width = max(int(width), 320)
    height = max(int(height), 240)

    # The bar and its text stop growing at 1080p, then grow with the height
    # again, so the bar does not look small on large screens.
    grow = max(1.0, height / HUD_FULL_HEIGHT)
    hud_h = _clamp(height * 0.055, 32.0, 52.0) * grow
    font_size = _clamp(hud_h * 0.36, 11.0, 17.0 * grow)

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

    hud = _hud_layout(width, height, hud_h, font_size, text_widths)

    top = round(height - hud_h - margin)
    pile_bottom = margin
    table_bottom = pile_bottom + card_h + margin

    slots = tuple(Rect(round(gap + col * (card_w + gap)), top - card_h, card_w, card_h) for col in range(COLUMNS))
    cards = tuple(
        tuple(
            Rect(slot.left, slot.top - round(offset) - card_h, card_w, card_h)
            for offset in fan_offsets(faces, card_h, slot.top - table_bottom)
        )
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
    toast = Rect(toast_left, pile_bottom, max(toast_right - toast_left, 0.0), card_h)

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
        table_bottom=table_bottom,
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


def _stock_rects(area: Rect, card_w: float, card_h: float, deals: int) -> tuple[Rect, ...]:
    """Backs from the front (next deal, rightmost) to the back."""
    step = (area.width - card_w) / (deals - 1) if deals > 1 else 0.0
    return tuple(Rect(round(area.left + (deals - 1 - i) * step), area.bottom, card_w, card_h) for i in range(deals))


# Rough text lengths (characters) used when the view gives no measured widths.
_DEFAULT_TEXT_LENGTHS = {
    "new": 8,
    "restart": 7,
    "undo": 4,
    "options": 7,
    "rules": 5,
    "stats": 10,
    "score": 10,
    "moves": 10,
    "code": 15,
}


def _em_width(name: str, text_widths: Mapping[str, float] | None) -> float:
    """Width of a HUD text per point of font size."""
    if text_widths and name in text_widths:
        return text_widths[name]
    return _DEFAULT_TEXT_LENGTHS[name] * 0.6


def _hud_layout(
    width: int, height: int, hud_h: float, font_size: float, text_widths: Mapping[str, float] | None
) -> HudLayout:
    """Buttons from the left, then score, moves and the code from the right.
    When the texts of a language do not fit a narrow window, the font shrinks."""
    # Total width at a 1-point font: texts plus paddings proportional to the font.
    pad_em, gap_em, edge_em, spacing_em = 0.9, 0.45, 0.6, 0.9
    # Between the score and the moves, and between the moves and the code.
    numbers_em, code_gap_em = 1.5, 1.35
    buttons_em = sum(_em_width(n, text_widths) + 2 * pad_em for n in BUTTONS) + gap_em * (len(BUTTONS) - 1)
    right_em = (
        _em_width("code", text_widths)
        + 2 * pad_em
        + _em_width("moves", text_widths)
        + _em_width("score", text_widths)
        + numbers_em
        + code_gap_em
    )
    need_em = 2 * edge_em + buttons_em + spacing_em * 2 + right_em
    font_size = min(font_size, max(width / need_em, 7.0))

    bar = Rect(0, height - hud_h, width, hud_h)
    pad = font_size * pad_em
    button_h = min(hud_h * 0.72, font_size * 2.3)
    y = bar.bottom + (hud_h - button_h) / 2
    x = font_size * edge_em
    buttons: dict[str, Rect] = {}
    for name in BUTTONS:
        w = _em_width(name, text_widths) * font_size + 2 * pad
        buttons[name] = Rect(x, y, w, button_h)
        x += w + font_size * gap_em
    # The view measures the widest texts these can show, so the room kept
    # for the numbers never changes; the HUD packs the texts to the right of
    # it with the gap between score and moves (`moves.left - score.right`).
    code_w = _em_width("code", text_widths) * font_size + 2 * pad
    moves_w = _em_width("moves", text_widths) * font_size
    score_w = _em_width("score", text_widths) * font_size
    right = width - font_size * edge_em
    code = Rect(right - code_w, y, code_w, button_h)
    moves = Rect(code.left - font_size * code_gap_em - moves_w, y, moves_w, button_h)
    score = Rect(moves.left - font_size * numbers_em - score_w, y, score_w, button_h)
    return HudLayout(bar=bar, font_size=font_size, buttons=buttons, score=score, moves=moves, code=code)


@dataclass(frozen=True, slots=True)
class WinLayout:
    """The panel shown over the table when the game is won."""

    panel: Rect
    title: tuple[float, float]
    title_size: float
    detail: tuple[float, float]
    detail_size: float
    buttons: Mapping[str, Rect]  # "new", "again"


def win_layout(layout: TableLayout) -> WinLayout:
    w = min(layout.width * 0.6, layout.card_width * 5.2)
    h = w * 0.5
    cx = layout.width / 2
    cy = layout.table_bottom + (layout.slots[0].top - layout.table_bottom) * 0.55
    panel = Rect(cx - w / 2, cy - h / 2, w, h)
    title_size = h * 0.16
    detail_size = max(h * 0.065, 11.0)
    bw = w * 0.4
    bh = h * 0.2
    by = panel.bottom + h * 0.12
    buttons = {
        "new": Rect(cx - w * 0.03 - bw, by, bw, bh),
        "again": Rect(cx + w * 0.03, by, bw, bh),
    }
    return WinLayout(
        panel=panel,
        title=(cx, panel.top - h * 0.24),
        title_size=title_size,
        detail=(cx, panel.top - h * 0.47),
        detail_size=detail_size,
        buttons=buttons,
    )


def _clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))
