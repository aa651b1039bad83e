"""The accessibility bus's registry (game.system.atspi), with a registry of our own
that answers as AT-SPI's does (jeepney's real messages, so the wire format is checked).
The real one, with a real Orca, is tests/ui/real_window/test_orca.py."""

from __future__ import annotations

from typing import Any

import pytest
from jeepney import Message, MessageType, new_error, new_method_return

from game.system.atspi import GIVE_UP, KeyStroke, Registry, covers


class FakeRegistry:
    """A connection whose registry knows `events` and takes the keys in `takes`."""

    def __init__(self, events: list[tuple[str, str]], takes: frozenset[int] = frozenset(), fail: bool = False) -> None:
        self.events = events
        self.takes = takes
        self.fail = fail
        self.sent: list[Message] = []
        self.closed = False

    def send_and_get_reply(self, message: Message, timeout: float) -> Message:
        message.serialise(serial=len(self.sent) + 1)  # what goes on the wire: the signature and the values agree
        message.header.serial = len(self.sent) + 1
        self.sent.append(message)
        if self.fail:
            raise TimeoutError
        member = message.header.fields[3]  # HeaderFields.member
        if member == "GetRegisteredEvents":
            return new_method_return(message, "a(ss)", (self.events,))
        if member == "NotifyListenersSync":
            (stroke,) = message.body
            return new_method_return(message, "b", (stroke[1] in self.takes,))
        return new_error(message, "org.freedesktop.DBus.Error.UnknownMethod")

    def close(self) -> None:
        self.closed = True


ORCA_43 = [(":1.2", "Object:PropertyChange:AccessibleDescription"), (":1.2", "Window:Activate:")]
ORCA_46 = [*ORCA_43, (":1.2", "Object:Announcement:")]
KP_ENTER = KeyStroke(True, 0xFF8D, 104, 0)


def registry(fake: Any) -> Registry:
    return Registry(connect=lambda: fake, clock=lambda: 1.5)


@pytest.mark.parametrize(("events", "heard"), [(ORCA_43, False), (ORCA_46, True), ([(":1.9", "object:")], True)])
def test_who_listens_to_announcements(events: list[tuple[str, str]], heard: bool) -> None:
    assert registry(FakeRegistry(events)).listens_for("object:announcement") is heard


def test_event_names_match_in_either_spelling() -> None:
    assert covers("Object:PropertyChange:AccessibleName", "object:property-change:accessible-name")
    assert covers("object:", "object:announcement") and covers("", "window:activate")
    assert not covers("object:announcement", "object:")


def test_a_key_the_screen_reader_takes_never_reaches_the_game() -> None:
    fake = FakeRegistry(ORCA_43, takes=frozenset({0xFF8D}))
    reg = registry(fake)
    assert reg.key(KP_ENTER) is True
    assert reg.key(KeyStroke(True, 0x64, 40, 0, "d")) is False
    kind, keysym, keycode, modifiers, timestamp, text, is_text = fake.sent[-1].body[0]
    assert (kind, keysym, keycode, modifiers, timestamp, text, is_text) == (0, 0x64, 40, 0, 1500, "d", True)
    reg.key(KeyStroke(False, 0xFF8D, 104, 1))
    assert fake.sent[-1].body[0][:4] == (1, 0xFF8D, 104, 1)


def test_a_registry_that_does_not_answer_is_left_alone() -> None:
    fake = FakeRegistry(ORCA_43, fail=True)
    reg = registry(fake)
    for _ in range(GIVE_UP):
        assert reg.key(KP_ENTER) is False  # the game keeps its key
    assert reg.listens_for("object:announcement") is None and not reg.usable
    assert len(fake.sent) == GIVE_UP and fake.closed
    reg.reset()
    fake.fail = False
    assert reg.listens_for("object:announcement") is False


def test_no_bus_at_all_answers_dont_know(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("AT_SPI_BUS_ADDRESS", raising=False)
    monkeypatch.delenv("DBUS_SESSION_BUS_ADDRESS", raising=False)
    reg = Registry()
    assert reg.listens_for("object:announcement") is None
    assert reg.key(KP_ENTER) is False


def test_an_error_reply_counts_as_no_answer() -> None:
    class Broken(FakeRegistry):
        def send_and_get_reply(self, message: Message, timeout: float) -> Message:
            return new_error(message, "org.freedesktop.DBus.Error.ServiceUnknown")

    reg = registry(Broken([]))
    assert reg.listens_for("object:announcement") is None
    assert MessageType.error  # jeepney's error replies are raised by unwrap_msg, then counted
