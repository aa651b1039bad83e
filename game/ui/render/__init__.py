"""What the table and the screens share: colours and fonts (`style`), chrome
(rounded panels, glows, shadows), text glyphs, the pacing of frames
(`pacing`: draw only while something changes; `first_frame`: the signal
launch benchmarks wait for) and the clipboard.

Imports no other room.
"""
