"""What the wheel and the sdist carry, read from pyproject.toml and MANIFEST.in.

The real wheel is built, installed into a fresh venv and played from outside
the checkout by `.ci/run`; these tests catch the usual slips early: a new
package or a new kind of resource file that the configuration would leave out.
"""

from __future__ import annotations

import ast
import fnmatch
import subprocess
import sys
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

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
    # one idea each holds only if no part grows back into a second one. The
    # tools and the tests are held to the same.
    long = {
        str(path.relative_to(ROOT)): n
        for folder in ("game", "tools", "tests")
        for path in (ROOT / folder).rglob("*.py")
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > 400
    }
    assert long == {}


def test_the_readmes_wheel_route_needs_nothing_but_pip() -> None:
    # "python -m build" fails on a fresh machine ("No module
    # named build"); `pip wheel` builds the same wheel with pip alone.
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "python -m build" not in readme
    wheel_lines = [line for line in readme.splitlines() if "spider_solitaire-*.whl" in line]
    assert wheel_lines and all(line.startswith("pip wheel --no-deps -w dist . &&") for line in wheel_lines)


def pins() -> dict[str, str]:
    """constraints.txt: each package's exact version, by its normalised name."""
    found: dict[str, str] = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        if "==" in line and not line.startswith("#"):
            name, version = line.split("==")
            found[canonicalize_name(name)] = version.strip()
    return found


def test_every_library_the_game_imports_is_a_range_pinned_in_the_constraints() -> None:
    # The game imports pyglet and Pillow itself, not only through arcade; each
    # is declared with the range it is tested in, and its exact version lives
    # in constraints.txt (the one list every install uses), inside that range.
    declared = {canonicalize_name(Requirement(d).name): Requirement(d) for d in PYPROJECT["project"]["dependencies"]}
    imported = set()
    for path in (ROOT / "game").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module.split(".")[0])
    third_party = imported - set(sys.stdlib_module_names) - {"game", "spider_resources"}
    distributions = {canonicalize_name({"PIL": "Pillow"}.get(name, name)) for name in third_party}
    assert distributions == set(declared), "declare what game/ imports in [project] dependencies, and only that"
    pinned = pins()
    for name, requirement in declared.items():
        assert "==" not in str(requirement.specifier), f"{name}: a range in pyproject.toml, the pin in constraints.txt"
        assert name in pinned, f"pin {name} in constraints.txt"
        assert requirement.specifier.contains(pinned[name]), f"{name}=={pinned[name]} is outside {requirement}"


def test_the_readmes_installs_use_the_constraints_as_ci_does() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    pipx = [line for line in readme.splitlines() if "pipx install" in line and not line.startswith("#")]
    assert pipx and all(line.startswith("PIP_CONSTRAINT=$PWD/constraints.txt pipx install .") for line in pipx)
    wheel = [line for line in readme.splitlines() if "spider_solitaire-*.whl" in line]
    assert wheel and all("pip install -c constraints.txt dist/" in line for line in wheel)
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert 'PIP_CONSTRAINT="$ROOT/constraints.txt"' in ci and "pipx install" in ci
    assert 'pip" install -q -c constraints.txt "$WORK"/dist/*.whl' in ci
