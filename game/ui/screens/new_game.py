"""New game: difficulty (1, 2 or 4 suits), rule, or a game code to replay one deal."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import arcade
from arcade.gui import UIAnchorLayout, UIBoxLayout, UIInputText, UILabel, UIWidget
from arcade.gui.events import (
    UIEvent,
    UIKeyPressEvent,
    UIOnChangeEvent,
    UITextInputEvent,
)
from arcade.gui.property import bind
from arcade.gui.surface import Surface
from pyglet.event import EVENT_HANDLED

from game.engine import Game, InvalidCode, Rule
from game.engine.codes import parse_code
from game.records.share import MAX_LINE, SEPARATOR, SharedGame, ShareError
from game.records.share import parse as parse_line
from game.system import internals
from game.ui.render import clipboard
from game.ui.screens import theme
from game.ui.screens.base import Built, ScreenView, line_height
from game.words.i18n import Translator

SUITS = (1, 2, 4)
# Longer than any code with spaces around it; stops a pasted essay.
MAX_CODE_LENGTH = 40


class CodeField(UIInputText):
    """The game-code field: one border (gold while it has the focus, red
    while its code is refused) and room around the text. Arcade's text field
    cannot paste (its caret has no window), so Ctrl+V (Cmd+V on macOS) is
    handled here; only the first line of the clipboard is taken, since a
    code is one line."""

    def __init__(self, text: str, width: int, height: int, font_size: float, pad: int) -> None:
        dark = (0, 0, 0, 90)
        super().__init__(
            text=text,
            width=width,
            height=height,
            font_name=theme.FONT,
            font_size=font_size,
            text_color=theme.TEXT,
            caret_color=theme.GOLD,
            style={
                "normal": UIInputText.UIStyle(bg=dark, border=theme.TEXT_DIM, border_width=1),
                "hover": UIInputText.UIStyle(bg=dark, border=theme.GOLD, border_width=2),
                "press": UIInputText.UIStyle(bg=dark, border=theme.GOLD, border_width=2),
                "disabled": UIInputText.UIStyle(bg=(60, 60, 60, 255)),
                "invalid": UIInputText.UIStyle(bg=(120, 30, 20, 120), border=theme.ERROR, border_width=2),
            },
        )
        # The text's line centred in the field, off the border on the left.
        line = int(line_height(font_size))
        vertical = max(0, (height - line) // 2)
        self.with_padding(left=pad, right=pad, top=vertical, bottom=vertical)
        # Restyled when the focus comes or goes too (arcade does it on hover and press only).
        restyle = internals.get(CodeField, internals.APPLY_STYLE)
        if restyle is not None:
            bind(self, "focused", restyle)

    def get_current_state(self) -> str:
        # The focus is shown by the border itself, not by a second frame.
        if self.disabled:
            return "disabled"
        if self.invalid:
            return "invalid"
        if self.focused or self.pressed or self.hovered:
            return "hover"
        return "normal"

    def do_render_focus(self, surface: Surface) -> None:
        """No extra frame: the border turns gold instead (see get_current_state)."""

    def on_event(self, event: UIEvent) -> bool | None:
        if isinstance(event, UITextInputEvent) and not event.text.isprintable():
            # Enter also arrives as the text "\r" after its key press; a code
            # is one line, so line breaks and tabs are never typed into it.
            return EVENT_HANDLED
        if (
            self.active
            and isinstance(event, UIKeyPressEvent)
            and event.symbol == arcade.key.V
            and event.modifiers & (arcade.key.MOD_CTRL | arcade.key.MOD_COMMAND)
        ):
            self.paste(clipboard.read(arcade.get_window()) or "")
            return EVENT_HANDLED
        return super().on_event(event)

    def paste(self, clipboard: str) -> None:
        lines = clipboard.strip().splitlines()
        if not lines:
            return
        pos = self.caret.position
        if SEPARATOR in clipboard:  # a shared game's line, perhaps wrapped by a mail program: whole, unwrapped
            inserted = "".join(clipboard.split())[: max(0, MAX_LINE - len(self.text))]
        else:
            inserted = lines[0].strip()[: max(0, MAX_CODE_LENGTH - len(self.text))]
        self.text = self.text[:pos] + inserted + self.text[pos:]
        self.caret.position = pos + len(inserted)


class NewGameView(ScreenView):
    """Choose a difficulty and a rule, or enter a code, then Play.

    ``on_play(game)`` receives the new game (already dealt, not yet shown);
    ``on_cancel()`` is called by Cancel and Esc. A bad code is explained under
    the field and never starts a game. A valid code sets the buttons to its
    variant; choosing a button afterwards clears the code, so what the
    buttons show is always what Play starts.
    """

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
        self.suits = current_suits if current_suits in SUITS else 1
        # The rule is remembered even while one suit hides it, so going
        # 4 → 1 → 4 suits keeps the player's Flexible.
        self.rule = Rule(current_rule)
        self.code_text = ""
        self.error = ""
        self._on_play = on_play
        self._on_cancel = on_cancel
        self._on_watch = on_watch
        self._on_daily = on_daily
        self._seed = seed
        self.code_field: CodeField | None = None
        self._error_label: UILabel | None = None
        self._shown_rule = self.rule
        super().__init__(translator)

    # ---- actions -----------------------------------------------------------

    def choose_suits(self, suits: int) -> None:
        self.suits = suits
        self.code_text = ""
        self.error = ""
        self.rebuild(focus=f"suits.{suits}")

    def choose_rule(self, rule: str) -> None:
        self.rule = Rule(rule)
        self.code_text = ""
        self.error = ""
        self.rebuild(focus=f"rule.{rule}")

    def play(self) -> None:
        """Start the typed code, or else a random deal of the chosen variant."""
        code = self.code_text.strip()
        if SEPARATOR in code and self._on_watch is not None:  # a shared game's line: watch it
            self._watch(code)
            return
        if code:
            try:
                game = Game.from_code(code)
            except InvalidCode as err:
                self.error = self.t(f"screens.new.error.{err.part}")
                self.rebuild(focus="code")
                return
        else:
            game = Game.random(self.suits, self.rule, seed=self._seed)
        self._on_play(game)

    def _watch(self, line: str) -> None:
        try:
            shared = parse_line(line)
        except ShareError as err:
            if err.what == "cut" and err.action is None:
                self.error = self.t("replay.error.cut_code")
            else:
                self.error = self.t(f"replay.error.{err.what}", n=err.action or 0)
            self.rebuild(focus="code")
            return
        assert self._on_watch is not None
        self._on_watch(shared)

    def play_daily(self) -> None:
        """Today's deal of the chosen variant (docs/RULES.md §14)."""
        if self._on_daily is not None:
            rule = "C" if self.suits == 1 else self.rule.letter
            self._on_daily(f"{self.suits}{rule}")

    def on_back(self) -> None:
        self._on_cancel()

    # ---- the code field ------------------------------------------------------

    def _code_changed(self, event: UIOnChangeEvent) -> None:
        self.code_text = event.new_value
        if self.error:
            # The old error no longer describes what is typed: clear it in place.
            self.error = ""
            if self.code_field is not None:
                self.code_field.invalid = False
            if self._error_label is not None:
                self._error_label.text = ""
        try:
            suits, rule, _ = parse_code(self.code_text)
        except InvalidCode:
            return  # half typed: the buttons keep what they show
        if suits != 1:
            self.rule = rule  # one suit keeps the remembered rule for later
        if suits != self.suits or (suits != 1 and self._shown_rule != rule):
            self.suits = suits
            field = self.code_field
            caret = field.caret.position if field is not None else len(self.code_text)
            self.rebuild(focus="code")
            if self.code_field is not None:
                self.code_field.caret.position = caret

    # ---- widgets -----------------------------------------------------------

    def heading(self, text: str) -> UILabel:
        return self.label(text, size=theme.HEADING_SIZE, bold=True, color=theme.GOLD)

    def _levels(self, controls: dict[str, UIWidget]) -> UIBoxLayout:
        """Difficulty: three buttons, each with its number of suits under it."""
        t = self.t
        width = max(self.button_width(t(f"screens.new.level.{n}"), 200, 16) for n in SUITS)
        width = min(width, (self.content_width - 2 * self.px(12)) // 3)
        levels = UIBoxLayout(vertical=False, space_between=self.px(12))
        for n in SUITS:
            col = UIBoxLayout(vertical=True, space_between=self.px(4))
            controls[f"suits.{n}"] = button = self.button(
                t(f"screens.new.level.{n}"),
                partial(self.choose_suits, n),
                exact_width=width,
                height=48,
                kind="selected" if n == self.suits else "plain",
                size=16,
            )
            col.add(button)
            col.add(self.label(t(f"screens.new.suits.{n}"), size=theme.SMALL_SIZE, color=theme.TEXT_DIM))
            levels.add(col)
        return levels

    def _rule_area(self, controls: dict[str, UIWidget]) -> UIAnchorLayout:
        """The rule's choices and hint, or the one-suit note, in a space of
        one fixed height, so the panel never jumps when they swap."""
        t = self.t
        width = self.content_width
        hint_lines = 2 if self.hints else 0
        height = self.px(44) + self.gap(8) + int(hint_lines * line_height(self.pt(theme.BODY_SIZE)))
        area = UIAnchorLayout(size_hint=None, width=width, height=height)
        box = UIBoxLayout(vertical=True, space_between=self.gap(8), align="center")
        self._shown_rule = self.rule
        if self.suits == 1:
            box.add(self.label(t("screens.new.one_suit_note"), color=theme.TEXT_DIM, width=width, align="center"))
            area.add(box, anchor_x="center", anchor_y="center")
            return area
        choice = max(self.button_width(t(f"screens.new.rule.{r.value}"), 200) for r in Rule)
        box.add(
            self.choices(
                "rule",
                [(r.value, t(f"screens.new.rule.{r.value}")) for r in Rule],
                self.rule.value,
                self.choose_rule,
                width=choice,
                height=44,
            )
        )
        controls.update((k, v) for k, v in self.controls.items() if k.startswith("rule."))
        if self.hints:
            text = t(f"screens.new.rule_hint.{self.rule.value}")
            box.add(self.label(text, color=theme.TEXT_DIM, width=width, align="center"))
        area.add(box, anchor_x="center", anchor_y="top")
        return area

    def _code_area(self, controls: dict[str, UIWidget]) -> UIBoxLayout:
        """The field, then one fixed-height line for its error."""
        width = self.content_width
        field = CodeField(
            self.code_text,
            min(width, self.px(460)),
            self.px(40),
            self.pt(16),
            self.px(10),
        )
        field.invalid = bool(self.error)
        field.set_handler("on_change", self._code_changed)
        self.code_field = field
        controls["code"] = field
        box = UIBoxLayout(vertical=True, space_between=self.gap(6), align="center")
        box.add(field)
        # Two lines are kept for the error (the longest wraps at 800 px), empty or not.
        lines = int(2 * line_height(self.pt(theme.BODY_SIZE)))
        error_area = UIAnchorLayout(size_hint=None, width=width, height=lines)
        self._error_label = self.label(self.error, color=theme.ERROR, width=width, align="center")
        error_area.add(self._error_label, anchor_x="center", anchor_y="top")
        box.add(error_area)
        if self.hints:
            hint = self.t("screens.new.code_hint")
            box.add(self.label(hint, size=theme.SMALL_SIZE, color=theme.TEXT_DIM, width=width, align="center"))
        return box

    def build(self) -> Built:
        t = self.t
        self.controls = {}
        controls: dict[str, UIWidget] = {}
        levels = self._levels(controls)
        rule = self._rule_area(controls)
        code = self._code_area(controls)
        buttons = UIBoxLayout(vertical=False, space_between=self.px(16))
        controls["play"] = self.button(t("screens.new.play"), self.play, kind="selected", size=16)
        controls["cancel"] = self.button(t("screens.cancel"), self.on_back)
        buttons.add(controls["play"])
        if self._on_daily is not None:
            controls["daily"] = self.button(t("replay.daily.button"), self.play_daily)
            buttons.add(controls["daily"])
        buttons.add(controls["cancel"])
        self.ring.on_submit = self.play
        parts: list[UIWidget] = [
            self.label(t("screens.new.title"), size=theme.TITLE_SIZE, bold=True),
            self.heading(t("screens.new.difficulty")),
            levels,
            self.heading(t("screens.new.rule")),
            rule,
            self.heading(t("screens.new.code")),
            code,
            buttons,
        ]
        if self.hints:
            parts.append(self.label(t("screens.keys_hint"), size=theme.SMALL_SIZE, color=theme.TEXT_DIM))
        # Reading order for Tab: difficulty, rule, code, Play, Cancel.
        order = [k for k in controls if k.startswith("suits.")]
        order += [k for k in controls if k.startswith("rule.")]
        order += ["code", "play", *(["daily"] if "daily" in controls else []), "cancel"]
        return Built(self.panel(*parts, space_between=12), {k: controls[k] for k in order}, first="play")
