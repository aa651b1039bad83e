"""Spider as app stores and desktops see it: one reverse-DNS application id
everywhere, AppStream metadata that ``appstreamcli validate --strict``
accepts, a menu entry ``desktop-file-validate`` accepts, and the old
``spider-solitaire`` entry and icons replaced, not left beside the new ones.

The two validators are the distributions' own tools (Debian's ``appstream``
and ``desktop-file-utils``, which ``.ci/run`` installs): these tests need them.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

from game_process import ROOT

from game.files import desktop
from game.files.desktop import APP_ID, ICON_SIZES, LEGACY_ID

METAINFO = ROOT / "resources" / "desktop" / f"{APP_ID}.metainfo.xml"
LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def tool(name: str, package: str) -> str:
    found = shutil.which(name)
    assert found, f"{name} is missing: install Debian's {package} (.ci/run does)"
    return found


def env_for(home: Path) -> dict[str, str]:
    return {"XDG_DATA_HOME": str(home / "share"), "HOME": str(home)}


def test_the_application_id_is_reverse_dns_and_names_everything() -> None:
    assert re.fullmatch(r"[a-z]+(\.[a-z0-9_]+)+\.[A-Za-z][A-Za-z0-9_]*", APP_ID) and "-" not in APP_ID
    home = Path("/h/share")
    assert desktop.entry_path(home).name == f"{APP_ID}.desktop"
    assert {p.name for p in desktop.icon_paths(home).values()} == {f"{APP_ID}.png"}
    root = ET.parse(METAINFO).getroot()
    assert root.findtext("id") == APP_ID and root.findtext("launchable") == f"{APP_ID}.desktop"
    entry = desktop.desktop_entry(["spider"]).splitlines()
    assert f"Icon={APP_ID}" in entry and f"StartupWMClass={APP_ID}" in entry  # the window class: test_window.py


def test_appstreamcli_validates_the_metainfo_strictly() -> None:
    result = subprocess.run(
        [tool("appstreamcli", "appstream"), "validate", "--strict", "--no-net", str(METAINFO)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_desktop_file_validate_accepts_the_menu_entry(tmp_path: Path) -> None:
    desktop.install(env_for(tmp_path), ["/opt/spider/bin/spider"], platform="linux")
    entry = tmp_path / "share" / "applications" / f"{APP_ID}.desktop"
    result = subprocess.run(
        [tool("desktop-file-validate", "desktop-file-utils"), str(entry)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr


def test_the_metainfo_says_what_a_store_shows() -> None:
    root = ET.parse(METAINFO).getroot()
    shots = root.findall("screenshots/screenshot")
    assert len(shots) >= 3 and shots[0].get("type") == "default"
    for shot in shots:
        url = shot.findtext("image") or ""
        assert url.startswith("https://raw.githubusercontent.com/") and "/docs/appearance/" in url
        assert (ROOT / "docs" / "appearance" / url.rsplit("/", 1)[1]).is_file(), url
        assert {c.get(LANG) for c in shot.findall("caption")} == {None, "it", "es"}
    assert root.find("content_rating").get("type") == "oars-1.1"  # type: ignore[union-attr]
    assert root.findtext("supports/internet") == "offline-only"
    assert [c.text for c in root.findall("supports/control")] == ["pointing", "keyboard", "gamepad"]
    assert root.findall("releases/release")
    english = " ".join("".join(el.itertext()) for el in root.find("description") or [] if el.get(LANG) is None).lower()
    for claim in (
        "free",
        "no ads",
        "no account",
        "no network",
        "no hints",
        "english, italian and spanish",
        "screen readers",
    ):
        assert claim in " ".join(english.split()), claim
    for lang in ("it", "es"):
        assert root.find(f"description/p[@{LANG}='{lang}']") is not None


def old_install(home: Path) -> list[Path]:
    """What Spider 0.2 wrote under its old name."""
    entry = home / "share" / "applications" / f"{LEGACY_ID}.desktop"
    entry.parent.mkdir(parents=True)
    entry.write_text(f"[Desktop Entry]\nName=Spider Solitaire\nStartupWMClass={LEGACY_ID}\n", encoding="utf-8")
    icons = []
    for size in ICON_SIZES:
        icon = home / "share" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{LEGACY_ID}.png"
        icon.parent.mkdir(parents=True)
        icon.write_bytes(b"old icon")
        icons.append(icon)
    return [entry, *icons]


def test_install_replaces_the_old_spider_solitaire_entry_and_icons(tmp_path: Path) -> None:
    old = old_install(tmp_path)
    written = desktop.install(env_for(tmp_path), ["spider"], platform="linux")
    assert not any(p.exists() for p in old)
    assert sorted(p for p in tmp_path.rglob("*") if p.is_file()) == sorted(written)


def test_uninstall_removes_the_old_entry_too(tmp_path: Path) -> None:
    old = old_install(tmp_path)
    assert sorted(desktop.uninstall(env_for(tmp_path), platform="linux")) == sorted(old)
    assert not [p for p in tmp_path.rglob("*") if p.is_file()]


def test_another_application_s_spider_solitaire_entry_is_left_alone(tmp_path: Path) -> None:
    theirs = tmp_path / "share" / "applications" / f"{LEGACY_ID}.desktop"
    theirs.parent.mkdir(parents=True)
    theirs.write_text("[Desktop Entry]\nName=Another Spider\nExec=another-spider\n", encoding="utf-8")
    icon = tmp_path / "share" / "icons" / "hicolor" / "48x48" / "apps" / f"{LEGACY_ID}.png"
    icon.parent.mkdir(parents=True)
    icon.write_bytes(b"their icon")
    desktop.install(env_for(tmp_path), ["spider"], platform="linux")
    desktop.uninstall(env_for(tmp_path), platform="linux")
    assert theirs.read_text(encoding="utf-8").startswith("[Desktop Entry]\nName=Another Spider") and icon.exists()


def test_an_old_entry_planted_as_a_link_is_not_followed(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.desktop"
    target.write_text(f"StartupWMClass={LEGACY_ID}\n", encoding="utf-8")
    link = tmp_path / "share" / "applications" / f"{LEGACY_ID}.desktop"
    link.parent.mkdir(parents=True)
    link.symlink_to(target)
    desktop.install(env_for(tmp_path), ["spider"], platform="linux")
    assert link.is_symlink() and target.read_text(encoding="utf-8") == f"StartupWMClass={LEGACY_ID}\n"
