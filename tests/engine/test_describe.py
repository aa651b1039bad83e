"""The table in words (docs/RULES.md §9): the engine's sentence
with the catalogues' words, matching the rules pages' examples exactly."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from engine.tables import run_text, table
from game.engine import Game
from game.engine.cards import Card, full_deck
from game.engine.describe import card_name
from game.words.i18n import LANGUAGES, catalogue

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"

# The starting table the rules pages describe (4 suits): face-up cards only
# matter; face-down cards and the stock are any legal rest of the deck.
SEED_TOPS = ["TS", "AD", "KH", "JS", "3S", "8D", "AS", "KH", "2H", "9S"]

SEED_SENTENCES = {
    "it": (
        "Tallone: 50 carte, 5 distribuzioni rimanenti; nessuna sequenza rimossa. "
        "Colonna 1: 5 coperte, poi 10 di picche; colonna 2: 5 coperte, poi asso di quadri; "
        "colonna 3: 5 coperte, poi re di cuori; colonna 4: 5 coperte, poi fante di picche; "
        "colonna 5: 4 coperte, poi 3 di picche; colonna 6: 4 coperte, poi 8 di quadri; "
        "colonna 7: 4 coperte, poi asso di picche; colonna 8: 4 coperte, poi re di cuori; "
        "colonna 9: 4 coperte, poi 2 di cuori; colonna 10: 4 coperte, poi 9 di picche."
    ),
    "es": (
        "Mazo: 50 cartas, 5 repartos restantes; ninguna escalera retirada. "
        "Columna 1: 5 boca abajo, después 10 de picas; columna 2: 5 boca abajo, después as de diamantes; "
        "columna 3: 5 boca abajo, después rey de corazones; columna 4: 5 boca abajo, después jota de picas; "
        "columna 5: 4 boca abajo, después 3 de picas; columna 6: 4 boca abajo, después 8 de diamantes; "
        "columna 7: 4 boca abajo, después as de picas; columna 8: 4 boca abajo, después rey de corazones; "
        "columna 9: 4 boca abajo, después 2 de corazones; columna 10: 4 boca abajo, después 9 de picas."
    ),
}


def seed_table() -> Game:
    rest = Counter(str(c) for c in full_deck(4))
    rest.subtract(SEED_TOPS)
    pool = sorted(rest.elements())
    lines = ["Variant: S4C", "Stock: " + " ".join(pool[:50]), "Removed:", "Score: 500", "Moves: 0"]
    pool = pool[50:]
    for n, top in enumerate(SEED_TOPS, 1):
        down = 5 if n <= 4 else 4
        lines.append(f"{n}: {' '.join(pool[:down])} | {top}")
        pool = pool[down:]
    return Game.from_text("\n".join(lines))


@pytest.mark.parametrize("lang", ["it", "es"])
def test_describe_matches_the_rules_pages_example_exactly(lang: str) -> None:
    sentence = SEED_SENTENCES[lang]
    page = SEEDS / f"rules-{lang}.txt"
    if page.exists():  # the pinned copy above must be the page's own words
        assert sentence in page.read_text(encoding="utf-8")
    assert seed_table().describe(catalogue(lang)) == sentence


def test_describe_in_english_says_the_same() -> None:
    text = seed_table().describe(catalogue("en"))
    assert text.startswith(
        "Stock: 50 cards, 5 deals left; no runs removed. Column 1: 5 face down, then 10 of spades; "
        "column 2: 5 face down, then ace of diamonds; column 3: 5 face down, then king of hearts;"
    )
    assert text.endswith("column 10: 4 face down, then 9 of spades.")


def test_describe_extends_the_pattern_to_every_kind_of_column_and_singulars() -> None:
    g = table(
        {1: "4H | " + run_text("S", 13, 11), 2: "| 9H 8H", 3: "|"},
        suits=2,
        stock=10,
        removed="H S",
    )
    en = g.describe(catalogue("en"))
    assert en.startswith("Stock: 10 cards, 1 deal left; 2 runs removed (hearts, spades). ")
    assert "Column 1: 1 face down, then king of spades, queen of spades, jack of spades; " in en
    assert "column 2: 9 of hearts, 8 of hearts; column 3: empty;" in en
    it = g.describe(catalogue("it"))
    assert it.startswith("Tallone: 10 carte, 1 distribuzione rimanente; 2 sequenze rimosse (cuori, picche). ")
    assert "Colonna 1: 1 coperta, poi re di picche, donna di picche, fante di picche; " in it
    assert "colonna 2: 9 di cuori, 8 di cuori; colonna 3: vuota;" in it
    es = g.describe(catalogue("es"))
    assert es.startswith("Mazo: 10 cartas, 1 reparto restante; 2 escaleras retiradas (corazones, picas). ")
    assert "Columna 1: 1 boca abajo, después rey de picas, reina de picas, jota de picas; " in es
    assert "columna 2: 9 de corazones, 8 de corazones; columna 3: vacía;" in es


def test_describe_an_empty_stock_and_one_removed_run() -> None:
    g = table({1: "| 9H"}, suits=2, removed="S")
    assert g.describe(catalogue("en")).startswith("Stock: empty; 1 run removed (spades). Column 1: 9 of hearts;")
    assert g.describe(catalogue("it")).startswith("Tallone: vuoto; 1 sequenza rimossa (picche). Colonna 1: 9 di cuori;")
    assert g.describe(catalogue("es")).startswith(
        "Mazo: vacío; 1 escalera retirada (picas). Columna 1: 9 de corazones;"
    )
    with pytest.raises(TypeError, match=r"catalogue\('it'\)"):
        g.describe("it")  # type: ignore[arg-type]  # the words, not a language code
    with pytest.raises(ValueError, match="fr"):
        catalogue("fr")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_has_a_name_in_every_language(lang: str) -> None:
    words = catalogue(lang)
    names = {card_name(words, Card.of(rank, suit)) for rank in range(1, 14) for suit in "SHDC"}
    assert len(names) == 52


def test_the_words_of_every_language_fill_the_same_keys() -> None:
    keys = {lang: {key for key in catalogue(lang) if key.startswith("describe.")} for lang in LANGUAGES}
    assert all(found == keys["en"] for found in keys.values()) and len(keys["en"]) > 20
