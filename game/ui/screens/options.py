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

from game.records.settings import ANIMATION_SPEEDS, SOUND_VOLUMES, Settings
from game.system.speech import MISSING, Speaker
from game.ui.screens import theme
from game.ui.screens.base import Built, ScreenView
from game.words.i18n import LANGUAGES, Translator

# The on/off options, in the order a player thinks of them: how to move
# cards first (the first MOVING), then how the table speaks and shows.
# How the table and cards look (colours, backs, the deck) is in Appearance.
TOGGLES = (
    "double_click",
    "click_to_move",
    "auto_placement",
    "placement_help",
    "interactive_rules",
    "read_aloud",
    "fullscreen",
)
MOVING = 5
LEFT_WIDTH = 480  # design pixels, at most, for an option's name and hint
CHOICE_WIDTH = 100  # design pixels, at least, for each of the choice buttons
GAP = 24  # between the names and the controls


class OptionsView(ScreenView):
    def __init__(
        self,
        settings: Settings,
        translator: Translator,
        on_change: Callable[[Settings], None],
        on_close: Callable[[], None],
        speech: Speaker | None = None,
        on_appearance: Callable[[], None] | None = None,
        sound_missing: bool = False,
    ) -> None:
        self.settings = replace(settings)
        self.sound_missing = sound_missing  # no sound device: the Sound row says so
        # Read aloud needs a speech program: without one its hint says so.
        self.speech_missing = not (speech if speech is not None else Speaker()).available
        self._on_change = on_change
        self._on_close = on_close
        self._on_appearance = on_appearance  # opens the Appearance dialog (table, backs, deck)
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

    def choose_sound(self, volume: str) -> None:
        """Off, or on at a volume step."""
        if volume == "off":
            self._apply("sound.off", sound=False)
        else:
            self._apply(f"sound.{volume}", sound=True, sound_volume=volume)

    def on_back(self) -> None:
        self._on_close()

    # ---- widgets -----------------------------------------------------------

    @property
    def choice_width(self) -> int:
        """One width for every choice button (a straight grid), enough for
        the longest caption in this language."""
        t = self.t
        captions = [t("screens.on"), t("screens.off")]
        captions += [t(f"screens.options.speed.{s}") for s in ANIMATION_SPEEDS]
        captions += [t(f"screens.options.lang.{lang}") for lang in LANGUAGES]
        captions += [t(f"sound.volume.{v}") for v in ("off", *SOUND_VOLUMES)]
        return max(self.button_width(c, CHOICE_WIDTH) for c in captions)

    @property
    def control_height(self) -> int:
        """The buttons' design height: lower on a denser panel (eleven rows at 800x600)."""
        return (38, 34, 28)[min(self.dense, 2)]

    @property
    def left_width(self) -> int:
        """Room for the option names: what the panel leaves beside the widest
        row of choices (the four speeds), at most LEFT_WIDTH."""
        widest = max(len(ANIMATION_SPEEDS), len(LANGUAGES))
        controls = widest * self.choice_width + (widest - 1) * self.px(8)
        return min(self.px(LEFT_WIDTH), self.content_width - self.px(GAP) - controls)

    def _row(self, title: str, hint: str | None, control: UIWidget, always: bool = False) -> UIBoxLayout:
        text = UIBoxLayout(vertical=True, space_between=self.px(2), align="left")
        # Wrapped labels shrink to their text; this strut keeps every control
        # in one straight column whatever the language.
        text.add(UISpace(width=self.left_width, height=0))
        text.add(self.label(title, size=15, bold=True, width=self.left_width))
        # On a short window the explanations make way so every control stays
        # on screen; the titles alone still say it all.
        if hint and (self.hints or always):  # `always`: a note the player must see
            text.add(self.label(hint, size=theme.SMALL_SIZE, color=theme.TEXT_DIM, width=self.left_width))
        row = UIBoxLayout(vertical=False, space_between=self.px(GAP), align="center")
        row.add(text)
        row.add(control)
        return row

    def build(self) -> Built:
        t = self.t
        self.controls = {}
        rows = UIBoxLayout(vertical=True, space_between=self.gap(10), align="left")
        for name in TOGGLES[:MOVING]:
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
                    width=self.choice_width,
                    height=self.control_height,
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
                    width=self.choice_width,
                    height=self.control_height,
                ),
            )
        )
        rows.add(self._sound_row())
        for name in TOGGLES[MOVING:]:
            rows.add(self._toggle_row(name))
        close = self.button(t("screens.close"), self.on_back, kind="selected", size=16)
        buttons = UIBoxLayout(vertical=False, space_between=self.px(16))
        if self._on_appearance is not None:
            appearance = self.button(t("appearance.open"), self._on_appearance, size=16)
            self.controls["appearance"] = appearance
            buttons.add(appearance)
        buttons.add(close)
        self.controls["close"] = close
        parts: list[UIWidget] = [
            self.label(t("screens.options.title"), size=theme.TITLE_SIZE, bold=True),
            rows,
            buttons,
        ]
        if self.hints:  # on the densest panel (800x600 in Italian) the keys' hint makes way too
            parts.append(self.label(t("screens.keys_hint"), size=theme.SMALL_SIZE, color=theme.TEXT_DIM))
        return Built(
            self.panel(*parts),
            self.controls,
            first=TOGGLES[0],
        )

    def _sound_row(self) -> UIBoxLayout:
        """Sound: Off, Quiet, Medium, Loud (one row: off, or on at a volume)."""
        t = self.t
        chosen = self.settings.sound_volume if self.settings.sound else "off"
        steps = [(v, t(f"sound.volume.{v}")) for v in ("off", *SOUND_VOLUMES)]
        control = self.choices(
            "sound", steps, chosen, self.choose_sound, width=self.choice_width, height=self.control_height
        )
        # No device: the title says so, and (room permitting) a note says what it means.
        if self.sound_missing:
            return self._row(t("sound.options.title_missing"), t("sound.options.missing"), control)
        return self._row(t("sound.options.title"), None, control)

    def _toggle_row(self, name: str) -> UIBoxLayout:
        on = getattr(self.settings, name)
        button = self.button(
            self.t("screens.on" if on else "screens.off"),
            lambda: self.toggle(name),
            exact_width=self.choice_width,
            height=self.control_height,
            kind="selected" if on else "plain",
        )
        self.controls[name] = button
        if name == "read_aloud" and self.speech_missing:
            return self._row(self.t(f"screens.options.{name}"), self.t(MISSING), button, always=True)
        return self._row(self.t(f"screens.options.{name}"), self.t(f"screens.options.{name}_hint"), button)
