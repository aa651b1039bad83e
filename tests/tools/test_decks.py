"""The decks a player can choose, measured on the atlas as the game draws it:
the large-print deck (its own sheet, the standard one's names, indices about
1.7 times as tall, one big pip, the court pictures as drawn), every index
readable against its card (WCAG contrast at least 4.5:1), and the four-colour
deck's suits told apart under protanopia and deuteranopia (simulated)."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from pathlib import Path
from typing import Any, cast

import pytest
from PIL import Image, ImageChops

from game.ui.render.tables import TABLES

ROOT = Path(__file__).resolve().parents[2]
RESOURCES = ROOT / "resources"
RANKS = "A23456789TJQK"
SUITS = "SHDC"
FACE = (253, 252, 248)
Rgb = tuple[int, int, int]

# Machado, Oliveira & Fernandes (2009), full severity, on linear RGB.
PROTANOPIA = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998))
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))


def _linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _gamma(v: float) -> int:
    v = min(1.0, max(0.0, v))
    return round(255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055))


def simulate(rgb: Rgb, matrix: tuple[tuple[float, float, float], ...]) -> Rgb:
    lin = [_linear(c) for c in rgb]
    r, g, b = (_gamma(sum(row[j] * lin[j] for j in range(3))) for row in matrix)
    return (r, g, b)


def luminance(rgb: Rgb) -> float:
    r, g, b = (_linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Rgb, b: Rgb) -> float:
    """WCAG 2 contrast ratio."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def lab(rgb: Rgb) -> tuple[float, float, float]:
    r, g, b = (_linear(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def delta_e(a: Rgb, b: Rgb) -> float:
    """CIE76 colour difference."""
    return float(sum((p - q) ** 2 for p, q in zip(lab(a), lab(b), strict=True)) ** 0.5)


def sheet(deck: str) -> tuple[dict[str, Any], Image.Image]:
    meta: dict[str, Any] = json.loads((RESOURCES / f"{deck}.json").read_text(encoding="utf-8"))
    with Image.open(RESOURCES / f"{deck}.png") as img:
        return meta, img.convert("RGBA")


@pytest.fixture(scope="module")
def decks() -> dict[str, tuple[dict[str, Any], Image.Image]]:
    return {deck: sheet(deck) for deck in ("cards", "cards-large")}


@pytest.fixture(scope="module")
def inks(decks: Any) -> dict[tuple[str, str], Rgb]:
    """Every index's ink, by deck and card (the same on every table: a table tints it after)."""
    return {
        (deck, name): index_ink(card(decks, deck, name), 64 if deck == "cards-large" else 36)
        for deck in decks
        for name in names()
    }


def card(decks: Any, deck: str, name: str) -> Image.Image:
    meta, atlas = decks[deck]
    r = meta["images"][name]
    return cast(Image.Image, atlas.crop((r["x"], r["y"], r["x"] + r["w"], r["y"] + r["h"])))


def index_ink(face: Image.Image, height: int) -> Rgb:
    """The index's colour: the most common of its fully inked pixels (top band, left half)."""
    band = face.crop((4, 4, face.width // 2, height)).convert("RGB")
    inked = [p for p in cast(list[Rgb], list(band.getdata())) if contrast(p, FACE) > 2.0]
    assert len(inked) > 30, "no index found"
    return Counter(inked).most_common(1)[0][0]


def index_height(face: Image.Image, band: int) -> int:
    """How tall the index's ink is in the top band (rank and suit side by side)."""
    top = face.crop((4, 0, face.width // 2, band)).convert("RGB")
    ink = (
        ImageChops.difference(top, Image.new("RGB", top.size, FACE)).convert("L").point(lambda v: 255 if v > 90 else 0)
    )
    box = ink.getbbox()
    assert box is not None
    return box[3] - box[1]


def names() -> list[str]:
    return [r + s for r in RANKS for s in SUITS] + [r + s + "-4c" for r in RANKS for s in "DC"]


def test_the_large_print_sheet_has_every_image_of_the_standard_one(decks: Any) -> None:
    assert set(decks["cards-large"][0]["images"]) == set(decks["cards"][0]["images"])
    for name in ("back", "back-web", "empty", "stock", "highlight"):  # the same backs and marks
        assert card(decks, "cards-large", name).tobytes() == card(decks, "cards", name).tobytes()


def tinted(rgb: Rgb, tint: Rgb) -> Rgb:
    """A colour as drawn on a table whose cards are multiplied by `tint` (the GPU multiplies the sRGB values)."""
    r, g, b = (round(c * t / 255) for c, t in zip(rgb, tint, strict=True))
    return (r, g, b)


@pytest.mark.parametrize("table", sorted(TABLES))
@pytest.mark.parametrize("deck", ["cards", "cards-large"])
def test_every_index_stands_out_from_its_card_by_at_least_4_5_to_1(inks: Any, deck: str, table: str) -> None:
    """WCAG's contrast for text, measured on the index's own pixels against the
    face, both as drawn on each table (the night table dims its cards)."""
    tint = TABLES[table].cards
    low = {name: contrast(tinted(inks[deck, name], tint), tinted(FACE, tint)) for name in names()}
    weak = {name: round(c, 2) for name, c in low.items() if c < 4.5}
    assert not weak, f"indices below 4.5:1 in {deck} on the {table} table: {weak}"


@pytest.mark.parametrize("matrix", [PROTANOPIA, DEUTERANOPIA], ids=["protanopia", "deuteranopia"])
@pytest.mark.parametrize("deck", ["cards", "cards-large"])
def test_the_four_colour_suits_stay_apart_for_colour_blind_players(decks: Any, deck: str, matrix: Any) -> None:
    """Simulated, the four inks still differ by a CIE76 ΔE of at least 24 (a
    clear difference for small symbols; the ordinary red and green were 17 apart)."""
    band = 64 if deck == "cards-large" else 36
    inks = {suit: index_ink(card(decks, deck, "9" + suit + ("-4c" if suit in "DC" else "")), band) for suit in SUITS}
    seen = {suit: simulate(ink, matrix) for suit, ink in inks.items()}
    for a, b in itertools.combinations(SUITS, 2):
        assert delta_e(seen[a], seen[b]) >= 24, f"{a} and {b}: {seen[a]} and {seen[b]}"


def test_the_simulation_is_the_known_one() -> None:
    """Pure red seen by a protanope is a dark olive; grey stays grey; the
    ordinary red and green of a card deck come out close (why the test above matters)."""
    assert simulate((255, 0, 0), PROTANOPIA) == pytest.approx((111, 95, 0), abs=20)
    assert simulate((128, 128, 128), DEUTERANOPIA) == pytest.approx((128, 128, 128), abs=2)
    assert delta_e(simulate((200, 16, 38), DEUTERANOPIA), simulate((16, 128, 52), DEUTERANOPIA)) < 24


def test_large_print_indices_are_about_twice_as_tall(decks: Any) -> None:
    for name in ("9S", "TH", "QD", "2C-4c"):
        standard = index_height(card(decks, "cards", name), 40)
        large = index_height(card(decks, "cards-large", name), 64)
        assert 1.6 <= large / standard <= 2.1, (name, standard, large)


def test_large_print_number_cards_show_one_big_pip(decks: Any) -> None:
    face = card(decks, "cards-large", "8H").convert("RGB")
    middle = face.crop((20, 70, 180, 210))
    ink = (
        ImageChops.difference(middle, Image.new("RGB", middle.size, FACE))
        .convert("L")
        .point(lambda v: 255 if v > 90 else 0)
    )
    box = ink.getbbox()
    assert box is not None and box[3] - box[1] > 100  # one pip, more than a third of the card tall
    # one connected shape: every row of the pip's box has ink in one run
    runs = 0
    for y in range(box[1], box[3], 4):
        row = [ink.getpixel((x, y)) for x in range(middle.width)]
        runs = max(runs, sum(1 for x in range(1, len(row)) if row[x] and not row[x - 1]))
    assert runs <= 2  # a heart's two lobes at most, never a pattern of pips


@pytest.mark.parametrize("name", [r + s for r in "KQJ" for s in SUITS])
def test_large_print_court_cards_are_the_same_pictures(decks: Any, name: str) -> None:
    """The court picture as drawn, only smaller: scaled to the same size, the
    two pictures differ by little more than resampling."""
    standard = card(decks, "cards", name).crop((24, 44, 176, 236)).convert("RGB")
    large_face = card(decks, "cards-large", name).convert("RGB")
    height = 280 - 2 * 66
    width = round(152 * height / 192)
    left = (200 - width) // 2
    large = large_face.crop((left, 66, left + width, 66 + height)).resize(standard.size, Image.Resampling.LANCZOS)
    diff = ImageChops.difference(standard, large).convert("L")
    mean = sum(i * n for i, n in enumerate(diff.histogram())) / (standard.width * standard.height)
    assert mean < 12, f"{name}: the large-print picture differs by {mean:.1f} levels on average"
    other = card(decks, "cards", "KS" if name != "KS" else "QH").crop((24, 44, 176, 236)).convert("RGB")
    unlike = ImageChops.difference(other, large).convert("L")
    assert sum(i * n for i, n in enumerate(unlike.histogram())) / (standard.width * standard.height) > 2 * mean
