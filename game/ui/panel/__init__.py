"""The dialogs' toolkit: panels of texts, buttons, switches, choices, a text
field, a scrolling page and pictures, made once and changed in place.

- `nodes`: what a panel is made of, as plain objects (no arcade);
- `flow`: where each node goes for a window size, pure arithmetic (no arcade);
- `fonts`: texts measured as they are drawn;
- `paint`: drawing the nodes, each made once and changed where it changed;
- `look`: colours, sizes, the panel's background and shadow, the buttons' states.

May import `render` and `layout`; the screens (`game.ui.screens`) are built with it.
"""
