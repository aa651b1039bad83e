"""Spider's run-time files: the card atlas, the texts, the font and the icons.

This folder stays at the top of the repository, beside `game/`, and is
installed as the package `spider_resources` (pyproject.toml maps it with
`package-dir`), so that `importlib.resources` finds it in a wheel, an
editable install or a checkout alike. Look files up with `game.system.resources`.
"""
