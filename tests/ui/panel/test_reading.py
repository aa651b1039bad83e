"""A panel as a screen reader reads it (game/ui/panel/reading.py): one model
of each control, drawn and read; ids fixed for the life of the window."""

from __future__ import annotations

from collections.abc import Callable

from game.ui.access.tree import DIALOG_IDS
from game.ui.panel.boxes import Box, Group
from game.ui.panel.flow import Flow, lay_out
from game.ui.panel.nodes import Button, Paragraph, Radio, Scroll, Switch, Text, fixed
from game.ui.panel.reading import PARAGRAPHS, dialog_of
from ui.panel.test_flow import Even


def chosen(state: dict[str, object], value: str) -> Callable[[], bool]:
    return lambda: state["speed"] == value


def test_switches_choices_texts_and_pages_read_as_what_they_are() -> None:
    state: dict[str, object] = {"on": True, "speed": "fast", "ok": True}
    switch = Switch(
        "help", fixed("Placement help"), fixed("On"), fixed("Off"), lambda: state["on"] is True, lambda: None
    )
    switch.description = fixed("Columns light up.")
    radios = [Radio(f"speed.{v}", fixed(v.title()), chosen(state, v), lambda: None) for v in ("fast", "slow")]
    page = Scroll("text", fixed("Rules"), lambda: [Paragraph("The goal", "heading"), Paragraph("Build runs.\tNow.")])
    close = Button("close", fixed("Close"), lambda: None, enabled=lambda: state["ok"] is True)
    panel = Box(
        Text(fixed("Options"), heading=True),
        Text(fixed("Placement help"), names_control=True),
        switch,
        Group(fixed("Animations"), *radios),
        Text(fixed("  ")),
        page,
        close,
    )
    lay_out(panel, Even(), (1000, 800), Flow())
    dialog = dialog_of(panel, "Options", DIALOG_IDS, focused="speed.slow")
    roles = [(w.role, w.label) for w in dialog.widgets]
    assert roles == [
        ("HEADING", "Options"),
        ("CHECK_BOX", "Placement help"),  # its name heard once: the text beside it is not read alone
        ("RADIO_GROUP", "Animations"),
        ("RADIO_BUTTON", "Fast"),
        ("RADIO_BUTTON", "Slow"),
        ("DOCUMENT", "Rules"),
        ("HEADING", "The goal"),
        ("PARAGRAPH", "Build runs. Now."),
        ("BUTTON", "Close"),
    ]
    by_label = {w.label: w for w in dialog.widgets}
    assert by_label["Placement help"].checked is True and by_label["Placement help"].description == "Columns light up."
    group = by_label["Animations"]
    assert by_label["Fast"].parent == group.id == by_label["Slow"].parent and by_label["Fast"].checked
    assert by_label["Build runs. Now."].parent == by_label["Rules"].id
    assert by_label["The goal"].id == DIALOG_IDS + PARAGRAPHS
    assert dialog.focused == by_label["Slow"].id and dialog.id == DIALOG_IDS
    assert by_label["Close"].bounds is None, "no window's height given: no bounds"
    placed = dialog_of(panel, "Options", DIALOG_IDS, focused=None, height=800)
    close_box = next(w.bounds for w in placed.widgets if w.label == "Close")
    assert close_box == (close.rect.left, 800 - close.rect.top, close.rect.width, close.rect.height)
    assert placed.bounds is not None and placed.bounds[2] == panel.rect.width

    state.update(on=False, speed="slow", ok=False)
    again = dialog_of(panel, "Options", DIALOG_IDS, focused=None)
    now = {w.label: w for w in again.widgets}
    assert [w.id for w in again.widgets] == [w.id for w in dialog.widgets], "the same ids, whatever the state"
    assert now["Placement help"].checked is False and now["Slow"].checked and not now["Fast"].checked
    assert now["Close"].disabled, "a greyed-out control is read as unavailable"
    assert again.focused is None
