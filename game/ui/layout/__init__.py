"""Pure geometry: where everything goes for a window size. No arcade, no
OpenGL (an import contract holds it), so it is tested without a window.

- `rect`: `Rect`, one rectangle type (left, bottom, width, height; y up).
- `table`: the table layout (columns, fans, stock, removed runs, win panel).
- `hud`: the bar's layout (buttons, score, moves, code).

Imports no other room.
"""
