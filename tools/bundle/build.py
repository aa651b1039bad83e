"""Build the standalone Spider: ``python -m tools.bundle [--again]`` (``make bundle``).

1. A fresh venv in ``build/bundle/venv`` gets ``pip install -c constraints.txt
   '.[bundle]'``: the game as its wheel installs it, and PyInstaller, at the
   pinned versions. A distribution there at a version constraints.txt does
   not pin stops the build.
2. PyInstaller runs ``tools/bundle/spider.spec`` in that venv.
3. The folder is packed into ``dist/spider-<version>-<system>-<machine>.tar.gz``
   (``archive.py``: the same folder always gives the same bytes), dated
   with the last commit (or ``SOURCE_DATE_EPOCH``).

``--again`` builds a second time from nothing (in ``build/bundle-again``) and
compares that archive with the one in ``dist/``: the lists of files must be
the same (exit status 1 if not); the files whose bytes differ are counted.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

from tools.bundle import archive

REPO = Path(__file__).resolve().parents[2]
SPEC = REPO / "tools" / "bundle" / "spider.spec"
NOT_PINNED = {"pip", "spider-solitaire"}  # the venv's own installer, and the game itself


class BuildError(Exception):
    """A step of the build failed; the text says which, in one line."""


def version() -> str:
    from game import __version__

    return __version__


def archive_name(system: str | None = None, machine: str | None = None) -> str:
    """``spider-<version>-linux-x86_64.tar.gz`` on this machine."""
    system = (system or platform.system()).lower()
    return f"spider-{version()}-{system}-{machine or platform.machine()}.tar.gz"


def _normal(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def pins(constraints: Path = REPO / "constraints.txt") -> dict[str, str]:
    """constraints.txt's ``name==version`` lines, by normalised name."""
    found: dict[str, str] = {}
    for line in constraints.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if "==" in line:
            name, pinned = line.split("==", 1)
            found[_normal(name)] = pinned.strip()
    return found


def unpinned(installed: dict[str, str], pinned: dict[str, str]) -> list[str]:
    """The installed distributions (name → version) that constraints.txt does not pin at that version."""
    return sorted(
        f"{name} {ver} (constraints.txt: {pinned.get(_normal(name), 'not pinned')})"
        for name, ver in installed.items()
        if _normal(name) not in NOT_PINNED and pinned.get(_normal(name)) != ver
    )


def _run(step: str, command: list[str], cwd: Path = REPO, env: dict[str, str] | None = None) -> str:
    print(f"bundle: {step}", flush=True)
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.stderr.write(done.stdout[-4000:] + done.stderr[-4000:])
        raise BuildError(f"{step} failed (exit status {done.returncode})")
    for line in done.stdout.splitlines():
        if line.startswith("WARNING"):
            print(f"  {line}")
    return done.stdout


def commit_time() -> int:
    """SOURCE_DATE_EPOCH if set, else the last commit's time, else 0."""
    if os.environ.get("SOURCE_DATE_EPOCH", "").isdigit():
        return int(os.environ["SOURCE_DATE_EPOCH"])
    try:
        done = subprocess.run(
            ["git", "log", "-1", "--format=%ct"], cwd=REPO, capture_output=True, text=True, check=True, timeout=30
        )
        return int(done.stdout.strip())
    except (OSError, ValueError, subprocess.SubprocessError):
        return 0


def build(work: Path, target: Path) -> Path:
    """Build from nothing in `work`, pack into `target` (an archive path); `target`."""
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    venv = work / "venv"
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    _run(f"a fresh venv in {venv.relative_to(REPO)}", [sys.executable, "-m", "venv", str(venv)])
    _run(
        "install the game and PyInstaller at the pinned versions",
        [
            str(python),
            "-m",
            "pip",
            "install",
            "-q",
            "--disable-pip-version-check",
            "-c",
            "constraints.txt",
            ".[bundle]",
        ],
    )
    date = commit_time()
    listed = json.loads(_run("check the versions", [str(python), "-m", "pip", "list", "--format=json"]))
    wrong = unpinned({item["name"]: item["version"] for item in listed}, pins())
    if wrong:
        raise BuildError("installed at versions constraints.txt does not pin: " + "; ".join(wrong))
    _run(
        "PyInstaller (tools/bundle/spider.spec)",
        [
            str(python),
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--clean",
            "--log-level=WARN",
            f"--distpath={work / 'dist'}",
            f"--workpath={work / 'pyinstaller'}",
            str(SPEC),
        ],
        cwd=work,  # not the checkout: the game is imported from the venv, as installed
        # PyInstaller's advice for reproducible builds: one hash seed (else the order of
        # base_library.zip changes from build to build) and one date.
        env={**os.environ, "PYTHONHASHSEED": "0", "SOURCE_DATE_EPOCH": str(date)},
    )
    print(f"bundle: pack {target.relative_to(REPO)}", flush=True)
    top = target.name.removesuffix(".tar.gz").removesuffix(f"-{platform.system().lower()}-{platform.machine()}")
    archive.write(work / "dist" / "spider", target, top, date)
    return target


def compare(first: Path, second: Path) -> int:
    """Report how two archives differ; 0 when they list the same files."""
    one, two = archive.listing(first), archive.listing(second)
    if one != two:
        names = sorted(set(one) ^ set(two)) or sorted(n for n in one if one[n] != two[n])
        print(f"bundle: the two builds list different files ({len(names)}), e.g.:")
        for name in names[:20]:
            print(f"  {name}: {one.get(name, 'absent')} / {two.get(name, 'absent')}")
        return 1
    a, b = archive.digests(first), archive.digests(second)
    differ = sorted(name for name in a if a[name] != b[name])
    same = "byte for byte identical" if not differ else f"{len(differ)} with other bytes: {', '.join(differ[:8])}"
    print(f"bundle: the two builds list the same {len(one)} entries; of their {len(a)} files, {same}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bundle", description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument(
        "--again", action="store_true", help="build once more from nothing and compare with the archive in dist/"
    )
    args = parser.parse_args(argv)
    target = REPO / "dist" / archive_name()
    try:
        if args.again:
            if not target.is_file():
                print(f"bundle: --again compares with {target.relative_to(REPO)}: build it first", file=sys.stderr)
                return 2
            work = REPO / "build" / "bundle-again"
            return compare(target, build(work, work / target.name))
        build(REPO / "build" / "bundle", target)
    except BuildError as err:
        print(f"bundle: {err}", file=sys.stderr)
        return 1
    size = target.stat().st_size
    print(f"bundle: {target.relative_to(REPO)}: {size / 1e6:.1f} MB, {len(archive.listing(target))} entries")
    return 0
