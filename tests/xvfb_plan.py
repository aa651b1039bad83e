"""The three actions test_xvfb.py plays in a real window, chosen with the
engine for one game code and window size, and how it reads their outcome
from outside the game: pixels of screenshots, the autosaved game file and
the game's output (imported as ``xvfb_plan``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from game.engine import Game
from game.ui.layout.table import Rect, TableLayout, TableShape, compute_layout
from tools.xwindow import read_json, wait_until

CODE = "SP1-S1C-AAAAAAD"
WIDTH, HEIGHT = 1280, 800
GAME_FILE = "game.json"  # game.files.storage.GAME_FILE; spelled out so a rename is noticed here


# ---------------------------------------------------------------- the plan


@dataclass
class Step:
    """One action: what the engine says it is, and the table before and after."""

    token: str
    src: int | None  # None for the deal
    dst: int | None
    before: TableLayout
    after: TableLayout

    @property
    def columns(self) -> tuple[int, int]:
        """(source, destination) of a move."""
        assert self.src is not None and self.dst is not None, f"{self.token} is not a move"
        return self.src, self.dst


@dataclass
class Plan:
    steps: list[Step]
    record: str


def make_plan() -> Plan:
    """The three actions for CODE, chosen with the engine, and their layouts."""
    game = Game.from_code(CODE)

    def layout() -> TableLayout:
        return compute_layout(WIDTH, HEIGHT, TableShape.of(game))

    steps: list[Step] = []
    # 1. Double-click: the leftmost column whose last card has somewhere to go.
    before = layout()
    src = next(c for c in range(10) if game.best_destination(c, 1) is not None)
    dst = game.best_destination(src, 1)
    assert dst is not None
    game.move(src, 1, dst)
    steps.append(Step(game.record.split()[-1], src, dst, before, layout()))
    # 2. Drag: another column's last card onto a column that takes it.
    before = layout()
    src2, dst2 = next((m.src, m.dst) for m in game.legal_moves() if m.count == 1 and m.src not in (src, dst))
    game.move(src2, 1, dst2)
    steps.append(Step(game.record.split()[-1], src2, dst2, before, layout()))
    # 3. Deal.
    before = layout()
    game.deal()
    steps.append(Step("deal", None, None, before, layout()))
    return Plan(steps, game.record)


# ------------------------------------------------------------ pixel checks


def is_felt(pixel: tuple[int, int, int]) -> bool:
    """The green table (light or dark): neither a white face nor a blue back."""
    r, g, b = pixel
    return g > r + 20 and g > b + 8


@dataclass
class Screen:
    """Screenshots in window coordinates (arcade's: y up from the bottom)."""

    origin: tuple[int, int]

    def pixel(self, shot: Image.Image, x: float, y: float) -> tuple[int, int, int]:
        ox, oy = self.origin
        r, g, b = shot.getpixel((round(ox + x), round(oy + HEIGHT - y)))  # type: ignore[misc]
        return r, g, b


def below_end(before: Rect, after: Rect) -> tuple[float, float]:
    """A point between the bottoms of a column's end card before and after an
    action: covered by a card in the longer state, bare felt in the shorter."""
    x = before.left + before.width * 0.5
    y = (before.bottom + after.bottom) / 2
    return x, y


# ------------------------------------------- what the game wrote: output, saved game


def stderr_tail(log: Path) -> str:
    try:
        lines = log.read_text(errors="replace").splitlines()
    except OSError:
        return ""
    # ALSA complaints about the missing sound card are noise here.
    useful = [line for line in lines if "ALSA" not in line]
    return "\n".join(useful[-25:])


def wait_for_record(data_dir: Path, expected: str, log: Path, seconds: float = 5.0) -> dict[str, object]:
    """The autosaved game once its record is `expected` (polled: saving follows the input)."""
    wait_until(lambda: (read_json(data_dir / GAME_FILE) or {}).get("record") == expected, seconds, 0.05)
    saved = read_json(data_dir / GAME_FILE)
    assert saved is not None, f"no readable {data_dir / GAME_FILE} after {seconds} s\n{stderr_tail(log)}"
    assert saved.get("record") == expected, saved
    return saved
