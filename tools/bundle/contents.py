"""What the bundle carries beyond PyInstaller's own findings: the decisions that need code.

`spider.spec` calls these (it loads this file by its path, so that nothing
of the checkout lands on the build's import path) and tests check them:

- `leave_out`: shared libraries that stay the system's own;
- `fix_arcade_version`: where Arcade's VERSION file goes;
- `licence_files`: the licence of everything the bundle redistributes.

Only the standard library here: the spec runs in the build venv.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Callable, Iterable, Mapping, Sequence
from importlib import metadata
from pathlib import Path

# A PyInstaller TOC entry: (name in the bundle, source path, kind).
Entry = tuple[str, str, str]

HERE = Path(__file__).resolve().parent

# Modules a player's game never imports. ssl and _hashlib are imported
# guarded where the standard library uses them (`try: import ssl`): leaving
# them out leaves out OpenSSL (~5 MB and a licence); Spider opens no network
# connection. multiprocessing is reached only through concurrent.futures'
# ProcessPoolExecutor, which nothing uses, and once bundled it brings a
# runtime hook that imports it at every launch (~10-15 ms).
EXCLUDED_MODULES = ["tkinter", "_tkinter", "ssl", "_ssl", "_hashlib", "multiprocessing", "concurrent.futures.process"]

# Debugging symbols off the libraries (Linux; pyenv's Python keeps them: ~20 MB).
STRIP = sys.platform.startswith("linux")

# The C++ runtime and its helper stay the system's: Mesa's drivers (libGL's
# back end, llvmpipe's LLVM) need a C++ runtime at least as new as the one
# they were built with, and a bundled one would be found first (the
# bootloader puts the bundle first on LD_LIBRARY_PATH) and stop OpenGL from
# loading on a newer system. Every Linux desktop has them.
SYSTEM_LIBRARIES = re.compile(r"^(libstdc\+\+|libgcc_s)\.so(\.\d+)*$")


def leave_out(binaries: Iterable[Entry], platform: str = sys.platform) -> list[Entry]:
    """`binaries` without those that must stay the system's own (Linux)."""
    if not platform.startswith("linux"):
        return list(binaries)
    return [entry for entry in binaries if not SYSTEM_LIBRARIES.match(Path(entry[0]).name)]


def fix_arcade_version(datas: Iterable[Entry]) -> list[Entry]:
    """Arcade 3.3's own hook gives ``./arcade/VERSION`` as the *folder* to put
    its VERSION file in, so it lands at ``arcade/VERSION/VERSION`` and
    ``import arcade`` prints an error reading it; put it where arcade reads it."""
    fixed: list[Entry] = []
    for name, source, kind in datas:
        parts = Path(name).parts
        if parts == ("arcade", "VERSION", "VERSION"):
            name = "arcade/VERSION"
        fixed.append((name, source, kind))
    return fixed


# ------------------------------------------------------------------ licences

LICENCE_FILE = re.compile(r"^(LICEN[CS]E|COPYING|NOTICE|AUTHORS)", re.IGNORECASE)

# Licences a distribution's wheel does not carry, kept in tools/bundle/licences/:
# Arcade's own (its wheel has none) and that of the Liberation fonts inside it.
EXTRA = {
    "arcade": {"arcade/LICENSE.txt": "arcade.txt", "liberation-fonts/LICENSE.txt": "liberation-fonts.txt"},
}


class LicenceMissing(Exception):
    """A distribution the bundle carries has no licence text we can find; the text names it."""


def bundled_distributions(modules: Iterable[str], owners: Mapping[str, Sequence[str]] | None = None) -> list[str]:
    """The names of the distributions whose modules are among `modules`
    (dotted module names; the standard library belongs to none), sorted."""
    owners = metadata.packages_distributions() if owners is None else owners
    found = {dist for module in modules for dist in owners.get(module.split(".")[0], ())}
    return sorted(found, key=str.lower)


def distribution_licences(name: str) -> dict[str, Path]:
    """The licence files inside distribution `name`'s metadata folder, by
    their name in the bundle's ``licenses/`` (``<name>/<file>``), plus `EXTRA`."""
    found: dict[str, Path] = {}
    # The first copy on the path that carries licences (a checkout's egg-info, from a build there, carries none).
    for dist in metadata.distributions(name=name):
        for file in dist.files or []:
            parts = file.parts
            if not parts[0].endswith(".dist-info") or not LICENCE_FILE.match(file.name):
                continue
            inside = parts[2:] if len(parts) > 2 and parts[1] == "licenses" else parts[1:]
            found[f"{name}/{'/'.join(inside)}"] = Path(str(dist.locate_file(file)))
        if found:
            break
    for target, source in EXTRA.get(name.lower(), {}).items():
        found[target] = HERE / "licences" / source
    return found


def python_licence() -> Path:
    """The interpreter's own LICENSE.txt (it holds those of the code Python incorporates)."""
    for folder in (Path(sysconfig.get_path("stdlib")), Path(sys.base_prefix)):
        if (folder / "LICENSE.txt").is_file():
            return folder / "LICENSE.txt"
    raise LicenceMissing(f"Python's LICENSE.txt is in neither {sysconfig.get_path('stdlib')} nor {sys.base_prefix}")


def _dpkg_owner(path: Path) -> str | None:
    """The Debian package that installed `path` (``dpkg -S``), else None."""
    candidates = {str(path), str(path.resolve())}
    for known in list(candidates):  # a merged /usr: dpkg knows one of the two spellings
        if known.startswith("/usr/lib/"):
            candidates.add(known.removeprefix("/usr"))
        elif known.startswith("/lib/"):
            candidates.add("/usr" + known)
    for candidate in sorted(candidates):
        done = subprocess.run(["dpkg", "-S", candidate], capture_output=True, text=True, check=False, timeout=60)
        if done.returncode == 0 and ":" in done.stdout:
            return done.stdout.split(":", 1)[0].split(",")[0].strip()
    return None


def _python_owned(source: Path) -> bool:
    """A library of Python itself or of a Python distribution (covered by their licences)."""
    if source.name.startswith("libpython"):
        return True
    folders = {sysconfig.get_path(key) for key in ("stdlib", "platstdlib", "purelib", "platlib")}
    resolved = source.resolve()
    return any(resolved.is_relative_to(Path(folder).resolve()) for folder in folders)


def system_licences(
    sources: Iterable[str], owner: Callable[[Path], str | None] | None = None
) -> tuple[dict[str, Path], list[str]]:
    """The copyright files of the system packages that the shared libraries
    in `sources` (paths on the build machine) come from, and the libraries
    whose package or copyright file is unknown. Libraries of Python and of
    Python distributions are left to their licences."""
    if owner is None:
        owner = _dpkg_owner if shutil.which("dpkg") else (lambda path: None)
    found: dict[str, Path] = {}
    unknown: list[str] = []
    for source in sorted(set(sources)):
        if _python_owned(Path(source)):
            continue
        package = owner(Path(source))
        copyright_file = Path("/usr/share/doc") / (package or "-") / "copyright"
        if package is None or not copyright_file.is_file():
            unknown.append(source)
            continue
        found[f"system/{package}/copyright"] = copyright_file
    return found, unknown


def licence_files(
    modules: Iterable[str], binaries: Iterable[Entry], also: Sequence[str] = ("pyinstaller",)
) -> tuple[dict[str, Path], list[str]]:
    """Every licence the bundle must carry, by its name in ``licenses/``, and
    the system libraries whose licence could not be found (a warning: only
    Debian's packages are looked up). `modules` are the bundled modules' names,
    `also` distributions bundled without a module of theirs (PyInstaller's
    bootloader is the `spider` program). Raises `LicenceMissing` for a Python
    distribution without one."""
    files: dict[str, Path] = {"python/LICENSE.txt": python_licence()}
    missing: list[str] = []
    for name in [*bundled_distributions(modules), *also]:
        found = distribution_licences(name)
        if not found:
            missing.append(name)
        files.update(found)
    if missing:
        raise LicenceMissing(f"no licence file for {', '.join(missing)}: add one to tools/bundle/licences/ and EXTRA")
    system, unknown = system_licences(source for _, source, kind in binaries if kind == "BINARY")
    files.update(system)
    return dict(sorted(files.items())), unknown


def copy_licences(files: Mapping[str, Path], folder: Path) -> None:
    """Copy `files` into `folder` (the bundle's ``licenses/``), made afresh."""
    shutil.rmtree(folder, ignore_errors=True)
    for name, source in files.items():
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
