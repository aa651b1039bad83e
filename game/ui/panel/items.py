"""What each node draws, made once and changed only where it changed.

Every item draws into its painter's `Canvas`: one `SpriteList` for fills,
rims and pictures, one pyglet batch for texts (a field and a page keep their
own layouts, `panel.pages`). `update` compares the values an item shows with
the node's now and sets only what differs, bumping the node's `revision`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

import arcade
import pyglet

from game.ui.layout.rect import Rect
from game.ui.panel import look
from game.ui.panel.flow import Flow
from game.ui.panel.nodes import Button, Node, Picture, Shape, Text
from game.ui.render import chrome


class Look(NamedTuple):
    """Which control the pointer is over, which is held down, which has the focus."""

    hovered: str | None = None
    pressed: str | None = None
    focused: str | None = None


class Page(Protocol):
    """Something with a pyglet layout of its own, drawn after the texts."""

    def draw(self) -> None: ...


@dataclass
class Canvas:
    """Where a panel's items draw (see the module docstring)."""

    sprites: arcade.SpriteList[arcade.BasicSprite] = field(default_factory=arcade.SpriteList)
    batch: pyglet.graphics.Batch = field(default_factory=pyglet.graphics.Batch)
    pages: list[Page] = field(default_factory=list)


def rgba(colour: tuple[int, ...]) -> tuple[int, int, int, int]:
    return (colour[0], colour[1], colour[2], colour[3] if len(colour) > 3 else 255)


def box(sprite: arcade.BasicSprite, rect: Rect) -> None:
    chrome.place_panel(sprite, rect.left, rect.bottom, rect.width, rect.height, 0)


def set_text(label: arcade.Text, /, **values: Any) -> None:
    """Give `label` these values (text, font_size, color, x, y…), laying it
    out once, and only if one of them differs from what it has."""
    changed = {name: value for name, value in values.items() if getattr(label, name) != value}
    if not changed:
        return
    with label:  # one layout for all the changes
        for name, value in changed.items():
            setattr(label, name, value)


class Frame:
    """An outline just inside a rectangle: four thin bars of one colour (a
    rim or a focus ring at any size costs four tiny sprites)."""

    def __init__(self, sprites: arcade.SpriteList[arcade.BasicSprite]) -> None:
        self.bars = [chrome.panel_sprite((255, 255, 255, 255)) for _ in range(4)]
        sprites.extend(self.bars)

    def place(self, rect: Rect, thickness: int, colour: tuple[int, int, int, int]) -> None:
        left, bottom, w, h = round(rect.left), round(rect.bottom), round(rect.width), round(rect.height)
        t = max(1, min(thickness, w // 2, h // 2))
        places = (
            (left, bottom + h - t, w, t),
            (left, bottom, w, t),
            (left, bottom + t, t, h - 2 * t),
            (left + w - t, bottom + t, t, h - 2 * t),
        )
        for bar, (x, y, bw, bh) in zip(self.bars, places, strict=True):
            chrome.place_panel(bar, x, y, bw, max(bh, 1), 0)
            bar.color = colour
            bar.visible = bh > 0

    @property
    def visible(self) -> bool:
        return self.bars[0].visible

    @visible.setter
    def visible(self, visible: bool) -> None:
        for bar in self.bars:
            bar.visible = visible


class Item:
    """What one node draws."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self.shown: tuple[object, ...] | None = None  # the values it shows (None: hidden)

    def update(self, node: Node, flow: Flow, state: Look) -> None:
        values = self.values(node, flow, state)
        if values != self.shown:
            self.show(node, flow, state)
            self.shown = values
            node.revision += 1

    def values(self, node: Node, flow: Flow, state: Look) -> tuple[object, ...]:
        raise NotImplementedError

    def show(self, node: Node, flow: Flow, state: Look) -> None:
        raise NotImplementedError

    def hide(self) -> None:
        if self.shown is not None:
            self.set_visible(False)
            self.shown = None

    def set_visible(self, visible: bool) -> None:
        raise NotImplementedError


class TextItem(Item):
    def __init__(self, canvas: Canvas, node: Text) -> None:
        super().__init__(canvas)
        self.text = arcade.Text(
            "",
            0,
            0,
            font_name=look.FONT,
            multiline=node.wrap,
            width=100 if node.wrap else None,
            anchor_y="top",
            batch=canvas.batch,
        )

    def values(self, node: Node, flow: Flow, state: Look) -> tuple[object, ...]:
        assert isinstance(node, Text)
        return (node.text, flow.pt(node.size), node.bold, node.colour_now(), node.align, node.rect)

    def show(self, node: Node, flow: Flow, state: Look) -> None:
        assert isinstance(node, Text)
        r = node.rect
        align = {"start": "left", "center": "center", "end": "right"}[node.align]
        where: dict[str, Any] = (
            {"width": max(1, int(r.width)), "align": align, "anchor_x": "left", "x": r.left}
            if node.wrap
            else {"anchor_x": align, "x": {"left": r.left, "center": r.center_x, "right": r.right}[align]}
        )
        set_text(
            self.text,
            visible=True,
            font_size=flow.pt(node.size),
            bold=node.bold,
            color=rgba(node.colour_now()),
            y=r.top,
            text=node.text,
            **where,
        )

    def set_visible(self, visible: bool) -> None:
        self.text.visible = visible


class ButtonItem(Item):
    def __init__(self, canvas: Canvas) -> None:
        super().__init__(canvas)
        self.fill = chrome.panel_sprite((255, 255, 255, 255))
        canvas.sprites.append(self.fill)
        self.rim = Frame(canvas.sprites)
        self.caption = arcade.Text(
            "", 0, 0, font_name=look.FONT, anchor_x="center", anchor_y="center", batch=canvas.batch
        )

    @staticmethod
    def state(node: Button, state: Look) -> str:
        if not node.enabled():
            return "disabled"
        if node.name == state.pressed:
            return "press"
        return "hover" if node.name == state.hovered else "normal"

    def values(self, node: Node, flow: Flow, state: Look) -> tuple[object, ...]:
        assert isinstance(node, Button)
        return (node.caption(), node.kind_now(), self.state(node, state), flow.pt(node.size), node.rect)

    def show(self, node: Node, flow: Flow, state: Look) -> None:
        assert isinstance(node, Button)
        r = node.rect
        colours = look.button_look(node.kind_now(), self.state(node, state))
        self.fill.visible = True
        box(self.fill, r)
        self.fill.color = colours.fill
        self.rim.visible = False
        if colours.rim is not None:
            self.rim.place(r, colours.rim_width, colours.rim)
        set_text(
            self.caption,
            visible=True,
            font_size=flow.pt(node.size),
            color=colours.text,
            x=round(r.center_x),
            y=round(r.center_y),
            text=node.caption(),
        )

    def set_visible(self, visible: bool) -> None:
        self.fill.visible = self.rim.visible = self.caption.visible = visible


class PictureItem(Item):
    def __init__(self, canvas: Canvas) -> None:
        super().__init__(canvas)
        self.sprites: list[arcade.BasicSprite] = []

    def values(self, node: Node, flow: Flow, state: Look) -> tuple[object, ...]:
        assert isinstance(node, Picture)
        return (tuple(self._shapes(node, flow)), node.rect)

    @staticmethod
    def _shapes(node: Picture, flow: Flow) -> Sequence[Shape]:
        return node.shapes(node.rect.width / flow.scale, node.rect.height / flow.scale)

    def show(self, node: Node, flow: Flow, state: Look) -> None:
        assert isinstance(node, Picture)
        shapes = self._shapes(node, flow)
        while len(self.sprites) < len(shapes):
            sprite = chrome.panel_sprite((255, 255, 255, 255))
            self.sprites.append(sprite)
            self.canvas.sprites.append(sprite)
        k, r = flow.scale, node.rect
        for sprite, shape in zip(self.sprites, shapes, strict=False):
            sprite.visible = True
            left, bottom = r.left + shape.left * k, r.bottom + shape.bottom * k
            w, h = max(1, round(shape.width * k)), max(1, round(shape.height * k))
            if isinstance(shape.texture, arcade.Texture):
                sprite.texture = shape.texture
                sprite.size = (w, h)
                sprite.position = (round(left) + w / 2, round(bottom) + h / 2)
            else:
                chrome.place_panel(sprite, left, bottom, w, h, 0)
            sprite.color = rgba(shape.colour)
        for sprite in self.sprites[len(shapes) :]:
            sprite.visible = False

    def set_visible(self, visible: bool) -> None:
        for sprite in self.sprites:
            sprite.visible = False
