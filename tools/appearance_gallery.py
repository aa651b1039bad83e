"""Pictures of every table colour, card back and deck, for docs/appearance/.

    python tools/appearance_gallery.py [OUT_DIR]      (default docs/appearance)

Writes, each reduced to 256 colours to keep the repository small:

- ``tables-800x600.png``: a game in progress on every table (columns) with
  every deck (rows: standard, four colours, large print), each back in turn;
- ``table-<name>-1920x1080.png``: the default and the night table at
  1920x1080 (the felt's grain makes each such picture ~0.7 MB: the other
  tables' are the same layout in another colour, shown at 800x600);
- ``dialogs-<name>-800x600.png``: every dialog (and the win panel) over each table.

Each picture is drawn headless in its own process (`tools.render_table`,
`tools/screens_gallery.py`), as a window keeps the size it was made with.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.settings import CARD_BACKS, TABLES  # noqa: E402

CODE = "SP1-S4C-AAAAAAD"
RECORD = "deal"  # a second row of faces: more cards to see
DECKS = ("standard", "four_colour", "large_print")
LARGE = ("green", "night")  # the tables also pictured at 1920x1080


def table(out: Path, size: str, table: str, deck: str, back: str) -> None:
    command = [sys.executable, "-m", "tools.render_table", "--code", CODE, "--record", RECORD, "--size", size]
    command += ["--table", table, "--deck", deck, "--back", back, str(out)]
    subprocess.run(command, check=True, cwd=ROOT)


def dialogs(out: Path, table: str) -> list[Path]:
    """Every dialog over a table of colour `table`, at 800x600 in English."""
    subprocess.run(
        [sys.executable, "tools/screens_gallery.py", "--shoot", "800x600", "en", str(out), table], check=True, cwd=ROOT
    )
    return sorted(out.glob("*.png"))


def small(image: Image.Image, target: Path) -> None:
    image.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(target, optimize=True)


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "docs" / "appearance"
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("PYGLET_DEBUG_GL", "0")
    with tempfile.TemporaryDirectory() as work:
        tmp = Path(work)
        gap = 8
        grid = Image.new("RGB", (len(TABLES) * (800 + gap) - gap, len(DECKS) * (600 + gap) - gap), (255, 255, 255))
        for row, deck in enumerate(DECKS):
            for col, name in enumerate(TABLES):
                back = CARD_BACKS[(row + col) % len(CARD_BACKS)]
                picture = tmp / f"{name}-{deck}.png"
                table(picture, "800x600", name, deck, back)
                grid.paste(Image.open(picture).convert("RGB"), (col * (800 + gap), row * (600 + gap)))
        small(grid, out / "tables-800x600.png")
        for k, name in enumerate(TABLES):
            if name in LARGE:
                picture = tmp / f"{name}-1920.png"
                table(picture, "1920x1080", name, DECKS[k % len(DECKS)], CARD_BACKS[k % len(CARD_BACKS)])
                small(Image.open(picture).convert("RGB"), out / f"table-{name}-1920x1080.png")
            folder = tmp / f"dialogs-{name}"
            folder.mkdir()
            shots = dialogs(folder, name)
            sheet = Image.new("RGB", (4 * (800 + gap) - gap, 2 * (600 + gap) - gap), (255, 255, 255))
            for i, shot in enumerate(shots):
                sheet.paste(Image.open(shot).convert("RGB"), ((i % 4) * (800 + gap), (i // 4) * (600 + gap)))
            small(sheet, out / f"dialogs-{name}-800x600.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
