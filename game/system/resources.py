"""Finding the game's files (atlas, texts, fonts, icons) wherever Spider runs.

The repository's top-level `resources/` folder is installed as the package
`spider_resources` (see pyproject.toml), so an installed game finds it with
`importlib.resources`. A source tree — a checkout run with ``python -m game``,
an editable install, a developer's worktree — reads the `resources/` beside
its own `game/`: never another tree's copy that an editable install elsewhere
happens to map.

A file that is missing or unreadable raises `ResourceError`, whose text is
the one line the launch prints before exiting with status 2.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources as importlib_resources
from pathlib import Path
from typing import Any

PACKAGE = "spider_resources"


class ResourceError(Exception):
    """A game file that is missing, unreadable or malformed; the text names it."""


@cache
def root() -> Path:
    """The folder holding the game's files."""
    here = Path(__file__).resolve().parents[2]
    source_tree = here / "resources"
    # A checkout has its pyproject.toml beside game/ and resources/; an
    # installed game sits in site-packages, where a `resources` package beside
    # it belongs to some other distribution.
    if (here / "pyproject.toml").is_file() and (source_tree / "__init__.py").is_file():
        return source_tree
    try:
        found = importlib_resources.files(PACKAGE)
    except ModuleNotFoundError:
        raise ResourceError(f"the game's files ({PACKAGE}) are not installed; reinstall spider-solitaire") from None
    if not isinstance(found, Path):  # e.g. imported from a zip: pip and pipx always unpack
        raise ResourceError(f"the game's files must be installed unpacked, not in {found}")
    return found


def path(name: str) -> Path:
    """The file `name` (like ``"i18n/en/table.json"``), which must exist."""
    file = root() / name
    if not file.exists():
        raise ResourceError(f"missing game file {file}")
    return file


def read_bytes(name: str) -> bytes:
    file = path(name)
    try:
        return file.read_bytes()
    except OSError as err:
        raise ResourceError(f"cannot read game file {file}: {err.strerror or err}") from None


def read_json(name: str) -> Any:
    """The decoded JSON of `name`; bad UTF-8 or JSON is a `ResourceError` naming it."""
    data = read_bytes(name)
    try:
        return json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as err:
        raise ResourceError(f"game file {root() / name} is not valid JSON: {err}") from None


def listing(folder: str, suffix: str) -> list[str]:
    """The names (relative to the root) of the `suffix` files in `folder`, sorted."""
    directory = path(folder)
    try:
        return sorted(f"{folder}/{p.name}" for p in directory.iterdir() if p.name.endswith(suffix))
    except OSError as err:
        raise ResourceError(f"cannot read game folder {directory}: {err.strerror or err}") from None


ICON_SIZES = (16, 32, 48, 64, 128, 256)  # the window and menu icon, drawn by tools/atlas


def icon_name(size: int) -> str:
    """The name of the `size` px icon among the game's files."""
    return f"icons/spider-{size}.png"


LAUNCH_FILES = (
    "cards.png",
    "cards.json",
    "cards-large.png",
    "cards-large.json",
    *(icon_name(size) for size in ICON_SIZES),
)


def check_launch_files() -> None:
    """Read the files every launch needs (the atlas, the icons), so a broken
    install stops at once naming the file instead of failing mid-way. (The
    texts are checked by `game.words.i18n.check_catalogues`.)"""
    for name in LAUNCH_FILES:
        file = path(name)
        try:
            with file.open("rb") as stream:
                stream.read(1)
        except OSError as err:
            raise ResourceError(f"cannot read game file {file}: {err.strerror or err}") from None
    read_json("cards.json")
    read_json("cards-large.json")
