"""Options: every change applies at once (``on_change``) and is kept across launches.

The screen edits its own copy of the settings and hands the whole new object
to ``on_change`` after each change; the caller applies it (animation speed,
fullscreen, language of the table…) and saves it. Switching the language
relabels this screen immediately, in the language just chosen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from arcade.gui import UIBoxLayout, UISpace, UIWidget

from ...i18n import Translator
from ...settings import ANIMATION_SPEEDS, LANGUAGES, Settings
from . import theme
from .base import Built, ScreenView

# The on/off options, in the order a player thinks of them: how to move
# cards first, then the look of the table.
TOGGLES = (
    "double_click",
    "auto_placement",
    "placement_help",
    "interactive_rules",
    "fullscreen",
    "four_colour",
)
LEFT_WIDTH = 480
CHOICE_WIDTH = 118
COMPACT_BELOW = 780


class OptionsView(ScreenView):
    def __init__(
        self,
        settings: Settings,
        translator: Translator,
        on_change: Callable[[Settings], None],
        on_close: Callable[[], None],
    ) -> None:
        self.settings = replace(settings)
        self._on_change = on_change
        self._on_close = on_close
        super().__init__(translator)

    # ---- actions -----------------------------------------------------------

    def _apply(self, focus: str, **changes: object) -> None:
        self.settings = replace(self.settings, **changes)  # type: ignore[arg-type]
        if "language" in changes:
            self.translator = Translator(self.settings.language)
        self.rebuild(focus=focus)
        self._on_change(replace(self.settings))

    def toggle(self, name: str) -> None:
        self._apply(name, **{name: not getattr(self.settings, name)})

    def choose_speed(self, speed: str) -> None:
        self._apply(f"speed.{speed}", animation_speed=speed)

    def choose_language(self, lang: str) -> None:
        self._apply(f"language.{lang}", language=lang)

    def on_back(self) -> None:
        self._on_close()

    # ---- widgets -----------------------------------------------------------

    @property
    def left_width(self) -> int:
        """Room for the option names: what the window leaves beside the widest
        control row (the four speeds), at most LEFT_WIDTH."""
        controls = len(ANIMATION_SPEEDS) * (CHOICE_WIDTH + 8)
        return max(300, min(LEFT_WIDTH, self.screen_size[0] - 48 - 48 - 24 - controls))

    def _row(self, title: str, hint: str | None, control: UIWidget) -> UIBoxLayout:
        text = UIBoxLayout(vertical=True, space_between=2, align="left")
        # Wrapped labels shrink to their text; this strut keeps every control
        # in one straight column whatever the language.
        text.add(UISpace(width=self.left_width, height=0))
        text.add(self.label(title, size=15, bold=True, width=self.left_width))
        # On a short window (720 px laptops) the explanations make way so
        # every control stays on screen; the titles alone still say it all.
        if hint and self.screen_size[1] >= COMPACT_BELOW:
            text.add(
                self.label(
                    hint,
                    size=theme.SMALL_SIZE,
                    color=theme.TEXT_DIM,
                    width=self.left_width,
                )
            )
        row = UIBoxLayout(vertical=False, space_between=24, align="center")
        row.add(text)
        row.add(control)
        return row

    def build(self) -> Built:
        t = self.t
        self.controls = {}
        rows = UIBoxLayout(vertical=True, space_between=10, align="left")
        for name in TOGGLES[:4]:
            rows.add(self._toggle_row(name))
        rows.add(
            self._row(
                t("screens.options.animation_speed"),
                None,
                self.choices(
                    "speed",
                    [(s, t(f"screens.options.speed.{s}")) for s in ANIMATION_SPEEDS],
                    self.settings.animation_speed,
                    self.choose_speed,
                    width=CHOICE_WIDTH,
                    height=38,
                ),
            )
        )
        rows.add(
            self._row(
                t("screens.options.language"),
                None,
                self.choices(
                    "language",
                    [(lang, t(f"screens.options.lang.{lang}")) for lang in LANGUAGES],
                    self.settings.language,
                    self.choose_language,
                    width=CHOICE_WIDTH,
                    height=38,
                ),
            )
        )
        for name in TOGGLES[4:]:
            rows.add(self._toggle_row(name))
        close = self.button(t("screens.close"), self.on_back, style=theme.selected_style(16))
        self.controls["close"] = close
        return Built(
            self.panel(
                self.label(t("screens.options.title"), size=theme.TITLE_SIZE, bold=True),
                rows,
                close,
                self.label(t("screens.keys_hint"), size=theme.SMALL_SIZE, color=theme.TEXT_DIM),
            ),
            self.controls,
            first=TOGGLES[0],
        )

    def _toggle_row(self, name: str) -> UIBoxLayout:
        on = getattr(self.settings, name)
        button = self.button(
            self.t("screens.on" if on else "screens.off"),
            lambda: self.toggle(name),
            width=CHOICE_WIDTH,
            height=38,
            style=theme.selected_style() if on else theme.button_style(),
        )
        self.controls[name] = button
        return self._row(
            self.t(f"screens.options.{name}"),
            self.t(f"screens.options.{name}_hint"),
            button,
        )
