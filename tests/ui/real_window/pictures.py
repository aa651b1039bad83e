"""Is the window's picture right? Compared with the same table drawn fresh.

The reference is the table of the saved game drawn headless at the window's
current size (`tools.render_table`): what a player must see once a window
event is over. The live picture may differ only where the live game shows
something a fresh drawing does not (the status line's words about the last
action, a message): those boxes are left out. Elsewhere a pixel counts as
different when one of its channels is off by more than `DIFF`.

Every check returns problems in a player's words ("a black band 270 px tall
along the top"), empty when the picture is right. Boxes are (left, top,
right, bottom) in window pixels from the top left, as the grabbed pictures.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PIL import Image, ImageChops, ImageDraw

from game.ui.layout.table import COLUMNS, Rect, TableLayout

Box = tuple[int, int, int, int]

DIFF = 48  # channel difference above which a pixel is "not the same"
BAND_TOLERANCE = 0.01  # share of a band's pixels allowed to differ (anti-aliasing, a cursor)
PART_TOLERANCE = 0.02  # the same for one element (the HUD, the stock, a column's cards)
BANDS = 20  # horizontal bands the picture is judged in
BLACK = 12  # a channel at most this dark is black (the felt and the dimmed felt are not)
DIM = 0.45  # game.ui.screens.backdrop.DIM: the light left on the table behind a dialog


def box_of(rect: Rect, height: int) -> Box:
    """A layout rectangle (arcade's, y up) as a picture box (y down)."""
    return (round(rect.left), round(height - rect.top), round(rect.right), round(height - rect.bottom))


def differing(shot: Image.Image, reference: Image.Image, ignore: Sequence[Box] = ()) -> Image.Image:
    """A mask (mode "1"-like "L": 255 where the pictures differ), blank where ignored."""
    diff = ImageChops.difference(shot.convert("RGB"), reference.convert("RGB"))
    r, g, b = diff.split()
    worst = ImageChops.lighter(ImageChops.lighter(r, g), b)
    mask = worst.point(lambda v: 255 if v > DIFF else 0)
    draw = ImageDraw.Draw(mask)
    for box in ignore:
        draw.rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=0)
    return mask


def share(mask: Image.Image, box: Box) -> float:
    """The share of pixels set in `box` of `mask` (0 for an empty box)."""
    left, top, right, bottom = max(box[0], 0), max(box[1], 0), min(box[2], mask.width), min(box[3], mask.height)
    if right <= left or bottom <= top:
        return 0.0
    part = mask.crop((left, top, right, bottom))
    return part.histogram()[255] / (part.width * part.height)


def black_bands(shot: Image.Image) -> list[str]:
    """Black bands along the window's edges (an area nothing was drawn in)."""
    gray = shot.convert("RGB")
    r, g, b = gray.split()
    dark = ImageChops.lighter(ImageChops.lighter(r, g), b).point(lambda v: 255 if v <= BLACK else 0)
    w, h = dark.size

    def run(lines: range, line_box: Callable[[int], Box]) -> int:
        count = 0
        for i in lines:
            if share(dark, line_box(i)) < 0.98:
                break
            count += 1
        return count

    top = run(range(h), lambda y: (0, y, w, y + 1))
    bottom = run(range(h - 1, -1, -1), lambda y: (0, y, w, y + 1))
    left = run(range(w), lambda x: (x, 0, x + 1, h))
    right = run(range(w - 1, -1, -1), lambda x: (x, 0, x + 1, h))
    problems = []
    for where, size, unit in (("top", top, "tall"), ("bottom", bottom, "tall"), ("left", left, "wide")):
        if size >= 2:
            problems.append(f"a black band {size} px {unit} along the {where} of the window")
    if right >= 2:
        problems.append(f"a black band {right} px wide along the right of the window")
    if top >= h - 1:
        return ["the window is all black"]
    return problems


def _bands(mask: Image.Image, size: str) -> list[str]:
    """Horizontal bands that differ, merged into runs, in words."""
    w, h = mask.size
    bad: list[tuple[int, int, float]] = []
    for i in range(BANDS):
        top, bottom = h * i // BANDS, h * (i + 1) // BANDS
        part = share(mask, (0, top, w, bottom))
        if part > BAND_TOLERANCE:
            if bad and bad[-1][1] == top:
                t, _, worst = bad[-1]
                bad[-1] = (t, bottom, max(worst, part))
            else:
                bad.append((top, bottom, part))
    return [
        f"rows {top}–{bottom - 1} (of {h}) do not show the table as it is drawn fresh at {size}: "
        f"up to {worst:.0%} of their pixels differ (an old, shifted or missing picture)"
        for top, bottom, worst in bad
    ]


def _parts(mask: Image.Image, layout: TableLayout) -> list[str]:
    """The table's landmarks, each where the layout puts it, in words."""
    h = layout.height
    problems = []
    if share(mask, box_of(layout.hud.bar, h)) > PART_TOLERANCE:
        problems.append("the HUD bar is not drawn along the top of the window")
    if layout.stock and share(mask, box_of(Rect.union(layout.stock), h)) > PART_TOLERANCE:
        problems.append("the stock is not drawn at the bottom right of the window")
    misplaced = [
        str(col + 1)
        for col in range(COLUMNS)
        if share(mask, box_of(Rect.union(layout.cards[col] or (layout.slots[col],)), h)) > PART_TOLERANCE
    ]
    if misplaced:
        problems.append(f"the cards of column(s) {', '.join(misplaced)} are not where they belong for this size")
    return problems


def table_problems(shot: Image.Image, reference: Image.Image, layout: TableLayout) -> list[str]:
    """What is wrong with the window's picture of the table, in a player's words."""
    if shot.size != reference.size:
        return [
            f"the picture is {shot.width}x{shot.height}, the table drawn fresh {reference.width}x{reference.height}"
        ]
    # The live game says what the last action did; a fresh drawing has no last action.
    ignore = [box_of(layout.status, layout.height), box_of(layout.toast, layout.height)]
    mask = differing(shot, reference, ignore)
    size = f"{shot.width}x{shot.height}"
    return black_bands(shot) + _parts(mask, layout) + _bands(mask, size)


def dimmed(picture: Image.Image, light: float = DIM) -> Image.Image:
    """The picture as a dialog shows it behind itself."""
    return picture.convert("RGB").point(lambda v: round(v * light))


def shows_table_behind(shot: Image.Image, reference: Image.Image, layout: TableLayout, panel_width: int) -> list[str]:
    """Behind a dialog (a panel at most `panel_width` wide, centred), the
    dimmed table: compared in the strips left and right of the panel, which
    hold the HUD's ends, the first and last columns and the stock."""
    w, h = shot.size
    strip = (w - panel_width) // 2 - 4
    if strip < 8:
        return [f"no table visible beside a {panel_width} px panel in a {w} px window (test set-up)"]
    mask = differing(shot, dimmed(reference), [box_of(layout.status, h), box_of(layout.toast, h)])
    hud_bottom = round(layout.hud.bar.height)
    problems = []
    sides = {"left": (0, strip), "right": (w - strip, w)}
    for side, (x0, x1) in sides.items():
        if share(mask, (x0, 0, x1, hud_bottom)) > PART_TOLERANCE:
            problems.append(f"the {side} end of the HUD bar is not shown, dimmed, behind the dialog")
        if share(mask, (x0, hud_bottom, x1, h)) > PART_TOLERANCE:
            colours = shot.crop((x0, hud_bottom, x1, h)).getcolors(maxcolors=8)
            look = "a flat backdrop with no cards" if colours is not None else "something else"
            problems.append(f"the table's {side} side is not shown, dimmed, behind the dialog: {look}")
    return problems


def changed(before: Image.Image, after: Image.Image, box: Box | None = None, threshold: int = 24) -> float:
    """The share of pixels (in `box`, default all) that changed visibly between two pictures."""
    if before.size != after.size:
        return 1.0
    diff = ImageChops.difference(before.convert("RGB"), after.convert("RGB"))
    r, g, b = diff.split()
    mask = ImageChops.lighter(ImageChops.lighter(r, g), b).point(lambda v: 255 if v > threshold else 0)
    return share(mask, box or (0, 0, mask.width, mask.height))


def panel_width(size: tuple[int, int]) -> int:
    """The widest a dialog's panel is in a window of `size` (game.ui.screens.base:
    1000 design pixels at 1280x800, growing with the window up to twice, and
    16 px of felt at each edge)."""
    w, h = size
    scale = max(1.0, min(2.0, w / 1280, h / 800))
    return int(min(round(1000 * scale), w - 2 * 16))
