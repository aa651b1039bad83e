"""Every file the game writes, with a link planted in its place (docs/FILES.md).

Anyone who can write into a data folder (a shared or portable one) can put a
link where the game writes. For each file the game writes (the lock, the
three data files and their temporary files, a save made in the background,
the card cache and its folder, the menu entry and icons, the --screenshot
picture, the menu's folders) and each kind of link (to a file, to a folder, dangling), the game
must write nothing outside: the file linked to keeps its bytes, the folder
linked to its entries, and a dangling link's target is never created. The
link is replaced by the game's own file, or left as it is (the lock and the
cache folder refuse it, a temporary file takes another name).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from game.engine import Game
from game.files import desktop
from game.files.folder_lock import FolderBlocked, FolderLock
from game.files.storage import DataFile, Storage
from game.records.daily_record import DailyRecord
from game.records.history import History
from game.records.settings import Settings
from game.records.stats import Stats
from game.ui.cards import cache as card_cache

CARD = (69, 97)
LINKS = ("to a file", "to a folder", "dangling")


@dataclass(frozen=True)
class Written:
    """One file the game writes: where it goes in a data folder, and how the game writes it."""

    place: Callable[[Path], Path]  # the data folder → the path the game writes
    write: Callable[[Path, pytest.FixtureRequest], object]  # writes it (the folder, for fixtures)
    kept: bool = False  # a link there is left as it is, not replaced


def _save(file: DataFile, background: bool = False) -> Callable[[Path, pytest.FixtureRequest], object]:
    def write(folder: Path, _request: pytest.FixtureRequest) -> object:
        store = Storage(folder, environ={})
        if background:
            store.write_in_background()
        saves = {
            DataFile.SETTINGS: lambda: store.save_settings(Settings()),
            DataFile.STATS: lambda: store.save_stats(Stats()),
            DataFile.GAME: lambda: store.save_game(Game.from_code("SP1-S1C-AAAAAAD"), started=False),
            DataFile.HISTORY: lambda: store.save_history(History()),
            DataFile.DAILY: lambda: store.save_daily(DailyRecord()),
        }
        notice = saves[file]()
        store.flush()
        assert notice is None and store.problems() == []
        return None

    return write


def _lock(folder: Path, _request: pytest.FixtureRequest) -> object:
    with pytest.raises(FolderBlocked, match=r"spider\.lock there is a link"):
        FolderLock.acquire(folder)
    return None


def _temporary(folder: Path, request: pytest.FixtureRequest) -> object:
    # The temporary's random name is where the link was planted (the first
    # name drawn): the game takes another name instead of opening it.
    names = iter(["aaaaaaaa", "bbbbbbbb"])
    monkeypatch: pytest.MonkeyPatch = request.getfixturevalue("monkeypatch")
    monkeypatch.setattr("game.files.atomic_files.secrets.token_hex", lambda _n: next(names))
    return _save(DataFile.GAME)(folder, request)


def _cache_file(folder: Path, _request: pytest.FixtureRequest) -> object:
    assert card_cache.write(folder / "cache", CARD, "key", {"AS": ((1, 1), b"x")}, time.time())
    return None


def _cache_folder(folder: Path, _request: pytest.FixtureRequest) -> object:
    assert card_cache.write(folder / "cache", CARD, "key", {"AS": ((1, 1), b"x")}, time.time()) is False
    assert card_cache.newest_size(folder / "cache") is None
    return None


def _menu(folder: Path, _request: pytest.FixtureRequest) -> object:
    return desktop.install({"XDG_DATA_HOME": str(folder)}, ["/opt/spider/bin/spider"], platform="linux")


def _menu_refused(folder: Path, _request: pytest.FixtureRequest) -> object:
    with pytest.raises(desktop.DesktopError, match=r"is a link or not a folder$"):
        desktop.install({"XDG_DATA_HOME": str(folder)}, ["/opt/spider/bin/spider"], platform="linux")
    return None


def _screenshot(folder: Path, request: pytest.FixtureRequest) -> object:
    from game.ui.app.build import save_screenshot

    table: Any = request.getfixturevalue("table")("SP1-S1C-AAAAAAD")
    save_screenshot(table.window, table.view, folder / "table.png")
    return None


def _data_file(file: DataFile) -> Callable[[Path], Path]:
    return lambda folder: folder / file


def _icon(size: int) -> Callable[[Path], Path]:
    return lambda folder: desktop.icon_paths(folder)[size]


WRITTEN: dict[str, Written] = {
    "the lock": Written(lambda d: d / "spider.lock", _lock, kept=True),
    **{f"{f} saved": Written(_data_file(f), _save(f)) for f in DataFile},
    "game.json saved in the background": Written(lambda d: d / "game.json", _save(DataFile.GAME, background=True)),
    "a temporary file of a save": Written(lambda d: d / ".game.json.aaaaaaaa.tmp", _temporary, kept=True),
    "a card cache file": Written(lambda d: d / "cache" / "cards-69x97.bin", _cache_file),
    "the card cache folder": Written(lambda d: d / "cache", _cache_folder, kept=True),
    "the menu entry": Written(desktop.entry_path, _menu),
    **{f"the {n} px icon": Written(_icon(n), _menu) for n in (desktop.ICON_SIZES[0], desktop.ICON_SIZES[-1])},
    "the menu entry's folder": Written(lambda d: d / "applications", _menu_refused, kept=True),
    "the icons' folder": Written(lambda d: d / "icons", _menu_refused, kept=True),
    "the --screenshot picture": Written(lambda d: d / "table.png", _screenshot),
}


def _snapshot(folder: Path) -> dict[str, bytes | None]:
    """Every path under `folder` and its bytes (None for a folder or link)."""
    return {
        str(p.relative_to(folder)): None if p.is_symlink() or not p.is_file() else p.read_bytes()
        for p in sorted(folder.rglob("*"))
    }


@pytest.mark.parametrize("link", LINKS)
@pytest.mark.parametrize("name", list(WRITTEN))
def test_nothing_is_written_through_a_link_in_a_written_files_place(
    tmp_path: Path, request: pytest.FixtureRequest, name: str, link: str
) -> None:
    written = WRITTEN[name]
    outside, data = tmp_path / "outside", tmp_path / "data"
    (outside / "victim-folder").mkdir(parents=True)
    (outside / "victim.txt").write_text("precious data\n", encoding="utf-8")
    (outside / "victim-folder" / "notes.txt").write_text("mine\n", encoding="utf-8")
    target = {"to a file": "victim.txt", "to a folder": "victim-folder", "dangling": "nothing-here"}[link]
    path = written.place(data)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(outside / target)
    before = _snapshot(outside)

    written.write(data, request)

    assert _snapshot(outside) == before, "nothing outside the data folder changed"
    assert not (outside / "nothing-here").exists()
    if written.kept:
        assert path.is_symlink() and path.readlink() == outside / target, "the link is left as it was"
    else:
        assert not path.is_symlink() and path.is_file(), "the link was replaced by the game's own file"
