"""Every action in words: one short sentence for what an action did, or why
it was refused, in the player's language (docs/RULES.md §9).

The sentences are built from the engine's events, never from the screen, so
a player who cannot see the table (or is looking elsewhere) hears exactly
what happened: "7 of hearts to column 4; the jack of spades turns up in
column 2.", "Deal: ten cards, 3 deals left.", "Undone: …", "Redone: …",
"Refused: nothing goes on an ace.".

The words are data (``resources/i18n/<lang>/words.json``, keys ``words.*``),
and the card names are the table description's (``describe.rank.*``,
``describe.suit.*``, ``describe.card``), so a card is called the same on the
F1 description and here. What English does not need but Italian and Spanish
do is an article that agrees with the rank's noun ("il 7", "l'asso", "la
donna"; "el rey", "la jota") and merges with a preposition ("dal", "dalla",
"al"; "del", "de la"). So each rank names its class (``words.class.<rank>``:
any short name the language likes, e.g. ``m``, ``f``, ``v`` for a vowel),
and each role a card plays in a sentence has one form per class
(``words.card.<role>.<class>``, e.g. ``"words.card.first.f": "dalla {name}"``).

Plural forms go through ``.one`` / ``.other`` keys like the description's:
the three languages need no more than that. The sentence ends with a full
stop and starts with a capital, whatever the catalogue's first word.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum

from game.engine.cards import Card
from game.engine.errors import Reason
from game.engine.events import (
    CardFlipped,
    CardsMoved,
    Event,
    GameWon,
    RunRemoved,
    RunRestored,
    StockDealt,
    StockReturned,
    TableDealt,
)
from game.engine.numbers import DEALS

Words = Mapping[str, str]
"""Texts by key: a whole catalogue (``game.words.i18n.catalogue(lang)``) will do."""


class Action(StrEnum):
    """What the player asked for, when the events alone cannot tell."""

    PLAY = "play"  # a move or a deal: the events say which
    UNDO = "undo"  # the events are the inverse of the action taken back
    REDO = "redo"  # the events of the action made again
    NEW = "new"  # a new game laid out
    RESTART = "restart"  # the same game laid out again


class Role(StrEnum):
    """The place a card name takes in a sentence (each has its own article)."""

    MOVED = "moved"  # the card that goes somewhere: "il 7 di cuori sulla colonna 4"
    TURNED = "turned"  # the card that turns over: "the jack of spades turns up"
    FIRST = "first"  # the top of a group: "dal 9 di picche …"
    LAST = "last"  # the end of a group: "… al 5"
    ONTO = "onto"  # the card a group would go on: "sul 7 di cuori", "onto 7 of hearts"


def sentence(words: Words, events: Iterable[Event], action: Action = Action.PLAY, *, deals_left: int = DEALS) -> str:
    """The one sentence for an applied action; "" when the events are empty.
    `deals_left` is for a table laid out (`TableDealt` does not carry it): a
    resumed game may have dealt already."""
    events = list(events)
    if action is Action.UNDO:
        # The undo events run backwards (the action's last event first): told
        # in the action's own order, the main clause (the move, the deal) leads.
        events.reverse()
    clauses = [clause for event in events if (clause := _clause(words, event, action, deals_left))]
    if not clauses:
        return ""
    text = "; ".join(clauses)
    if action in (Action.UNDO, Action.REDO):
        text = words["words.undone" if action is Action.UNDO else "words.redone"].format(what=text)
    return _finish(text)


def refusal(words: Words, reason: Reason | str, *, explain: bool = True) -> str:
    """ "Refused: nothing goes on an ace." from the rule the toast also shows;
    only "Refused." when the player turned *Interactive rules* off (`explain`
    False): off means no rule reminder anywhere, spoken or shown."""
    rule = words[f"table.rule.{reason}"]
    if not explain:
        return _finish(words["words.refused.plain"])
    return _finish(words["words.refused"].format(rule=rule[:1].lower() + rule[1:]))


def card_name(words: Words, card: Card, role: Role, *, rank_only: bool = False) -> str:
    """A card's name as `role` needs it: ``7 of hearts``, ``il 7 di cuori``,
    ``dalla donna di picche``, ``a la jota`` …; `rank_only` drops the suit
    (the end of a one-suit group: "dal 9 di picche al 5")."""
    rank = words[f"describe.rank.{card.rank}"]
    name = rank if rank_only else words["describe.card"].format(rank=rank, suit=words[f"describe.suit.{card.suit}"])
    kind = words[f"words.class.{card.rank}"]
    return words[f"words.card.{role}.{kind}"].format(name=name)


def count(words: Words, key: str, n: int) -> str:
    """``words.<key>.one`` / ``.other`` (or ``describe.<key>.*`` when ours has
    none), filled with `n`; ``words.<key>.none`` for zero when it exists."""
    if n == 0 and f"words.{key}.none" in words:
        return words[f"words.{key}.none"]
    form = "one" if n == 1 else "other"
    template = words.get(f"words.{key}.{form}") or words[f"describe.{key}.{form}"]
    return template.format(n=n)


def _clause(words: Words, event: Event, action: Action, deals_left: int) -> str:
    """The part of the sentence one event adds ("" for none)."""
    back = action is Action.UNDO
    match event:
        case CardsMoved(dst=dst, cards=cards):
            return _moved(words, cards, dst + 1, back)
        case CardFlipped(column=column, card=card):
            key = "words.up" if card.face_up else "words.down"
            return words[key].format(card=card_name(words, card, Role.TURNED), column=column + 1)
        case StockDealt(deals_left=left):  # always ten cards: the words say so
            return words["words.deal"].format(deals=count(words, "deals", left))
        case StockReturned(deals_left=left):
            return words["words.return"].format(deals=count(words, "deals", left))
        case RunRemoved(column=column, suit=suit):
            return words["words.run"].format(suit=words[f"describe.suit.{suit}"], column=column + 1)
        case RunRestored(column=column, suit=suit):
            return words["words.run.back"].format(suit=words[f"describe.suit.{suit}"], column=column + 1)
        case GameWon(score=score, moves=moves):
            return words["words.won"].format(score=score, moves=count(words, "moves", moves))
        case TableDealt(placements=placements):
            key = "words.restart" if action is Action.RESTART else "words.new"
            return words[key].format(
                cards=count(words, "cards", len(placements)), deals=count(words, "deals", deals_left)
            )
    return ""


# ---- what the player holds, and what they ask to hear ------------------------


def group(words: Words, cards: Sequence[Card]) -> str:
    """A held group by its first card: "6 of spades", "6 of spades and 2 more"."""
    name = _plain_name(words, cards[0])
    return name if len(cards) == 1 else words["words.group.more"].format(card=name, n=len(cards) - 1)


def taken(words: Words, cards: Sequence[Card]) -> str:
    """ "6 of spades and 2 more taken." (picked up to be dropped elsewhere)."""
    return _finish(words["words.taken"].format(group=group(words, cards)))


def put_back(words: Words, cards: Sequence[Card]) -> str:
    """ "6 of spades put back." (let go of without a move)."""
    return _finish(words["words.put_back"].format(group=group(words, cards)))


def drop_hint(words: Words, cards: Sequence[Card], target: Card | None, reason: Reason | str | None) -> str:
    """What dropping the held `cards` on a column would do: "drop here: 6 of
    spades onto 7 of hearts" (`target` None: the column is empty), or why it
    cannot ("cannot go here: nothing goes on an ace"). Never a list of moves."""
    if reason is not None:
        rule = words[f"table.rule.{reason}"]
        return words["words.drop.refused"].format(rule=rule[:1].lower() + rule[1:])
    held = group(words, cards)
    if target is None:
        return words["words.drop.empty"].format(group=held)
    return words["words.drop"].format(group=held, target=card_name(words, target, Role.ONTO))


def column_summary(words: Words, number: int, column: Sequence[Card]) -> str:
    """A column's name: "Column 3: 5 face down, queen of spades to 10 of spades"."""
    up = [card for card in column if card.face_up]
    down = len(column) - len(up)
    if not column:
        cards = words["describe.column.empty"]
    else:
        span = ""
        if len(up) == 1:
            span = _plain_name(words, up[0])
        elif up:
            span = words["words.span"].format(
                first=card_name(words, up[0], Role.FIRST), last=card_name(words, up[-1], Role.LAST)
            )
        down_text = count(words, "down", down) if down else ""
        cards = words["words.down_up"].format(down=down_text, up=span) if down and span else down_text or span
    return words["words.column"].format(number=number, cards=cards)


def column_read(words: Words, number: int, column: Sequence[Card], movable: int) -> str:
    """A column card by card, face-down count first, and how many can move:
    "Column 3: 5 face down, then queen of spades, jack of spades. The last 2 can move." """
    if not column:
        return _finish(words["words.column"].format(number=number, cards=words["describe.column.empty"]))
    down = sum(1 for card in column if not card.face_up)
    up = ", ".join(_plain_name(words, card) for card in column if card.face_up)
    cards = words["describe.down_then_up"].format(down=count(words, "down", down), up=up) if down else up
    text = _finish(words["words.column"].format(number=number, cards=cards))
    return f"{text} {_finish(words['words.movable.' + ('one' if movable == 1 else 'other')].format(n=movable))}"


def score_line(words: Words, score: int, moves: int, deals_left: int, runs: int, seconds: int | None = None) -> str:
    """ "Score 480, 20 moves, 3 deals left, 2 runs removed, 4 minutes 5 seconds played."
    (the time only when the table shows one)."""
    parts = [
        words["words.score"].format(score=score),
        count(words, "moves", moves),
        count(words, "deals", deals_left),
        count(words, "runs", runs),
    ]
    if seconds is not None:
        parts.append(words["words.time"].format(time=duration(words, seconds)))
    return _finish(", ".join(parts))


def duration(words: Words, seconds: int) -> str:
    """ "1 hour 4 minutes 5 seconds", "0 seconds" (whole units, largest first)."""
    hours, rest = divmod(max(seconds, 0), 3600)
    minutes, secs = divmod(rest, 60)
    units = [("hours", hours), ("minutes", minutes), ("seconds", secs)]
    said = [count(words, unit, n) for unit, n in units if n]
    return " ".join(said) or count(words, "seconds", 0)


def _plain_name(words: Words, card: Card) -> str:
    rank, suit = words[f"describe.rank.{card.rank}"], words[f"describe.suit.{card.suit}"]
    return words["describe.card"].format(rank=rank, suit=suit)


def _moved(words: Words, cards: Sequence[Card], column: int, back: bool) -> str:
    """ "7 of hearts to column 4" or "5 cards, 9 of spades to 5, to column 3"."""
    verb = "back" if back else "move"
    if len(cards) == 1:
        return words[f"words.{verb}.one"].format(card=card_name(words, cards[0], Role.MOVED), column=column)
    first, last = cards[0], cards[-1]
    one_suit = all(card.suit == first.suit for card in cards)
    return words[f"words.{verb}.group"].format(
        count=count(words, "cards", len(cards)),
        first=card_name(words, first, Role.FIRST),
        last=card_name(words, last, Role.LAST, rank_only=one_suit),
        column=column,
    )


def _finish(text: str) -> str:
    """A capital first, a full stop last."""
    text = text.strip()
    if not text:
        return text
    if text[-1] not in ".!?":
        text += "."
    return text[:1].upper() + text[1:]
