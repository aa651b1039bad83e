"""The accessibility bus (AT-SPI, Linux): two questions for the screen reader's registry.

AccessKit gives the window its accessibility tree, but leaves two things a
GTK application does through its toolkit's bridge (atk-bridge):

- **keys**: on X11 a screen reader hears the keyboard from the application
  that has it. atk-bridge hands every key press and release to the registry
  (``DeviceEventController.NotifyListenersSync``) before the application
  sees it, and drops the key when a screen reader takes it (Orca 43's flat
  review, where-am-I, read status bar). `Registry.key` does the same;
- **who listens to what** (``Registry.GetRegisteredEvents``): Orca 45 and
  later read announcements, Orca 43 does not (`listens_for`).

Both are D-Bus calls on the accessibility bus (the session bus's
``org.a11y.Bus.GetAddress``, or ``AT_SPI_BUS_ADDRESS``), made with jeepney
(pure Python). With no bus, no jeepney, or a registry that does not answer
in time, each answers "don't know" (`listens_for` None, `key` False: the
game keeps the key) and the registry is left alone until `reset`.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

_log = logging.getLogger(__name__)

REGISTRY = "org.a11y.atspi.Registry"
TIMEOUT_S = 0.5  # a screen reader answers a key in a few ms; past this the game keeps it
GIVE_UP = 3  # failures in a row before the registry is left alone
KEY_PRESSED, KEY_RELEASED = 0, 1  # AT-SPI's event types

# X11's modifier bits, as AT-SPI passes them on (X.h): pyglet's are other bits.
X_SHIFT, X_LOCK, X_CONTROL, X_MOD1, X_MOD2, X_MOD4 = 1, 2, 4, 8, 16, 64


@dataclass(frozen=True, slots=True)
class KeyStroke:
    """One key press or release, as the X server reported it."""

    pressed: bool
    keysym: int  # X11's keysym (pyglet's key symbols are the same numbers on X11)
    keycode: int  # the key's hardware code (a screen reader matches its keys by it)
    modifiers: int  # X11's state mask (`X_SHIFT` …)
    text: str = ""  # the character it types, if any

    def message_body(self, timestamp: int) -> tuple[int, int, int, int, int, str, bool]:
        """``(uinnisb)``: type, keysym, keycode, modifiers, time, string, is-text."""
        kind = KEY_PRESSED if self.pressed else KEY_RELEASED
        printable = len(self.text) == 1 and self.text.isprintable()
        code = self.keycode if self.keycode < 0x8000 else 0
        return kind, self.keysym, code, self.modifiers & 0x7FFF, timestamp & 0x7FFFFFFF, self.text, printable


def event_parts(name: str) -> tuple[str, ...]:
    """``object:property-change:accessible-name`` and the registry's
    ``Object:PropertyChange:AccessibleName`` alike: lower case, no dashes,
    empty trailing parts dropped."""
    parts = [part.replace("-", "").replace("_", "").lower() for part in name.split(":")]
    while parts and not parts[-1]:
        parts.pop()
    return tuple(parts)


def covers(registered: str, wanted: str) -> bool:
    """True if a listener for `registered` hears `wanted` (a prefix listens to all below it)."""
    have, want = event_parts(registered), event_parts(wanted)
    return want[: len(have)] == have


def _open(address: str) -> Any:
    from jeepney.io.blocking import open_dbus_connection

    return open_dbus_connection(bus=address)


def a11y_bus_address() -> str | None:
    """The accessibility bus's address: ``AT_SPI_BUS_ADDRESS``, else the session bus's answer."""
    given = os.environ.get("AT_SPI_BUS_ADDRESS")
    if given:
        return given
    if not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
        return None
    from jeepney import DBusAddress, new_method_call
    from jeepney.io.blocking import open_dbus_connection

    with open_dbus_connection(bus="SESSION") as session:
        bus = DBusAddress("/org/a11y/bus", bus_name="org.a11y.Bus", interface="org.a11y.Bus")
        reply = session.send_and_get_reply(new_method_call(bus, "GetAddress"), timeout=TIMEOUT_S)
    address = reply.body[0] if reply.body else None
    return address if isinstance(address, str) and address else None


class Registry:
    """The AT-SPI registry, asked on the caller's thread (see the module docstring).
    `connect` opens the connection (tests give their own)."""

    def __init__(self, connect: Callable[[], Any] | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self._connect = connect
        self._clock = clock
        self._conn: Any = None
        self._failures = 0

    @property
    def usable(self) -> bool:
        return self._failures < GIVE_UP

    def reset(self) -> None:
        """Try the bus again (a screen reader came back)."""
        self.close()
        self._failures = 0

    def close(self) -> None:
        if self._conn is not None:
            try:
                self._conn.close()
            except Exception:  # already gone
                _log.debug("closing the accessibility bus", exc_info=True)
            self._conn = None

    def listens_for(self, event: str) -> bool | None:
        """Whether any client of the bus (a screen reader) listens to `event`
        (``object:announcement``); None when that cannot be known."""
        reply = self._call("/org/a11y/atspi/registry", "org.a11y.atspi.Registry", "GetRegisteredEvents")
        if reply is None:
            return None
        return any(covers(name, event) for _bus, name in reply[0])

    def key(self, stroke: KeyStroke) -> bool:
        """Hand a key to the screen reader first: True if it took it (the game must not see it)."""
        body = stroke.message_body(int(self._clock() * 1000))
        reply = self._call(
            "/org/a11y/atspi/registry/deviceeventcontroller",
            "org.a11y.atspi.DeviceEventController",
            "NotifyListenersSync",
            "(uinnisb)",
            (body,),
        )
        return bool(reply and reply[0])

    def _call(
        self, path: str, interface: str, method: str, signature: str | None = None, body: tuple[Any, ...] = ()
    ) -> Any:
        if not self.usable:
            return None
        try:
            from jeepney import DBusAddress, new_method_call
            from jeepney.wrappers import unwrap_msg

            if self._conn is None:
                self._conn = self._connect() if self._connect is not None else self._open_bus()
            target = DBusAddress(path, bus_name=REGISTRY, interface=interface)
            message = new_method_call(target, method, signature, body) if signature else new_method_call(target, method)
            reply = unwrap_msg(self._conn.send_and_get_reply(message, timeout=TIMEOUT_S))
        except Exception:  # no bus, no jeepney, no registry, too slow: the game goes on without
            self._failures += 1
            _log.debug("the accessibility registry did not answer %s (%d)", method, self._failures, exc_info=True)
            self.close()
            return None
        self._failures = 0
        return reply

    @staticmethod
    def _open_bus() -> Any:
        address = a11y_bus_address()
        if address is None:
            raise ConnectionError("no accessibility bus")
        return _open(address)
