"""Draw the table of a game in progress, at rest, at a given size, without a display.

    python -m tools.render_table --code SP1-S1C-AAAAAAD --record "1>8 deal" --size 1000x700 OUT.png

`spider --screenshot` draws a deal as it starts; this draws it after the
actions of `--record` (the saved game's record: moves, deals, undos), with
default settings (or another table, back, deck or language). The real-window tests compare a live window with this
picture of the same table "drawn fresh at that size" after every window
event (tests/ui/real_window). Headless (EGL), one process per picture.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from game.records.settings import CARD_BACKS, TABLES


def render(
    code: str, record: str, size: tuple[int, int], out: Path, appearance: dict[str, object] | None = None
) -> None:
    """Write the picture of `code` after `record` at `size` to `out`, with the
    default settings changed by `appearance` (e.g. ``{"table": "night"}``)."""
    os.environ["ARCADE_HEADLESS"] = "1"
    os.environ.setdefault("PYGLET_DEBUG_GL", "0")
    from game.ui import enable_headless_input

    enable_headless_input()
    from game.engine import Game
    from game.records.settings import Settings
    from game.ui.app.build import build_table, save_screenshot

    game = Game.from_code(code)
    if record.strip():
        game.play(record)
    window, view = build_table(
        game, Settings.from_json(appearance or {}, Settings())[0], size=size, animate_opening=False
    )
    save_screenshot(window, view, out)
    window.close()


def _size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    return int(width), int(height)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--code", required=True, help="the deal, like SP1-S1C-AAAAAAD")
    parser.add_argument("--record", default="", help="the actions played, as game.json keeps them")
    parser.add_argument("--size", type=_size, default=(1280, 800), help="WIDTHxHEIGHT")
    parser.add_argument("--table", default="green", help="the table colour: " + ", ".join(TABLES))
    parser.add_argument("--back", default="spider", help="the card back: " + ", ".join(CARD_BACKS))
    parser.add_argument("--deck", default="standard", choices=("standard", "four_colour", "large_print"))
    parser.add_argument("--lang", default="en", help="the language of the texts")
    parser.add_argument("out", type=Path, help="the PNG to write")
    args = parser.parse_args(argv)
    render(
        args.code,
        args.record,
        args.size,
        args.out,
        {
            "table": args.table,
            "card_back": args.back,
            "four_colour": args.deck == "four_colour",
            "large_print": args.deck == "large_print",
            "language": args.lang,
        },
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
