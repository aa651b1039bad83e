"""New game: difficulty (1, 2 or 4 suits), rule, or a game code to replay one deal."""

from __future__ import annotations

from collections.abc import Callable

from game.engine import Game, InvalidCode, Rule
from game.engine.codes import parse_code
from game.records.share import MAX_LINE, SEPARATOR, SharedGame, ShareError
from game.records.share import parse as parse_line
from game.ui.panel import look
from game.ui.panel.boxes import Box, Group, Stack
from game.ui.panel.nodes import Field, Radio, Text
from game.ui.screens.base import Screen
from game.words.i18n import Translator

SUITS = (1, 2, 4)
# Longer than any code with spaces around it; stops a pasted essay.
MAX_CODE_LENGTH = 40


class CodeField(Field):
    """The game-code field. A paste (Ctrl+V, Cmd+V on macOS) takes only the
    first line of the clipboard, since a code is one line; a shared game's
    line is taken whole, unwrapped (a mail program may have broken it)."""

    def paste(self, clipboard: str) -> None:
        lines = clipboard.strip().splitlines()
        if not lines:
            return
        pos = min(self.caret, len(self.text))
        if SEPARATOR in clipboard:
            inserted = "".join(clipboard.split())[: max(0, MAX_LINE - len(self.text))]
        else:
            inserted = lines[0].strip()[: max(0, MAX_CODE_LENGTH - len(self.text))]
        self.set_text(self.text[:pos] + inserted + self.text[pos:], pos + len(inserted))


class NewGameScreen(Screen):
    """Choose a difficulty and a rule, or enter a code, then Play.

    ``on_play(game)`` receives the new game (already dealt, not yet shown);
    ``on_cancel()`` is called by Cancel and Esc. A bad code is explained under
    the field and never starts a game. A valid code sets the buttons to its
    variant; choosing a button afterwards clears the code, so what the
    buttons show is always what Play starts.
    """

    title = "screens.new.title"
    first = "play"

    def __init__(
        self,
        translator: Translator,
        current_suits: int,
        current_rule: Rule,
        on_play: Callable[[Game], None],
        on_cancel: Callable[[], None],
        *,
        seed: int | None = None,
        on_watch: Callable[[SharedGame], None] | None = None,
        on_daily: Callable[[str], None] | None = None,
    ) -> None:
        self.suits = 1
        self.rule = Rule.CLASSIC
        self.error = ""
        self._on_play = on_play
        self._on_cancel = on_cancel
        self._on_watch = on_watch
        self._on_daily = on_daily
        self._seed = seed
        super().__init__(translator)
        self.reset(current_suits, current_rule)

    def reset(self, suits: int, rule: Rule) -> None:
        """Opened again: the variant of the game in progress, no code, no error."""
        self.suits = suits if suits in SUITS else 1
        # The rule is remembered even while one suit hides it, so going
        # 4 → 1 → 4 suits keeps the player's Flexible.
        self.rule = Rule(rule)
        self.code.set_text("")
        self.error = ""
        self.touch()

    @property
    def code_text(self) -> str:
        return self.code.text

    @code_text.setter
    def code_text(self, text: str) -> None:
        self.code.set_text(text)

    # ---- actions -----------------------------------------------------------

    def choose_suits(self, suits: int) -> None:
        self.suits = suits
        self._clear_code()

    def choose_rule(self, rule: str) -> None:
        self.rule = Rule(rule)
        self._clear_code()

    def _clear_code(self) -> None:
        self.code.set_text("")
        self.error = ""
        self.touch()

    def play(self) -> None:
        """Start the typed code, or else a random deal of the chosen variant."""
        code = self.code.text.strip()
        if SEPARATOR in code and self._on_watch is not None:  # a shared game's line: watch it
            self._watch(code)
            return
        if code:
            try:
                game = Game.from_code(code)
            except InvalidCode as err:
                self._refuse(self.t(f"screens.new.error.{err.part}"))
                return
        else:
            game = Game.random(self.suits, self.rule, seed=self._seed)
        self._on_play(game)

    def _refuse(self, error: str) -> None:
        self.error = error
        self.focus("code")
        self.touch()

    def _watch(self, line: str) -> None:
        try:
            shared = parse_line(line)
        except ShareError as err:
            if err.what == "cut" and err.action is None:
                self._refuse(self.t("replay.error.cut_code"))
            else:
                self._refuse(self.t(f"replay.error.{err.what}", n=err.action or 0))
            return
        assert self._on_watch is not None
        self._on_watch(shared)

    def play_daily(self) -> None:
        """The deal of the day's calendar, to play the chosen variant (docs/RULES.md §14)."""
        if self._on_daily is not None:
            rule = "C" if self.suits == 1 else self.rule.letter
            self._on_daily(f"{self.suits}{rule}")

    def on_back(self) -> None:
        self._on_cancel()

    def _code_changed(self, text: str) -> None:
        # The old error no longer describes what is typed.
        self.error = ""
        self.touch()
        try:  # a code, or a shared game's line (its code before the first colon)
            suits, rule, _ = parse_code(text.split(SEPARATOR, 1)[0])
        except InvalidCode:
            return  # half typed: the buttons keep what they show
        if suits != 1:
            self.rule = rule  # one suit keeps the remembered rule for later
        self.suits = suits

    # ---- nodes -------------------------------------------------------------

    def heading(self, key: str) -> Text:
        """A part's title; it names the choice or the field under it, which a screen reader hears named so."""
        return Text(self.say(key), size=look.HEADING_SIZE, bold=True, colour=look.GOLD, names_control=True)

    def _level_width(self) -> float:
        width = max(self.button_width(self.t(f"screens.new.level.{n}"), 200, 16) for n in SUITS)
        return min(width, (self.content_width - 2 * self.px(12)) // 3)

    def _play_caption(self) -> str:
        watching = SEPARATOR in self.code.text and self._on_watch is not None
        return self.t("replay.history.watch" if watching else "screens.new.play")

    def _is_level(self, suits: int) -> Callable[[], bool]:
        return lambda: self.suits == suits

    def _choose_level(self, suits: int) -> Callable[[], None]:
        return lambda: self.choose_suits(suits)

    def _levels(self) -> Group:
        """Difficulty: three buttons, each with its number of suits under it (read as its description)."""
        columns = []
        for n in SUITS:
            radio = Radio(
                f"suits.{n}",
                self.say(f"screens.new.level.{n}"),
                self._is_level(n),
                self._choose_level(n),
                width=self._level_width,
                height=48,
                size=16,
                exact=True,
            )
            suits = self.say(f"screens.new.suits.{n}")
            radio.description = suits
            columns.append(
                Box(radio, Text(suits, size=look.SMALL_SIZE, colour=look.TEXT_DIM, names_control=True), gap=4)
            )
        return Group(self.say("screens.new.difficulty"), *columns, gap=12)

    def _rule_area(self) -> Stack:
        """The rule's choices and hint, or the one-suit note, in one place as
        high as the highest of them, so the panel never jumps when they swap."""
        one_suit = lambda: self.suits == 1  # noqa: E731
        choices = self.choices(
            "rule",
            self.say("screens.new.rule"),
            [(r.value, self.say(f"screens.new.rule.{r.value}")) for r in Rule],
            lambda: self.rule.value,
            lambda value: self.choose_rule(value),
            width=lambda: max(self.button_width(self.t(f"screens.new.rule.{r.value}"), 200) for r in Rule),
            height=44,
        )
        hint = Text(
            lambda: self.t(f"screens.new.rule_hint.{self.rule.value}"),
            colour=look.TEXT_DIM,
            wrap=True,
            align="center",
            lines=2,
            hint=True,
        )
        note = Text(
            self.say("screens.new.one_suit_note"), colour=look.TEXT_DIM, wrap=True, align="center", shown=one_suit
        )
        return Stack(Box(choices, hint, gap=8, shown=lambda: not one_suit()), note, align="start")

    def _code_area(self) -> Box:
        """The field, then two lines kept for its error (said or not), then a hint."""
        self.code = CodeField(
            "code",
            self.say("screens.new.code"),
            width=lambda: min(self.content_width, self.px(460)),
            height=40,
            size=16,
            invalid=lambda: bool(self.error),
            on_change=self._code_changed,
            on_submit=lambda: self.play(),
        )
        return Box(
            self.code,
            Text(lambda: self.error, colour=look.ERROR, wrap=True, align="center", lines=2),
            Text(
                self.say("screens.new.code_hint"),
                size=look.SMALL_SIZE,
                colour=look.TEXT_DIM,
                wrap=True,
                align="center",
                hint=True,
            ),
            gap=6,
        )

    def build(self) -> Box:
        buttons = Box(row=True, gap=16)
        play = self.button("play", "screens.new.play", lambda: self.play(), kind="selected", size=16)
        play.caption = play.label = self._play_caption  # a shared game's line is watched, not played
        play.width = lambda: max(
            self.button_width(self.t(k), 180, 16) for k in ("screens.new.play", "replay.history.watch")
        )
        play.exact = True  # as wide for Watch as for Play: nothing moves when a line is pasted
        buttons.add(play)
        if self._on_daily is not None:
            buttons.add(self.button("daily", "daily.calendar.open", lambda: self.play_daily()))
        buttons.add(self.button("cancel", "screens.cancel", lambda: self.on_back()))
        return self.panel(
            self.title_text(),
            self.heading("screens.new.difficulty"),
            self._levels(),
            self.heading("screens.new.rule"),
            self._rule_area(),
            self.heading("screens.new.code"),
            self._code_area(),
            buttons,
            self.keys_hint(),
            gap=12,
        )
