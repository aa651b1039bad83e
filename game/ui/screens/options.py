"""Options: every change applies at once (``on_change``) and is kept across launches.

The screen edits its own copy of the settings and hands the whole new object
to ``on_change`` after each change; the caller applies it (animation speed,
fullscreen, language of the table…) and saves it. Switching the language
relabels this screen immediately, in the language just chosen. Each on/off
option is a switch named by its option; each one-of-several choice a radio
group named by its option.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from game.records.settings import ANIMATION_SPEEDS, SOUND_VOLUMES, Settings
from game.system.speech import MISSING, Speaker
from game.ui.panel import look
from game.ui.panel.boxes import Box, Group
from game.ui.panel.nodes import Control, Node, Say, Text
from game.ui.screens.base import Screen
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
    "show_score_time",
    "fullscreen",
)
MOVING = 5
LEFT_WIDTH = 480  # design pixels, at most, for an option's name and hint
CHOICE_WIDTH = 100  # design pixels, at least, for each of the choice buttons
GAP = 24  # between the names and the controls
CONTROL_HEIGHT = (38, 34, 28)  # design pixels: lower on a denser panel (eleven rows at 800x600)


class OptionsScreen(Screen):
    title = "screens.options.title"
    first = TOGGLES[0]

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

    def reset(self, settings: Settings, sound_missing: bool) -> None:
        """Opened again: show the settings as they are now (F11 and M change them from the table)."""
        self.settings = replace(settings)
        self.sound_missing = sound_missing
        self.touch()

    # ---- actions -----------------------------------------------------------

    def _apply(self, **changes: object) -> None:
        self.settings = replace(self.settings, **changes)  # type: ignore[arg-type]
        if "language" in changes:
            self.use(Translator(self.settings.language))
        self.touch()
        self._on_change(replace(self.settings))

    def toggle(self, name: str) -> None:
        self._apply(**{name: not getattr(self.settings, name)})

    def choose_speed(self, speed: str) -> None:
        self._apply(animation_speed=speed)

    def choose_language(self, lang: str) -> None:
        self._apply(language=lang)

    def choose_sound(self, volume: str) -> None:
        """Off, or on at a volume step."""
        if volume == "off":
            self._apply(sound=False)
        else:
            self._apply(sound=True, sound_volume=volume)

    def on_back(self) -> None:
        self._on_close()

    # ---- sizes -------------------------------------------------------------

    def choice_width(self) -> float:
        """One width for every choice button (a straight grid), enough for
        the longest caption in this language."""
        return self.measured("choice", self._choice_width)

    def _choice_width(self) -> float:
        t = self.t
        captions = [t("screens.on"), t("screens.off")]
        captions += [t(f"screens.options.speed.{s}") for s in ANIMATION_SPEEDS]
        captions += [t(f"screens.options.lang.{lang}") for lang in LANGUAGES]
        captions += [t(f"sound.volume.{v}") for v in ("off", *SOUND_VOLUMES)]
        return max(self.button_width(c, CHOICE_WIDTH) for c in captions)

    def left_width(self) -> float:
        """Room for the option names: what the panel leaves beside the widest
        row of choices (the four speeds), at most LEFT_WIDTH."""
        return self.measured("left", self._left_width)

    def _left_width(self) -> float:
        widest = max(len(ANIMATION_SPEEDS), len(LANGUAGES), len(SOUND_VOLUMES) + 1)
        controls = widest * self.choice_width() + (widest - 1) * self.px(8)
        return min(self.px(LEFT_WIDTH), self.content_width - self.px(GAP) - controls)

    # ---- nodes -------------------------------------------------------------

    def _row(
        self,
        title: Say,
        hint: Say | None,
        control: Node,
        *,
        hint_shown: Callable[[], bool] | None = None,
        always: bool = False,
    ) -> Box:
        """The option's name and explanation on the left, its control on the
        right; a screen reader hears both with the control (its name, its
        description), once."""
        title_text = Text(title, size=15, bold=True, wrap=True, names_control=True)
        names = Box(title_text, align="start", width=self.left_width, gap=2)
        if hint is not None:
            # On a short window the explanations make way so every control stays
            # on screen; the titles alone still say it all. `always`: a note the player must see.
            names.add(
                Text(
                    hint,
                    size=look.SMALL_SIZE,
                    colour=look.TEXT_DIM,
                    wrap=True,
                    names_control=True,
                    hint=not always,
                    shown=hint_shown or (lambda: True),
                )
            )
            shown = hint_shown or (lambda: True)
            explained = control.radios[0] if isinstance(control, Group) else control
            if isinstance(explained, Control):
                explained.description = lambda: hint() if shown() else ""
        return Box(names, control, row=True, gap=GAP, align="center")

    def _toggle_row(self, name: str) -> Box:
        option = self.say(f"screens.options.{name}")
        switch = self.switch(
            name,
            option,
            lambda: bool(getattr(self.settings, name)),
            lambda: self.toggle(name),
            width=self.choice_width,
            height=CONTROL_HEIGHT,
        )
        if name == "read_aloud" and self.speech_missing:
            return self._row(option, self.say(MISSING), switch, always=True)
        return self._row(option, self.say(f"screens.options.{name}_hint"), switch)

    def _choice_row(
        self,
        name: str,
        option: Say,
        values: list[tuple[str, Say]],
        chosen: Callable[[], str],
        on_choose: Callable[[str], None],
    ) -> Box:
        group = self.choices(name, option, values, chosen, on_choose, width=self.choice_width, height=CONTROL_HEIGHT)
        return self._row(option, None, group)

    def _sound_row(self) -> Box:
        """Sound: Off, Quiet, Medium, Loud (one row: off, or on at a volume).
        Without a device the title says so, and (room permitting) a note says what it means."""

        def title() -> str:
            return self.t("sound.options.title_missing" if self.sound_missing else "sound.options.title")

        steps = [(v, self.say(f"sound.volume.{v}")) for v in ("off", *SOUND_VOLUMES)]
        group = self.choices(
            "sound",
            title,
            steps,
            lambda: self.settings.sound_volume if self.settings.sound else "off",
            self.choose_sound,
            width=self.choice_width,
            height=CONTROL_HEIGHT,
        )
        return self._row(title, self.say("sound.options.missing"), group, hint_shown=lambda: self.sound_missing)

    def build(self) -> Box:
        t = self.say
        rows = Box(align="start", gap=10)
        for name in TOGGLES[:MOVING]:
            rows.add(self._toggle_row(name))
        rows.add(
            self._choice_row(
                "speed",
                t("screens.options.animation_speed"),
                [(s, t(f"screens.options.speed.{s}")) for s in ANIMATION_SPEEDS],
                lambda: self.settings.animation_speed,
                self.choose_speed,
            )
        )
        rows.add(
            self._choice_row(
                "language",
                t("screens.options.language"),
                [(lang, t(f"screens.options.lang.{lang}")) for lang in LANGUAGES],
                lambda: self.settings.language,
                self.choose_language,
            )
        )
        rows.add(self._sound_row())
        for name in TOGGLES[MOVING:]:
            rows.add(self._toggle_row(name))
        buttons = Box(row=True, gap=16)
        if self._on_appearance is not None:
            appearance = self._on_appearance
            buttons.add(self.button("appearance", "appearance.open", lambda: appearance(), size=16))
        buttons.add(self.button("close", "screens.close", self.on_back, kind="selected", size=16))
        return self.panel(self.title_text(), rows, buttons, self.keys_hint())

    def switches(self) -> dict[str, Control]:
        return {name: self.controls[name] for name in TOGGLES}
