"""The X11 clipboard on a connection and a thread of the game's own (ICCCM).

Pyglet's clipboard runs on the window's thread: a read waits for the owner's
answer without a bound (an owner that is stopped froze the game at 100 % of
a core, Ctrl+Q included), a large text sent in increments (INCR, about 8,000
characters and more) pasted as nothing, and a text it served was cut short
by one byte per accented letter (its length counted in characters where X
wants bytes). Here a thread with its own X connection and an unmapped window
of its own does all of it, driven by its events:

- a read asks the owner to convert the CLIPBOARD to UTF-8 text, takes the
  text whole or in increments, and gives up at its deadline (the owner
  then never holds anything of the game's); past `LIMIT` bytes it stops and
  keeps what came (`Clip.too_large`);
- a write makes the thread the CLIPBOARD's owner, and it answers every
  request (TARGETS, UTF8_STRING, STRING, TEXT) with the text's bytes, whole,
  until another application takes the clipboard.

The window's thread only puts a request and waits for its answer at most
the time it is given (`Clipboard.read`, `Clipboard.write`), or does not
wait at all (`Clipboard.request`, answered on a later frame).
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import select
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from queue import Empty, SimpleQueue
from typing import Any

LIMIT = 4 * 1024 * 1024  # bytes read at most: any line the game can read is 20 times shorter
READ_S = 3.0  # how long a read may take in all, increments included, before the owner is given up


@dataclass(frozen=True)
class Clip:
    """What a read brought: the text (None: nothing, or no answer in time)
    and whether it was cut at `LIMIT`."""

    text: str | None
    too_large: bool = False


class _Read:
    """A read in progress on the clipboard thread, and its answer for the asker."""

    def __init__(self, deadline: float) -> None:
        self.deadline = deadline
        self.done = threading.Event()
        self.clip = Clip(None)
        self.incremental = False
        self.data = bytearray()

    def finish(self, clip: Clip) -> None:
        self.clip = clip
        self.done.set()


class _Write:
    def __init__(self, text: str) -> None:
        self.text = text
        self.done = threading.Event()
        self.owned = False


class Clipboard:
    """The CLIPBOARD of the X display named by DISPLAY, read and written on a thread of its own."""

    def __init__(self, display_name: bytes | None = None) -> None:
        from pyglet.libs.x11 import xlib

        self.x = xlib
        self.display = xlib.XOpenDisplay(display_name)
        if not self.display:
            raise OSError("no X display for the clipboard")
        root = xlib.XDefaultRootWindow(self.display)
        self.window = xlib.XCreateSimpleWindow(self.display, root, 0, 0, 1, 1, 0, 0, 0)
        xlib.XSelectInput(self.display, self.window, xlib.PropertyChangeMask)
        atom = self._atom
        self.clipboard, self.utf8, self.targets = atom("CLIPBOARD"), atom("UTF8_STRING"), atom("TARGETS")
        self.incr, self.text_atom, self.string = atom("INCR"), atom("TEXT"), 31  # XA_STRING
        self.property = atom("SPIDER_CLIPBOARD")  # where owners put what we asked for
        xlib.XFlush(self.display)
        self._requests: SimpleQueue[_Read | _Write] = SimpleQueue()
        self._wake_r, self._wake_w = os.pipe()
        self._served: bytes | None = None  # the text we own the clipboard with, as UTF-8
        self._read: _Read | None = None
        self._closing = False
        self._thread = threading.Thread(target=self._run, name="spider-clipboard", daemon=True)
        self._thread.start()

    def _atom(self, name: str) -> int:
        return int(self.x.XInternAtom(self.display, name.encode("ascii"), False))

    # ---- the window's thread --------------------------------------------------

    def request(self, deadline_s: float = READ_S) -> _Read:
        """Start a read; its `done` is set once `clip` holds the answer."""
        read = _Read(time.monotonic() + deadline_s)
        self._put(read)
        return read

    def read(self, wait_s: float) -> Clip:
        """The clipboard's text, waited for at most `wait_s` seconds (the
        read goes on, or is given up, on the thread after that)."""
        read = self.request()
        read.done.wait(wait_s)
        return read.clip

    def write(self, text: str, wait_s: float) -> bool:
        """Own the clipboard with `text`; True once the X server says we do."""
        write = _Write(text)
        self._put(write)
        write.done.wait(wait_s)
        return write.owned

    def close(self, wait_s: float = 2.0) -> None:
        """Stop the thread and close its connection (before its X server goes
        away: Xlib ends the whole process when a connection it uses breaks)."""
        self._closing = True
        with contextlib.suppress(OSError):
            os.write(self._wake_w, b"!")
        self._thread.join(wait_s)

    def _put(self, item: _Read | _Write) -> None:
        self._requests.put(item)
        with contextlib.suppress(OSError):
            os.write(self._wake_w, b"!")

    # ---- the clipboard's thread ------------------------------------------------

    def _run(self) -> None:
        fd = self.x.XConnectionNumber(self.display)
        while not self._closing:
            self._take_requests()
            self._events()
            wait = None if self._read is None else max(self._read.deadline - time.monotonic(), 0.0)
            if self._read is not None and wait == 0.0:
                self._give_up_read()
                continue
            if self.x.XPending(self.display) or (self._read is None and not self._requests.empty()):
                continue
            ready, _, _ = select.select([fd, self._wake_r], [], [], wait)
            if self._wake_r in ready:
                os.read(self._wake_r, 4096)
        self._give_up_read()
        self.x.XCloseDisplay(self.display)
        for end in (self._wake_r, self._wake_w):
            os.close(end)

    def _take_requests(self) -> None:
        while True:
            try:
                item = self._requests.get_nowait()
            except Empty:
                return
            if isinstance(item, _Write):
                self._own(item)
            elif self._served is not None:
                item.finish(Clip(self._served.decode("utf-8", "replace")))  # our own text: no round trip
            elif self._read is not None:
                self._requests.put(item)  # one read at a time: after the one in progress
                return
            else:
                self._start_read(item)

    def _own(self, write: _Write) -> None:
        x = self.x
        x.XSetSelectionOwner(self.display, self.clipboard, self.window, 0)  # CurrentTime
        write.owned = x.XGetSelectionOwner(self.display, self.clipboard) == self.window
        self._served = write.text.encode("utf-8") if write.owned else None
        write.done.set()

    def _start_read(self, read: _Read) -> None:
        x = self.x
        if not x.XGetSelectionOwner(self.display, self.clipboard):
            read.finish(Clip(""))  # nobody holds a clipboard
            return
        self._read = read
        x.XDeleteProperty(self.display, self.window, self.property)
        x.XConvertSelection(self.display, self.clipboard, self.utf8, self.property, self.window, 0)
        x.XFlush(self.display)

    def _give_up_read(self) -> None:
        read, self._read = self._read, None
        if read is not None:
            read.finish(Clip(None))  # the owner did not answer in time: it keeps nothing of ours

    def _events(self) -> None:
        x = self.x
        event = x.XEvent()
        while x.XPending(self.display):
            x.XNextEvent(self.display, ctypes.byref(event))
            kind = event.type
            if kind == x.SelectionNotify:
                self._notified(event.xselection)
            elif kind == x.PropertyNotify:
                self._property_changed(event.xproperty)
            elif kind == x.SelectionRequest:
                self._serve(event.xselectionrequest)
            elif kind == x.SelectionClear:
                self._served = None  # another application took the clipboard

    def _notified(self, notice: Any) -> None:
        read = self._read
        if read is None or notice.requestor != self.window:
            return
        if not notice.property:  # the owner could not give text
            self._read = None
            read.finish(Clip(""))
            return
        kind, data = self._take_property()
        if kind == self.incr:  # it comes in increments: each one announced by a new value of the property
            read.incremental = True
            self.x.XFlush(self.display)
            return
        self._read = None
        read.finish(self._decoded(data, cut=len(data) > LIMIT))

    def _property_changed(self, change: Any) -> None:
        read = self._read
        if read is None or not read.incremental or change.window != self.window or change.atom != self.property:
            return
        if change.state != self.x.PropertyNewValue:
            return
        _, chunk = self._take_property()
        if chunk and len(read.data) + len(chunk) <= LIMIT:
            read.data += chunk
            self.x.XFlush(self.display)
            return
        self._read = None
        cut = bool(chunk)  # a chunk past the limit: what came is kept, the rest left with the owner
        read.finish(self._decoded(bytes(read.data) + (chunk[: LIMIT - len(read.data)] if cut else b""), cut))

    def _decoded(self, data: bytes, cut: bool) -> Clip:
        return Clip(data[:LIMIT].decode("utf-8", "ignore" if cut else "replace"), too_large=cut)

    def _take_property(self) -> tuple[int, bytes]:
        """The property's type and bytes, deleted as read (which asks an
        incremental owner for the next part)."""
        x = self.x
        kind, size_format = x.Atom(), ctypes.c_int()
        count, after = ctypes.c_ulong(), ctypes.c_ulong()
        data = ctypes.POINTER(ctypes.c_ubyte)()
        status = x.XGetWindowProperty(
            self.display,
            self.window,
            self.property,
            0,
            LIMIT // 4 + 1,
            True,
            x.AnyPropertyType,
            ctypes.byref(kind),
            ctypes.byref(size_format),
            ctypes.byref(count),
            ctypes.byref(after),
            ctypes.byref(data),
        )
        if status != 0 or not data:
            return 0, b""
        try:
            width = {8: 1, 16: ctypes.sizeof(ctypes.c_short), 32: ctypes.sizeof(ctypes.c_long)}.get(
                size_format.value, 1
            )
            return int(kind.value), ctypes.string_at(data, count.value * width)
        finally:
            x.XFree(data)

    def _serve(self, request: Any) -> None:
        """Answer another application's request for the text we own."""
        x = self.x
        answer = x.XEvent()
        answer.xselection.type = x.SelectionNotify
        answer.xselection.display = request.display
        answer.xselection.requestor = request.requestor
        answer.xselection.selection = request.selection
        answer.xselection.target = request.target
        answer.xselection.time = request.time
        answer.xselection.property = 0  # refused, unless one of ours below
        text, prop = self._served, request.property or request.target  # an old client names no property
        if text is not None and request.selection == self.clipboard:
            if request.target == self.targets:
                atoms = (x.Atom * 4)(self.targets, self.utf8, self.string, self.text_atom)
                data = ctypes.cast(atoms, ctypes.POINTER(ctypes.c_ubyte))
                x.XChangeProperty(self.display, request.requestor, prop, 4, 32, x.PropModeReplace, data, 4)  # ATOM
                answer.xselection.property = prop
            elif request.target in (self.utf8, self.text_atom, self.string):
                if request.target == self.string:  # Latin-1, as STRING is defined
                    text = text.decode("utf-8").encode("latin-1", "replace")
                kind = self.string if request.target == self.string else self.utf8
                buffer = (ctypes.c_ubyte * max(len(text), 1)).from_buffer_copy(text or b"\0")
                x.XChangeProperty(self.display, request.requestor, prop, kind, 8, x.PropModeReplace, buffer, len(text))
                answer.xselection.property = prop
        x.XSendEvent(self.display, request.requestor, False, 0, ctypes.byref(answer))
        x.XFlush(self.display)


_clipboard: Clipboard | None = None
_opening = threading.Lock()


def clipboard() -> Clipboard:
    """The process's X11 clipboard, made on first use; `OSError` without a display."""
    global _clipboard
    with _opening:
        if _clipboard is None:
            _clipboard = Clipboard()
        return _clipboard


def deliver_when_done(read: _Read, deliver: Callable[[Clip], None], schedule: Callable[..., Any]) -> None:
    """Hand `read`'s answer to `deliver` on the window's thread once it is
    there, looking each frame (`schedule` as `pyglet.clock.schedule_once`)."""

    def look(_dt: float) -> None:
        if read.done.is_set():
            deliver(read.clip)
        else:
            schedule(look, 1 / 30)

    schedule(look, 0)
