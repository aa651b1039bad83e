"""The table: the view a game is played in, and what it draws.

- `view`: `GameView`, the mediator between input, the engine and the scene.
- `scene`: the sprites, the layout and the animations of one table.
- `sprites`: one sprite per card, their stacking, the marks of empty places.
- `choreography`: turns the engine's events into animations of the sprites.
- `renderer`: one frame of the table, drawn whole.
- `covered_cards`: covered cards drawn as the strip that shows.
- `hooks`: what the table tells the application and asks of the window.

May import hud, input, motion, cards, render and layout; never screens or app.
"""
