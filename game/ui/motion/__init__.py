"""Animation, independent of what moves.

- `animator`: tweens with easing, finished at once by new input.
- `celebration`: the win: every removed card bounces off the table.

May import layout only.
"""
