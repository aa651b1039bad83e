"""A stage-by-stage breakdown of one instrumented game launch (a new deal),
for `tools/bench_launch.py --stages`: the time since spawn and VmHWM after
each stage (imports, decoding the card sheet, cutting it, making textures,
the window, fonts and texts, the first frame, the scaled card images, the
screens), plus `python -X importtime` grouped by top-level package.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tools.launch_timing import REPO, forget_the_game

STAGE_CHILD = r"""
import importlib.abc, importlib.machinery, inspect, os, runpy, sys, time

T0 = float(sys.argv.pop(1))
def hwm():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
CPU = {}
def mark(name, start):
    end = time.monotonic()
    cpu = time.thread_time() - CPU.pop(name, time.thread_time())
    print("STAGE", name, repr(start - T0), repr(end - T0), repr(cpu), repr(hwm()), flush=True)

def timed(owner, attr, name, once=False):
    inner = getattr(owner, attr)
    static = isinstance(inspect.getattr_static(owner, attr), staticmethod)
    state = {"done": False}
    def wrapper(*args, **kwargs):
        if once and state["done"]:
            return inner(*args, **kwargs)
        start = time.monotonic()
        CPU[name] = time.thread_time()
        result = inner(*args, **kwargs)
        mark(name, start)
        state["done"] = True
        return result
    setattr(owner, attr, staticmethod(wrapper) if static else wrapper)

def patch_atlas_image(m):
    timed(m, "decode", "decode the card sheet PNG (thread)")
    timed(m, "load", "decode, cut and scale (pack the unshown) the card images (thread)")
def patch_card_loading(m):
    timed(m, "take", "wait for the card sheet (thread)")
    timed(m, "from_cache", "read the cached card images")
def patch_atlas(m):
    timed(m.CardSheet, "load", "card sheet ready (cut into images)")
    timed(m.CardSheet, "_atlas", "make textures (not uploaded yet)")
    if hasattr(m.CardSheet, "scaled_images"):
        timed(m.CardSheet, "scaled_images", "scale the card images")
def patch_hud(m):
    timed(m.Hud, "__init__", "HUD: texts and panels", once=True)
def patch_style(m):
    timed(m, "load_fonts", "load fonts", once=True)
def patch_card_images(m):
    take = m.CardImages._take
    def _take(self, job):
        start = time.monotonic()
        CPU["swap in the scaled card images"] = time.thread_time()
        changed = take(self, job)
        mark("swap in the scaled card images", start)
        return changed
    m.CardImages._take = _take
def patch_app(m):
    timed(m.SpiderWindow, "__init__", "open the window (GL context)", once=True)
    timed(m, "build_table", "build the table (window + view)", once=True)
def patch_view(m):
    timed(m.GameView, "__init__", "table view (layout, sprites, HUD)", once=True)
    draw = m.GameView.on_draw
    state = {"frames": 0}
    def on_draw(self):
        start = time.monotonic()
        CPU["first on_draw (uploads textures) + finish"] = CPU["second on_draw"] = time.thread_time()
        draw(self)
        state["frames"] += 1
        if state["frames"] == 1:
            self.window.ctx.finish()
            mark("first on_draw (uploads textures) + finish", start)
        elif state["frames"] == 2:
            mark("second on_draw", start)
    m.GameView.on_draw = on_draw
def patch_controller(m):
    timed(m.SpiderApp, "load_screens", "import the screens")
    import arcade
    def stop(_dt):
        mark("settled (stop)", time.monotonic())
        os._exit(0)
    arcade.schedule_once(stop, SETTLE)

PATCHES = {
    "game.ui.cards.atlas_image": patch_atlas_image,
    "game.ui.cards.loading": patch_card_loading,
    "game.ui.cards.atlas": patch_atlas,
    "game.ui.hud.bar": patch_hud,
    "game.ui.render.style": patch_style,
    "game.ui.cards.images": patch_card_images,
    "game.ui.app.build": patch_app,
    "game.ui.table.view": patch_view,
    "game.ui.app.controller": patch_controller,
}
TIMED_IMPORTS = {"arcade": "import arcade (pyglet, PIL, ...)", "game.engine": "import game.engine",
                 "game.ui.screens": None}

class Hook(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name not in PATCHES and name not in TIMED_IMPORTS:
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or spec.loader is None:
            return spec
        run = spec.loader.exec_module
        def exec_module(module):
            start = time.monotonic()
            if TIMED_IMPORTS.get(name):
                CPU[TIMED_IMPORTS[name]] = time.thread_time()
            run(module)
            if TIMED_IMPORTS.get(name):
                mark(TIMED_IMPORTS[name], start)
            if name in PATCHES:
                PATCHES[name](module)
        spec.loader.exec_module = exec_module
        return spec

SETTLE = float(sys.argv.pop(1))
mark("interpreter start", T0)
sys.meta_path.insert(0, Hook())
sys.argv[0] = "game"
runpy.run_module("game", run_name="__main__", alter_sys=True)
"""


def stage_child(
    env: dict[str, str], settle: float, *args: str, flags: list[str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run the instrumented game launch (`args` for the game, `flags` for
    Python) until `settle` seconds after its first frames; its stage lines."""
    return subprocess.run(
        [sys.executable, *(flags or []), "-c", STAGE_CHILD, repr(time.monotonic()), repr(settle), *args],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def run_stages(env: dict[str, str], size: str, settle: float, cached: bool = True) -> None:
    which = "with the card cache an earlier launch left" if cached else "a first launch, nothing cached"
    print(f"\nStages of one new-game launch at {size}, {which} (seconds since spawn; VmHWM after the stage):\n")
    with tempfile.TemporaryDirectory(prefix="spider-stages-") as data:
        if cached:  # an untimed launch fills the cache; then a new deal
            stage_child(env, 1.5, "--size", size, "--data-dir", data)
            forget_the_game(Path(data))
        done = stage_child(env, settle, "--size", size, "--data-dir", data)
    rows = [line.split(" ", 1)[1] for line in done.stdout.splitlines() if line.startswith("STAGE ")]
    if not rows:
        print(done.stderr[-2000:])
        return
    print("| stage | from s | to s | took ms | its thread's CPU ms | VmHWM MB |")
    print("|---|---|---|---|---|---|")
    parsed: list[tuple[str, float, float, float, float]] = []
    for row in rows:
        *name_parts, start_s, end_s, cpu_s, hwm_s = row.split(" ")
        parsed.append((" ".join(name_parts), float(start_s), float(end_s), float(cpu_s), float(hwm_s)))
    for name, start, end, cpu, hwm in sorted(parsed, key=lambda r: r[2]):
        print(f"| {name} | {start:.3f} | {end:.3f} | {(end - start) * 1000:.0f} | {cpu * 1000:.0f} | {hwm:.0f} |")

    # Imports: self time of every module, grouped by top-level package.
    with tempfile.TemporaryDirectory(prefix="spider-stages-") as data:
        done = stage_child(env, 1.0, "--size", size, "--data-dir", data, flags=["-X", "importtime"])
    groups: dict[str, int] = {}
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or line.count("|") != 2:
            continue
        self_us, _, name = line[len("import time:") :].split("|")
        if not self_us.strip().isdigit():
            continue
        parts = name.strip().split(".")
        top = ".".join(parts[:3]) if parts[0] == "game" else parts[0]
        groups[top] = groups.get(top, 0) + int(self_us)
    total = sum(groups.values())
    print(
        "\n`python -X importtime`: self time of every module, grouped by package "
        f"(the tool inflates it), {total / 1e6:.2f} s in all:\n"
    )
    print("| package | ms |")
    print("|---|---|")
    for name, us in sorted(groups.items(), key=lambda kv: -kv[1])[:12]:
        print(f"| {name} | {us / 1000:.0f} |")
