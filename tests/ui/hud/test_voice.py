"""Every action in words on the table: the status line and Read aloud (docs/RULES.md §9).

GIVEN a table, WHEN the player moves, deals, undoes or is refused, THEN the
status line at the bottom says it in one sentence (in the game's language),
fades a few seconds later, never overlaps the message box, and, with Read
aloud on, the same sentence goes to the (fake) speech program.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

import pytest
from arcade import key

from game.records.settings import Settings
from game.system.speech import Speaker
from game.ui.hud.status_line import FADE_S, SHOW_S
from game.ui.input.keymap import questions
from game.ui.layout.table import TableShape, compute_layout
from game.words.i18n import Translator, catalogue
from ui.table_harness import SIMPLE, Table, position


class Spoken:
    """A fake speech program: records the command lines, never makes a sound."""

    def __init__(self) -> None:
        self.lines: list[list[str]] = []

    def __call__(self, args: Sequence[str]) -> Spoken:
        self.lines.append(list(args))
        return self

    def poll(self) -> int | None:
        return 0

    def terminate(self) -> None:
        pass


def with_speaker(t: Table) -> Spoken:
    spoken = Spoken()
    t.view.voice.speaker = Speaker(which=lambda name: f"/usr/bin/{name}" if name == "spd-say" else None, spawn=spoken)
    return spoken


def status(t: Table) -> str | None:
    return t.view.voice.status.message


def test_a_move_is_said_on_the_status_line(table: Callable[..., Table]) -> None:
    t = table(SIMPLE)
    t.key(key.KEY_1)
    t.key(key.KEY_3)
    assert status(t) == "5 of spades to column 3; the king of spades turns up in column 1."


def test_a_refusal_deal_and_undo_in_italian(table: Callable[..., Table]) -> None:
    t = table(SIMPLE, Settings(language="it", interactive_rules=False))
    t.key(key.KEY_1)
    t.key(key.KEY_2)
    assert status(t) == "Non consentito."  # Interactive rules off: no rule recalled (docs/RULES.md §9)
    assert t.view.hud.toast_message is None
    t.key(key.ESCAPE)
    t.key(key.D)
    assert status(t) == "Distribuzione: dieci carte, 4 distribuzioni rimanenti."
    t.settle()
    t.key(key.Z, 2)  # Ctrl+Z
    assert status(t) == "Annullato: dieci carte di nuovo nel tallone, 5 distribuzioni rimanenti."


def test_a_refusal_with_its_reminder_is_said_once(table: Callable[..., Table]) -> None:
    t = table(SIMPLE, Settings(read_aloud=True))  # Interactive rules on (the default)
    t.key(key.KEY_1)
    t.key(key.KEY_2)  # 9S cannot take 5S
    rule = Translator("en").t("table.rule.rank")
    assert t.view.hud.toast_message == rule
    assert status(t) is None  # the box says it: the line does not repeat it underneath
    assert t.spoken == [
        ("5 of spades taken.", "en"),  # the keyboard's pick-up, said too
        ("Refused: a card or group goes only on a card one rank higher.", "en"),
    ]


def keyboard_drop(t: Table) -> None:
    t.key(key.KEY_1)
    t.key(key.KEY_2)  # 9S cannot take 5S


# Every way a player meets a refusal on SIMPLE, and the rule it would recall.
REFUSALS: dict[str, tuple[Callable[[Table], object], str]] = {
    "a keyboard drop": (keyboard_drop, "rank"),
    "a drag": (lambda t: t.drag(0, 1, t.layout.column_end(1).center), "rank"),
    "a double-click": (lambda t: t.double_click(3, 0), "needs-higher"),
    "a face-down card pressed": (lambda t: t.press(*t.card_point(0, 0)), "face-down"),
    "an undo with nothing to undo": (lambda t: t.key(key.Z, 2), "nothing-to-undo"),
}


@pytest.mark.parametrize("lang", ["en", "it", "es"])
@pytest.mark.parametrize("route", list(REFUSALS))
def test_interactive_rules_off_recalls_no_rule_anywhere(table: Callable[..., Table], route: str, lang: str) -> None:
    # Once seen: with the option off no box appeared, but the status line
    # (and Read aloud) still stated the rule after each refusal.
    t = table(SIMPLE, Settings(language=lang, interactive_rules=False, read_aloud=True))
    act, reason = REFUSALS[route]
    act(t)
    words = catalogue(lang)
    plain = words["words.refused.plain"]
    assert t.view.hud.toast_message is None
    assert status(t) == plain[:1].upper() + plain[1:] + "."
    assert t.spoken[-1] == (status(t), lang) and len(t.spoken) <= 2  # a keyboard drop says its pick-up first
    rules = [text for k, text in words.items() if k.startswith("table.rule.")]
    assert not any(rule.lower() in said.lower() for rule in rules for said in (status(t) or "", *dict(t.spoken)))
    on = table(SIMPLE, Settings(language=lang, read_aloud=True))  # and on, the rule is recalled
    act(on)
    assert on.view.hud.toast_message == words[f"table.rule.{reason}"]


def test_a_new_deal_and_a_keyboard_hint_are_said(table: Callable[..., Table]) -> None:
    t = table(position(["| 5S", "| 9S", "| 7S 6S"], stock=50, filler=4), Settings(read_aloud=True))
    t.key(key.KEY_5)  # column 5 is empty: nothing to move there
    hint = Translator("en").t("table.keys.nothing-there")
    assert t.view.hud.toast_message == hint and t.spoken[-1] == (hint, "en")
    t.view.start_game(t.game.random(1, seed=5))
    assert status(t) == "New game: 54 cards on the table, 5 deals left."


def test_the_status_line_fades_after_a_few_seconds(table: Callable[..., Table]) -> None:
    t = table(SIMPLE)
    t.key(key.D)
    t.settle()
    assert status(t) is not None
    t.clock_now += SHOW_S + FADE_S / 2
    t.run(0.1)
    assert status(t) is not None and t.view.voice.status.band.alpha < 255
    t.clock_now += FADE_S
    t.run(0.1)
    assert status(t) is None


def test_read_aloud_goes_to_spd_say_in_the_games_language(table: Callable[..., Table]) -> None:
    t = table(SIMPLE, Settings(language="es", read_aloud=True))
    spoken = with_speaker(t)
    t.key(key.KEY_1)
    t.key(key.KEY_3)
    assert spoken.lines[-1] == [
        "/usr/bin/spd-say", "--cancel", "--language", "es", "--volume", "-60", "--application-name", "spider",
        "El 5 de picas a la columna 3; el rey de picas queda boca arriba en la columna 1.",
    ]  # fmt: skip
    t.view.apply_settings(replace(t.settings, sound_volume="loud"), Translator("es"))
    t.key(key.D)
    assert spoken.lines[-1][4:6] == ["--volume", "-35"]  # as loud as the table's sounds at that step
    t.view.apply_settings(replace(t.settings, read_aloud=False), Translator("es"))
    assert spoken.lines[-1] == ["/usr/bin/spd-say", "--cancel"]  # turned off: silence at once
    count = len(spoken.lines)
    t.key(key.D)
    assert len(spoken.lines) == count  # off: shown, not spoken
    assert status(t) == "Reparto: diez cartas, 3 repartos restantes."


def test_read_aloud_off_by_default_speaks_nothing(table: Callable[..., Table]) -> None:
    t = table(SIMPLE)
    t.double_click(0, 1)
    t.key(key.D)
    t.drag(2, 0, t.layout.column_end(1).center)  # refused
    assert t.spoken == [] and t.view.hud.toast_message is not None


def test_read_aloud_speaks_each_sentence_as_shown(table: Callable[..., Table]) -> None:
    t = table(SIMPLE, Settings(read_aloud=True, language="it"))
    t.key(key.KEY_1)
    t.key(key.KEY_3)
    t.key(key.D)
    assert t.spoken == [
        ("In mano: 5 di picche.", "it"),
        ("Il 5 di picche sulla colonna 3; il re di picche si scopre nella colonna 1.", "it"),
        ("Distribuzione: dieci carte, 4 distribuzioni rimanenti.", "it"),
    ]
    assert status(t) == t.spoken[-1][0]


def test_the_status_line_sits_under_the_message_box_on_screen(table: Callable[..., Table]) -> None:
    t = table(SIMPLE)
    t.key(key.D)
    t.view.notify("A long reminder that wraps " * 4)
    t.run(2 / 60)  # the line is laid out in the frame after the action's
    hud, line = t.view.hud, t.view.voice.status
    assert hud.toast_message is not None and line.message is not None
    assert hud.toast_sprite.bottom >= line.band.top
    assert line.band.left >= t.layout.removed[-1].right and line.band.right <= t.layout.stock_area.left


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080), (1024, 1366)])
def test_the_status_line_and_the_message_box_never_overlap(size: tuple[int, int]) -> None:
    layout = compute_layout(*size, TableShape(((False,) * 5 + (True,),) * 10, 5, 0))
    assert layout.status.overlap_area(layout.toast) == 0
    assert layout.status.height >= layout.hud.font_size * 1.5  # room for one line
    assert layout.toast.bottom >= layout.status.top


def test_f1_reads_the_table_description_aloud(table: Callable[..., Table]) -> None:
    t = table(SIMPLE, Settings(read_aloud=True, language="es"))
    t.key(key.F1)
    assert t.spoken == [(t.game.describe(catalogue("es")) + "\n" + questions(Translator("es").t), "es")]
    assert t.spoken[0][0].startswith("Mazo: 50 cartas")
    assert t.spoken[0][0].endswith("C: lee la columna bajo el cursor, carta a carta.")  # the keys that ask


@pytest.mark.parametrize(
    ("lang", "one", "many"),
    [("en", "Score 600 in 1 move", "Score 600 in 2 moves"), ("it", "600 punti in 1 mossa", "600 punti in 2 mosse"),
     ("es", "600 puntos en 1 movimiento", "600 puntos en 2 movimientos")],
)  # fmt: skip
def test_the_win_panel_counts_moves_in_the_right_form(
    table: Callable[..., Table], lang: str, one: str, many: str
) -> None:
    t = table(SIMPLE, Settings(language=lang))
    t.view.hud.show_win(600, 1)
    assert t.view.hud.win_detail.text == one
    t.view.hud.show_win(600, 2)
    assert t.view.hud.win_detail.text == many
