"""Decoding the card atlas PNG, possibly while arcade is still importing.

Decoding the 2600x2000 PNG takes ~70 ms, and Pillow's decoder releases the
GIL, so `python -m game` starts it on a thread before `import arcade` (which
is pure Python and takes ~0.2 s): start-up then pays for the slower of the
two, not both. No arcade import here, on purpose.
"""

from __future__ import annotations

import threading
from pathlib import Path

from PIL import Image

from game import resources

RESOURCES = resources.root()  # the launch has checked it (game.resources.check_launch_files)
ATLAS_PNG = RESOURCES / "cards.png"
ATLAS_JSON = RESOURCES / "cards.json"

_pending: dict[Path, tuple[threading.Thread, list[Image.Image | Exception]]] = {}


def decode(png: Path) -> Image.Image:
    """The atlas image, decoded, in RGBA."""
    image = Image.open(png)
    image.load()
    return image if image.mode == "RGBA" else image.convert("RGBA")


def start_decoding(png: Path = ATLAS_PNG) -> None:
    """Begin decoding `png` on a background thread; `take` collects it."""
    if png in _pending:
        return
    box: list[Image.Image | Exception] = []

    def work() -> None:
        try:
            box.append(decode(png))
        except (OSError, ValueError) as err:  # handed to the caller of take()
            box.append(err)

    thread = threading.Thread(target=work, name="atlas-decode", daemon=True)
    _pending[png] = (thread, box)
    thread.start()


def take(png: Path) -> Image.Image:
    """The decoded image: from the background thread if one was started, else now."""
    entry = _pending.pop(png, None)
    if entry is None:
        return decode(png)
    thread, box = entry
    thread.join()
    result = box[0]
    if isinstance(result, Exception):
        raise result
    return result
