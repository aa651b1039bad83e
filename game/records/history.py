"""The last games played (docs/RULES.md §15): when, which deal, how it ended.

`History` keeps the last `MAX_GAMES` games, newest first, each a `PlayedGame`:
the local date and time it ended, its variant and code, the result, score,
moves, the time played, and the game as a shared line (docs/RULES.md §12) to
watch it again. It is saved in ``history.json`` under the same rules as the
statistics (`game.files.storage`): atomic writes, a bad file moved aside, a size
bound. A game's line is kept only up to `MAX_LINE_KEPT` characters (a
record longer than any real game is kept without it: Play again still
works, Watch does not), so 100 games stay far below the file size limit.

Results: ``won``; ``lost`` when the game was left at a dead end (no move and
no deal left); ``abandoned`` when it was left while play could go on.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from game.records.stats import MAX_COUNT, MAX_SCORE, VARIANTS, ImpossibleNumbers, variant_of

if TYPE_CHECKING:
    from game.engine import Game

MAX_GAMES = 100
MAX_LINE_KEPT = 8_000
RESULTS = ("won", "lost", "abandoned")
WHEN_FORMAT = "%Y-%m-%dT%H:%M"
# The dates a history holds: four-digit years, as the file writes them. A
# clock set before the year 1000 (or a hand-edited file) is no real date of
# play: such a game is written as of the first of them, and read as damage.
EARLIEST = datetime(1000, 1, 1)


def clock_text(seconds: int, hours: bool = False) -> str:
    """A time played as on a clock: ``4:05``, ``1:02:09``; with `hours`
    always h:mm:ss (``0:04:05``), so a column of times under a note saying
    h:mm:ss never reads 13 minutes as 13 hours."""
    minutes, secs = divmod(max(seconds, 0), 60)
    whole_hours, minutes = divmod(minutes, 60)
    if whole_hours or hours:
        return f"{whole_hours}:{minutes:02}:{secs:02}"
    return f"{minutes}:{secs:02}"


def duration_text(t: Callable[..., str], seconds: int) -> str:
    """A time played in the words of `t` (a translator's): ``42 s``,
    ``4 min 05 s``, ``2 h 05 min``."""
    minutes, secs = divmod(max(seconds, 0), 60)
    hours, minutes = divmod(minutes, 60)
    if hours:
        return t("replay.duration.hours", h=hours, m=f"{minutes:02}")
    if minutes:
        return t("replay.duration.minutes", m=minutes, s=f"{secs:02}")
    return t("replay.duration.seconds", s=secs)


def variant_name(t: Callable[..., str], variant: str) -> str:
    """A variant (``"2F"``) in the words of `t`: ``Medium · Flexible``; ``Easy`` at one suit."""
    level = t(f"screens.new.level.{variant[0]}")
    if variant[0] == "1":
        return level
    rule = t("screens.new.rule.classic" if variant[1] == "C" else "screens.new.rule.flexible")
    return t("screens.stats.variant_rule", level=level, rule=rule)


def result_of(game: Game) -> str:
    """How a game being left ended: won, lost (a dead end) or abandoned."""
    if game.is_won:
        return "won"
    stuck = next(game.legal_moves(), None) is None and not game.can_deal()
    return "lost" if stuck else "abandoned"


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """One game of the history."""

    when: datetime  # local, to the minute
    variant: str
    code: str | None  # None: a game typed as a position (no Play again, no Watch)
    result: str
    score: int
    moves: int
    seconds: int  # time played
    line: str | None  # the game as a shared line, to watch it again

    @classmethod
    def of(cls, game: Game, when: datetime, seconds: float, result: str | None = None) -> PlayedGame:
        from game.records.share import line_of

        line = line_of(game) if game.code is not None else None
        return cls(
            when=max(when.replace(second=0, microsecond=0, tzinfo=None), EARLIEST),
            variant=variant_of(game),
            code=game.code,
            result=result or result_of(game),
            score=min(max(game.score, 0), MAX_SCORE),
            moves=min(game.moves, MAX_COUNT),
            seconds=min(max(int(seconds), 0), MAX_COUNT),
            line=line if line is not None and len(line) <= MAX_LINE_KEPT else None,
        )

    def to_json(self) -> dict[str, object]:
        return {
            "when": self.when.isoformat(timespec="minutes"),  # years zero-padded, unlike strftime's %Y
            "variant": self.variant,
            "code": self.code,
            "result": self.result,
            "score": self.score,
            "moves": self.moves,
            "seconds": self.seconds,
            "line": self.line,
        }

    @classmethod
    def from_json(cls, data: object) -> PlayedGame:
        """One game from a file; `ImpossibleNumbers` for anything play cannot write."""
        from game.engine import InvalidCode
        from game.engine.codes import parse_code

        if not isinstance(data, Mapping):
            raise ImpossibleNumbers(f"expected an object, found {type(data).__name__}")
        when = data.get("when")
        try:
            moment = datetime.strptime(when, WHEN_FORMAT) if isinstance(when, str) and len(when) == 16 else None
        except ValueError:
            moment = None
        if moment is None or moment < EARLIEST:
            raise ImpossibleNumbers(f"when: {when!r:.40} is not a time like 2026-12-01T21:05")
        variant, code, result, line = data.get("variant"), data.get("code"), data.get("result"), data.get("line")
        if variant not in VARIANTS:
            raise ImpossibleNumbers(f"variant: {variant!r:.40} is not one of {', '.join(VARIANTS)}")
        if code is not None:
            try:
                suits, rule, _ = parse_code(code) if isinstance(code, str) and len(code) < 40 else (0, None, 0)
            except InvalidCode:
                suits = 0
            if not suits or f"{suits}{'C' if suits == 1 or rule is None else rule.letter}" != variant:
                raise ImpossibleNumbers(f"code: {code!r:.40} is not a code of {variant}")
        if result not in RESULTS:
            raise ImpossibleNumbers(f"result: {result!r:.40} is not won, lost or abandoned")
        numbers = {}
        for name, limit in (("score", MAX_SCORE), ("moves", MAX_COUNT), ("seconds", MAX_COUNT)):
            value = data.get(name)
            if not (isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= limit):
                raise ImpossibleNumbers(f"{name}: {value!r:.40} is not a count")
            numbers[name] = value
        if line is not None and not (
            isinstance(line, str) and code is not None and len(line) <= MAX_LINE_KEPT and line.startswith(f"{code}:")
        ):
            raise ImpossibleNumbers("line: not this game's line")
        return cls(moment, variant, code, result, line=line, **numbers)


class History:
    """The last games, newest first."""

    def __init__(self, games: list[PlayedGame] | None = None) -> None:
        self.games: list[PlayedGame] = list(games or [])[:MAX_GAMES]

    def add(self, game: PlayedGame) -> None:
        self.games.insert(0, game)
        del self.games[MAX_GAMES:]

    def last_scores(self, count: int = 30) -> list[tuple[int, bool]]:
        """The scores of the last `count` games, oldest first, each with whether it was won."""
        return [(g.score, g.result == "won") for g in reversed(self.games[:count])]

    def to_json(self) -> dict[str, Any]:
        return {"games": [g.to_json() for g in self.games]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> tuple[History, list[str]]:
        """The games of a decoded file and what was wrong: a game that cannot
        be read is left out, the others are kept."""
        games = data.get("games")
        if not isinstance(games, list):
            return cls(), [f"games: expected a list, found {type(games).__name__}"]
        good: list[PlayedGame] = []
        problems: list[str] = []
        if len(games) > MAX_GAMES:
            problems.append(f"games: {len(games)} is more than {MAX_GAMES}")
        for n, item in enumerate(games[:MAX_GAMES], 1):
            try:
                good.append(PlayedGame.from_json(item))
            except ImpossibleNumbers as err:
                problems.append(f"game {n}: {err}")
        return cls(good), problems
