"""A data folder for the storage tests: a pinned clock, so the files moved
aside have names a test can predict (imported as ``data_folder``)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from game.files.storage import Storage

NOW = datetime(2026, 11, 30, 23, 15, 0)
STAMP = "20261130-231500"


def storage(folder: Path, lang: str = "en_GB.UTF-8") -> Storage:
    return Storage(folder, clock=lambda: NOW, environ={"LANG": lang})


def assert_moved_aside(folder: Path, name: str, original: bytes) -> None:
    moved = folder / f"{name}.bad-{STAMP}"
    assert moved.read_bytes() == original, "the bad file is kept, byte for byte"
