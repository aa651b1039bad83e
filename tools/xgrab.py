"""What an X screen shows, read straight from the X server (libX11 through ctypes).

ImageMagick's `import` takes ~0.1 s a picture (a process, a PNG written and
read again): too slow to tell whether a screen came up within 200 ms. Here
one connection stays open and `XGetImage` reads a rectangle of the root
window in a few milliseconds, as RGB.

The root window, never the game's own: what lies on top of the game (a
window covering it) is part of what a player sees, and a rectangle of the
root never raises X's BadMatch (a window partly off the screen does, and
Xlib's default handler would end the test process). The rectangle is
clipped to the screen; anything outside it reads as black.
"""

from __future__ import annotations

import ctypes
import ctypes.util
from typing import Any

from PIL import Image

_ALL_PLANES = ctypes.c_ulong(0xFFFFFFFF)
_Z_PIXMAP = 2


class _XImage(ctypes.Structure):
    # The leading fields of Xlib's XImage (X11/Xlib.h), as far as we read them.
    _fields_ = (
        ("width", ctypes.c_int),
        ("height", ctypes.c_int),
        ("xoffset", ctypes.c_int),
        ("format", ctypes.c_int),
        ("data", ctypes.POINTER(ctypes.c_char)),
        ("byte_order", ctypes.c_int),
        ("bitmap_unit", ctypes.c_int),
        ("bitmap_bit_order", ctypes.c_int),
        ("bitmap_pad", ctypes.c_int),
        ("depth", ctypes.c_int),
        ("bytes_per_line", ctypes.c_int),
        ("bits_per_pixel", ctypes.c_int),
    )


_ERROR_HANDLER = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)


def _ignore_error(_display: Any, _event: Any) -> int:
    return 0  # an error on our reads must never end the test process (Xlib's default)


_keep_handler = _ERROR_HANDLER(_ignore_error)


def _libx11() -> Any:
    name = ctypes.util.find_library("X11")
    if name is None:
        raise RuntimeError("libX11 is not installed")
    lib = ctypes.CDLL(name)
    lib.XOpenDisplay.restype = ctypes.c_void_p
    lib.XOpenDisplay.argtypes = (ctypes.c_char_p,)
    lib.XDefaultRootWindow.restype = ctypes.c_ulong
    lib.XDefaultRootWindow.argtypes = (ctypes.c_void_p,)
    lib.XDisplayWidth.argtypes = lib.XDisplayHeight.argtypes = (ctypes.c_void_p, ctypes.c_int)
    lib.XGetImage.restype = ctypes.POINTER(_XImage)
    lib.XGetImage.argtypes = (
        ctypes.c_void_p,
        ctypes.c_ulong,
        ctypes.c_int,
        ctypes.c_int,
        ctypes.c_uint,
        ctypes.c_uint,
        ctypes.c_ulong,
        ctypes.c_int,
    )
    lib.XFree.argtypes = (ctypes.c_void_p,)
    lib.XCloseDisplay.argtypes = (ctypes.c_void_p,)
    lib.XSetErrorHandler.argtypes = (_ERROR_HANDLER,)
    lib.XSetErrorHandler.restype = ctypes.c_void_p
    return lib


class Grabber:
    """One connection to an X display, for reading what its screen shows."""

    def __init__(self, display: str) -> None:
        self._x = _libx11()
        self._x.XSetErrorHandler(_keep_handler)
        self._display = self._x.XOpenDisplay(display.encode())
        if not self._display:
            raise RuntimeError(f"cannot open the X display {display}")
        self._root = self._x.XDefaultRootWindow(self._display)
        self.screen_size = (self._x.XDisplayWidth(self._display, 0), self._x.XDisplayHeight(self._display, 0))

    def grab(self, left: int, top: int, width: int, height: int) -> Image.Image:
        """The screen's pixels in this rectangle (from the top left), as RGB;
        black where the rectangle leaves the screen."""
        out = Image.new("RGB", (max(width, 1), max(height, 1)))
        sw, sh = self.screen_size
        x0, y0 = max(left, 0), max(top, 0)
        x1, y1 = min(left + width, sw), min(top + height, sh)
        if x1 <= x0 or y1 <= y0:
            return out
        data, bytes_per_line = self._read(x0, y0, x1 - x0, y1 - y0)
        part = Image.frombuffer("RGB", (x1 - x0, y1 - y0), data, "raw", "BGRX", bytes_per_line, 1)
        out.paste(part, (x0 - left, y0 - top))
        return out

    def pixel(self, x: int, y: int) -> tuple[int, int, int]:
        """The colour at (x, y) from the top left (black off the screen): one
        pixel, no picture made, so a grid of them can be polled every few ms."""
        sw, sh = self.screen_size
        if not (0 <= x < sw and 0 <= y < sh):
            return (0, 0, 0)
        data, _ = self._read(x, y, 1, 1)
        b, g, r = data[:3]
        return (r, g, b)

    def _read(self, x: int, y: int, width: int, height: int) -> tuple[bytes, int]:
        """The rectangle's BGRX bytes (inside the screen) and the bytes of one of its rows."""
        image = self._x.XGetImage(self._display, self._root, x, y, width, height, _ALL_PLANES, _Z_PIXMAP)
        if not image:
            raise RuntimeError("XGetImage failed")
        try:
            img = image.contents
            if img.bits_per_pixel != 32:
                raise RuntimeError(f"a {img.bits_per_pixel}-bit screen: start Xvfb with 24-bit depth")
            return ctypes.string_at(img.data, img.bytes_per_line * img.height), img.bytes_per_line
        finally:
            # XDestroyImage frees the data and the structure; both came from Xlib's malloc.
            self._x.XFree(image.contents.data)
            self._x.XFree(image)

    def close(self) -> None:
        if self._display:
            self._x.XCloseDisplay(self._display)
            self._display = None
