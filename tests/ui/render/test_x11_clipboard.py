"""The game's own X11 clipboard against other X clients (xclip, xsel) on Xvfb:
texts whole in both directions whatever their letters, large texts sent in
increments, a bound on what is read, and an owner that never answers."""

from __future__ import annotations

import shutil
import signal
import subprocess
import time
from collections.abc import Iterator

import pytest

from game.ui.render import x11_clipboard
from game.ui.render.x11_clipboard import Clip, Clipboard
from game.words.i18n import catalogue
from tools.xwindow import XServer, run_tool, start_xvfb, stop, wait_until

pytestmark = [
    pytest.mark.xvfb,
    pytest.mark.skipif(
        not (shutil.which("Xvfb") and shutil.which("xclip") and shutil.which("xsel")),
        reason="needs Xvfb, xclip and xsel",
    ),
]

# Texts of the game with letters beyond ASCII: one UTF-8 byte more each.
ITALIAN = catalogue("it")["notice.history.unreadable"].format(file="history.json") + " Perché sì: è così."
SPANISH = catalogue("es")["replay.daily.stats"].format(played=3, won=2, streak=1, best=2) + " ¿Años? Sí, después."


@pytest.fixture(scope="module")
def server() -> Iterator[XServer]:
    started = start_xvfb(800, 600)
    yield started
    started.stop()


@pytest.fixture(scope="module")
def board(server: XServer) -> Iterator[Clipboard]:
    """One clipboard thread for the module, as the game has one for its life
    (closed before its server stops)."""
    opened = Clipboard(server.display.encode("ascii"))
    yield opened
    opened.close()


def owner(server: XServer, argv: list[str], text: str) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(argv, env=server.env(), stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
    assert proc.stdin is not None
    proc.stdin.write(text.encode("utf-8"))
    proc.stdin.close()

    def taken() -> bool:
        try:  # until the owner has taken it, xclip finds nothing (or the last owner's): asked again
            return run_tool(["xclip", "-o", "-selection", "clipboard"], server.env(), 20) == text
        except RuntimeError:
            return False

    assert wait_until(taken, 10.0, 0.05), f"{argv[0]} did not take the clipboard"
    return proc


@pytest.mark.parametrize("text", [ITALIAN, SPANISH], ids=["it", "es"])
@pytest.mark.parametrize("reader", [["xclip", "-o", "-selection", "clipboard"], ["xsel", "--clipboard", "--output"]])
def test_what_the_game_copies_reaches_another_client_whole(
    server: XServer, board: Clipboard, text: str, reader: list[str]
) -> None:
    assert len(text.encode("utf-8")) > len(text)
    assert board.write(text, 5.0)
    assert run_tool(reader, server.env(), 20) == text


@pytest.mark.parametrize("size", [100, 8_000, 300_000])
def test_a_text_sent_in_increments_is_read_whole(server: XServer, board: Clipboard, size: int) -> None:
    text = (SPANISH * (size // len(SPANISH) + 1))[:size]
    held = owner(server, ["xsel", "--clipboard", "--input", "--nodetach"], text)
    try:
        read = board.request()
        assert read.done.wait(10.0), "no answer"  # a generous deadline: only a hang fails it
        assert read.clip == Clip(text)
        assert read.incremental == (len(text.encode("utf-8")) > 4000), "xsel sends more than 4,000 bytes in increments"
    finally:
        stop(held)


def test_a_text_past_the_limit_is_cut_and_said_too_large(
    server: XServer, board: Clipboard, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(x11_clipboard, "LIMIT", 20_000)
    held = owner(server, ["xsel", "--clipboard", "--input", "--nodetach"], "SP1-S1C-AAAAAAD:" + "18" * 50_000)
    try:
        clip = board.read(10.0)
    finally:
        stop(held)
    assert clip.too_large and clip.text is not None and 0 < len(clip.text) <= 20_000
    assert clip.text.startswith("SP1-S1C-AAAAAAD:1818")


def test_an_owner_that_never_answers_is_given_up_and_the_next_read_works(server: XServer, board: Clipboard) -> None:
    held = owner(server, ["xclip", "-i", "-selection", "clipboard", "-quiet"], "SP1-S2F-SPIDER2")
    held.send_signal(signal.SIGSTOP)
    try:
        start = time.monotonic()
        assert board.read(0.2) == Clip(None)  # the asker waits no longer than it said
        read = board.request(deadline_s=0.5)
        assert read.done.wait(10.0) and read.clip == Clip(None), "the stopped owner's read was never given up"
        assert time.monotonic() - start < 10.0
    finally:
        held.send_signal(signal.SIGCONT)
        stop(held)
    another = owner(server, ["xclip", "-i", "-selection", "clipboard", "-quiet"], "SP1-S4C-AAAAAAD")
    try:
        assert board.read(10.0) == Clip("SP1-S4C-AAAAAAD")
    finally:
        stop(another)
