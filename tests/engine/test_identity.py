"""Which card is which (game.engine.identity): a card keeps its deck place
wherever it goes, across moves, deals, runs removed, undos and restarts."""

from __future__ import annotations

import random

from game.engine import Card, Game
from game.engine.identity import CardPlaces, Places, first_places
from game.engine.numbers import DECK_SIZE

from .tables import table


def cards_by_place(game: Game, places: Places) -> dict[int, tuple[int, str]]:
    """(rank, suit) of every card, by its place; every place once."""
    seen: dict[int, tuple[int, str]] = {}
    for column, ids in zip(game.columns, places.columns, strict=True):
        assert len(column) == len(ids)
        seen.update({p: (c.rank, c.suit) for p, c in zip(ids, column, strict=True)})
    seen.update({p: (c.rank, c.suit) for p, c in zip(places.stock, game.stock, strict=True)})
    for run in places.removed:
        seen.update(dict.fromkeys(run, (0, "")))  # a removed run's cards: only their places matter
    assert len(seen) == sum(map(len, places.columns)) + len(places.stock) + 13 * len(places.removed)
    return seen


def test_a_dealt_game_numbers_its_cards_in_the_shuffled_decks_order() -> None:
    game = Game.from_code("SP1-S4C-AAAAAAD")
    places = CardPlaces().sync(game)
    # Card i of the deck lands on column i mod 10 (docs/RULES.md §1); the stock follows, in deal order.
    assert places.columns[0] == (0, 10, 20, 30, 40, 50)
    assert places.columns[9] == (9, 19, 29, 39, 49)
    assert places.stock == tuple(range(54, DECK_SIZE))
    assert sorted(cards_by_place(game, places)) == list(range(DECK_SIZE))


def test_a_card_keeps_its_place_across_a_move_and_its_undo() -> None:
    game = Game.from_code("SP1-S1C-AAAAAAD")
    follow = CardPlaces()
    before = follow.sync(game)
    move = next(game.legal_moves())
    moved = before.columns[move.src][-move.count :]
    game.move(move)
    after = follow.sync(game)
    assert after.columns[move.dst][-move.count :] == moved
    assert moved[0] not in after.columns[move.src]
    game.undo()
    assert follow.sync(game) == before


def test_a_deal_and_its_undo_move_the_stocks_places() -> None:
    game = Game.from_code("SP1-S2F-AAAAAAD")
    follow = CardPlaces()
    before = follow.sync(game)
    game.deal()
    dealt = follow.sync(game)
    assert [column[-1] for column in dealt.columns] == list(before.stock[:10])
    assert dealt.stock == before.stock[10:]
    game.undo()
    assert follow.sync(game) == before


def test_a_removed_run_keeps_its_cards_places_and_they_come_back_with_undo() -> None:
    game = table({1: "| KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", 2: "| AS"})
    follow = CardPlaces()
    before = follow.sync(game)
    run = (*before.columns[0], before.columns[1][-1])
    game.move(1, 1, 0)
    after = follow.sync(game)
    assert after.removed == (run,)
    game.undo()
    assert follow.sync(game) == before


def test_random_play_with_undos_and_restarts_never_mixes_two_cards_up() -> None:
    rng = random.Random(32)
    for suits in (1, 2, 4):
        game = Game.random(suits, seed=suits * 11)
        follow = CardPlaces()
        deck = cards_by_place(game, follow.sync(game))
        for step in range(400):
            roll = rng.random()
            moves = list(game.legal_moves())
            if roll < 0.2 and game.can_undo:
                for _ in range(rng.randint(1, 30)):
                    if game.can_undo:
                        game.undo()
            elif roll < 0.22:
                game.restart()
            elif moves and roll < 0.9:
                game.move(rng.choice(moves))
            elif game.can_deal():
                game.deal()
            if step % 7 == 0 or game.is_won:
                now = cards_by_place(game, follow.sync(game))
                assert all(deck[p] == card for p, card in now.items() if card[0]), (suits, step)


def test_a_game_written_as_text_numbers_its_cards_round_by_round() -> None:
    game = table({1: "5S | 9S 8S", 2: "| 7S"}, stock=10, removed="")
    places = CardPlaces().sync(game)
    # Round by round: column 1's first card, column 2's first card, the filler's …, then the second round.
    assert places.columns[0][0] == 0 and places.columns[1][0] == 1
    assert sorted(p for column in places.columns for p in column) == list(range(sum(map(len, game.columns))))
    assert places.stock == tuple(range(94, 104))


def test_first_places_of_an_empty_table() -> None:
    assert first_places([[] for _ in range(10)], 0, 8).removed[-1][-1] == DECK_SIZE - 1
    assert first_places([[Card.of(1, "S")], []], 2, 0) == Places(((0,), ()), (1, 2), ())


def test_a_long_game_is_followed_past_what_undo_reaches() -> None:
    rng = random.Random(5)
    game = Game.random(2, seed=5)
    follow = CardPlaces()
    deck = cards_by_place(game, follow.sync(game))
    for _ in range(250):  # moves back and forth: far more actions than undo keeps
        moves = list(game.legal_moves())
        if moves:
            game.move(rng.choice(moves))
        elif game.can_deal():
            game.deal()
        follow.sync(game)
    for _ in range(100):
        game.undo()
    now = cards_by_place(game, follow.sync(game))
    assert all(deck[p] == card for p, card in now.items() if card[0])
    game.restart()
    assert follow.sync(game) == CardPlaces().sync(Game.random(2, seed=5))
