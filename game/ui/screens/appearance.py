"""Appearance: the table's colour, the card back, the deck and large print, reached from Options.

Every choice applies at once (``on_change``, as on Options): the table behind
the dialog is drawn again with it, and a preview on the panel shows the felt
with a back and two faces of the deck at full brightness, since the table
behind is dimmed. Esc or the button go back to Options.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

import arcade
from arcade.hitbox import algo_bounding_box
from PIL import Image, ImageChops

from game.records.settings import CARD_BACKS, TABLES, Settings
from game.ui.cards.atlas import CardAtlas
from game.ui.panel import look
from game.ui.panel.boxes import Box
from game.ui.panel.nodes import Picture, Say, Shape, Text
from game.ui.render import tables
from game.ui.render.felt import felt_image
from game.ui.screens.base import Screen
from game.words.i18n import Translator

DECKS = ("standard", "four_colour")
PREVIEW_CARD = 64  # design pixels: a preview card's width
PREVIEW_GAP = 10
PREVIEW_PAD = 14
PREVIEW_FACES = ("KS", "QD")  # a black court, and a diamond that the four-colour deck turns blue
CHOICE_WIDTH = 96  # design pixels, at least, for each choice button
CHOICE_HEIGHT = (38, 34, 30)
CHOICES = {"table": TABLES, "back": CARD_BACKS, "deck": DECKS, "large": ("off", "on")}


class AppearanceScreen(Screen):
    title = "appearance.title"

    def __init__(
        self,
        settings: Settings,
        translator: Translator,
        on_change: Callable[[Settings], None],
        on_close: Callable[[], None],
        cards: Callable[[], CardAtlas],
    ) -> None:
        self.settings = replace(settings)
        self._on_change = on_change
        self._on_close = on_close
        self._cards = cards  # the table's card images in use (they change with the deck)
        self._felts: dict[tuple[str, int, int], arcade.Texture] = {}
        self._tinted: dict[tuple[str, tuple[int, int, int]], arcade.Texture] = {}
        super().__init__(translator)

    def reset(self, settings: Settings) -> None:
        """Opened again: the settings as they are now."""
        self.settings = replace(settings)
        self.touch()

    def opened(self) -> None:
        self.first = f"table.{self.settings.table}"
        super().opened()

    # ---- actions -----------------------------------------------------------

    def _apply(self, **changes: object) -> None:
        self.settings = replace(self.settings, **changes)  # type: ignore[arg-type]
        self._on_change(replace(self.settings))
        tables.use(self.settings.table)  # the panel's own colours follow at once
        self.on_changed_behind()  # the table behind takes the new look
        self.touch()

    def choose(self, name: str, value: str) -> None:
        match name:
            case "table":
                self._apply(table=value)
            case "back":
                self._apply(card_back=value)
            case "deck":
                self._apply(four_colour=value == "four_colour")
            case _:
                self._apply(large_print=value == "on")

    def chosen(self, name: str) -> str:
        return {
            "table": self.settings.table,
            "back": self.settings.card_back,
            "deck": "four_colour" if self.settings.four_colour else "standard",
            "large": "on" if self.settings.large_print else "off",
        }[name]

    def on_back(self) -> None:
        self._on_close()

    # ---- sizes -------------------------------------------------------------

    def choice_width(self, name: str) -> float:
        """One width for the buttons of every row (a straight grid) if the
        longest row fits so; else each row as wide as its own captions need."""
        return self.measured(f"choice.{name}", lambda: self._choice_width(name))

    def _choice_width(self, name: str) -> float:
        gap = self.px(8)
        every = [self.t(f"appearance.{row}.{v}") for row in ("table", "back", "deck") for v in CHOICES[row]]
        widest = max(len(TABLES), len(CARD_BACKS), len(DECKS))
        width = max(self.button_width(c, CHOICE_WIDTH) for c in every)
        if widest * width + (widest - 1) * gap <= self.content_width:
            return width
        values = CHOICES[name]
        width = max(self.button_width(self.t(f"appearance.{name}.{v}"), CHOICE_WIDTH) for v in values)
        return min(width, (self.content_width - (len(values) - 1) * gap) // len(values))

    # ---- the preview -------------------------------------------------------

    def _felt(self, width: int, height: int) -> arcade.Texture:
        """The chosen felt, small, as the table shows it (made once per table and size)."""
        key = (self.settings.table, width, height)
        texture = self._felts.get(key)
        if texture is None:
            image = felt_image(tables.TABLES[self.settings.table], (width * 2, height * 2)).resize((width, height))
            texture = arcade.Texture(image, hash=f"spider-felt-{key}", hit_box_algorithm=algo_bounding_box)
            self._felts[key] = texture
        return texture

    def _as_drawn(self, texture: arcade.Texture) -> arcade.Texture:
        """A card as the chosen table draws it: its colours times the table's card tint."""
        tint = tables.TABLES[self.settings.table].cards
        if tint == (255, 255, 255):
            return texture
        key = (texture.atlas_name, tint)
        tinted = self._tinted.get(key)
        if tinted is None:
            image = texture.image.convert("RGBA")
            image = ImageChops.multiply(image, Image.new("RGBA", image.size, (*tint, 255)))
            tinted = arcade.Texture(image, hash=f"spider-tinted-{key}", hit_box_algorithm=algo_bounding_box)
            self._tinted[key] = tinted
        return tinted

    def preview(self, width: float, height: float) -> Sequence[Shape]:
        """The felt with two backs and two faces of the chosen deck, full size and bright."""
        atlas = self._cards()
        cards = [atlas.back_of(self.settings.card_back)] * 2
        cards += [atlas.face(name, self.settings.four_colour) for name in PREVIEW_FACES]
        k = self.flow.scale
        shapes = [Shape(0, 0, width, height, texture=self._felt(round(width * k), round(height * k)))]
        w, h = PREVIEW_CARD, PREVIEW_CARD * 1.4
        for n, texture in enumerate(cards):
            shapes.append(
                Shape(PREVIEW_PAD + n * (w + PREVIEW_GAP), PREVIEW_PAD, w, h, texture=self._as_drawn(texture))
            )
        return shapes

    # ---- nodes -------------------------------------------------------------

    def _row(self, name: str) -> Box:
        """The choice's name over its buttons, which span the panel if need be."""
        option: Say = self.say(f"appearance.{name}")
        group = self.choices(
            name,
            option,
            [(v, self.say(f"appearance.{name}.{v}")) for v in CHOICES[name]],
            lambda: self.chosen(name),
            lambda value: self.choose(name, value),
            width=lambda: self.choice_width(name),
            height=CHOICE_HEIGHT,
        )
        return Box(Text(option, size=15, bold=True, names_control=True), group, align="start", gap=4)

    def build(self) -> Box:
        cards = len(PREVIEW_FACES) + 2
        preview = Picture(
            cards * PREVIEW_CARD + (cards - 1) * PREVIEW_GAP + 2 * PREVIEW_PAD,
            PREVIEW_CARD * 1.4 + 2 * PREVIEW_PAD,
            self.preview,
        )
        return self.panel(
            self.title_text(),
            preview,
            Text(self.say("appearance.preview"), size=look.SMALL_SIZE, colour=look.TEXT_DIM, hint=True),
            Box(*(self._row(name) for name in CHOICES), align="start", gap=12),
            self.button(
                "back_to_options", "appearance.back_to_options", lambda: self.on_back(), kind="selected", size=16
            ),
            self.keys_hint(),
        )
