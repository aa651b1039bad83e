"""Appearance: the table's colour, the card back, the deck and large print, reached from Options.

Every choice applies at once (``on_change``, as on Options): the table behind
the dialog is drawn again with it, and a preview on the panel shows the felt
with a back and two faces of the deck at full brightness, since the table
behind is dimmed. Esc or the button go back to Options.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import arcade
from arcade.gui import UIBoxLayout, UIImage, UIWidget
from arcade.hitbox import algo_bounding_box
from PIL import Image, ImageChops

from game.records.settings import CARD_BACKS, TABLES, Settings
from game.ui.cards.atlas import CardAtlas
from game.ui.render import tables
from game.ui.render.felt import felt_image
from game.ui.screens import theme
from game.ui.screens.base import Built, ScreenView
from game.words.i18n import Translator

DECKS = ("standard", "four_colour")
PREVIEW_CARD = 64  # design pixels: a preview card's width
PREVIEW_FACES = ("KS", "QD")  # a black court, and a diamond that the four-colour deck turns blue
CHOICE_WIDTH = 96  # design pixels, at least, for each choice button


class AppearanceView(ScreenView):
    def __init__(
        self,
        settings: Settings,
        translator: Translator,
        on_change: Callable[[Settings], None],
        on_close: Callable[[], None],
        cards: Callable[[], CardAtlas] | None = None,
    ) -> None:
        self.settings = replace(settings)
        self._on_change = on_change
        self._on_close = on_close
        self._cards = cards  # the table's card images in use (they change with the deck)
        self._felts: dict[tuple[str, int, int], arcade.Texture] = {}
        self._tinted: dict[tuple[str, tuple[int, int, int]], arcade.Texture] = {}
        super().__init__(translator)

    # ---- actions -----------------------------------------------------------

    def _apply(self, focus: str, **changes: object) -> None:
        self.settings = replace(self.settings, **changes)  # type: ignore[arg-type]
        self._on_change(replace(self.settings))
        tables.use(self.settings.table)  # the panel's own colours follow at once
        self.background_color = theme.felt()
        if self.backdrop is not None:
            self.backdrop.capture()  # the table behind, with the change
        self.rebuild(focus=focus)

    def choose_table(self, name: str) -> None:
        self._apply(f"table.{name}", table=name)

    def choose_back(self, name: str) -> None:
        self._apply(f"back.{name}", card_back=name)

    def choose_deck(self, name: str) -> None:
        self._apply(f"deck.{name}", four_colour=name == "four_colour")

    def choose_large_print(self, value: str) -> None:
        self._apply(f"large.{value}", large_print=value == "on")

    def on_back(self) -> None:
        self._on_close()

    # ---- widgets -----------------------------------------------------------

    @property
    def deck(self) -> str:
        return "four_colour" if self.settings.four_colour else "standard"

    def _row(self, name: str, values: tuple[str, ...], chosen: str, on_choose: Callable[[str], None]) -> UIBoxLayout:
        """The choice's name over its buttons, which span the panel if need be."""
        t = self.t
        captions = [(v, t(f"appearance.{name}.{v}")) for v in values]
        height = (38, 34, 30)[min(self.dense, 2)]
        gap = self.px(8)
        # One width for the buttons of every row (a straight grid) if the
        # longest row fits so; else each row as wide as its own captions need.
        every = [t(f"appearance.table.{v}") for v in TABLES] + [t(f"appearance.back.{v}") for v in CARD_BACKS]
        every += [t(f"appearance.deck.{v}") for v in DECKS]
        widest = max(len(TABLES), len(CARD_BACKS), len(DECKS))
        width = max(self.button_width(c, CHOICE_WIDTH) for c in every)
        if widest * width + (widest - 1) * gap > self.content_width:
            width = max(self.button_width(c, CHOICE_WIDTH) for _, c in captions)
            width = min(width, (self.content_width - (len(values) - 1) * gap) // len(values))
        row = UIBoxLayout(vertical=True, space_between=self.px(4), align="left")
        row.add(self.label(t(f"appearance.{name}"), size=15, bold=True))
        row.add(self.choices(name, captions, chosen, on_choose, width=width, height=height))
        return row

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

    def preview(self) -> UIWidget:
        """The felt with two backs and two faces of the chosen deck, full size and bright."""
        atlas = self._cards() if self._cards is not None else CardAtlas.shared()
        w = self.px(PREVIEW_CARD)
        h = round(w * 1.4)
        cards = [atlas.back_of(self.settings.card_back)] * 2
        cards += [atlas.face(name, self.settings.four_colour) for name in PREVIEW_FACES]
        row = UIBoxLayout(vertical=False, space_between=self.px(10), align="center")
        for texture in cards:
            row.add(UIImage(texture=self._as_drawn(texture), width=w, height=h))
        pad = self.px(14)
        row.with_padding(all=pad)
        felt_w = len(cards) * w + (len(cards) - 1) * self.px(10) + 2 * pad
        row.with_background(texture=self._felt(felt_w, h + 2 * pad))
        return row

    def build(self) -> Built:
        t = self.t
        self.controls = {}
        rows = UIBoxLayout(vertical=True, space_between=self.gap(12), align="left")
        rows.add(self._row("table", TABLES, self.settings.table, self.choose_table))
        rows.add(self._row("back", CARD_BACKS, self.settings.card_back, self.choose_back))
        rows.add(self._row("deck", DECKS, self.deck, self.choose_deck))
        rows.add(
            self._row("large", ("off", "on"), "on" if self.settings.large_print else "off", self.choose_large_print)
        )
        back = self.button(t("appearance.back_to_options"), self.on_back, kind="selected", size=16)
        self.controls["back_to_options"] = back
        parts: list[UIWidget] = [self.label(t("appearance.title"), size=theme.TITLE_SIZE, bold=True), self.preview()]
        if self.hints:
            parts.append(self.label(t("appearance.preview"), size=theme.SMALL_SIZE, color=theme.TEXT_DIM))
        parts += [rows, back, self.label(t("screens.keys_hint"), size=theme.SMALL_SIZE, color=theme.TEXT_DIM)]
        return Built(self.panel(*parts), self.controls, first=f"table.{self.settings.table}")
