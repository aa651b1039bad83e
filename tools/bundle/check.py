"""Play the standalone Spider as a player would: ``python -m tools.bundle.check ARCHIVE``.

The archive is unpacked with ``tar`` into a temporary folder outside the
checkout, and every run of its ``spider`` happens from yet another folder,
in a clean environment (``env -i`` with only HOME, PATH=/usr/bin:/bin and,
for a window, DISPLAY): no venv, no PYTHONPATH, no Python needed. Checked:

1. the folder: the program, the licences of everything bundled, the icons;
2. ``--version``;
3. ``--screenshot`` (headless): a real table, nothing written to the data
   folder, and the very pixels the checkout's game draws for the same deal,
   in English and in Italian;
4. a real window under Xvfb with openbox as the window manager, found by
   its name, quit with Ctrl+Q: exit status 0, the game saved and the card
   images cached in the player's folders (default ones, then ``--data-dir``);
5. ``--install-desktop``: a menu entry that starts the unpacked program,
   and its icons; ``--uninstall-desktop`` removes them;
6. a missing system library (libGL hidden): one line naming it, status 1.

Needs Xvfb, xdotool, openbox and wmctrl (``.ci/run`` installs them). Ends
with one line ``bundle check: N passed, N failed``; exit status 1 if any failed.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping
from pathlib import Path

from PIL import Image, ImageChops

from game import __version__
from game.files.desktop import APP_ID
from tools.xwindow import XServer, find_window, run_tool, start_xvfb, stop

REPO = Path(__file__).resolve().parents[2]
CODE = "SP1-S2F-SPIDER2"
SIZE = "1280x800"
ICON_SIZES = (16, 32, 48, 64, 128, 256)  # game.system.resources.ICON_SIZES
LICENCES = (
    "python/LICENSE.txt",
    "arcade/LICENSE.txt",
    "pyglet/LICENSE",
    "pillow/LICENSE",
    "liberation-fonts/LICENSE.txt",
    "spider-solitaire/LICENSE",
    "spider-solitaire/resources/fonts/LICENSE",
)
TOOLS = ("tar", "Xvfb", "xdotool", "openbox", "wmctrl")


class Failed(Exception):
    """A check did not hold; the text says what was seen."""


class Player:
    """Runs the unpacked `spider` from a folder of its own, in a clean environment."""

    def __init__(self, program: Path, root: Path) -> None:
        self.program = program
        self.home = root / "home"
        self.where = root / "elsewhere"
        self.home.mkdir()
        self.where.mkdir()

    def env(self, display: str | None = None, **extra: str) -> dict[str, str]:
        env = {"HOME": str(self.home), "PATH": "/usr/bin:/bin", **extra}
        if display:
            env["DISPLAY"] = display
        return env

    def run(
        self, *args: str, env: Mapping[str, str] | None = None, timeout: float = 120
    ) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(self.program), *args],
            cwd=self.where,
            env=dict(env or self.env()),
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )


def expect(done: subprocess.CompletedProcess[str], status: int = 0) -> str:
    if done.returncode != status or "Traceback" in done.stderr:
        raise Failed(f"exit status {done.returncode} (expected {status}): {done.stderr.strip()[-800:]}")
    return done.stdout


# ------------------------------------------------------------------ checks


def check_folder(top: Path) -> str:
    missing = [name for name in LICENCES if not (top / "licenses" / name).is_file()]
    icons = top / "_internal" / "spider_resources" / "icons"
    missing += [f"icon {n}" for n in ICON_SIZES if not (icons / f"spider-{n}.png").is_file()]
    if not os.access(top / "spider", os.X_OK):
        missing.append("the spider program")
    if missing:
        raise Failed("missing: " + ", ".join(missing))
    licences = sum(path.is_file() for path in (top / "licenses").rglob("*"))
    return f"{top.name}/: spider, {licences} licence files, {len(ICON_SIZES)} icons"


def check_version(player: Player) -> str:
    out = expect(player.run("--version")).strip()
    if out != f"spider-solitaire {__version__}":
        raise Failed(f"--version said {out!r}")
    return out


def table_faults(image: Image.Image) -> list[str]:
    """What keeps `image` from being a drawn table (the same test as .ci/run's)."""
    w, h = image.size
    colours = image.getcolors(maxcolors=1 << 20) or []
    faults = []
    if w < 800 or h < 600:
        faults.append("smaller than 800x600")
    if len(colours) < 500:
        faults.append("fewer than 500 colours")
    if colours and max(count for count, _ in colours) / (w * h) > 0.9:
        faults.append("nearly one flat colour")
    return faults


def reference_screenshot(out: Path, lang: str) -> Image.Image:
    """The same deal drawn by the checkout's game (this Python)."""
    env = {k: v for k, v in os.environ.items() if k not in ("SPIDER_DATA_DIR", "LANGUAGE")}
    args = [
        "--screenshot",
        str(out),
        "--code",
        CODE,
        "--size",
        SIZE,
        "--lang",
        lang,
        "--data-dir",
        str(out.parent / "D"),
    ]
    done = subprocess.run(
        [sys.executable, "-m", "game", *args], cwd=REPO, env=env, capture_output=True, text=True, timeout=120
    )
    expect(done)
    return Image.open(out).convert("RGB")


def check_screenshots(player: Player, work: Path) -> str:
    drawn: dict[str, Image.Image] = {}
    data = player.where / "D"
    for lang in ("en", "it"):
        shot = player.where / f"table-{lang}.png"
        expect(player.run("--screenshot", shot.name, "--code", CODE, "--size", SIZE, "--lang", lang, "--data-dir", "D"))
        image = Image.open(shot).convert("RGB")
        if faults := table_faults(image):
            raise Failed(f"{shot.name}: " + "; ".join(faults))
        if data.exists() and any(data.iterdir()):
            raise Failed("--screenshot wrote into the data folder")
        (work / lang).mkdir()
        reference = reference_screenshot(work / lang / "reference.png", lang)
        if ImageChops.difference(image, reference).getbbox() is not None:
            raise Failed(f"{shot.name} differs from the checkout's game's picture of the same deal")
        drawn[lang] = image
    if drawn["en"].tobytes() == drawn["it"].tobytes():
        raise Failed("the Italian table looks like the English one: the catalogues were not found")
    return f"{CODE} at {SIZE}, English and Italian: real tables, the checkout's pixels exactly, data folder untouched"


def start_window_manager(server: XServer) -> subprocess.Popen[bytes]:
    manager = subprocess.Popen(
        ["openbox"], env=server.env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    deadline = time.monotonic() + 15
    while subprocess.run(["wmctrl", "-m"], env=server.env(), capture_output=True, check=False).returncode != 0:
        if time.monotonic() > deadline or manager.poll() is not None:
            stop(manager)
            raise Failed("openbox did not start")
        time.sleep(0.1)
    return manager


def play_and_quit(player: Player, server: XServer, *args: str) -> None:
    """Open the table in a real window, let it settle, press Ctrl+Q: status 0."""
    process = subprocess.Popen(
        [str(player.program), *args],
        cwd=player.where,
        env=player.env(server.display),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        window = find_window("^Spider Solitaire$", server.env(), 60, lambda: process.poll() is None)
        time.sleep(2.5)  # the card images are cached ~1 s after the first frames
        run_tool(["xdotool", "windowactivate", "--sync", window], server.env())
        run_tool(["xdotool", "key", "--clearmodifiers", "ctrl+q"], server.env())
        _, raw = process.communicate(timeout=30)
    except (subprocess.TimeoutExpired, TimeoutError, RuntimeError) as problem:
        stop(process)
        _, raw = process.communicate()
        raise Failed(f"{problem}; its stderr: {raw.decode(errors='replace').strip()[-800:]}") from None
    err = raw.decode(errors="replace")
    if process.returncode != 0 or "Traceback" in err:
        raise Failed(f"Ctrl+Q: exit status {process.returncode}; {err.strip()[-800:]}")


def saved_in(data: Path, cache: Path) -> None:
    if not (data / "game.json").is_file():
        raise Failed(f"no game saved in {data}")
    if not cache.is_dir() or not any(cache.iterdir()):
        raise Failed(f"no card images cached in {cache}")


def check_window(player: Player) -> str:
    server = start_xvfb(1280, 800)
    manager = None
    try:
        manager = start_window_manager(server)
        play_and_quit(player, server)
        saved_in(player.home / ".local" / "share" / "spider", player.home / ".cache" / "spider")
        play_and_quit(player, server, "--data-dir", "D2")
        saved_in(player.where / "D2", player.where / "D2" / "cache")
    finally:
        stop(manager)
        server.stop()
    return "Xvfb and openbox, twice: Ctrl+Q quits (status 0), game saved, cards cached (default folders, --data-dir)"


def check_desktop(player: Player, top: Path) -> str:
    expect(player.run("--install-desktop"))
    share = player.home / ".local" / "share"
    entry = (share / "applications" / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    exec_line = next((line for line in entry.splitlines() if line.startswith("Exec=")), "")
    program = (top / "spider").resolve()
    if exec_line != f"Exec={program}":
        raise Failed(f"the menu entry says {exec_line!r}, not Exec={program}")
    icons = sorted(share.glob(f"icons/hicolor/*/apps/{APP_ID}.png"))
    if len(icons) != len(ICON_SIZES):
        raise Failed(f"{len(icons)} icons installed, not {len(ICON_SIZES)}")
    started = subprocess.run(
        [exec_line.removeprefix("Exec="), "--version"], cwd="/", env=player.env(), capture_output=True, text=True
    )
    if expect(started).strip() != f"spider-solitaire {__version__}":
        raise Failed("the menu entry's command does not start this Spider")
    expect(player.run("--uninstall-desktop"))
    left = [p for p in [*share.glob("applications/*"), *share.glob("icons/**/*")] if p.is_file()]
    if left:
        raise Failed(f"--uninstall-desktop left {left}")
    return f"menu entry Exec={program}, {len(icons)} icons, removed again"


def check_missing_library(player: Player, root: Path) -> str:
    hidden = root / "hidden"
    hidden.mkdir()
    (hidden / "libGL.so.1").write_bytes(b"not a library")
    done = player.run("--data-dir", "D3", env=player.env(LD_LIBRARY_PATH=str(hidden)))
    expect(done, status=1)
    lines = done.stderr.splitlines()
    if len(lines) != 1 or not re.match(r"spider: cannot load OpenGL \(libGL\.so\.1\): .*libGL\.so\.1: ", lines[0]):
        raise Failed(f"expected one line naming libGL.so.1, got {done.stderr!r}")
    return lines[0]


# ------------------------------------------------------------------ main


def unpack(archive: Path, into: Path) -> Path:
    subprocess.run(["tar", "-xzf", str(archive.resolve()), "-C", str(into)], check=True, timeout=300)
    tops = [p for p in into.iterdir() if p.is_dir()]
    if len(tops) != 1:
        raise Failed(f"the archive holds {len(tops)} folders at its top, not one")
    return tops[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bundle.check", description=(__doc__ or "").split("\n")[0])
    parser.add_argument("archive", type=Path, help="dist/spider-<version>-linux-x86_64.tar.gz")
    args = parser.parse_args(argv)
    if not args.archive.is_file():
        print(f"bundle check: no archive {args.archive}", file=sys.stderr)
        return 2
    if missing := [tool for tool in TOOLS if shutil.which(tool) is None]:
        print(f"bundle check: needs {', '.join(missing)} (.ci/run installs them)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="spider-bundle-check-") as tmp:
        root = Path(tmp)
        (root / "unpacked").mkdir()
        try:
            top = unpack(args.archive, root / "unpacked")
        except (Failed, subprocess.SubprocessError) as err:
            print(f"bundle check: cannot unpack {args.archive}: {err}", file=sys.stderr)
            return 1
        player = Player(top / "spider", root)
        checks: list[tuple[str, Callable[[], str]]] = [
            ("the folder", lambda: check_folder(top)),
            ("--version", lambda: check_version(player)),
            ("--screenshot", lambda: check_screenshots(player, root)),
            ("a real window", lambda: check_window(player)),
            ("the menu entry", lambda: check_desktop(player, top)),
            ("a missing libGL", lambda: check_missing_library(player, root)),
        ]
        failed = 0
        for name, check in checks:
            try:
                print(f"ok   {name}: {check()}", flush=True)
            except (Failed, OSError, subprocess.SubprocessError) as err:
                failed += 1
                print(f"FAIL {name}: {err}", flush=True)
    print(f"bundle check: {len(checks) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
