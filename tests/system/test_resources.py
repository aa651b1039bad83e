"""Finding the game's files: from the checkout, from an installed layout, and a missing one."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.system import resources
from game.words.i18n import catalogue, check_catalogues

ROOT = Path(__file__).resolve().parents[2]


def installed_copy(tmp_path: Path) -> Path:
    """site-packages as a wheel lays it out: `game/` and `resources/` as `spider_resources/`."""
    site = tmp_path / "site"
    ignore = shutil.ignore_patterns("__pycache__")
    shutil.copytree(ROOT / "game", site / "game", ignore=ignore)
    shutil.copytree(ROOT / "resources", site / "spider_resources", ignore=ignore)
    return site


def run_installed(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Python with only the installed copy importable, from a folder outside the checkout."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "ARCADE_HEADLESS")}
    env["PYTHONPATH"] = str(site)
    away = site.parent / "elsewhere"
    away.mkdir(exist_ok=True)
    return subprocess.run(
        [sys.executable, "-I", *args] if args[0] != "-m" else [sys.executable, *args],
        capture_output=True,
        text=True,
        cwd=away,
        env=env,
        timeout=60,
        check=False,
    )


def test_the_checkout_reads_its_own_resources() -> None:
    assert resources.root() == ROOT / "resources"
    assert resources.path("cards.png") == ROOT / "resources" / "cards.png"
    resources.check_launch_files()
    check_catalogues()


def test_an_installed_game_finds_its_files_with_importlib_resources(tmp_path: Path) -> None:
    site = installed_copy(tmp_path)
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]);"
        "from game.system import resources; from game.words.i18n import catalogue, check_catalogues;"
        "resources.check_launch_files(); check_catalogues();"
        "print(resources.root()); print(catalogue('it')['table.title'])"
    )
    result = run_installed(site, "-c", code, str(site))
    assert result.returncode == 0, result.stderr
    where, title = result.stdout.splitlines()
    assert Path(where) == site / "spider_resources"
    assert title == catalogue("it")["table.title"]


def test_an_installed_game_never_takes_another_distributions_resources_package(tmp_path: Path) -> None:
    """site-packages may hold a top-level `resources` package of some other
    distribution, beside our `game`: the game must still read its own files."""
    site = installed_copy(tmp_path)
    foreign = site / "resources"
    foreign.mkdir()
    (foreign / "__init__.py").write_text("", encoding="utf-8")
    (foreign / "cards.json").write_text("{}", encoding="utf-8")
    result = run_installed(
        site,
        "-c",
        "import sys; sys.path.insert(0, sys.argv[1]); from game.system import resources; print(resources.root())",
        str(site),
    )
    assert result.returncode == 0, result.stderr
    assert Path(result.stdout.strip()) == site / "spider_resources"


@pytest.mark.parametrize(
    ("name", "damage", "fault"),
    [
        ("i18n/es/rules.json", "delete", "missing game file"),
        ("i18n/it/screens.json", "delete", "missing game file"),
        ("cards.png", "delete", "missing game file"),
        ("cards.json", "delete", "missing game file"),
        ("icons/spider-48.png", "delete", "missing game file"),
        ("i18n/en/table.json", b"{", "is not valid JSON"),
        ("i18n/en/table.json", b"\xff\xfe", "is not valid JSON"),
        ("i18n/en/table.json", b'["a list"]', "is not an object of texts"),
        ("i18n/es/table.json", b'{"table.title": 3}', "is not an object of texts"),
        ("cards.json", b"[" * 100_000, "is not valid JSON"),
    ],
)
def test_a_missing_or_broken_file_stops_the_launch_naming_it(
    tmp_path: Path, name: str, damage: str | bytes, fault: str
) -> None:
    site = installed_copy(tmp_path)
    target = site / "spider_resources" / name
    if damage == "delete":
        target.unlink()
    else:
        assert isinstance(damage, bytes)
        target.write_bytes(damage)
    result = run_installed(site, "-m", "game", "--screenshot", str(tmp_path / "out.png"))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [result.stderr.strip()], result.stderr
    assert result.stderr.startswith(f"spider: {fault}") or f": {fault}" in result.stderr or fault in result.stderr
    assert str(target) in result.stderr
    assert not (tmp_path / "out.png").exists()


def test_a_damaged_atlas_image_is_one_line_too(tmp_path: Path) -> None:
    site = installed_copy(tmp_path)
    png = site / "spider_resources" / "cards.png"
    png.write_bytes(png.read_bytes()[:1000])
    result = run_installed(site, "-m", "game", "--screenshot", str(tmp_path / "out.png"))
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr, result.stderr
    assert "cards.png" in result.stderr
