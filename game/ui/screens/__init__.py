"""The dialogs over the table: New game, Options (and its Appearance dialog),
Rules, Statistics (and its Last games), the table in words, and the
confirmation before a Restart.

Each is a `Screen` (base.py) made once and kept: it takes what it shows and
callbacks in its constructor, and is told what changed when it opens again;
`ScreensView` (host.py) shows one at a time over the dimmed table. The
application decides what happens when one closes.
"""
