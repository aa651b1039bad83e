"""The menu entry and icons: written into a temporary XDG data folder and removed exactly."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from game_process import ROOT, run_game
from PIL import Image

from game import __version__
from game.files import desktop
from game.files.desktop import APP_ID, ICON_SIZES, DesktopError, icon_resource
from game.system import resources

METAINFO = ROOT / "resources" / "desktop" / f"{APP_ID}.metainfo.xml"


@pytest.fixture
def icons() -> dict[int, bytes]:
    """The icon files the install copies: the ones tools/atlas draws and commits."""
    return {size: resources.read_bytes(icon_resource(size)) for size in ICON_SIZES}


def env_for(home: Path) -> dict[str, str]:
    return {"XDG_DATA_HOME": str(home / "share"), "HOME": str(home)}


def test_install_writes_the_entry_and_the_hicolor_icons(tmp_path: Path, icons: dict[int, bytes]) -> None:
    written = desktop.install(env_for(tmp_path), ["/opt/spider/bin/spider"], platform="linux")
    share = tmp_path / "share"
    expected = [share / "applications" / f"{APP_ID}.desktop"] + [
        share / "icons" / "hicolor" / f"{n}x{n}" / "apps" / f"{APP_ID}.png" for n in ICON_SIZES
    ]
    assert written == expected
    assert sorted(p for p in tmp_path.rglob("*") if p.is_file()) == sorted(expected)
    for size in ICON_SIZES:
        path = expected[1 + ICON_SIZES.index(size)]
        assert path.read_bytes() == icons[size]
        with Image.open(path) as image:
            assert image.size == (size, size)
    entry = expected[0].read_text(encoding="utf-8").splitlines()
    assert entry[0] == "[Desktop Entry]"
    for line in (
        "Type=Application",
        "Name=Spider Solitaire",
        "Name[it]=Solitario Spider",
        "Exec=/opt/spider/bin/spider",
        f"Icon={APP_ID}",
        f"StartupWMClass={APP_ID}",
        "Categories=Game;CardGame;",
        "Terminal=false",
    ):
        assert line in entry


def test_uninstall_removes_exactly_those_files(tmp_path: Path, icons: dict[int, bytes]) -> None:
    env = env_for(tmp_path)
    written = desktop.install(env, ["spider"], platform="linux")
    # Other applications' files in the same folders stay.
    neighbours = [
        tmp_path / "share" / "applications" / "other.desktop",
        tmp_path / "share" / "icons" / "hicolor" / "48x48" / "apps" / "other.png",
        tmp_path / "share" / "applications" / "mimeinfo.cache",
    ]
    for path in neighbours:
        path.write_text("theirs", encoding="utf-8")
    assert desktop.uninstall(env, platform="linux") == written
    assert sorted(p for p in tmp_path.rglob("*") if p.is_file()) == sorted(neighbours)
    assert all(p.read_text(encoding="utf-8") == "theirs" for p in neighbours)
    assert desktop.uninstall(env, platform="linux") == []  # twice is harmless


def test_the_data_folder_follows_xdg(tmp_path: Path) -> None:
    assert desktop.data_home({"XDG_DATA_HOME": "/x/share", "HOME": "/h"}) == Path("/x/share")
    assert desktop.data_home({"HOME": str(tmp_path)}) == tmp_path / ".local" / "share"
    # The spec says a relative XDG_DATA_HOME is invalid and is ignored.
    assert desktop.data_home({"XDG_DATA_HOME": "rel/share", "HOME": str(tmp_path)}) == tmp_path / ".local/share"


@pytest.mark.parametrize("platform", ["darwin", "win32"])
def test_macos_and_windows_are_told_and_nothing_is_written(tmp_path: Path, platform: str) -> None:
    with pytest.raises(DesktopError, match="macOS and Windows"):
        desktop.install(env_for(tmp_path), ["spider"], platform=platform)
    with pytest.raises(DesktopError):
        desktop.uninstall(env_for(tmp_path), platform=platform)
    assert not any(tmp_path.iterdir())


def test_a_folder_that_cannot_be_written_is_one_line(tmp_path: Path, icons: dict[int, bytes]) -> None:
    blocker = tmp_path / "share" / "applications"
    blocker.parent.mkdir()
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    with pytest.raises(DesktopError, match=rf"^cannot write .*{re.escape(APP_ID)}\.desktop': "):
        desktop.install(env_for(tmp_path), ["spider"], platform="linux")


def test_a_data_home_that_cannot_be_a_folder_is_a_mistake_in_the_environment(tmp_path: Path) -> None:
    blocker = tmp_path / "share"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    with pytest.raises(desktop.BadDataHome, match=r"^XDG_DATA_HOME: '.*share' is not a folder$"):
        desktop.install(env_for(tmp_path), ["spider"], platform="linux")
    assert desktop.run("install", env_for(tmp_path))[0] == 2


@pytest.mark.parametrize(
    ("command", "exec_line"),
    [
        (["/usr/bin/spider"], "Exec=/usr/bin/spider"),
        (["/opt/my games/python3", "-m", "game"], 'Exec="/opt/my games/python3" -m game'),
        (["/a/100%/$HOME/spider"], 'Exec="/a/100%%/\\$HOME/spider"'),
    ],
)
def test_exec_is_quoted_as_the_spec_says(command: list[str], exec_line: str) -> None:
    text = desktop.desktop_entry(command)
    assert exec_line in text.splitlines()
    validator = shutil.which("desktop-file-validate")
    if validator:  # present on developer machines with desktop-file-utils
        path = Path(os.environ.get("TMPDIR", "/tmp")) / f"spider-test-{os.getpid()}.desktop"
        path.write_text(text, encoding="utf-8")
        try:
            result = subprocess.run([validator, str(path)], capture_output=True, text=True, check=False)
        finally:
            path.unlink()
        assert result.returncode == 0 and not result.stdout.strip(), result.stdout


def test_the_entry_starts_this_installation() -> None:
    assert desktop.launch_command("/nonexistent/python", "/usr/bin/python3") == ["/usr/bin/python3", "-m", "game"]
    script = shutil.which("spider")
    if script:
        assert desktop.launch_command(script) == [str(Path(script).resolve())]


def test_the_standalone_build_starts_its_own_executable(tmp_path: Path) -> None:
    # Frozen by PyInstaller, sys.executable is the unpacked `spider` itself (a link to it is resolved),
    # whatever argv[0] says: it may be a `spider` found on PATH or in the folder it was started from.
    (tmp_path / "spider-0.2.0").mkdir()
    program = tmp_path / "spider-0.2.0" / "spider"
    program.write_text("")
    (tmp_path / "spider").symlink_to(program)
    command = desktop.launch_command("spider", str(tmp_path / "spider"), frozen=True)
    assert command == [str(program.resolve())]
    entry = desktop.desktop_entry(command)
    assert f"Exec={program.resolve()}" in entry.splitlines()
    assert not any(line.startswith("Path=") for line in entry.splitlines())


def test_the_command_line_installs_and_removes(tmp_path: Path) -> None:
    def spider(*args: str) -> subprocess.CompletedProcess[str]:
        return run_game(*args, unset=["XDG_DATA_HOME"], env=env_for(tmp_path))

    installed = spider("--install-desktop")
    assert installed.returncode == 0 and installed.stderr == ""
    assert installed.stdout.count("\n") == 1 and "application menu" in installed.stdout
    entry = tmp_path / "share" / "applications" / f"{APP_ID}.desktop"
    text = entry.read_text(encoding="utf-8")
    assert f"Exec={sys.executable} -m game" in text
    assert f"Path={ROOT}" in text.splitlines(), "python -m game from a checkout starts in the checkout"
    removed = spider("--uninstall-desktop")
    assert removed.returncode == 0 and removed.stdout.count("\n") == 1
    assert not [p for p in tmp_path.rglob("*") if p.is_file()]


def test_metainfo_describes_the_same_application() -> None:
    root = ET.parse(METAINFO).getroot()
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == f"{APP_ID}.desktop"
    assert root.findtext("provides/binary") == "spider"
    assert root.findtext("project_license", "").startswith("MIT")
    releases = root.findall("releases/release")
    assert releases and releases[0].get("version") == __version__, "add this version to the metainfo's releases"
    names = {el.get("{http://www.w3.org/XML/1998/namespace}lang"): el.text for el in root.findall("name")}
    assert names == {None: "Spider Solitaire", "it": "Solitario Spider", "es": "Solitario Spider"}


def test_uninstall_removes_nothing_through_a_link_in_a_folders_place(tmp_path: Path) -> None:
    env = env_for(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / f"{APP_ID}.desktop").write_text("someone else's", encoding="utf-8")
    (tmp_path / "share").mkdir()
    (tmp_path / "share" / "applications").symlink_to(elsewhere)
    assert desktop.uninstall(env, platform="linux") == []
    assert (elsewhere / f"{APP_ID}.desktop").read_text(encoding="utf-8") == "someone else's"


@pytest.fixture
def no_umask() -> Iterator[None]:
    """A umask of 000, as some desktops' sessions have: nothing may come out writable by others."""
    old = os.umask(0)
    try:
        yield
    finally:
        os.umask(old)


def test_the_menu_files_are_0644_and_their_folders_0755_whatever_the_umask(tmp_path: Path, no_umask: None) -> None:
    written = desktop.install(env_for(tmp_path), ["spider"], platform="linux")
    share = tmp_path / "share"
    folders = {p.parent for p in written} | {p for w in written for p in w.parents if share in p.parents}
    assert {oct(p.stat().st_mode & 0o777) for p in written} == {"0o644"}
    assert {oct(p.stat().st_mode & 0o777) for p in folders} == {"0o755"}
    assert oct(share.stat().st_mode & 0o777) == "0o700", "a data home made for us is the player's (XDG)"
