"""The bundle's archive: the same folder always packs to the same bytes.

Entries are sorted by name, owned by root (uid and gid 0, no names), dated
with one given time, with modes reduced to 755 (folders and programs) or
644, and symbolic links kept as links (PyInstaller links the libraries of
packages to one copy). The gzip header carries no name and no time.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import tarfile
from pathlib import Path


def members(folder: Path) -> list[Path]:
    """Every file, folder and link under `folder`, links not followed, sorted by relative name."""
    found: list[Path] = []
    for root, dirs, files in os.walk(folder, followlinks=False):
        base = Path(root)
        found += [base / name for name in dirs + files]
    return sorted(found, key=lambda p: p.relative_to(folder).as_posix())


def _normalise(info: tarfile.TarInfo, mtime: int) -> tarfile.TarInfo:
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    info.mtime = mtime
    if not info.issym():
        info.mode = 0o755 if info.isdir() or info.mode & 0o111 else 0o644
    return info


def write(folder: Path, archive: Path, top: str, mtime: int) -> None:
    """Pack `folder` into the .tar.gz `archive`, everything inside a folder named `top`."""
    archive.parent.mkdir(parents=True, exist_ok=True)
    with (
        archive.open("wb") as raw,
        gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as packed,
        tarfile.open(fileobj=packed, mode="w", format=tarfile.GNU_FORMAT) as tar,
    ):
        for path in [folder, *members(folder)]:
            name = "/".join(filter(None, [top, path.relative_to(folder).as_posix().removeprefix(".")]))
            info = _normalise(tar.gettarinfo(str(path), arcname=name), mtime)
            if info.isfile():
                with path.open("rb") as data:
                    tar.addfile(info, data)
            else:
                tar.addfile(info)


def listing(archive: Path) -> dict[str, str]:
    """What `archive` holds: each entry's name and its kind (``file``, ``dir``
    or ``link -> target``), for comparing two builds."""
    kinds: dict[str, str] = {}
    with tarfile.open(archive, "r:gz") as tar:
        for info in tar:
            kind = "dir" if info.isdir() else f"link -> {info.linkname}" if info.issym() else "file"
            kinds[info.name] = kind
    return kinds


def digests(archive: Path) -> dict[str, str]:
    """The SHA-256 of every regular file in `archive`, by name."""
    found: dict[str, str] = {}
    with tarfile.open(archive, "r:gz") as tar:
        for info in tar:
            data = tar.extractfile(info) if info.isfile() else None
            if data is not None:
                found[info.name] = hashlib.sha256(data.read()).hexdigest()
    return found
