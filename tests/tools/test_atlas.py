"""The card atlas: committed files up to date, faces a player can tell apart, loads in arcade."""

from __future__ import annotations

import colorsys
import itertools
import json
from pathlib import Path
from typing import Any, cast

import pytest
from PIL import Image, ImageChops

from game.records.settings import CARD_BACKS
from tools.atlas.cli import main as render_atlas
from tools.atlas.courts import figure_half
from tools.atlas.icons import ICON_SIZES, icon_name

ROOT = Path(__file__).resolve().parents[2]
RESOURCES = ROOT / "resources"
RANKS = "A23456789TJQK"
SUITS = "SHDC"


@pytest.fixture(scope="module")
def meta() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((RESOURCES / "cards.json").read_text(encoding="utf-8"))
    return data


@pytest.fixture(scope="module")
def atlas() -> Image.Image:
    with Image.open(RESOURCES / "cards.png") as img:
        rgba: Image.Image = img.convert("RGBA")
    return rgba


Pixel = tuple[int, int, int, int]


def px(img: Image.Image, xy: tuple[int, int]) -> Pixel:
    """One RGBA pixel (typed: Pillow's getpixel may return many shapes)."""
    return cast(Pixel, img.getpixel(xy))


def pixels(img: Image.Image) -> list[Pixel]:
    return cast(list[Pixel], list(img.convert("RGBA").getdata()))


def crop(atlas: Image.Image, meta: dict[str, Any], name: str) -> Image.Image:
    r = meta["images"][name]
    return atlas.crop((r["x"], r["y"], r["x"] + r["w"], r["y"] + r["h"]))


def ink_hue(img: Image.Image, box: tuple[int, int, int, int]) -> str:
    """The colour family of the strongly inked pixels in `box`: red, black, blue or green."""
    region = img.crop(box)
    counts = {"red": 0, "black": 0, "blue": 0, "green": 0}
    for r, g, b, a in pixels(region):
        if a < 250:
            continue
        h, s, v = colorsys.rgb_to_hsv(r / 255, g / 255, b / 255)
        if v < 0.25:
            counts["black"] += 1
        elif s > 0.6 and v > 0.35:
            deg = h * 360
            if deg < 20 or deg > 340:
                counts["red"] += 1
            elif 90 < deg < 170:
                counts["green"] += 1
            elif 200 < deg < 250:
                counts["blue"] += 1
    best = max(counts, key=lambda k: counts[k])
    assert counts[best] > 20, f"no ink found in {box}: {counts}"
    return best


def decoded(path: Path) -> tuple[str, tuple[int, int], bytes]:
    """What a PNG shows: its mode, size and every pixel (not how it is compressed)."""
    with Image.open(path) as img:
        return img.mode, img.size, img.tobytes()


@pytest.mark.slow  # renders the whole atlas and the icons
def test_committed_atlas_is_up_to_date(tmp_path: Path) -> None:
    """A fresh render has exactly the committed files' pixels (so it is also
    deterministic). The images are compared decoded: another Pillow may
    compress the same pixels into other PNG bytes, and that changes nothing
    a player sees; any pixel that changes fails."""
    assert render_atlas(["--out", str(tmp_path)]) == 0
    stale = "is stale: run `python -m tools.atlas` (or this Pillow draws differently from the one that made it)"
    for name in ["cards.png", "cards-large.png"] + [f"icons/{icon_name(size)}" for size in ICON_SIZES]:
        assert decoded(tmp_path / name) == decoded(RESOURCES / name), f"resources/{name} {stale}"
    for name in ["cards.json", "cards-large.json"]:
        assert (tmp_path / name).read_bytes() == (RESOURCES / name).read_bytes(), f"resources/{name} {stale}"


def test_the_comparison_sees_one_changed_pixel_and_not_the_compression(tmp_path: Path) -> None:
    icon = RESOURCES / "icons" / icon_name(ICON_SIZES[0])
    with Image.open(icon) as img:
        pixels = img.copy()
    pixels.save(tmp_path / "same.png", compress_level=0)  # other PNG bytes, the same picture
    assert (tmp_path / "same.png").read_bytes() != icon.read_bytes()
    assert decoded(tmp_path / "same.png") == decoded(icon)
    r, g, b, *rest = cast(tuple[int, ...], pixels.getpixel((0, 0)))
    pixels.putpixel((0, 0), (r ^ 1, g, b, *rest))
    pixels.save(tmp_path / "other.png")
    assert decoded(tmp_path / "other.png") != decoded(icon)


def test_every_name_the_game_uses_exists(meta: dict[str, Any]) -> None:
    names = set(meta["images"])
    faces = {r + s for r in RANKS for s in SUITS}
    four = {r + s + "-4c" for r in RANKS for s in "DC"}
    backs = {"back"} | {f"back-{b}" for b in CARD_BACKS[1:]}
    assert faces | four | backs | {"empty", "stock", "highlight"} == names
    assert meta["card"] == {"w": 200, "h": 280}
    for name in faces | four | backs | {"empty", "stock"}:
        r = meta["images"][name]
        assert (r["w"], r["h"]) == (200, 280), name
    margin = meta["highlight_margin"]
    assert (meta["images"]["highlight"]["w"], meta["images"]["highlight"]["h"]) == (
        200 + 2 * margin,
        280 + 2 * margin,
    )


def test_cells_do_not_touch(meta: dict[str, Any], atlas: Image.Image) -> None:
    """At least one transparent pixel between cells, so linear filtering never bleeds."""
    rects = list(meta["images"].values())
    for i, a in enumerate(rects):
        assert a["x"] >= 1 and a["y"] >= 1
        assert a["x"] + a["w"] < atlas.width and a["y"] + a["h"] < atlas.height
        for b in rects[i + 1 :]:
            apart = (
                a["x"] + a["w"] < b["x"]
                or b["x"] + b["w"] < a["x"]
                or a["y"] + a["h"] < b["y"]
                or b["y"] + b["h"] < a["y"]
            )
            assert apart, (a, b)


def test_all_faces_are_distinct(meta: dict[str, Any], atlas: Image.Image) -> None:
    names = [r + s for r in RANKS for s in SUITS] + [r + s + "-4c" for r in RANKS for s in "DC"]
    pictures = {crop(atlas, meta, n).tobytes() for n in names}
    assert len(pictures) == len(names)


@pytest.mark.parametrize(
    "name", ["back", "empty", "stock"] + [f"back-{b}" for b in CARD_BACKS[1:]] + [r + s for r in RANKS for s in SUITS]
)
def test_corners_are_transparent(meta: dict[str, Any], atlas: Image.Image, name: str) -> None:
    card = crop(atlas, meta, name)
    w, h = card.size
    for x, y in (
        (0, 0),
        (w - 1, 0),
        (0, h - 1),
        (w - 1, h - 1),
        (1, 1),
        (w - 2, h - 2),
    ):
        assert px(card, (x, y))[3] == 0, (name, x, y)
    # ...while the card itself is opaque just inside its edge.
    if name not in ("empty", "stock"):
        assert px(card, (w // 2, 2))[3] == 255
        assert px(card, (w // 2, h // 2))[3] == 255


@pytest.mark.parametrize(
    ("suit", "classic", "four"),
    [
        ("S", "black", "black"),
        ("H", "red", "red"),
        ("D", "red", "blue"),
        ("C", "black", "green"),
    ],
)
def test_suits_have_their_colours(meta: dict[str, Any], atlas: Image.Image, suit: str, classic: str, four: str) -> None:
    for rank in RANKS:
        card = crop(atlas, meta, rank + suit)
        # The corner index (rank and suit) that stays visible when cards are fanned.
        assert ink_hue(card, (6, 4, 100, 38)) == classic, rank + suit
        if rank in "A23456789T":
            # Pip area: the middle of the card, between the index bands.
            assert ink_hue(card, (30, 50, 170, 230)) == classic, rank + suit
        if suit in "DC":
            four_card = crop(atlas, meta, rank + suit + "-4c")
            assert ink_hue(four_card, (6, 4, 100, 38)) == four, rank + suit + "-4c"
            if rank in "A23456789T":
                assert ink_hue(four_card, (30, 50, 170, 230)) == four, rank + suit + "-4c"
        elif rank in "A23456789T":
            # Spades and hearts are the same in both sets, so there is no -4c copy.
            assert rank + suit + "-4c" not in meta["images"]


def test_index_fits_in_a_narrow_fan_strip(meta: dict[str, Any], atlas: Image.Image) -> None:
    """Cards fanned to 12.5 % of their height still show the whole rank and suit."""
    for name in ["TS", "8H", "2C"] + [r + s for r in "KQJ" for s in SUITS]:
        card = crop(atlas, meta, name)
        strip_limit = round(card.height * 0.125)
        below = card.crop((6, strip_limit, 110, strip_limit + 6))
        # Just below the strip: the index is over, only the white face shows.
        assert all(p[0] > 230 and p[1] > 230 for p in pixels(below)), name


def drawn_at_800x600(card: Image.Image) -> Image.Image:
    """A card as the smallest window (800x600) draws it: scaled as the game scales it."""
    from game.ui.cards.loading import card_size_for

    return card.resize(card_size_for((800, 600)), Image.Resampling.LANCZOS)


def corner_mark(card: Image.Image) -> Image.Image:
    """The top-right corner's ink of a card drawn at 800x600, as a 0/255 mask cropped to it."""
    w, h = card.size
    corner = card.crop((w // 2 + 4, 0, w - 2, round(h * 0.15))).convert("RGB")
    ink = ImageChops.difference(corner, Image.new("RGB", corner.size, (253, 252, 248))).convert("L")
    mask = ink.point(lambda v: 255 if v > 90 else 0)
    box = mask.getbbox()
    assert box is not None, "no corner mark"
    return mask.crop(box)


def test_the_top_right_corner_tells_the_suits_apart_as_drawn_at_800x600(
    meta: dict[str, Any], atlas: Image.Image
) -> None:
    """Checked on the drawn size, not the atlas's: at 800x600 a card is 69 px
    wide, and its top-right suit must still be tall enough to read (at least
    9 px) and shaped unlike every other suit's."""
    marks = {suit: corner_mark(drawn_at_800x600(crop(atlas, meta, "9" + suit))) for suit in SUITS}
    for suit, mark in marks.items():
        assert mark.height >= 9, f"the top-right {suit} is {mark.height} px tall at 800x600"
    for a, b in itertools.combinations(SUITS, 2):
        size = (max(marks[a].width, marks[b].width), max(marks[a].height, marks[b].height))
        apart = share_apart(marks[a].resize(size), marks[b].resize(size))
        # The old small index's spade and club were 3 % apart here, 8 px tall: one blot.
        assert apart > 0.08, f"{a} and {b} look alike at 800x600 ({apart:.0%} apart)"


COURT_TOP_HALF = (24, 44, 176, 140)  # the top half of a court card's frame, on the card
FRAME_CREAM = (255, 250, 236)
COURTS = [r + s for r in "KQJ" for s in SUITS]


def figure_mask(card: Image.Image) -> Image.Image:
    """Where the court figure is drawn, as one value: a figure recoloured has the same mask.

    Every pixel of the frame's top half that is not the frame's cream is ink;
    the suit pip in the frame's corner is not part of the figure.
    """
    half = card.crop(COURT_TOP_HALF).convert("RGB")
    diff = ImageChops.difference(half, Image.new("RGB", half.size, FRAME_CREAM)).convert("L")
    mask = diff.point(lambda v: 255 if v > 24 else 0)
    mask.paste(0, (0, 0, 32, 32))
    return mask


def share_apart(a: Image.Image, b: Image.Image) -> float:
    """The share of the two figures' drawn pixels where only one of them draws (0 = same drawing)."""
    either = ImageChops.lighter(a, b).histogram()[255]
    both = ImageChops.darker(a, b).histogram()[255]
    return (either - both) / max(1, either)


def test_twelve_court_figures_are_distinct_drawings(meta: dict[str, Any], atlas: Image.Image) -> None:
    """No court card is another recoloured: kings, queens and jacks each have four figures of their own."""
    masks = {name: figure_mask(crop(atlas, meta, name)) for name in COURTS}
    # The measure is blind to colour: the four-colour king of diamonds is the same drawing as the classic one.
    assert share_apart(masks["KD"], figure_mask(crop(atlas, meta, "KD-4c"))) < 0.02
    same = [
        f"{a} and {b} ({share_apart(masks[a], masks[b]):.0%} apart)"
        for a, b in itertools.combinations(COURTS, 2)
        if share_apart(masks[a], masks[b]) < 0.12
    ]
    assert not same, "court cards drawn as the same figure: " + ", ".join(same)


@pytest.mark.parametrize("name", COURTS)
def test_court_figures_are_double_ended(meta: dict[str, Any], atlas: Image.Image, name: str) -> None:
    """The bottom half of the frame is the top half turned 180°, so the card reads either way up."""
    card = crop(atlas, meta, name)
    top = figure_mask(card)
    turned = card.transpose(Image.Transpose.ROTATE_180)
    bottom = figure_mask(turned.crop((0, 0, card.width, card.height)))
    assert share_apart(top, bottom) < 0.02


@pytest.mark.parametrize("name", COURTS)
def test_figures_keep_clear_of_the_corner_pip_and_the_frame(name: str) -> None:
    """Nothing a figure holds or wears runs into the frame's suit pip or past its gold line."""
    half = figure_half(name, (22, 22, 26))
    scale = half.width // (COURT_TOP_HALF[2] - COURT_TOP_HALF[0])
    cream = Image.new("RGBA", half.size, (*FRAME_CREAM, 255))
    drawn = ImageChops.difference(half, cream).convert("L").point(lambda v: 255 if v else 0)
    w = half.width
    for where, box in (
        ("the corner pip", (0, 0, 32 * scale, 32 * scale)),
        ("the top of the frame", (0, 0, w, 5 * scale)),
        ("the left of the frame", (0, 0, 5 * scale, half.height)),
        ("the right of the frame", (w - 5 * scale, 0, w, half.height)),
    ):
        assert drawn.crop(box).getbbox() is None, f"{name} runs into {where}"


def test_highlight_is_a_frame_transparent_inside(meta: dict[str, Any], atlas: Image.Image) -> None:
    frame = crop(atlas, meta, "highlight")
    w, h = frame.size
    m = meta["highlight_margin"]
    assert px(frame, (w // 2, h // 2))[3] == 0
    assert px(frame, (w // 2, m + 40))[3] == 0
    # The glowing edge sits where the card's edge is.
    assert px(frame, (w // 2, m))[3] > 200
    assert px(frame, (m, h // 2))[3] > 200
    assert px(frame, (0, 0))[3] == 0


def test_back_differs_from_faces(meta: dict[str, Any], atlas: Image.Image) -> None:
    back = crop(atlas, meta, "back")
    r, g, b, _ = px(back.resize((1, 1), Image.Resampling.BOX), (0, 0))
    assert b > r + 40 and b > g + 20, "the back should read as a blue card"


def test_the_backs_are_four_designs_told_apart_at_a_glance(meta: dict[str, Any], atlas: Image.Image) -> None:
    """Each back has an overall colour of its own (navy, teal, red, black and
    gold), so even a strip of a covered card says which back it is."""
    names = ["back"] + [f"back-{b}" for b in CARD_BACKS[1:]]
    assert len(names) >= 4
    mean = {n: px(crop(atlas, meta, n).resize((1, 1), Image.Resampling.BOX), (0, 0))[:3] for n in names}
    for a, b in itertools.combinations(names, 2):
        distance = sum((x - y) ** 2 for x, y in zip(mean[a], mean[b], strict=True)) ** 0.5
        assert distance > 30, (a, b, mean[a], mean[b])


def test_bad_output_folder_is_a_clear_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert render_atlas(["--out", str(blocker / "sub")]) == 2
    assert "error:" in capsys.readouterr().err


def load_card_textures(png: Path, json_path: Path) -> dict[str, Any]:
    """The loading code the game uses (quoted in the atlas report): one texture per name."""
    import arcade
    from arcade.hitbox import algo_bounding_box

    meta = json.loads(json_path.read_text(encoding="utf-8"))
    sheet = arcade.load_spritesheet(png)
    return {
        name: sheet.get_texture(
            arcade.LBWH(r["x"], r["y"], r["w"], r["h"]),
            hit_box_algorithm=algo_bounding_box,
        )
        for name, r in meta["images"].items()
    }


def test_atlas_loads_as_arcade_textures(window: Any, meta: dict[str, Any], atlas: Image.Image) -> None:
    import arcade

    textures = load_card_textures(RESOURCES / "cards.png", RESOURCES / "cards.json")
    assert set(textures) == set(meta["images"])
    # Each texture is exactly its rectangle of the atlas (y measured from the top).
    for name in ("AS", "KH", "TD-4c", "back", "highlight"):
        tex = textures[name]
        assert (tex.width, tex.height) == (
            meta["images"][name]["w"],
            meta["images"][name]["h"],
        )
        assert tex.image.tobytes() == crop(atlas, meta, name).tobytes(), name

    # Drawn by the GPU: the red ace of hearts shows red in its middle on the window.
    sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
    sprite = arcade.Sprite(textures["AH"], center_x=200, center_y=300)
    sprites.append(sprite)
    back = arcade.Sprite(textures["back"], center_x=500, center_y=300)
    sprites.append(back)
    window.clear(color=(30, 107, 58, 255))
    sprites.draw()
    window.ctx.finish()
    r, g, b, _ = px(arcade.get_image(200, 300, 1, 1), (0, 0))
    assert r > 150 and g < 80 and b < 80
    r, g, b, _ = px(arcade.get_image(500 - 80, 300 + 120, 1, 1), (0, 0))
    assert b > r
