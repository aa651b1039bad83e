"""`python -m game`: options, errors, and the headless screenshot."""

from __future__ import annotations

import subprocess
from pathlib import Path

from game_process import run_game
from PIL import Image


def rgb(image: Image.Image, x: int, y: int) -> tuple[int, int, int]:
    pixel = image.getpixel((x, y))
    assert isinstance(pixel, tuple), f"an {image.mode} image has no colour"
    r, g, b = pixel[:3]
    return r, g, b


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return run_game(*args, unset=["ARCADE_HEADLESS"])


def test_screenshot_draws_the_table_headless(tmp_path: Path) -> None:
    out = tmp_path / "table.png"
    result = run("--code", "SP1-S4C-AAAAAAD", "--size", "1024x640", "--screenshot", str(out))
    assert result.returncode == 0, result.stderr
    image = Image.open(out).convert("RGB")
    assert image.size == (1024, 640)
    # Felt green in the middle of the table, white card faces in the top row.
    r, g, b = rgb(image, 512, 420)
    assert g > r + 30 and g > b + 20
    colours = {rgb(image, x, 150) for x in range(0, 1024, 8)}
    assert any(min(c) > 230 for c in colours)
