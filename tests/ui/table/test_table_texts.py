"""The table's texts exist in every language, for every reason the engine gives."""

from __future__ import annotations

import json
import string
from pathlib import Path

import pytest

from game.engine import Reason
from game.words.i18n import LANGUAGES, Translator

I18N = Path(__file__).resolve().parents[3] / "resources" / "i18n"
# Every reason the engine can give a player (the other two are a caller's
# fault: an index out of range, a record token that is no action).
REASONS = [reason for reason in Reason if reason not in (Reason.BAD_INDEX, Reason.BAD_TOKEN)]


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_same_keys_and_placeholders_in_every_language() -> None:
    tables = {lang: json.loads((I18N / lang / "table.json").read_text(encoding="utf-8")) for lang in LANGUAGES}
    english = tables["en"]
    assert all(key.startswith("table.") for key in english)
    for lang, texts in tables.items():
        assert texts.keys() == english.keys(), lang
        for key, text in texts.items():
            assert text.strip(), (lang, key)
            assert _fields(text) == _fields(english[key]), (lang, key)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_has_a_reminder(lang: str) -> None:
    t = Translator(lang)
    for reason in REASONS:
        assert t.t(f"table.rule.{reason}")
    assert t.t("table.score", score=5) != t.t("table.score", score=6)
