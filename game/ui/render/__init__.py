"""Drawing shared by the table and the screens: colours, fonts, chrome
(rounded panels, glows, shadows), text glyphs, and the pacing of frames
(`pacing`: draw only while something changes; `first_frame`: the signal
launch benchmarks wait for).

Imports no other room.
"""
