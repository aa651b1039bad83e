"""New game: difficulty (1, 2 or 4 suits), rule, or a game code to replay one deal."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import arcade
from arcade.gui import UIBoxLayout, UIInputText, UIWidget
from arcade.gui.events import (
    UIEvent,
    UIKeyPressEvent,
    UIOnChangeEvent,
    UITextInputEvent,
)
from pyglet.event import EVENT_HANDLED

from ...engine import Game, InvalidCode, Rule
from ...i18n import Translator
from . import theme
from .base import Built, ScreenView, read_clipboard

SUITS = (1, 2, 4)
# Longer than any code with spaces around it; stops a pasted essay.
MAX_CODE_LENGTH = 40


class CodeField(UIInputText):
    """The game-code field. Arcade's text field cannot paste (its caret has no
    window), so Ctrl+V (Cmd+V on macOS) is handled here; only the first line of
    the clipboard is taken, since a code is one line."""

    def __init__(self, text: str, width: int) -> None:
        super().__init__(
            text=text,
            width=width,
            height=40,
            font_name=theme.FONT,
            font_size=16,
            text_color=theme.TEXT,
            caret_color=theme.GOLD,
            style={
                "normal": UIInputText.UIStyle(bg=(0, 0, 0, 90), border=theme.TEXT_DIM, border_width=1),
                "hover": UIInputText.UIStyle(bg=(0, 0, 0, 90), border=theme.GOLD, border_width=2),
                "press": UIInputText.UIStyle(bg=(0, 0, 0, 90), border=theme.GOLD, border_width=2),
                "disabled": UIInputText.UIStyle(bg=(60, 60, 60, 255)),
                "invalid": UIInputText.UIStyle(bg=(120, 30, 20, 120), border=theme.ERROR, border_width=2),
            },
        )
        self.with_padding(left=8, right=8, top=6)

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
            self.paste(read_clipboard(arcade.get_window()) or "")
            return EVENT_HANDLED
        return super().on_event(event)

    def paste(self, clipboard: str) -> None:
        lines = clipboard.strip().splitlines()
        if not lines:
            return
        pos = self.caret.position
        inserted = lines[0].strip()[: max(0, MAX_CODE_LENGTH - len(self.text))]
        self.text = self.text[:pos] + inserted + self.text[pos:]
        self.caret.position = pos + len(inserted)


class NewGameView(ScreenView):
    """Choose a difficulty and a rule, or enter a code, then Play.

    ``on_play(game)`` receives the new game (already dealt, not yet shown);
    ``on_cancel()`` is called by Cancel and Esc. A bad code is explained under
    the field and never starts a game.
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
    ) -> None:
        self.suits = current_suits if current_suits in SUITS else 1
        # The rule is remembered even while one suit hides it, so going
        # 4 → 1 → 4 suits keeps the player's Flexible.
        self.rule = Rule(current_rule)
        self.code_text = ""
        self.error = ""
        self._on_play = on_play
        self._on_cancel = on_cancel
        self._seed = seed
        self.code_field: CodeField | None = None
        super().__init__(translator)

    # ---- actions -----------------------------------------------------------

    def choose_suits(self, suits: int) -> None:
        self.suits = suits
        self.rebuild(focus=f"suits.{suits}")

    def choose_rule(self, rule: str) -> None:
        self.rule = Rule(rule)
        self.rebuild(focus=f"rule.{rule}")

    def play(self) -> None:
        """Start the typed code, or else a random deal of the chosen variant."""
        code = self.code_text.strip()
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

    def on_back(self) -> None:
        self._on_cancel()

    # ---- widgets -----------------------------------------------------------

    def _code_changed(self, event: UIOnChangeEvent) -> None:
        self.code_text = event.new_value
        if self.error:
            # The old error no longer describes what is typed: clear it in place.
            self.error = ""
            if self.code_field is not None:
                self.code_field.invalid = False
            self._error_label.text = ""

    def build(self) -> Built:
        t = self.t
        width = min(self.panel_width, 760)
        controls: dict[str, UIWidget] = {}
        self.controls = controls

        title = self.label(t("screens.new.title"), size=theme.TITLE_SIZE, bold=True)

        # Difficulty: three buttons, each with its number of suits under it.
        levels = UIBoxLayout(vertical=False, space_between=12)
        for n in SUITS:
            col = UIBoxLayout(vertical=True, space_between=4)
            style = theme.selected_style(16) if n == self.suits else theme.button_style(16)
            button = self.button(
                t(f"screens.new.level.{n}"),
                partial(self.choose_suits, n),
                width=200,
                height=48,
                style=style,
            )
            controls[f"suits.{n}"] = button
            col.add(button)
            col.add(
                self.label(
                    t(f"screens.new.suits.{n}"),
                    size=theme.SMALL_SIZE,
                    color=theme.TEXT_DIM,
                )
            )
            levels.add(col)

        section = UIBoxLayout(vertical=True, space_between=10, align="left")
        section.add(
            self.label(
                t("screens.new.difficulty"),
                size=theme.HEADING_SIZE,
                bold=True,
                color=theme.GOLD,
            )
        )
        section.add(levels)

        section.add(
            self.label(
                t("screens.new.rule"),
                size=theme.HEADING_SIZE,
                bold=True,
                color=theme.GOLD,
            )
        )
        if self.suits == 1:
            section.add(
                self.label(
                    t("screens.new.one_suit_note"),
                    color=theme.TEXT_DIM,
                    width=width - 48,
                )
            )
        else:
            section.add(
                self.choices(
                    "rule",
                    [(r.value, t(f"screens.new.rule.{r.value}")) for r in Rule],
                    self.rule.value,
                    self.choose_rule,
                    width=200,
                    height=44,
                )
            )
            section.add(
                self.label(
                    t(f"screens.new.rule_hint.{self.rule.value}"),
                    color=theme.TEXT_DIM,
                    width=width - 48,
                )
            )

        section.add(
            self.label(
                t("screens.new.code"),
                size=theme.HEADING_SIZE,
                bold=True,
                color=theme.GOLD,
            )
        )
        field = CodeField(self.code_text, width - 48)
        field.invalid = bool(self.error)
        field.set_handler("on_change", self._code_changed)
        self.code_field = field
        controls["code"] = field
        section.add(field)
        self._error_label = self.label(self.error, color=theme.ERROR, width=width - 48)
        section.add(self._error_label)
        section.add(
            self.label(
                t("screens.new.code_hint"),
                size=theme.SMALL_SIZE,
                color=theme.TEXT_DIM,
                width=width - 48,
            )
        )

        buttons = UIBoxLayout(vertical=False, space_between=16)
        controls["play"] = self.button(t("screens.new.play"), self.play, style=theme.selected_style(16))
        controls["cancel"] = self.button(t("screens.cancel"), self.on_back)
        buttons.add(controls["play"])
        buttons.add(controls["cancel"])

        hint = self.label(t("screens.keys_hint"), size=theme.SMALL_SIZE, color=theme.TEXT_DIM)
        self.ring.on_submit = self.play
        # Reading order for Tab: difficulty, rule, code, Play, Cancel.
        order = [k for k in controls if k.startswith("suits.")]
        order += [k for k in controls if k.startswith("rule.")]
        order += ["code", "play", "cancel"]
        return Built(
            self.panel(title, section, buttons, hint),
            {k: controls[k] for k in order},
            first="play",
        )
