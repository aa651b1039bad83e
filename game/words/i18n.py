"""Every text the game shows, in English, Italian and Spanish.

Plain JSON catalogues rather than gettext: the texts are few, keyed by
meaning ("hud.score"), edited by hand in three languages side by side, and
need no compile step or .mo files in the package. Each language is a folder
`resources/i18n/<lang>/` of JSON files (one per area of the game: table,
screens, rules…); they are merged, and a key may appear in only one file.
Values are `str.format` templates: ``t("hud.score", score=500)``.
"""

from __future__ import annotations

import locale
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from game.system import resources
from game.system.resources import ResourceError

# The languages the game speaks, the first the default (CONTRIBUTING.md: adding one).
LANGUAGES = ("en", "it", "es")

# Every language has these files (the folder may hold more); a missing one
# stops the launch naming it, rather than failing later on a missing text.
REQUIRED_FILES = (
    "table.json",
    "screens.json",
    "rules.json",
    "describe.json",
    "notices.json",
    "words.json",
    "access.json",
    "replay.json",
    "appearance.json",
    "sound.json",
    "clock.json",
    "daily.json",
)


def __getattr__(name: str) -> Path:
    # `I18N_DIR`, looked up on use: at import time a missing install would be a traceback.
    if name == "I18N_DIR":
        return resources.root() / "i18n"
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@cache
def check_catalogues() -> None:
    """Read every language's texts, so a broken install stops at once naming
    the file (a `ResourceError`) instead of failing mid-game."""
    for lang in LANGUAGES:
        catalogue(lang)


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


# The locale names that mean "no language chosen": English, as gettext does.
_NEUTRAL = ("c", "posix")


def _language_of(name: str) -> str | None:
    """``it_IT.UTF-8@euro`` → ``it``; ``C``/``POSIX`` (with any codeset) → ``en``;
    a language we lack → None."""
    code = name.strip().replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    if code in _NEUTRAL:
        return "en"
    return code if code in LANGUAGES else None


def system_language(environ: Mapping[str, str]) -> str:
    """The first language for a player who has not chosen one, in gettext's order.

    ``LANGUAGE`` is a colon list of preferences: the first one we have wins
    (``LANGUAGE=fr:it`` gives Italian). Failing that, the locale: the first of
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set decides alone, as in
    POSIX (``LC_ALL=C LANG=it_IT.UTF-8`` is the C locale: English). ``C`` and
    ``POSIX`` mean English; a language we lack means English. Windows and
    macOS set none of these, so the C library's locale is asked last.
    """
    for preference in environ.get("LANGUAGE", "").split(":"):
        if preference.strip():
            found = _language_of(preference)
            if found is not None:
                return found
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            return _language_of(value) or "en"
    try:
        system = locale.getlocale()[0] or ""
    except ValueError:  # an unparsable locale name must not stop the launch
        system = ""
    return _language_of(system) or "en"


class Translator:
    """Looks texts up in one language; ``Translator("it").t("hud.moves", moves=3)``."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self._texts = catalogue(lang)

    def t(self, key: str, **values: object) -> str:
        text = self._texts[key]
        return text.format(**values) if values else text
