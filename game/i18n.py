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
import locale
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from . import resources
from .resources import ResourceError
from .settings import LANGUAGES

# Every language has these files (the folder may hold more); a missing one
# stops the launch naming it, rather than failing later on a missing text.
REQUIRED_FILES = ("table.json", "screens.json", "rules.json", "notices.json")


def __getattr__(name: str) -> Path:
    # `I18N_DIR`, looked up on use: at import time a missing install would be a traceback.
    if name == "I18N_DIR":
        return resources.root() / "i18n"
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@cache
def catalogue(lang: str) -> dict[str, str]:
    """All texts of one language, merged from its folder; `ResourceError` names a bad file."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(LANGUAGES)}")
    folder = f"i18n/{lang}"
    names = resources.listing(folder, ".json")
    for required in REQUIRED_FILES:
        if f"{folder}/{required}" not in names:
            raise ResourceError(f"missing game file {resources.root() / folder / required}")
    merged: dict[str, str] = {}
    for name in names:
        data = resources.read_json(name)
        if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
            raise ResourceError(f"game file {resources.root() / name} is not an object of texts")
        for key, value in data.items():
            if key in merged:
                raise ResourceError(f"game file {resources.root() / name}: key {key!r} is defined twice in {lang}")
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
