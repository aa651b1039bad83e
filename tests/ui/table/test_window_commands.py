"""Questions a player asks without looking (docs/RULES.md §8), and the group
they hold, said: L the last sentence again, S the score line, C the cursor's
column card by card; "taken" and "put back" as the keyboard picks up and lets go."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace

from arcade import key

from game.records.settings import Settings
from ui.table_harness import SIMPLE, Table


def heard(t: Table) -> str:
    return t.view.voice.heard


def test_l_says_the_last_sentence_again(table: Callable[..., Table]) -> None:
    t = table(SIMPLE)
    t.key(key.L)
    assert heard(t) == "Nothing has been said yet."
    t.key(key.D)
    dealt, said = heard(t), t.view.voice.said
    t.key(key.L)
    assert heard(t) == dealt and t.view.voice.said == said + 1  # said again: a screen reader hears it again


def test_s_says_the_score_the_moves_the_deals_the_runs_and_the_time_shown(table: Callable[..., Table]) -> None:
    t = table(SIMPLE, Settings(language="es"))
    t.key(key.D)
    t.key(key.S)
    assert heard(t) == "Puntos 499, 1 movimiento, 4 repartos restantes, ninguna escalera retirada."
    # The table's clock, when it has one (read by name: whatever its type, it shows `seconds`).
    setattr(t.view, "play_clock", SimpleNamespace(seconds=65.7))  # noqa: B010
    t.key(key.S)
    assert heard(t).endswith("ninguna escalera retirada, 1 minuto 5 segundos de juego.")


def test_c_reads_the_cursors_column_card_by_card(table: Callable[..., Table]) -> None:
    t = table(SIMPLE)
    t.key(key.C)  # no cursor yet: it shows on the first column, which is read
    assert t.view.keys.cursor == 0
    column = t.game.columns[0]
    down = sum(not c.face_up for c in column)
    assert heard(t).startswith(f"Column 1: {down} face down, then ")
    assert heard(t).endswith(f"The last {t.game.movable_count(0)} can move.".replace("last 1 can", "last card can"))
    t.key(key.LEFT)  # onto the stock
    t.key(key.C)
    assert heard(t) == "Deal: 5 deals left."


def test_a_group_taken_and_put_back_is_said(table: Callable[..., Table]) -> None:
    t = table(SIMPLE, Settings(language="it"))
    t.key(key.KEY_1)
    assert heard(t) == "In mano: 5 di picche."
    t.key(key.ESCAPE)
    assert heard(t) == "Di nuovo sul tavolo: 5 di picche."
    t.key(key.KEY_1)
    t.key(key.KEY_3)  # dropped: the move is said, not "put back"
    assert heard(t).startswith("Il 5 di picche sulla colonna 3")
