"""The card images cached between launches: the same pixels as made from the
sheet, and any cache file that is not exactly ours is a miss, never an error."""

from __future__ import annotations

import json
import os
import socket
import threading
import time
import zlib
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from game.ui.cards import atlas_image
from game.ui.cards import cache as card_cache
from game.ui.cards import loading as card_loading
from game.ui.cards.atlas_image import ATLAS_JSON, ATLAS_PNG, Images, pack
from game.ui.cards.loading import CardPipeline

CARD = (111, 155)  # the card size of a 1280x800 window


@pytest.fixture
def sheet(tmp_path: Path) -> tuple[Path, Path]:
    """A private copy of the sheet (the launch state is kept per file)."""
    png, rects = tmp_path / "sheet" / "cards.png", tmp_path / "sheet" / "cards.json"
    png.parent.mkdir()
    png.write_bytes(ATLAS_PNG.read_bytes())
    rects.write_bytes(ATLAS_JSON.read_bytes())
    return png, rects


@pytest.fixture(scope="module")
def made() -> dict[str, Image.Image]:
    loaded = atlas_image.load(ATLAS_PNG, ATLAS_JSON, CARD)
    assert loaded.scaled is not None
    return dict(Images(dict(loaded.scaled), dict(loaded.scaled.packed)).unpack_all())


def _pipeline() -> CardPipeline:
    """A launch's card pipeline, the game known: one suit."""
    cards = CardPipeline()
    cards.expect(1, False, "spider")
    return cards


def _launch(png: Path, rects: Path, cache: Path) -> tuple[CardPipeline, atlas_image.Loaded]:
    """One launch's pipeline, and what its `start_decoding` ... `take` gives with this cache folder."""
    cards = _pipeline()
    cards.start_loading(png, rects, CARD, cache)
    return cards, cards.take(png, rects)


def _pixels(images: Images) -> dict[str, bytes]:
    return {name: images[name].tobytes() for name in images.names()}


def test_a_second_launch_reads_the_cache_and_shows_the_same_pixels(
    sheet: tuple[Path, Path], tmp_path: Path, made: dict[str, Image.Image], monkeypatch: pytest.MonkeyPatch
) -> None:
    png, rects = sheet
    cache = tmp_path / "cache"
    launch, first = _launch(png, rects, cache)
    thread = launch.save_cache(time.time())
    assert thread is not None
    thread.join()
    assert [p.name for p in cache.iterdir()] == ["cards-111x155.bin"]

    def no_decoding(_png: Path) -> Image.Image:
        raise AssertionError("the sheet was decoded although the cache holds the images")

    monkeypatch.setattr(atlas_image, "decode", no_decoding)
    launch, second = _launch(png, rects, cache)
    assert second.scaled is not None and first.scaled is not None
    # The faces of the expected game (one suit) are ready; the others stay packed.
    assert {"AS", "KS", "back", "highlight"} <= second.scaled.keys() and "AH" in second.scaled.packed
    assert _pixels(second.scaled) == _pixels(first.scaled) == {n: i.tobytes() for n, i in made.items()}
    assert launch.save_cache(time.time()) is None  # nothing new to write


def test_a_size_the_window_took_later_is_cached_for_the_next_launch(
    sheet: tuple[Path, Path], tmp_path: Path, made: dict[str, Image.Image]
) -> None:
    png, rects = sheet
    cache = tmp_path / "cache"
    cards = _pipeline()
    cards.start_loading(png, rects, (69, 97), cache)  # a wrong guess: an 800x600 window's cards
    cards.take(png, rects)
    cards.offer_to_cache(png, CARD, made)  # what CardSheet.scaled_images does for the real size
    thread = cards.save_cache(time.time())
    assert thread is not None
    thread.join()
    assert card_cache.newest_size(cache) == CARD
    assert card_cache.read(cache, CARD, card_cache.sheet_key(png, rects)) is not None


class _OfferedMeanwhile(deque[Any]):
    """The images waiting to be written, where a worker thread offers another
    size at the moment `save_cache` takes them (and finishes before it goes on)."""

    def __init__(self, offer: Callable[[], None]) -> None:
        super().__init__()
        self.offer: Callable[[], None] | None = offer

    def _meanwhile(self) -> None:
        if self.offer is not None:
            worker = threading.Thread(target=self.offer, name="card-scaling")
            self.offer = None
            worker.start()
            worker.join()

    def popleft(self) -> Any:
        taken = super().popleft()
        self._meanwhile()
        return taken

    def clear(self) -> None:
        self._meanwhile()
        super().clear()


def test_a_size_scaled_while_the_cache_is_saved_is_kept_for_the_next_save(
    sheet: tuple[Path, Path], tmp_path: Path, made: dict[str, Image.Image], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The window took a second card size while the first one's images were
    being saved: the second size is in the cache after the next save."""
    png, rects = sheet
    cache = tmp_path / "cache"
    cards = _pipeline()
    unsaved = _OfferedMeanwhile(lambda: cards.offer_to_cache(png, CARD, made))
    monkeypatch.setattr(cards, "_unsaved", unsaved)  # where the worker thread's images wait
    cards.start_loading(png, rects, (69, 97), cache)  # launch: the images of a first size
    cards.take(png, rects)
    for _ in range(2):
        thread = cards.save_cache(time.time())
        if thread is not None:
            thread.join()
    assert unsaved.offer is None  # the worker did offer while the first save took the images
    key = card_cache.sheet_key(png, rects)
    assert card_cache.read(cache, (69, 97), key) is not None
    assert card_cache.read(cache, CARD, key) is not None


def test_a_window_resized_to_a_cached_size_takes_its_cards_from_the_cache(
    sheet: tuple[Path, Path], tmp_path: Path, made: dict[str, Image.Image], monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.ui.cards.atlas import CardSheet

    png, rects = sheet
    cache = tmp_path / "cache"
    assert card_cache.write(cache, CARD, card_cache.sheet_key(png, rects), {n: pack(i) for n, i in made.items()}, 0)
    launch = _pipeline()
    launch.start_loading(png, rects, (69, 97), cache)  # launched at another size
    cards = CardSheet.load(launch, png, rects)

    def no_decoding(_png: Path) -> Image.Image:
        raise AssertionError("the sheet was decoded although the cache holds the images")

    monkeypatch.setattr(atlas_image, "decode", no_decoding)
    monkeypatch.setattr("game.ui.cards.atlas.decode", no_decoding)
    images = cards.scaled_images(*CARD)
    assert {name: images[name].tobytes() for name in made} == {n: i.tobytes() for n, i in made.items()}


def _cache_bytes(png: Path, rects: Path, made: dict[str, Image.Image]) -> bytes:
    return card_cache.encode(card_cache.sheet_key(png, rects), CARD, {n: pack(i) for n, i in made.items()})


def _with_crc(header: dict[str, object], blob: bytes) -> bytes:
    header = {**header, "crc": zlib.crc32(blob)}
    return card_cache.MAGIC + json.dumps(header).encode() + b"\n" + blob


def _bad_files(good: bytes, key: str) -> dict[str, bytes]:
    end = good.index(b"\n", len(card_cache.MAGIC))
    header = json.loads(good[len(card_cache.MAGIC) : end])
    blob = good[end + 1 :]
    first = header["images"][0]
    flipped = bytearray(good)
    flipped[-100] ^= 0xFF
    return {
        "empty": b"",
        "not ours": b"\x89PNG\r\n\x1a\n" + good[20:],
        "truncated in the header": good[: end - 5],
        "truncated in the images": good[:-1000],
        "one byte changed": bytes(flipped),
        "a byte too many": good + b"\0",
        "header not JSON": card_cache.MAGIC + b"{nope\n" + blob,
        "header not UTF-8": card_cache.MAGIC + b"\xff\xfe\n" + blob,
        "header a list": card_cache.MAGIC + b"[1]\n" + blob,
        "another format": _with_crc({**header, "format": 2}, blob),
        "another sheet or Pillow": _with_crc({**header, "key": key + "-other"}, blob),
        "another card size": _with_crc({**header, "card": [112, 155]}, blob),
        "images not a list": _with_crc({**header, "images": {"AS": 1}}, blob),
        "a name not text": _with_crc({**header, "images": [[1, *first[1:]], *header["images"][1:]]}, blob),
        "a negative size": _with_crc({**header, "images": [[first[0], -1, *first[2:]], *header["images"][1:]]}, blob),
        "a size not a number": _with_crc(
            {**header, "images": [[first[0], "9", *first[2:]], *header["images"][1:]]}, blob
        ),
        "a short entry": _with_crc({**header, "images": [first[:3], *header["images"][1:]]}, blob),
        "lengths not adding up": _with_crc({**header, "images": header["images"][1:]}, blob),
        "an image missing": _with_crc({**header, "images": header["images"][1:]}, blob[first[3] :]),
        # (a face of the expected game: the checksum is the guard for the others)
        "an image of the wrong size": _with_crc(
            {**header, "images": [[first[0], first[1] + 1, *first[2:]], *header["images"][1:]]}, blob
        ),
        "an image not compressed": _with_crc(
            {**header, "images": [[*first[:3], 4], *header["images"][1:]]}, b"junk" + blob[first[3] :]
        ),
    }


# A launch on a miss is the same whatever the miss (start_loading asks
# from_cache, as above): a launch for a file of each part (empty, its header,
# its images) shows the cards are made from the sheet and the file written anew.
RELAUNCHED = ("empty", "header not JSON", "an image missing")


@pytest.mark.slow
def test_every_kind_of_bad_cache_file_is_a_miss_and_the_cards_look_the_same(
    sheet: tuple[Path, Path], tmp_path: Path, made: dict[str, Image.Image]
) -> None:
    png, rects = sheet
    good = _cache_bytes(png, rects, made)
    key = card_cache.sheet_key(png, rects)
    expected = {n: i.tobytes() for n, i in made.items()}
    bad = _bad_files(good, key)
    assert set(RELAUNCHED) <= set(bad)
    for why, data in bad.items():
        cache = tmp_path / why.replace(" ", "-")
        cache.mkdir()
        (cache / "cards-111x155.bin").write_bytes(data)
        assert card_loading.from_cache(png, rects, CARD, cache) is None, why
        if why not in RELAUNCHED:
            continue
        launch, loaded = _launch(png, rects, cache)  # made from the sheet instead
        assert loaded.scaled is not None and _pixels(loaded.scaled) == expected, why
        thread = launch.save_cache(time.time())  # and written again, whole
        assert thread is not None, why
        thread.join()
        assert card_loading.from_cache(png, rects, CARD, cache) is not None, why
    # The good file itself is a hit: the cases above fail for their own reason.
    (tmp_path / "good").mkdir()
    (tmp_path / "good" / "cards-111x155.bin").write_bytes(good)
    assert card_loading.from_cache(png, rects, CARD, tmp_path / "good") is not None


@pytest.mark.parametrize("kind", ["folder", "fifo", "socket", "link to /dev/zero", "too large"])
def test_something_else_in_the_cache_files_place_is_a_miss_without_waiting(
    sheet: tuple[Path, Path], tmp_path: Path, kind: str
) -> None:
    png, rects = sheet
    path = tmp_path / "cards-111x155.bin"
    if kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)  # opening it for reading would wait for a writer forever
    elif kind == "socket":
        server = socket.socket(socket.AF_UNIX)
        server.bind(str(path))
    elif kind == "link to /dev/zero":
        path.symlink_to("/dev/zero")
    else:
        with path.open("wb") as f:
            f.truncate(card_cache.MAX_CACHE_BYTES + 1)  # sparse: costs no disk
    assert card_cache.read(tmp_path, CARD, card_cache.sheet_key(png, rects)) is None


def test_a_cache_folder_that_cannot_be_written_costs_nothing_but_the_cache(
    sheet: tuple[Path, Path], tmp_path: Path, made: dict[str, Image.Image]
) -> None:
    png, rects = sheet
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder", encoding="utf-8")
    packed = {n: pack(i) for n, i in made.items()}
    assert card_cache.write(blocked / "cache", CARD, "key", packed, time.time()) is False
    assert blocked.read_text(encoding="utf-8") == "not a folder"
    _, loaded = _launch(png, rects, blocked / "cache")
    assert loaded.scaled is not None and loaded.scaled["back"].size == CARD


def test_only_the_newest_sizes_are_kept_and_stale_temporaries_go(tmp_path: Path, made: dict[str, Image.Image]) -> None:
    packed = {n: pack(i) for n, i in list(made.items())[:3]}
    stale = tmp_path / ".cards-50x70.bin.abcdefgh.tmp"
    stale.write_bytes(b"half")
    os.utime(stale, (time.time() - 3600, time.time() - 3600))
    fresh = tmp_path / ".cards-60x84.bin.ijklmnop.tmp"  # another launch may be writing it
    fresh.write_bytes(b"half")
    other = tmp_path / "notes.txt"
    other.write_text("mine", encoding="utf-8")
    for i, size in enumerate([(50, 70), (60, 84), (69, 97), (111, 155), (152, 213)]):
        assert card_cache.write(tmp_path, size, "key", packed, time.time())
        os.utime(card_cache.cache_path(tmp_path, size), (1_000_000 + i, 1_000_000 + i))
    assert card_cache.write(tmp_path, (152, 213), "key", packed, time.time())
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [fresh.name, "cards-111x155.bin", "cards-152x213.bin", "cards-69x97.bin", "notes.txt"]
    assert card_cache.newest_size(tmp_path) == (152, 213)


def test_a_packed_image_of_the_wrong_length_is_refused_when_unpacked() -> None:
    images = Images({}, {"AS": ((10, 10), zlib.compress(b"\0" * 399))})
    with pytest.raises(ValueError, match="AS"):
        _ = images["AS"]


def test_launch_guesses_the_cards_size_from_what_it_knows_before_the_screen(tmp_path: Path) -> None:
    from game.__main__ import _expected_card_size
    from game.records.settings import Settings
    from game.ui.cards.loading import card_size_for

    cache = tmp_path / "cache"
    first = Settings()
    assert _expected_card_size(None, first, cache) == card_size_for((1280, 800))  # nothing known yet
    assert card_cache.write(cache, (96, 134), "key", {}, time.time())  # the size the window took last time
    assert _expected_card_size(None, first, cache) == (96, 134)
    assert _expected_card_size(None, Settings(fullscreen=True), cache) == (96, 134)
    remembered = Settings(window="1024x640+10+10")
    assert _expected_card_size(None, remembered, cache) == card_size_for((1024, 640))
    assert _expected_card_size(None, Settings(window="1024x640+10+10", window_maximized=True), cache) == (96, 134)
    assert _expected_card_size((800, 600), remembered, cache) == card_size_for((800, 600))
    (cache / "cards-0x0.bin").write_bytes(b"")  # newer, but no size a window draws
    assert _expected_card_size(None, first, cache) == (96, 134)
