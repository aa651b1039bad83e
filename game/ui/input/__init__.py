"""What the player does, as intents: keys, gestures and commands.

- `intents`: the vocabulary (`Intent`, `Command`) every input turns into.
- `keymap`: which key does what.
- `keyboard`: the keyboard cursor: select, pick up and drop with keys.
- `gestures`: mouse presses, drags and double-clicks on the table.
- `commands`: an intent applied to the engine: what happened, or why not.

May import layout only.
"""
