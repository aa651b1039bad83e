"""What the table and the screens share: colours and fonts (`style`), chrome
(rounded panels, glows, shadows), text glyphs, the pacing of frames
(`pacing`: draw only while something changes; `first_frame`: the signal
launch benchmarks wait for), the tables' colours and felt, the one
window-covering textured quad (`window_quad`: the felt, a dialog's backdrop)
and the clipboard.

Imports no other room.
"""
