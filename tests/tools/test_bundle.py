"""The standalone build's parts that run without building it: the archive, the
spec's decisions, the licences, the version check and the runtime hook.

The build itself (`make bundle`) and the bundle played from a clean
environment (`python -m tools.bundle.check`) run in `.ci/run`.
"""

from __future__ import annotations

import os
import sys
import tarfile
import time
from pathlib import Path

import pytest

from game import __version__
from tools.bundle import archive, build, contents
from tools.bundle.rthook import restore_library_path

ROOT = Path(__file__).resolve().parents[2]


# ---------------------------------------------------------------- the archive


def make_folder(root: Path) -> Path:
    folder = root / "spider"
    (folder / "_internal" / "lib").mkdir(parents=True)
    (folder / "spider").write_bytes(b"\x7fELF program")
    (folder / "spider").chmod(0o700)
    (folder / "_internal" / "lib" / "libz.so.1").write_bytes(b"library")
    (folder / "_internal" / "lib" / "libz.so.1").chmod(0o600)
    (folder / "_internal" / "libz.so.1").symlink_to("lib/libz.so.1")
    (folder / "licenses").mkdir()
    (folder / "licenses" / "LICENSE").write_text("MIT")
    return folder


def test_the_same_folder_packs_to_the_same_bytes(tmp_path: Path) -> None:
    folder = make_folder(tmp_path)
    archive.write(folder, tmp_path / "one.tar.gz", "spider-1.0", 1_700_000_000)
    time.sleep(1.1)  # a second later, with other file times: nothing of them may show
    for path in [folder, *archive.members(folder)]:
        os.utime(path, follow_symlinks=False)
    archive.write(folder, tmp_path / "two.tar.gz", "spider-1.0", 1_700_000_000)
    assert (tmp_path / "one.tar.gz").read_bytes() == (tmp_path / "two.tar.gz").read_bytes()


def test_the_archive_is_one_folder_sorted_owned_by_root_with_links_kept(tmp_path: Path) -> None:
    folder = make_folder(tmp_path)
    archive.write(folder, tmp_path / "a.tar.gz", "spider-1.0", 1_700_000_000)
    with tarfile.open(tmp_path / "a.tar.gz", "r:gz") as tar:
        infos = tar.getmembers()
    names = [info.name for info in infos]
    assert names[0] == "spider-1.0" and names == sorted(names)
    assert all(name == "spider-1.0" or name.startswith("spider-1.0/") for name in names)
    assert {(info.uid, info.gid, info.uname, info.gname, info.mtime) for info in infos} == {
        (0, 0, "", "", 1_700_000_000)
    }
    modes = {info.name: info.mode for info in infos if not info.issym()}
    assert modes["spider-1.0/spider"] == 0o755 and modes["spider-1.0/_internal/lib/libz.so.1"] == 0o644
    assert archive.listing(tmp_path / "a.tar.gz")["spider-1.0/_internal/libz.so.1"] == "link -> lib/libz.so.1"


def test_two_archives_list_and_digest_their_differences(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = make_folder(tmp_path)
    archive.write(folder, tmp_path / "one.tar.gz", "s", 0)
    (folder / "licenses" / "LICENSE").write_text("MIT, changed")
    archive.write(folder, tmp_path / "two.tar.gz", "s", 0)
    assert build.compare(tmp_path / "one.tar.gz", tmp_path / "two.tar.gz") == 0
    assert "1 with other bytes: s/licenses/LICENSE" in capsys.readouterr().out
    (folder / "licenses" / "NOTICE").write_text("more")
    archive.write(folder, tmp_path / "three.tar.gz", "s", 0)
    assert build.compare(tmp_path / "one.tar.gz", tmp_path / "three.tar.gz") == 1
    assert "s/licenses/NOTICE: absent / file" in capsys.readouterr().out


# ------------------------------------------------------- the build's checks


def test_the_archive_is_named_for_the_version_and_the_machine() -> None:
    assert build.archive_name("Linux", "x86_64") == f"spider-{__version__}-linux-x86_64.tar.gz"


def test_the_build_venv_is_checked_against_constraints_txt() -> None:
    pinned = build.pins()
    for name in ("pyinstaller", "pyinstaller-hooks-contrib", "altgraph", "setuptools", "arcade", "pyglet", "pillow"):
        assert name in pinned, f"pin {name} in constraints.txt"
    installed = {"arcade": pinned["arcade"], "Pillow": pinned["pillow"], "pip": "1.0", "spider_solitaire": "9"}
    assert build.unpinned(installed, pinned) == []
    installed |= {"pyglet": "0.1", "surprise": "1.0"}
    assert build.unpinned(installed, pinned) == [
        f"pyglet 0.1 (constraints.txt: {pinned['pyglet']})",
        "surprise 1.0 (constraints.txt: not pinned)",
    ]


# ------------------------------------------------------- the spec's decisions


def test_the_cpp_runtime_stays_the_systems_on_linux() -> None:
    binaries = [
        ("libstdc++.so.6", "/usr/lib/x86_64-linux-gnu/libstdc++.so.6", "BINARY"),
        ("libgcc_s.so.1", "/lib/x86_64-linux-gnu/libgcc_s.so.1", "BINARY"),
        ("libffi.so.8", "/usr/lib/x86_64-linux-gnu/libffi.so.8", "BINARY"),
        ("pillow.libs/libavif-01e67780.so.16.3.0", "/venv/pillow.libs/libavif.so", "BINARY"),
    ]
    assert [name for name, _, _ in contents.leave_out(binaries, "linux")] == [
        "libffi.so.8",
        "pillow.libs/libavif-01e67780.so.16.3.0",
    ]
    assert contents.leave_out(binaries, "win32") == binaries


def test_arcades_version_file_goes_where_arcade_reads_it() -> None:
    datas = [("arcade/VERSION/VERSION", "/venv/arcade/VERSION", "DATA"), ("arcade/resources/x", "/x", "DATA")]
    assert contents.fix_arcade_version(datas) == [
        ("arcade/VERSION", "/venv/arcade/VERSION", "DATA"),
        ("arcade/resources/x", "/x", "DATA"),
    ]


def test_the_excluded_modules_are_only_imported_where_guarded() -> None:
    # Leaving `ssl` out is safe only while the game never needs it itself.
    for path in (ROOT / "game").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for module in contents.EXCLUDED_MODULES:
            assert f"import {module}\n" not in text and f"from {module} " not in text, f"{path} imports {module}"


# ------------------------------------------------------------- the licences


def test_every_bundled_distribution_brings_its_licence() -> None:
    modules = ["arcade.gl", "pyglet.window", "PIL.Image", "game.engine", "spider_resources", "json", "os.path"]
    files, unknown = contents.licence_files(modules, [], also=())
    assert unknown == []
    names = set(files)
    for expected in (
        "python/LICENSE.txt",
        "arcade/LICENSE.txt",
        "liberation-fonts/LICENSE.txt",
        "pyglet/LICENSE",
        "pillow/LICENSE",
        "spider-solitaire/LICENSE",
        "spider-solitaire/resources/fonts/LICENSE",
    ):
        assert expected in names, f"{expected} missing from {sorted(names)}"
    assert all(path.is_file() for path in files.values())
    assert "Bitstream Vera" in files["spider-solitaire/resources/fonts/LICENSE"].read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE" in files["liberation-fonts/LICENSE.txt"].read_text(encoding="utf-8")
    assert "PYTHON SOFTWARE FOUNDATION LICENSE" in files["python/LICENSE.txt"].read_text(encoding="utf-8")


def test_a_distribution_without_a_licence_stops_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(contents, "distribution_licences", lambda name: {})
    with pytest.raises(contents.LicenceMissing, match="no licence file for pyglet"):
        contents.licence_files(["pyglet"], [], also=())


def test_system_libraries_bring_their_packages_copyright(tmp_path: Path) -> None:
    owners = {"/usr/lib/x86_64-linux-gnu/libffi.so.8": "libffi8", "/opt/unknown/libodd.so": None}
    sources = [*owners, str(Path(sys.base_prefix) / "lib" / "libpython3.so")]
    found, unknown = contents.system_licences(sources, lambda path: owners[str(path)])
    if Path("/usr/share/doc/libffi8/copyright").is_file():
        assert found == {"system/libffi8/copyright": Path("/usr/share/doc/libffi8/copyright")}
        assert unknown == ["/opt/unknown/libodd.so"]
    else:
        assert found == {} and sorted(unknown) == sorted(owners)


def test_licences_are_copied_into_a_fresh_folder(tmp_path: Path) -> None:
    source = tmp_path / "LICENSE"
    source.write_text("MIT")
    target = tmp_path / "licenses"
    (target / "stale").mkdir(parents=True)
    contents.copy_licences({"pyglet/LICENSE": source}, target)
    assert sorted(p.relative_to(target).as_posix() for p in target.rglob("*")) == ["pyglet", "pyglet/LICENSE"]


# ---------------------------------------------------------- the runtime hook


def test_programs_the_game_starts_get_the_players_library_path_back() -> None:
    bundled = {"LD_LIBRARY_PATH": "/opt/spider/_internal:/home/p/lib", "LD_LIBRARY_PATH_ORIG": "/home/p/lib"}
    restore_library_path(bundled, "linux")
    assert bundled == {"LD_LIBRARY_PATH": "/home/p/lib"}
    bare = {"LD_LIBRARY_PATH": "/opt/spider/_internal", "HOME": "/home/p"}
    restore_library_path(bare, "linux")
    assert bare == {"HOME": "/home/p"}
    mac = {"LD_LIBRARY_PATH": "/usr/local/lib"}
    restore_library_path(mac, "darwin")
    assert mac == {"LD_LIBRARY_PATH": "/usr/local/lib"}


def test_the_hook_changes_nothing_outside_a_bundle(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    import tools.bundle.rthook

    monkeypatch.setenv("LD_LIBRARY_PATH", "/opt/lib")
    monkeypatch.delenv("LD_LIBRARY_PATH_ORIG", raising=False)
    importlib.reload(tools.bundle.rthook)
    assert os.environ["LD_LIBRARY_PATH"] == "/opt/lib"


# ------------------------------------------------------------------ the check


def test_the_check_wants_an_archive(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tools.bundle import check

    assert check.main([str(tmp_path / "nothing.tar.gz")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no archive" in err


def test_the_check_knows_a_table_from_a_flat_picture() -> None:
    from PIL import Image

    from tools.bundle import check

    assert check.table_faults(Image.new("RGB", (1280, 800), (14, 94, 50))) == [
        "fewer than 500 colours",
        "nearly one flat colour",
    ]
    assert check.table_faults(Image.open(ROOT / "docs" / "table.png").convert("RGB")) == []
