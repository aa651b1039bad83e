"""Card images: scaled once for the cards' size, the same pixels whichever way they are made."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from game.ui.cards import atlas_image
from game.ui.cards.atlas_image import ATLAS_JSON, ATLAS_PNG, cut_and_scale, decode, read_layout, scale_images
from game.ui.cards.loading import CardPipeline

CARD = (111, 155)  # the card size of a 1280x800 window


@pytest.fixture(scope="module")
def full_size() -> dict[str, Image.Image]:
    return cut_and_scale(decode(ATLAS_PNG), read_layout(ATLAS_JSON), None)


def test_scaling_while_cutting_gives_the_same_pixels_as_scaling_the_cut_images(
    full_size: dict[str, Image.Image],
) -> None:
    layout = read_layout(ATLAS_JSON)
    direct = cut_and_scale(decode(ATLAS_PNG), layout, CARD)
    via_full = scale_images(full_size, layout, CARD)
    assert direct.keys() == via_full.keys() == layout.boxes.keys()
    for name in ("AS", "KH", "TD-4c", "back", "highlight"):
        assert direct[name].tobytes() == via_full[name].tobytes(), name
    assert direct["back"].size == CARD
    # The glow keeps its margin around the card, scaled with it.
    assert direct["highlight"].width > CARD[0] and direct["highlight"].height > CARD[1]


def test_the_launch_thread_scales_for_the_window_it_is_told(tmp_path: Path) -> None:
    png, rects = tmp_path / "cards.png", tmp_path / "cards.json"
    png.write_bytes(ATLAS_PNG.read_bytes())
    rects.write_bytes(ATLAS_JSON.read_bytes())
    cards = CardPipeline()
    cards.start_decoding(png, window_size=(1280, 800))
    loaded = cards.take(png, rects)
    assert loaded.size == CARD
    assert loaded.scaled is not None and loaded.scaled["QS"].size == CARD
    assert loaded.source is None  # no full-size copies kept


def test_without_a_window_size_the_images_stay_full_size(tmp_path: Path) -> None:
    loaded = CardPipeline().take(ATLAS_PNG, ATLAS_JSON)  # nothing started: read now
    assert loaded.scaled is None and loaded.source is not None
    assert loaded.source["back"].size == (200, 280)


@pytest.mark.parametrize(
    "content",
    ["[1, 2]", '{"images": 3}', '{"images": {"back": {"x": "a", "y": 0, "w": 1, "h": 1}}}', '{"card": {"w": 0}}'],
)
def test_a_broken_rectangles_file_is_one_clear_error(tmp_path: Path, content: str) -> None:
    rects = tmp_path / "cards.json"
    rects.write_text(content, encoding="utf-8")
    with pytest.raises(ValueError, match=r"cards\.json"):
        read_layout(rects)


def test_the_gpu_atlas_is_sized_for_every_card_at_once() -> None:
    from game.ui.cards.atlas import atlas_size_for

    layout = read_layout(ATLAS_JSON)
    sizes = [(round((r - x) * CARD[0] / 200), round((b - y) * CARD[1] / 280)) for x, y, r, b in layout.boxes.values()]
    assert atlas_size_for(sizes, 1280, 8192) == (2048, 1024)
    assert atlas_size_for(sizes, 1280, 1024) is None  # too small a GPU: arcade grows it as it needs
    assert atlas_size_for([(70, 98)] * 82, 800, 8192) == (1024, 1024)


@pytest.mark.slow  # decodes the sheet three times
def test_the_table_draws_pre_scaled_cards_from_its_first_frame(window: Any) -> None:
    """Launch made the images for the window's size: the first table uses them,
    one texel per pixel, and a new size later gets its own, sharp again."""
    from game.ui.cards.atlas import CardSheet

    cards = CardPipeline()
    cards.start_loading(ATLAS_PNG, ATLAS_JSON, CARD)
    sheet = CardSheet.load(cards)
    first = sheet.full()
    assert first.back.size == CARD
    assert sheet.atlas(sheet.scaled_images(*CARD), *CARD) is first  # nothing made twice

    bigger = sheet.scaled_images(152, 213)  # the sheet is decoded again for it
    assert bigger["AH"].size == (152, 213)
    reference = scale_images(cut_and_scale(decode(ATLAS_PNG), read_layout(ATLAS_JSON), None), sheet.layout, (152, 213))
    assert bigger["AH"].tobytes() == reference["AH"].tobytes()


def test_a_missing_special_image_is_named(tmp_path: Path) -> None:
    from game.ui.cards.atlas import AtlasError, CardSheet

    data = json.loads(ATLAS_JSON.read_text(encoding="utf-8"))
    del data["images"]["stock"]
    rects = tmp_path / "cards.json"
    rects.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(AtlasError, match="stock"):
        CardSheet.load(CardPipeline(), ATLAS_PNG, rects)


def test_finishing_the_launch_thread_keeps_its_images_for_the_table(tmp_path: Path) -> None:
    png, rects = tmp_path / "cards.png", tmp_path / "cards.json"
    png.write_bytes(ATLAS_PNG.read_bytes())
    rects.write_bytes(ATLAS_JSON.read_bytes())
    import threading

    before = set(threading.enumerate())
    cards = CardPipeline()
    cards.start_decoding(png, window_size=(800, 600))
    cards.finish_loading()
    reading = [thread for thread in threading.enumerate() if thread not in before and thread.name == "card-sheet"]
    assert reading == []  # the sheet is read: its memory can go before the window's
    loaded = cards.take(png, rects)
    assert loaded.scaled is not None and loaded.scaled["back"].size == loaded.size


@pytest.mark.slow  # scales the sheet to four sizes
def test_sizes_asked_for_together_decode_the_sheet_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A window being resized asks for many sizes at once: one decode, one size at a time."""
    import threading
    import time

    from game.ui.cards import atlas
    from game.ui.cards.atlas import CardSheet

    cards = CardPipeline()
    cards.start_loading(ATLAS_PNG, ATLAS_JSON, CARD)
    sheet = CardSheet.load(cards)
    decodes: list[Path] = []
    real_decode = atlas_image.decode  # what game.ui.cards.atlas imported

    def counting_decode(png: Path) -> Image.Image:
        decodes.append(png)
        return real_decode(png)

    monkeypatch.setattr(atlas, "decode", counting_decode)
    sizes = [(100 + k, 140 + k) for k in range(4)]
    results: dict[tuple[int, int], dict[str, Image.Image]] = {}
    with sheet._scaling:  # hold them all until every request waits
        threads = [threading.Thread(target=lambda s=s: results.update({s: sheet.scaled_images(*s)})) for s in sizes]
        for thread in threads:
            thread.start()
        for _ in range(500):
            if sheet._waiting == len(sizes):
                break
            time.sleep(0.01)
    for thread in threads:
        thread.join()
    assert decodes == [ATLAS_PNG]
    assert all(results[s]["back"].size == s for s in sizes)
    assert sheet._between is None  # the full-size images are let go afterwards


def test_the_gpu_atlas_is_sized_for_the_faces_the_game_can_show() -> None:
    from game.ui.cards.atlas_image import SPECIAL, shown_names

    names = list(read_layout(ATLAS_JSON).boxes)
    one = shown_names(names, 1, four_colour=False)
    assert set(SPECIAL) <= set(one) and len(one) == 4 + 13
    assert all(name in SPECIAL or name.endswith("S") for name in one)
    two = shown_names(names, 2, four_colour=True)  # no diamonds or clubs: no four-colour faces either
    assert len(two) == 4 + 26 and "AH" in two and not any(n.endswith("-4c") for n in two)
    assert len(shown_names(names, 4, four_colour=False)) == 4 + 52
    every_face = shown_names(names, 4, four_colour=True)
    assert sorted(every_face) == sorted(n for n in names if not n.startswith("back-"))  # 82: one back of four
    web = shown_names(names, 1, four_colour=False, back="web")
    assert "back-web" in web and "back" not in web and len(web) == 4 + 13  # only the chosen back


def test_only_the_chosen_back_is_unpacked(window: Any) -> None:
    from game.ui.cards.atlas import CardSheet

    cards = CardPipeline()
    cards.expect(1, four_colour=False, back="tartan")
    cards.start_loading(ATLAS_PNG, ATLAS_JSON, CARD)
    images = CardSheet.load(cards).scaled_images(*CARD)
    assert isinstance(images, atlas_image.Images)
    assert "back-tartan" in dict.keys(images)
    assert {"back", "back-web", "back-deco"} <= set(images.packed)  # kept compressed, never uploaded


def test_a_change_of_back_is_seen_at_once(table: Any) -> None:
    from dataclasses import replace

    from game.records.settings import Settings
    from game.words.i18n import Translator

    t = table("SP1-S1C-AAAAAAD", Settings(card_back="tartan"))
    textures = t.view.images.atlas.textures
    covered = t.sprites.columns[0][0]
    assert not covered.card.face_up and covered.texture is textures["back-tartan"]
    t.view.apply_settings(replace(t.settings, card_back="deco"), Translator("en"))
    assert covered.texture is textures["back-deco"]
    assert t.sprites.stock[0].texture is textures["back-deco"]  # the stock too
    assert covered.texture.image.tobytes() != textures["back-tartan"].image.tobytes()


def test_faces_the_game_cannot_show_stay_packed_until_asked_for_with_the_same_pixels(window: Any) -> None:
    from game.ui.cards.atlas import CardSheet

    cards = CardPipeline()
    cards.expect(1, four_colour=False)  # a one-suit game: spades only
    cards.start_loading(ATLAS_PNG, ATLAS_JSON, CARD)
    sheet = CardSheet.load(cards)
    images = sheet.scaled_images(*CARD)
    assert isinstance(images, atlas_image.Images)
    assert "AS" in dict.keys(images) and "AH" not in dict.keys(images) and "AH" in images.packed
    reference = cut_and_scale(decode(ATLAS_PNG), read_layout(ATLAS_JSON), CARD)
    assert images["AH"].tobytes() == reference["AH"].tobytes()  # unpacked: the very same pixels
    atlas = sheet.full()
    assert atlas.face("QD", four_colour=True).image.tobytes() == reference["QD-4c"].tobytes()
    assert atlas.textures.get("no such card") is None


def test_large_print_is_its_own_sheet_chosen_at_once_and_back_again(table: Any) -> None:
    from dataclasses import replace

    from game.records.settings import Settings
    from game.ui.cards.atlas_image import LARGE_JSON, LARGE_PNG
    from game.words.i18n import Translator

    t = table("SP1-S1C-AAAAAAD", Settings())
    t.view.prepare_images()  # the standard deck, sharp
    face = t.sprites.columns[0][-1]
    standard = face.texture
    t.view.apply_settings(replace(t.settings, large_print=True), Translator("en"))
    images = t.view.images
    assert images.sheet is not None and images.sheet.png == LARGE_PNG
    assert images.sharp_size == t.view.scene.card_size  # sharp at once, not after a blur
    large = cut_and_scale(decode(LARGE_PNG), read_layout(LARGE_JSON), images.sharp_size)
    assert face.texture.image.tobytes() == large[str(face.card)].tobytes()
    assert face.texture is not standard
    t.view.apply_settings(replace(t.settings, large_print=False), Translator("en"))
    assert images.sheet.png == ATLAS_PNG and face.texture.image.tobytes() == standard.image.tobytes()
