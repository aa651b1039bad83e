"""The computer Spider runs on, known without knowing the game.

- `resources`: finding the game's own files (atlas, texts, font, icons),
  from a checkout, an installed wheel or the standalone build;
- `system_libraries`: the system's OpenGL, EGL, X, FreeType and Fontconfig,
  and the one line naming one that is missing;
- `internals`: every private name of arcade and pyglet the game uses, each
  guarded, in one place;
- `geometry`: the screens' usable areas and where the window opens;
- `speech`: the system's speech program (read aloud).

Imports nothing of `game` but the standard library: every other room may
import it.
"""
