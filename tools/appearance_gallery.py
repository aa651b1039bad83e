"""Pictures of every table colour, card back and deck, for docs/appearance/.

    python tools/appearance_gallery.py [OUT_DIR]      (default docs/appearance)

Writes:

- ``tables-800x600.webp``: a game in progress on every table (columns) with
  every deck (rows: standard, four colours, large print), each back in turn;
- ``table-<table>-<deck>-1920x1080.webp``: the same at 1920x1080, one picture
  for every table and deck;
- ``dialogs-<table>-800x600.webp``: every dialog (and the win panel) over each table;
- ``dialogs-<table>-1920x1080.webp``: the same dialogs shot at 1920x1080, the
  sheet shown at half size (each dialog at full size over the green table is
  in docs/screens/).

Every picture is WebP (quality 88): the felt's grain makes even a
256-colour PNG of a 1920x1080 table ~0.8 MB, against ~0.13 MB.

Each picture is drawn headless in its own process (`tools.render_table`,
`tools/screens_gallery.py`), as a window keeps the size it was made with.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.records.settings import CARD_BACKS, TABLES  # noqa: E402

CODE = "SP1-S4C-AAAAAAD"
RECORD = "deal"  # a second row of faces: more cards to see
DECKS = ("standard", "four_colour", "large_print")
GAP = 8


def table(out: Path, size: str, table: str, deck: str, back: str) -> None:
    command = [sys.executable, "-m", "tools.render_table", "--code", CODE, "--record", RECORD, "--size", size]
    command += ["--table", table, "--deck", deck, "--back", back, str(out)]
    subprocess.run(command, check=True, cwd=ROOT)


def dialogs(out: Path, table: str, size: str) -> list[Path]:
    """Every dialog over a table of colour `table`, at `size` in English."""
    subprocess.run(
        [sys.executable, "tools/screens_gallery.py", "--shoot", size, "en", str(out), table], check=True, cwd=ROOT
    )
    return sorted(out.glob("*.png"))


def webp(image: Image.Image, target: Path) -> None:
    image.save(target, quality=88, method=6)


def sheet(shots: list[Path], scale: float = 1.0, columns: int = 4) -> Image.Image:
    """The pictures in rows of `columns`, each at `scale`."""
    first = Image.open(shots[0])
    w, h = round(first.width * scale), round(first.height * scale)
    rows = -(-len(shots) // columns)
    out = Image.new("RGB", (columns * (w + GAP) - GAP, rows * (h + GAP) - GAP), (255, 255, 255))
    for i, shot in enumerate(shots):
        picture = Image.open(shot).convert("RGB").resize((w, h), Image.Resampling.LANCZOS)
        out.paste(picture, ((i % columns) * (w + GAP), (i // columns) * (h + GAP)))
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("out_dir", nargs="?", type=Path, default=ROOT / "docs" / "appearance")
    parser.add_argument("--dialogs", action="store_true", help="draw the dialogs' sheets again, not the tables")
    args = parser.parse_args(argv)
    out = args.out_dir
    out.mkdir(parents=True, exist_ok=True)
    patterns = ["dialogs-*.webp"] if args.dialogs else ["*.png", "*.webp"]
    for old in [path for pattern in patterns for path in out.glob(pattern)]:
        old.unlink()
    os.environ.setdefault("PYGLET_DEBUG_GL", "0")
    with tempfile.TemporaryDirectory() as work:
        tmp = Path(work)
        grid: list[Path] = []
        for row, deck in enumerate([] if args.dialogs else DECKS):
            for col, name in enumerate(TABLES):
                back = CARD_BACKS[(row + col) % len(CARD_BACKS)]
                for size in ("800x600", "1920x1080"):
                    picture = tmp / f"{name}-{deck}-{size}.png"
                    table(picture, size, name, deck, back)
                    if size == "800x600":
                        grid.append(picture)
                    else:
                        webp(Image.open(picture).convert("RGB"), out / f"table-{name}-{deck}-{size}.webp")
        if grid:
            webp(sheet(grid, columns=len(TABLES)), out / "tables-800x600.webp")
        for name in TABLES:
            for size, scale in (("800x600", 1.0), ("1920x1080", 0.5)):
                folder = tmp / f"dialogs-{name}-{size}"
                folder.mkdir()
                webp(sheet(dialogs(folder, name, size), scale), out / f"dialogs-{name}-{size}.webp")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
