"""The player's files in words: what happened to a file the game could not
read or write, told as the session reports it (`game.files.storage.Notice`)."""

from __future__ import annotations

from game.files.storage import DataFile, Notice, NoticeKind
from game.words.i18n import Translator

# Which catalogue text tells each notice: unreadable and newer files depend
# on which file it was (what the player gets instead); saving failures do not.
_FILE_KEY = {
    DataFile.SETTINGS: "settings",
    DataFile.STATS: "stats",
    DataFile.GAME: "game",
    DataFile.HISTORY: "history",
    DataFile.DAILY: "daily",
}


def notice_text(notice: Notice, translator: Translator) -> str:
    """One or two sentences telling the player what happened to their file."""
    match notice.kind:
        case NoticeKind.UNREADABLE | NoticeKind.NEWER_VERSION:
            key = f"notice.{_FILE_KEY[notice.file]}.{notice.kind.value}"
        case NoticeKind.NOT_SAVED | NoticeKind.TOO_LARGE:
            key = f"notice.{notice.kind.value}"
    text = translator.t(key, file=str(notice.file))
    if notice.backup:
        text += " " + translator.t("notice.backup", backup=notice.backup)
    return text
