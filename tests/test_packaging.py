"""What the wheel and the sdist carry, read from pyproject.toml and MANIFEST.in.

The real wheel is built, installed into a fresh venv and played from outside
the checkout by `.ci/run`; these tests catch the usual slips early: a new
package or a new kind of resource file that the configuration would leave out.
"""

from __future__ import annotations

import fnmatch
import subprocess
import tomllib
from pathlib import Path

from game import __version__

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = PYPROJECT["tool"]["setuptools"]


def tracked(folder: str) -> list[str]:
    """The files git tracks under `folder` (all of it when git is not there, as in an sdist)."""
    try:
        out = subprocess.run(
            ["git", "ls-files", folder], cwd=ROOT, capture_output=True, text=True, check=True, timeout=30
        ).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        out = []
    if not out:
        out = [str(p.relative_to(ROOT)) for p in (ROOT / folder).rglob("*") if p.is_file()]
    return [name for name in out if "__pycache__" not in name]


def test_every_package_under_game_is_in_the_wheel() -> None:
    packages = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "game").rglob("__init__.py")}
    listed = set(SETUPTOOLS["packages"])
    assert packages <= listed, f"add {sorted(packages - listed)} to [tool.setuptools] packages"


def test_resources_are_installed_as_spider_resources() -> None:
    assert SETUPTOOLS["package-dir"] == {"spider_resources": "resources"}
    assert "spider_resources" in SETUPTOOLS["packages"]


def test_every_resource_file_matches_the_package_data() -> None:
    patterns = PYPROJECT["tool"]["setuptools"]["package-data"]["spider_resources"]
    for name in tracked("resources"):
        relative = name.removeprefix("resources/")
        if relative == "__init__.py":
            continue
        assert any(fnmatch.fnmatch(relative, pattern) for pattern in patterns), (
            f"{name} would be left out of the wheel: add a pattern to package-data"
        )


def test_the_sdist_carries_tests_tools_docs_and_licences() -> None:
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8").split()
    for folder in ("tests", "tools", "docs", "resources"):
        assert folder in manifest
    for name in ("LICENSE", "constraints.txt", "Makefile"):
        assert name in manifest


def test_licence_and_metadata() -> None:
    project = PYPROJECT["project"]
    assert "version" in project["dynamic"]
    assert SETUPTOOLS["dynamic"]["version"] == {"attr": "game.__version__"}
    assert __version__.count(".") == 2
    assert project["license"].startswith("MIT")
    for name in project["license-files"]:
        assert (ROOT / name).is_file()
    assert "resources/fonts/LICENSE" in project["license-files"]
    assert "MIT License" in (ROOT / "LICENSE").read_text(encoding="utf-8")
    for classifier in ("Topic :: Games/Entertainment :: Puzzle Games", "Environment :: X11 Applications"):
        assert classifier in project["classifiers"]
    assert project["scripts"] == {"spider": "game.__main__:main"}


def test_test_tools_are_pinned_in_the_one_constraints_file() -> None:
    pins = {
        line.split("==")[0].lower().replace("_", "-")
        for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines()
        if "==" in line and not line.startswith("#")
    }
    extras = PYPROJECT["project"]["optional-dependencies"]
    for tool in [*extras["test"], *extras["bundle"]]:
        assert tool.lower() in pins, f"pin {tool} in constraints.txt"
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "-c constraints.txt" in makefile


def test_every_module_of_the_game_stays_one_idea_of_at_most_400_lines() -> None:
    # The table view was once one 1,259-line class; the split into parts of
    # one idea each holds only if no part grows back into a second one.
    long = {
        str(path.relative_to(ROOT)): n
        for path in (ROOT / "game").rglob("*.py")
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > 400
    }
    assert long == {}
