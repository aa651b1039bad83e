"""Pictures of every screen over the table, for docs/screens/ (docs/RULES.md §10).

    python tools/screens_gallery.py [OUT_DIR]      (default docs/screens)

For each screen (New game, Options, Appearance, Rules, Statistics, the description,
the Restart question, the win panel) it writes one sheet at 800x600 with
English, Italian and Spanish side by side, and one picture at 1920x1080 in
English. Headless OpenGL; each window size runs in its own process because
a headless window keeps the size it was made with. The PNGs are reduced to
256 colours, which text and felt survive, to keep the repository small.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script from the checkout
os.environ["ARCADE_HEADLESS"] = "1"  # before arcade is imported: pictures need no display

from game.ui.screens.registry import NAMES  # noqa: E402

LANGS = ("en", "it", "es")
# Every dialog, then the win panel and a replay.
SCREENS = (*NAMES, "win", "replay")


def shoot(size: tuple[int, int], lang: str, out: Path, table_colour: str = "green") -> None:
    """In this process: draw every screen at `size` in `lang` over a table of
    `table_colour` into `out`/<screen>.png."""
    import arcade

    from game.engine.replay import Replay
    from game.records.settings import Settings
    from game.records.share import parse
    from game.records.stats import WinFacts
    from game.ui.app.build import build_table
    from game.ui.screens import registry
    from game.ui.screens.host import ScreensView
    from game.ui.table.replay import ReplayView
    from tools.screens_sample import SampleSources

    sources = SampleSources(lang, table_colour)
    window, table = build_table(
        sources.game, sources.settings, size=size, animate_opening=False, cards=sources.card_pipeline
    )
    sources.window = window
    host = ScreensView(window)
    table.prepare_images()  # as a player's table is by the time a dialog opens: drawn
    table.on_update(0.0)
    table.on_draw()

    def noop(*_: object) -> None:
        return None

    for name in SCREENS:
        window.show_view(table)
        table.on_update(0.0)
        if name == "win":
            table.hud.show_win(1183, 117, WinFacts("2C", 3, 4, 1, 1265))
            view: arcade.View = table
        elif name == "replay":
            shared = parse((ROOT / "tests" / "fixtures" / "shared" / "won-1C.line").read_text(encoding="utf-8"))
            settings = Settings(language=lang, table=table_colour)
            replay = ReplayView(
                Replay(shared.code, shared.record),
                settings,
                sources.translator,
                noop,
                window=window,
                cards=sources.card_pipeline,
            )
            replay.seek(120)
            window.show_view(replay)
            replay.prepare_images()
            replay.on_update(0.0)
            view = replay
        else:
            view = host.open(registry.make(name, sources), over=table)
            window.show_view(view)
        window.clear()
        view.on_draw()
        window.ctx.finish()
        arcade.get_image(0, 0, *size).convert("RGB").save(out / f"{name}.png")
        if name == "win":
            table.hud.hide_win()


def sheet(parts: list[Path], target: Path) -> None:
    images = [Image.open(p).convert("RGB") for p in parts]
    w, h = images[0].size
    gap = 8
    out = Image.new("RGB", (len(images) * w + (len(images) - 1) * gap, h), (255, 255, 255))
    for k, image in enumerate(images):
        out.paste(image, (k * (w + gap), 0))
    small(out, target)


def small(image: Image.Image, target: Path) -> None:
    image.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(target, optimize=True)


def main(argv: list[str]) -> int:
    if argv[:1] == ["--shoot"]:  # --shoot WxH LANG DIR [TABLE]
        width, height = (int(v) for v in argv[1].split("x"))
        shoot((width, height), argv[2], Path(argv[3]), *argv[4:5])
        return 0
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("out_dir", nargs="?", type=Path, default=ROOT / "docs" / "screens")
    out = parser.parse_args(argv).out_dir
    out.mkdir(parents=True, exist_ok=True)
    work = out / ".work"
    for size, langs in (("800x600", LANGS), ("1920x1080", ("en",))):
        for lang in langs:
            folder = work / f"{size}-{lang}"
            folder.mkdir(parents=True, exist_ok=True)
            subprocess.run([sys.executable, __file__, "--shoot", size, lang, str(folder)], check=True)
    for name in SCREENS:
        sheet([work / f"800x600-{lang}" / f"{name}.png" for lang in LANGS], out / f"{name}-800x600-en-it-es.png")
        small(Image.open(work / "1920x1080-en" / f"{name}.png").convert("RGB"), out / f"{name}-1920x1080-en.png")
    for path in sorted(work.rglob("*.png")):
        path.unlink()
    for folder in sorted(work.iterdir()):
        folder.rmdir()
    work.rmdir()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
