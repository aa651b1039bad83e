"""The file mechanisms under the player's files: what is read, what is written,
what is cleaned up. No OpenGL; each test has its own folder."""

from __future__ import annotations

import os
import socket
import time
from datetime import datetime
from pathlib import Path

import pytest

from game.files.atomic_files import (
    MAX_FILE_BYTES,
    FileTooLarge,
    NotARegularFile,
    move_aside,
    read_small_file,
    remove_stale_temporaries,
    write_atomically,
)

NAMES = ("settings.json", "stats.json", "game.json")


def test_written_bytes_read_back_up_to_the_shared_limit(tmp_path: Path) -> None:
    data = b"x" * MAX_FILE_BYTES
    write_atomically(tmp_path / "game.json", data)
    assert read_small_file(tmp_path / "game.json") == data


def test_one_byte_over_the_limit_is_neither_written_nor_read(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    write_atomically(path, b"old")
    with pytest.raises(FileTooLarge):
        write_atomically(path, b"x" * (MAX_FILE_BYTES + 1))
    assert path.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]  # no temporary left
    path.write_bytes(b"x" * (MAX_FILE_BYTES + 1))
    with pytest.raises(FileTooLarge):
        read_small_file(path)


def special_files(folder: Path) -> dict[str, Path]:
    """One of each thing that is not a regular file."""
    fifo = folder / "fifo"
    os.mkfifo(fifo)
    (folder / "folder").mkdir()
    sock = folder / "sock"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(sock))
    server.close()  # the socket file stays
    return {"fifo": fifo, "folder": folder / "folder", "socket": sock, "device": Path("/dev/zero")}


def test_only_regular_files_are_opened(tmp_path: Path) -> None:
    # A FIFO without a writer would block open() forever, /dev/zero would
    # never end: neither is opened at all.
    for path in special_files(tmp_path).values():
        with pytest.raises(NotARegularFile, match=path.name):
            read_small_file(path)


def test_a_link_to_a_regular_file_is_read(tmp_path: Path) -> None:
    (tmp_path / "real.json").write_bytes(b"{}")
    (tmp_path / "game.json").symlink_to(tmp_path / "real.json")
    assert read_small_file(tmp_path / "game.json") == b"{}"


def test_move_aside_keeps_every_bad_file(tmp_path: Path) -> None:
    when = datetime(2026, 11, 30, 23, 15, 0)
    for n in range(3):
        (tmp_path / "stats.json").write_text(str(n))
        moved = move_aside(tmp_path / "stats.json", when)
        assert moved is not None
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "stats.json.bad-20261130-231500",
        "stats.json.bad-20261130-231500-1",
        "stats.json.bad-20261130-231500-2",
    ]
    assert (tmp_path / "stats.json.bad-20261130-231500-2").read_text() == "2"


def test_stale_temporaries_of_our_files_are_removed_and_nothing_else(tmp_path: Path) -> None:
    now = time.time()
    old, recent = now - 61, now - 30

    def make(name: str, mtime: float, folder: bool = False) -> Path:
        path = tmp_path / name
        if folder:
            path.mkdir()
        else:
            path.write_text("x")
        os.utime(path, (mtime, mtime))
        return path

    stale = [make(f".{name}.abcd_123.tmp", old) for name in NAMES]
    kept = [
        make(".game.json.abcd_123.tmp.keep", old),  # not a name we make
        make(".notes.txt.abcd_123.tmp", old),  # not one of our files
        make("game.json.abcd_123.tmp", old),  # not hidden as ours are
        make(".game.json.ab.tmp", old),  # not our random part
        make(".game.json.zzzz9999.tmp", recent),  # a save may be writing it now
        make(".stats.json.dir_1234.tmp", old, folder=True),  # a folder
        make("game.json", old),
        make("game.json.bad-20261130-231500", old),
    ]
    link = tmp_path / ".settings.json.link_123.tmp"
    link.symlink_to(tmp_path / "game.json")
    os.utime(link, (old, old), follow_symlinks=False)
    kept.append(link)
    assert sorted(remove_stale_temporaries(tmp_path, NAMES, now)) == sorted(stale)
    assert not any(p.exists() for p in stale)
    assert all(os.path.lexists(p) for p in kept)


def test_a_missing_folder_has_nothing_to_clean(tmp_path: Path) -> None:
    assert remove_stale_temporaries(tmp_path / "nowhere", NAMES, time.time()) == []
