"""The card images made for one card size, kept on disk between launches.

Cutting and Lanczos-scaling the 82 images of the card sheet costs a noticeable
share of launch CPU, and done on a thread while arcade imports it slows that import by as
much (the two share the GIL). A player opens the window at the same size
launch after launch, so the images made for a card size are written to the
cache folder after the first frame, compressed as `atlas_image.Images`
keeps the faces no table shows yet (zlib, lossless: the same pixels), and
read back quickly at the next launch.

A cache file is never the reason a launch fails or looks different: one
that is missing, truncated, made from another sheet or by another Pillow,
not a regular file, too large or unreadable is a miss; the images are then
made from the sheet, as without a cache, and the file is written again.
The checksum covers the whole file, so a torn write is a miss too.

File: ``cards-<w>x<h>.bin`` (the card size): `MAGIC`, one line of JSON
(`format`, `key`, `card`, `crc`, `images`: `[name, width, height, length]`
in the order of the data), then each image's zlib-compressed RGBA bytes.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import zlib
from collections.abc import Mapping
from pathlib import Path

from PIL import __version__ as pillow_version

from game.files.atomic_files import Folder, read_small_file, remove_stale_temporaries

Packed = tuple[tuple[int, int], bytes]  # an image's size and its RGBA bytes, zlib-compressed

MAGIC = b"spider card images\n"
FORMAT = 1
# The largest cache file read or written: 4K cards (304x426) compress to ~8 MB.
MAX_CACHE_BYTES = 64_000_000
KEEP = 3  # card sizes kept (a window, its maximized size, fullscreen)
MIN_CARD_PX = 16  # no window draws smaller cards (800x600: 69x97)
_NAME = re.compile(r"cards-(\d{1,5})x(\d{1,5})\.bin")
_TEMPORARY = re.compile(r"\.(cards-\d{1,5}x\d{1,5}\.bin)\..*\.tmp")


def cache_path(folder: Path, size: tuple[int, int]) -> Path:
    return folder / f"cards-{size[0]}x{size[1]}.bin"


def sheet_key(png: Path, rects: Path) -> str:
    """What the images were made from: the sheet and its rectangles (size and
    modification time, as Python's byte-code caches do) and the Pillow that
    scaled them. `OSError` if the sheet cannot be looked at."""
    png_stat, rects_stat = png.stat(), rects.stat()
    return (
        f"{png_stat.st_size}-{png_stat.st_mtime_ns}-{rects_stat.st_size}-{rects_stat.st_mtime_ns}"
        f"-pillow-{pillow_version}"
    )


def encode(key: str, size: tuple[int, int], images: Mapping[str, Packed]) -> bytes:
    """The cache file's bytes for these packed images."""
    blob = b"".join(data for _, data in images.values())
    entries = [[name, w, h, len(data)] for name, ((w, h), data) in images.items()]
    header = {"format": FORMAT, "key": key, "card": list(size), "crc": zlib.crc32(blob), "images": entries}
    return MAGIC + json.dumps(header, separators=(",", ":")).encode("utf-8") + b"\n" + blob


def decode(data: bytes, key: str, size: tuple[int, int]) -> dict[str, Packed] | None:
    """The packed images of a cache file's bytes, or None unless it is a
    whole file made from `key` for cards of `size`."""
    if not data.startswith(MAGIC):
        return None
    end = data.find(b"\n", len(MAGIC))
    if end < 0:
        return None
    try:
        header = json.loads(data[len(MAGIC) : end])
    except ValueError:  # also not UTF-8
        return None
    blob = memoryview(data)[end + 1 :]
    if (
        not isinstance(header, dict)
        or header.get("format") != FORMAT
        or header.get("key") != key
        or header.get("card") != list(size)
        or header.get("crc") != zlib.crc32(blob)
        or not isinstance(header.get("images"), list)
    ):
        return None
    out: dict[str, Packed] = {}
    at = 0
    for entry in header["images"]:
        if not (
            isinstance(entry, list)
            and len(entry) == 4
            and isinstance(entry[0], str)
            and all(type(v) is int and 0 < v <= MAX_CACHE_BYTES for v in entry[1:])
        ):
            return None
        name, w, h, length = entry
        out[name] = ((w, h), bytes(blob[at : at + length]))
        at += length
    return out if at == len(blob) else None


def read(folder: Path, size: tuple[int, int], key: str) -> dict[str, Packed] | None:
    """The images cached for cards of `size`, or None (a miss, whatever the reason)."""
    try:
        data = read_small_file(cache_path(folder, size), limit=MAX_CACHE_BYTES)
    except (OSError, ValueError):
        return None
    return decode(data, key, size)


def write(folder: Path, size: tuple[int, int], key: str, images: Mapping[str, Packed], now: float) -> bool:
    """Keep these images for the next launch, and only the `KEEP` newest card
    sizes; False (and nothing kept) when the folder refuses. Never raises for
    the disk: the game plays on without a cache. A link in the cache folder's
    place is refused, not followed: nothing is written or removed elsewhere."""
    try:
        with Folder(folder, follow=False) as place:
            place.write(cache_path(folder, size).name, encode(key, size, images), MAX_CACHE_BYTES, durable=False)
            remove_stale_temporaries(place, _temporaries_of(place), now)
            for old in _cache_files(place)[KEEP:]:
                with contextlib.suppress(OSError):
                    place.remove(old.name)
    except (OSError, ValueError):
        return False
    return True


def newest_size(folder: Path) -> tuple[int, int] | None:
    """The card size of the cache file written last (a fullscreen launch's
    best guess before the screen is known), or None."""
    try:
        with Folder(folder, follow=False, create=False) as place:
            files = _cache_files(place)
    except OSError:
        return None
    for entry in files:
        match = _NAME.fullmatch(entry.name)
        assert match is not None  # _cache_files keeps only such names
        size = int(match[1]), int(match[2])
        if min(size) >= MIN_CARD_PX:  # not a name we would write
            return size
    return None


def _cache_files(place: Folder) -> list[os.DirEntry[str]]:
    """The regular cache files in `place`, newest first."""
    found: list[tuple[float, os.DirEntry[str]]] = []
    try:
        entries = place.entries()
    except OSError:
        return []
    for entry in entries:
        if not _NAME.fullmatch(entry.name):
            continue
        with contextlib.suppress(OSError):
            if entry.is_file(follow_symlinks=False):
                found.append((entry.stat(follow_symlinks=False).st_mtime, entry))
    found.sort(key=lambda pair: pair[0], reverse=True)
    return [entry for _, entry in found]


def _temporaries_of(place: Folder) -> tuple[str, ...]:
    """The cache files that have temporary files in `place` (an interrupted write)."""
    try:
        return tuple({m[1] for entry in place.entries() if (m := _TEMPORARY.fullmatch(entry.name))})
    except OSError:
        return ()
