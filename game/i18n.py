"""Every text the game shows, in English, Italian and Spanish.

Plain JSON catalogues rather than gettext: the texts are few, keyed by
meaning ("hud.score"), edited by hand in three languages side by side, and
need no compile step or .mo files in the package. Each language is a folder
`resources/i18n/<lang>/` of JSON files (one per area of the game: table,
screens, rules…); they are merged, and a key may appear in only one file.
Values are `str.format` templates: ``t("hud.score", score=500)``.
"""

from __future__ import annotations

import contextlib
import json
import locale
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from .settings import LANGUAGES

I18N_DIR = Path(__file__).resolve().parent.parent / "resources" / "i18n"


@cache
def catalogue(lang: str) -> dict[str, str]:
    """All texts of one language, merged from its folder."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(LANGUAGES)}")
    merged: dict[str, str] = {}
    for path in sorted((I18N_DIR / lang).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for key, value in data.items():
            if key in merged:
                raise ValueError(f"{path}: key {key!r} is defined twice in {lang}")
            merged[key] = value
    return merged


class Translator:
    """Looks texts up in one language; ``Translator("it").t("hud.moves", moves=3)``."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self._texts = catalogue(lang)

    def t(self, key: str, **values: object) -> str:
        text = self._texts[key]
        return text.format(**values) if values else text


def system_language(environ: Mapping[str, str]) -> str:
    """The game language that matches the system locale: ``it``, ``es``, else ``en``.

    The POSIX variables win in their usual order (``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``; ``LANGUAGE`` is a colon list of preferences); Windows and macOS
    set none of them, so the C library's locale is asked last.
    """
    candidates: list[str] = []
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        candidates.extend(part for part in value.split(":") if part)
    if not candidates:
        with contextlib.suppress(ValueError):  # an unparsable locale name must not stop the launch
            candidates.append(locale.getlocale()[0] or "")
    for value in candidates:
        code = value.lower()[:2]
        if code in LANGUAGES:
            return code
        if value not in ("C", "POSIX", "C.UTF-8"):
            return "en"  # the player's first preference is a language we lack
    return "en"
