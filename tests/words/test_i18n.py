"""Every text the player sees exists in English, Italian and Spanish, and fits.

These run over every catalogue file of every area (screens, rules, table…),
so a key added in one language only fails here, not in front of a player.
"""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest

from game.words.i18n import I18N_DIR, LANGUAGES, Translator, catalogue

# Keys whose value is rightly the same as the English one in a language:
# language names are written in their own language, and "Flexible" is
# spelled the same in Spanish.
SAME_AS_ENGLISH: dict[str, set[str]] = {
    "it": {
        "screens.options.lang.en",
        "screens.options.lang.it",
        "screens.options.lang.es",
        "daily.line",  # "Spider" and the separators between the words filled in
    },
    "es": {
        "screens.options.lang.en",
        "screens.options.lang.it",
        "screens.options.lang.es",
        "screens.new.rule.flexible",
        "daily.line",
    },
}
# Short words that are the same in several languages, wherever they appear.
SAME_WORDS = {"OK", "Tab", "Spider", "F11", "Ctrl+Z", "Esc", "Start", "Back"}  # Start, Back: printed on the pad
# The units of time (h, min, s) are the same symbols in every language.
SAME_WORDS |= {"{h} h {m} min", "{m} min {s} s", "{s} s"}


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def files(lang: str) -> dict[str, set[str]]:
    return {
        path.name: set(json.loads(path.read_text(encoding="utf-8")))
        for path in sorted((I18N_DIR / lang).glob("*.json"))
    }


def test_every_language_has_the_same_files_and_keys() -> None:
    english = files("en")
    assert {"screens.json", "rules.json"} <= set(english)
    for lang in LANGUAGES:
        theirs = files(lang)
        assert set(theirs) == set(english), f"{lang} has other files than en"
        for name, keys in english.items():
            assert theirs[name] == keys, (
                f"{lang}/{name}: missing {sorted(keys - theirs[name])}, extra {sorted(theirs[name] - keys)}"
            )


def test_my_keys_live_in_my_files() -> None:
    for lang in LANGUAGES:
        for prefix in ("screens", "rules"):
            data = json.loads((I18N_DIR / lang / f"{prefix}.json").read_text(encoding="utf-8"))
            assert all(key.startswith(prefix + ".") for key in data)


@pytest.mark.parametrize("lang", ["it", "es"])
def test_placeholders_match_english(lang: str) -> None:
    english = catalogue("en")
    for key, text in catalogue(lang).items():
        assert placeholders(text) == placeholders(english[key]), f"{lang}: {key}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_value_is_non_empty_text_that_formats(lang: str) -> None:
    for key, text in catalogue(lang).items():
        assert isinstance(text, str) and text.strip(), f"{lang}: {key} is empty"
        text.format(**{name: "1" for name in placeholders(text)})  # no stray braces


@pytest.mark.parametrize("lang", ["it", "es"])
def test_nothing_is_left_in_english_by_mistake(lang: str) -> None:
    english = catalogue("en")
    for key, text in catalogue(lang).items():
        if text != english[key] or key in SAME_AS_ENGLISH[lang] or key.startswith("words.class."):
            continue  # words.class.* are grammar tags (a rank's article class), never shown
        # Allowed: nothing but placeholders, digits and punctuation ("{rate}%"),
        # or a word that really is the same ("OK").
        letters = re.sub(r"\{[^}]*\}", "", text)
        assert not re.search(r"[^\W\d_]", letters) or text in SAME_WORDS, f"{lang}: {key} is still English: {text!r}"


def test_accents_are_right_in_the_words_players_see_most() -> None:
    it, es = Translator("it"), Translator("es")
    assert it.t("screens.new.difficulty") == "Difficoltà"
    assert es.t("screens.new.level.4") == "Difícil"
    assert es.t("screens.new.level.1") == "Fácil"
    assert es.t("screens.stats.title") == "Estadísticas"
    assert es.t("screens.new.rule.classic") == "Clásica"


def test_the_three_difficulty_labels_follow_the_spec() -> None:
    labels = {lang: [Translator(lang).t(f"screens.new.level.{n}") for n in (1, 2, 4)] for lang in LANGUAGES}
    assert labels == {
        "en": ["Easy", "Medium", "Hard"],
        "it": ["Facile", "Medio", "Difficile"],
        "es": ["Fácil", "Medio", "Difícil"],
    }


def test_catalogue_files_are_tidy_utf8_json() -> None:
    for path in sorted(Path(I18N_DIR).glob("*/*.json")):
        raw = path.read_bytes()
        text = raw.decode("utf-8")  # raises if not UTF-8
        assert "\\u00" not in text, f"{path}: write accents as themselves, not escapes"
        assert isinstance(json.loads(text), dict)


# ---- the first language: gettext's order (docs/RULES.md §10) --------------------


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        # LANGUAGE is a list of preferences: the first language we have wins.
        ({"LANGUAGE": "fr:it"}, "it"),
        ({"LANGUAGE": "fr:de:es_ES:it"}, "es"),
        ({"LANGUAGE": "it:en", "LANG": "en_US.UTF-8"}, "it"),
        ({"LANGUAGE": "pt_BR:C", "LANG": "it_IT.UTF-8"}, "en"),
        ({"LANGUAGE": "::es:", "LC_ALL": "it_IT.UTF-8"}, "es"),
        # none of its languages: the locale decides
        ({"LANGUAGE": "fr:de", "LANG": "it_IT.UTF-8"}, "it"),
        ({"LANGUAGE": "", "LANG": "es_AR.UTF-8"}, "es"),
        # then LC_ALL, LC_MESSAGES, LANG: the first one set decides alone
        ({"LC_ALL": "C", "LANG": "it_IT.UTF-8"}, "en"),
        ({"LC_ALL": "POSIX", "LC_MESSAGES": "es_ES.UTF-8"}, "en"),
        ({"LC_ALL": "es_ES.UTF-8", "LANG": "it_IT.UTF-8"}, "es"),
        ({"LC_MESSAGES": "it_IT.UTF-8", "LANG": "es_ES.UTF-8"}, "it"),
        ({"LC_MESSAGES": "C.UTF-8", "LANG": "es_ES.UTF-8"}, "en"),
        ({"LANG": "it_IT.UTF-8@euro"}, "it"),
        ({"LANG": "es"}, "es"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "POSIX"}, "en"),
    ],
)
def test_first_language_follows_gettexts_order(environ: dict[str, str], lang: str) -> None:
    from game.words.i18n import system_language

    assert system_language(environ) == lang
