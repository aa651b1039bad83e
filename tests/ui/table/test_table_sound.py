"""The table's sounds in play: the view, driven like a player, plays through an injected output."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import arcade
import pytest

from game.records.settings import Settings
from game.ui.input.keymap import key_table
from game.ui.sound.cues import Sound, pan_of
from game.words.i18n import Translator
from ui.table_harness import Table, position

# Column 1: 5S on a face-down king; column 2: 9S; column 3: 7S 6S; every column dealt to.
SIMPLE = position(["KS | 5S", "| 9S", "| 7S 6S", "| QS", "| JS", "| TS", "| 8S", "| 4S", "| 3S", "| 2S"], stock=50)


class Recorder:
    """The output in place of pyglet: what would have been heard."""

    def __init__(self) -> None:
        self.played: list[tuple[Sound, float, float, float]] = []  # sound, pitch, pan, volume

    def play(self, voice: int, sound: Sound, pitch: float, pan: float, volume: float) -> None:
        self.played.append((sound, pitch, pan, volume))

    def length(self, sound: Sound) -> float:
        return 0.2

    def close(self) -> None:
        pass

    @property
    def sounds(self) -> list[Sound]:
        return [p[0] for p in self.played]


@pytest.fixture
def heard(table: Callable[..., Table]) -> Callable[..., tuple[Table, Recorder]]:
    def make(game: str = SIMPLE, settings: Settings | None = None) -> tuple[Table, Recorder]:
        t = table(game, settings)
        out = Recorder()
        t.view.scene.sounds.output = out
        t.view.scene.sounds.configure(t.view.settings.sound, t.view.settings.sound_volume)
        return t, out

    return make


def test_a_move_picks_up_lands_with_its_rank_and_column_and_flips_the_card_under(
    heard: Callable[..., tuple[Table, Recorder]],
) -> None:
    t, out = heard()
    target = t.layout.column_end(2)
    t.drag(0, 1, (target.center_x + 10, target.center_y - 30), release=False)
    assert out.sounds == [Sound.PICK]  # as the group lifts, from column 1 (left)
    assert out.played[0][2] == pan_of(0)
    t.release(target.center_x + 10, target.center_y - 30)
    assert t.game.record == "1>3"
    assert out.sounds == [Sound.PICK]  # the card is still on its way
    t.run(1.0)
    assert out.sounds == [Sound.PICK, Sound.DROP, Sound.FLIP]
    drop, flip = out.played[1], out.played[2]
    assert drop[2] == pan_of(2) and drop[1] < 1.0  # column 3, a five: lower than a seven
    assert flip[2] == pan_of(0)


def test_a_deal_ticks_ten_times_left_to_right_as_the_cards_land(heard: Callable[..., tuple[Table, Recorder]]) -> None:
    t, out = heard()
    t.key(arcade.key.D)
    assert out.played == []  # nothing has landed yet
    t.run(0.3)
    assert 0 < len(out.played) < 10  # landing one by one
    t.run(1.0)
    assert out.sounds == [Sound.DEAL] * 10
    assert [p[2] for p in out.played] == [pan_of(col) for col in range(10)]


def test_with_animations_off_a_deal_is_one_sound_at_once(heard: Callable[..., tuple[Table, Recorder]]) -> None:
    t, out = heard(settings=Settings(animation_speed="off"))
    t.key(arcade.key.D)
    assert out.sounds == [Sound.DEAL]


def test_a_refused_move_knocks_softly_from_its_column(heard: Callable[..., tuple[Table, Recorder]]) -> None:
    t, out = heard()
    t.drag(0, 1, t.layout.column_end(1).center)  # 9S cannot take 5S
    t.run(1.0)
    assert out.sounds == [Sound.PICK, Sound.REFUSE]
    assert out.played[1][2] == pan_of(0)


def test_undo_is_its_own_swish_not_the_cards_sounds(heard: Callable[..., tuple[Table, Recorder]]) -> None:
    t, out = heard()
    t.key(arcade.key.D)
    t.run(1.5)
    out.played.clear()
    t.key(arcade.key.Z, arcade.key.MOD_CTRL)
    t.run(1.5)
    assert out.sounds == [Sound.UNDO]


def test_m_mutes_and_unmutes_at_once_says_so_and_is_kept(heard: Callable[..., tuple[Table, Recorder]]) -> None:
    t, out = heard()
    kept: list[Settings] = []
    t.view.on_settings_changed = kept.append
    en = Translator("en")
    t.key(arcade.key.D)
    t.run(0.2)
    ticks = len(out.played)
    t.key(arcade.key.M)  # in the middle of a deal: the rest stays silent
    assert t.view.voice.status.message == en.t("sound.muted")
    assert kept[-1].sound is False and t.view.settings.sound is False
    t.run(1.5)
    t.drag(2, 1, t.layout.column_end(0).center)
    t.key(arcade.key.D)
    t.run(1.5)
    assert len(out.played) == ticks  # nothing more was heard
    t.key(arcade.key.M)
    assert t.view.voice.status.message == en.t("sound.unmuted")
    assert kept[-1].sound is True
    t.key(arcade.key.D)
    t.run(1.5)
    assert out.sounds.count(Sound.DEAL) == ticks + 10


def test_the_volume_step_scales_every_sound(heard: Callable[..., tuple[Table, Recorder]]) -> None:
    volumes = {}
    for step in ("quiet", "medium", "loud"):
        t, out = heard(settings=Settings(sound_volume=step, animation_speed="off"))
        t.key(arcade.key.D)
        volumes[step] = out.played[0][3]
    assert 0 < volumes["quiet"] < volumes["medium"] < volumes["loud"] <= 1


def test_sound_off_in_the_settings_plays_nothing(heard: Callable[..., tuple[Table, Recorder]]) -> None:
    t, out = heard(settings=Settings(sound=False))
    t.key(arcade.key.D)
    t.drag(0, 1, t.layout.column_end(1).center)
    t.run(2.0)
    assert out.played == []
    t.view.apply_settings(replace(t.view.settings, sound=True), Translator("en"))
    t.view.scene.sounds.configure(True, "medium")  # what the application does with Options' change
    t.key(arcade.key.D)
    t.run(1.5)
    assert out.sounds == [Sound.DEAL] * 10


def test_m_is_on_the_rules_screens_key_table() -> None:
    assert ("M", "mute") in key_table()
