"""The dialogs as a screen reader reads them, through AT-SPI alone (pyatspi,
the library Orca is built on), in a real window with the game on a private
D-Bus session and accessibility bus (see test_screen_reader.py).

Options is a dialog named Options whose options are check boxes and radio
groups named by what they set, checked or not; a screen reader's press
flips a check box, read back checked; Statistics' figures and the rules'
paragraphs are text a screen reader reads, in reading order; and no two
dialogs share a node.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from game.ui.screens.options import TOGGLES
from game.ui.screens.rules import rules_page
from game.words.i18n import Translator
from tools.xwindow import Desktop, wait_until

from .conftest import skip_without_tools
from .test_screen_reader import MISSING, TITLE, Session

pytestmark = [
    pytest.mark.xvfb,
    pytest.mark.slow,
    skip_without_tools(),
    pytest.mark.skipif(MISSING is not None, reason=f"needs {MISSING} (installed by .ci/run)"),
]

EN = Translator("en")


@pytest.fixture(scope="module")
def reader(desktop: Desktop, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Session]:
    session = Session(desktop, tmp_path_factory.mktemp("screen-reader-dialogs"))
    yield session
    session.stop()


def dialog(reader: Session, title: str) -> list[dict[str, Any]]:
    """The nodes of the open dialog named `title` (after it), as pyatspi reads them."""
    nodes = reader.tree()
    starts = [i for i, n in enumerate(nodes) if n["role"] == "dialog" and n["name"] == title]
    if not starts:
        return []
    top = nodes[starts[0]]["depth"]
    inside = []
    for node in nodes[starts[0] + 1 :]:
        if node["depth"] <= top:
            break
        inside.append(node)
    return inside


def opened(reader: Session, key: str, title: str) -> list[dict[str, Any]]:
    reader.game.key(key)
    assert wait_until(lambda: bool(dialog(reader, title)), 15, 0.3), f"no dialog named {title!r} after {key}"
    return dialog(reader, title)


def test_options_reads_as_check_boxes_and_radio_groups_named_by_their_options(reader: Session) -> None:
    assert wait_until(lambda: bool(reader.tree()), 20, 0.5), "no accessible window named " + TITLE
    nodes = opened(reader, "ctrl+o", EN.t("screens.options.title"))
    boxes = {n["name"]: n for n in nodes if n["role"] == "check box"}
    assert set(boxes) == {EN.t(f"screens.options.{name}") for name in TOGGLES}
    assert boxes["Double-click"]["checked"] and not boxes["Auto-placement"]["checked"]
    assert boxes["Double-click"]["description"] == EN.t("screens.options.double_click_hint")
    top = min(n["depth"] for n in nodes)
    groups = [n for n in nodes if n["role"] == "panel"]  # AccessKit's radio group, as AT-SPI names it
    assert [g["name"] for g in groups][:2] == ["Animations", "Language"] and groups[2]["name"].startswith("Sound")
    assert all(n["depth"] == top + 1 for n in nodes if n["role"] == "radio button"), "every radio button in its group"
    radios = {n["name"]: n["checked"] for n in nodes if n["role"] == "radio button"}
    assert radios["Normal"] and not radios["Fast"] and radios["English"] and not radios["Italiano"]
    assert not {"On", "Off"} & {n["name"] for n in nodes if n["role"] == "push button"}, "no bare On/Off button"
    names = [n["name"] for n in nodes]
    assert names.count("Double-click") == 1, "an option's name is heard once, with its control"
    # The focus is on the first option, read with its name.
    assert [n["name"] for n in nodes if n["focused"]] == ["Double-click"]

    # Every control has its place: inside the window, where it is drawn.
    where = reader.game.geometry()
    for node in nodes:
        if node["role"] in ("check box", "radio button", "push button"):
            x, y, width, height = node["window"]
            assert x >= 0 and x + width <= where.width and y >= 0 and y + height <= where.height and width > 0, node
            assert node["screen"] == [x + where.x, y + where.y, width, height], node

    # A screen reader's press flips the check box, read back checked.
    reader.client("do", TITLE, "Auto-placement", "click")

    def flipped() -> bool:
        now = {n["name"]: n for n in dialog(reader, "Options") if n["role"] == "check box"}
        return bool(now.get("Auto-placement", {}).get("checked"))

    assert wait_until(flipped, 10, 0.3), "Auto-placement not read back checked after a press"
    reader.client("do", TITLE, "Auto-placement", "click")  # as it was
    reader.game.key("Escape")
    assert wait_until(lambda: not dialog(reader, "Options"), 10, 0.3)


def test_statistics_figures_and_the_rules_text_are_read(reader: Session) -> None:
    nodes = opened(reader, "F3", EN.t("screens.stats.title"))
    labels = [n["name"] for n in nodes if n["role"] == "label"]
    for text in ("Played", "Won", "Win rate", "Easy", "Medium · Classic", "Hard · Flexible"):
        assert text in labels, text
    assert labels.index("Played") < labels.index("Won") < labels.index("Win rate"), "in reading order"
    assert any(n["role"] == "push button" and n["name"] == "Reset statistics" for n in nodes)
    statistics_ids = {n["name"] for n in nodes}
    reader.game.key("Escape")
    assert wait_until(lambda: not dialog(reader, "Statistics"), 10, 0.3)

    nodes = opened(reader, "F2", EN.t("rules.title"))
    paragraphs = [n["name"] for n in nodes if n["role"] in ("paragraph", "heading")]
    page = [p.text.replace("\t", " ") for p in rules_page(EN.t, 900) if p.text.strip()]
    assert paragraphs[:5] == [EN.t("rules.title"), *page[:4]] or paragraphs[1:5] == page[:4]
    assert EN.t("rules.score.title") in paragraphs and len(paragraphs) > 40
    assert not statistics_ids & {n["name"] for n in nodes if n["role"] == "paragraph"}
    reader.game.key("Escape")
    assert wait_until(lambda: not dialog(reader, EN.t("rules.title")), 10, 0.3)


def test_the_game_printed_nothing_on_the_way(reader: Session) -> None:
    output = reader.game.output(200)
    assert "Traceback" not in output and "panicked" not in output, output
