"""The table's sounds as a player hears them: which sound, when, how high, from where, how loud.

The events → sounds mapping (`cues`) is pure; the board plays through an
injected recorder in place of pyglet's players.
"""

from __future__ import annotations

import itertools

from game.engine.cards import Card
from game.engine.events import CardFlipped, CardsMoved, Event, GameWon, RunRemoved, StockDealt, TableDealt
from game.ui.sound.board import VOICES, SoundBoard
from game.ui.sound.cues import Cue, Sound, cues, pan_of, picked, pitch_of, refused
from game.ui.table.choreography import BEATS, DEAL_STAGGER_S, GLIDE_S

KING, SEVEN, ACE = Card.of(13, "S"), Card.of(7, "S"), Card.of(1, "S")


def moved(dst: int, card: Card = SEVEN) -> CardsMoved:
    return CardsMoved(0, 5, dst, 3, (card,))


def dealt() -> StockDealt:
    cards = tuple(Card.of(1 + col, "H") for col in range(10))
    return StockDealt(cards, tuple(range(5, 15)), 3)


def run_of(column: int) -> RunRemoved:
    return RunRemoved(column, 0, "S", tuple(Card.of(r, "S") for r in range(13, 0, -1)), 0)


class Recorder:
    """An `Output` that writes down what it is asked to play."""

    def __init__(self) -> None:
        self.played: list[tuple[int, Sound, float, float, float]] = []

    def play(self, voice: int, sound: Sound, pitch: float, pan: float, volume: float) -> None:
        self.played.append((voice, sound, pitch, pan, volume))

    def length(self, sound: Sound) -> float:
        return 2.5 if sound is Sound.WIN else 0.15

    def close(self) -> None:
        pass

    @property
    def sounds(self) -> list[Sound]:
        return [p[1] for p in self.played]


# ------------------------------------------------------------------ the mapping


def test_a_card_put_down_sounds_as_it_lands_higher_for_a_higher_rank_from_its_column() -> None:
    (cue,) = cues([moved(9, KING)], BEATS, 1.0)
    assert cue.sound is Sound.DROP
    assert 0.5 * GLIDE_S < cue.at <= GLIDE_S  # as it lands, not when it leaves
    assert cue.pan > 0.5  # column 10: heard on the right
    pitches = [cues([moved(4, card)], BEATS, 1.0)[0].pitch for card in (ACE, SEVEN, KING)]
    assert pitches[0] < pitches[1] == 1.0 < pitches[2]
    assert cues([moved(0)], BEATS, 1.0)[0].pan < -0.5  # column 1: on the left
    assert cues([moved(0)], BEATS, 2.0)[0].at == 2 * cue.at  # slow animations: later


def test_every_rank_and_column_has_its_own_pitch_and_place() -> None:
    pitches = [pitch_of(Card.of(rank, "H")) for rank in range(1, 14)]
    assert pitches == sorted(set(pitches))  # thirteen, rising
    assert pitches[0] > 0.6 and pitches[-1] < 1.7  # still the same tock
    pans = [pan_of(col) for col in range(10)]
    assert pans == sorted(set(pans)) and pans[0] == -pans[-1]


def test_a_move_that_uncovers_a_card_lands_then_flips() -> None:
    events: list[Event] = [moved(3), CardFlipped(0, 4, KING)]
    out = cues(events, BEATS, 1.0, starts=[0.0, GLIDE_S])
    assert [c.sound for c in out] == [Sound.DROP, Sound.FLIP]
    assert out[0].at < out[1].at and out[1].pan == pan_of(0)


def test_a_deal_ticks_ten_times_left_to_right_as_the_cards_land() -> None:
    out = cues([dealt()], BEATS, 1.0)
    assert [c.sound for c in out] == [Sound.DEAL] * 10
    assert [c.pan for c in out] == [pan_of(col) for col in range(10)]
    gaps = {round(b.at - a.at, 6) for a, b in itertools.pairwise(out)}
    assert gaps == {DEAL_STAGGER_S}
    assert out[0].pitch < out[-1].pitch  # the ace on column 1, the ten on column 10
    slow = cues([dealt()], BEATS, 2.0)
    assert slow[-1].at == 2 * out[-1].at


def test_a_run_leaves_with_a_flourish_and_a_won_game_ends_with_the_fanfare_after_it() -> None:
    events: list[Event] = [moved(2), run_of(2), GameWon(1000, 100)]
    out = cues(events, BEATS, 1.0, starts=[0.0, 0.22, 0.9])
    assert [c.sound for c in out] == [Sound.DROP, Sound.RUN, Sound.WIN]
    assert out[1].at == 0.22 and out[2].at == 0.9


def test_with_animations_off_an_action_makes_one_sound_its_main_one() -> None:
    assert [c.sound for c in cues([dealt()], BEATS, 0.0)] == [Sound.DEAL]
    assert [c.sound for c in cues([moved(2), CardFlipped(0, 4, KING)], BEATS, 0.0)] == [Sound.DROP]
    assert [c.sound for c in cues([moved(2), run_of(2), GameWon(1, 1)], BEATS, 0.0)] == [Sound.WIN]
    assert all(c.at == 0 for c in cues([dealt()], BEATS, 0.0))


def test_undo_is_one_swish_from_where_the_cards_go_back() -> None:
    events: list[Event] = [CardFlipped(0, 4, KING.turned(False)), moved(0).inverse()]
    (cue,) = cues(events, BEATS, 1.0, undo=True)
    assert cue.sound is Sound.UNDO and cue.pan == pan_of(0)


def test_the_opening_deal_ticks_softly_not_for_each_of_its_54_cards() -> None:
    placements = tuple((k % 10, k // 10, SEVEN) for k in range(54))
    out = cues([TableDealt(placements)], BEATS, 1.0)
    assert 10 <= len(out) <= 15
    assert all(c.sound is Sound.DEAL and c.volume < 0.8 for c in out)
    assert min(b.at - a.at for a, b in itertools.pairwise(out)) > 0.05


def test_pick_up_and_refusal_come_from_their_column() -> None:
    assert picked(9, KING).pan == pan_of(9) and picked(9, KING).sound is Sound.PICK
    assert refused(0).sound is Sound.REFUSE and refused(0).pan == pan_of(0)
    assert refused(None).pan == pan_of(9)  # the stock is on the right


# -------------------------------------------------------------------- the board


def test_the_board_plays_each_cue_when_it_falls_due_at_the_players_volume() -> None:
    out = Recorder()
    board = SoundBoard(out, on=True, volume="loud")
    board.schedule([Cue(Sound.DROP, 0.0, 1.2, -0.5, 0.8), Cue(Sound.FLIP, 0.2, pan=0.3)], now=10.0)
    assert out.played == [(0, Sound.DROP, 1.2, -0.5, 0.8)]  # due at once: no frame's wait
    board.update(10.1)
    assert len(out.played) == 1
    board.update(10.2)
    assert out.sounds == [Sound.DROP, Sound.FLIP]
    quiet = Recorder()
    SoundBoard(quiet, on=True, volume="quiet").schedule([Cue(Sound.DROP, volume=0.8)], 0.0)
    assert 0 < quiet.played[0][4] < 0.8 * 0.5


def test_muted_or_off_or_without_a_device_nothing_plays() -> None:
    out = Recorder()
    board = SoundBoard(out, on=False)
    board.schedule([Cue(Sound.DEAL, 0.0), Cue(Sound.DEAL, 0.1)], 0.0)
    board.play(refused(3), 0.0)
    board.update(5.0)
    assert out.played == []
    board.configure(True, "medium")
    board.schedule([Cue(Sound.DEAL, 0.1)], 0.0)
    board.configure(False, "medium")  # M while a deal still ticks: the rest stays silent
    board.update(1.0)
    assert out.played == []
    SoundBoard(None).schedule([Cue(Sound.WIN)], 0.0)  # no device: quietly nothing


def test_a_new_action_replaces_the_cues_still_waiting() -> None:
    out = Recorder()
    board = SoundBoard(out)
    board.schedule(cues([dealt()], BEATS, 1.0), now=0.0)
    board.update(0.35)
    ticked = len(out.played)
    assert 0 < ticked < 10
    board.schedule([Cue(Sound.DROP, 0.1)], now=0.35)
    board.update(5.0)
    assert out.sounds == [Sound.DEAL] * ticked + [Sound.DROP]


def test_a_burst_never_piles_up_the_newest_takes_the_oldest_voice() -> None:
    out = Recorder()
    board = SoundBoard(out)
    for k in range(VOICES + 3):
        board.play(Cue(Sound.WIN if k == 0 else Sound.DROP), now=k * 0.01)
    voices = [p[0] for p in out.played]
    assert set(voices) == set(range(VOICES))  # never more than VOICES at once
    assert voices[VOICES] == 0  # the first to begin (the fanfare) made way for the newest
    board.update(10.0)
    board.play(Cue(Sound.DROP), now=10.0)
    assert out.played[-1][0] == 0  # all free again: the first voice
    # A frame that came late: of the cues due together, only the latest VOICES play.
    late = Recorder()
    board = SoundBoard(late)
    board.schedule([Cue(Sound.DEAL, 0.05 * k) for k in range(1, 11)] + [Cue(Sound.DROP, 0.6)], now=0.0)
    board.update(1.0)
    assert len(late.played) == VOICES and late.sounds[-1] is Sound.DROP
