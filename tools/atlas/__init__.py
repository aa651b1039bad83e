"""Render the card atlas (``resources/cards.png``, ``resources/cards.json``) and the icons.

    python -m tools.atlas [--out DIR] [--sheet PNG]

Everything is drawn with Pillow from vector shapes and the font shipped in
``resources/fonts/``, so the same command writes byte-identical files on every
machine with the same Pillow. The game only loads the atlas; it never renders
cards itself.

One idea per module:

- ``palette``  the card's measures and colours;
- ``shapes``   geometry helpers and the four suit symbols;
- ``pen``      supersampled drawing in card pixels, outlined in ink;
- ``faces``    a card face: white card, corner indices, pips;
- ``figures``  the twelve court figures, described as data;
- ``stage``    where a figure stands and the colours it wears;
- ``attributes``, ``heads``, ``headgear``  painters of what a figure holds, of its head, and of its headgear;
- ``courts``   the robe and arms, and the framed, double-ended court picture;
- ``emblem``   the spider emblem of the card back and the icon;
- ``back``     the card back;
- ``icons``    the window and desktop icon, ``resources/icons/spider-<size>.png``;
- ``marks``    the empty column, the empty stock and the highlight frame;
- ``sheet``    the atlas layout, ``cards.json`` and the PNG writer;
- ``deck``     the picture of the whole deck for the README;
- ``cli``      the command line.

Layout of ``cards.json``::

    {"card": {"w": 200, "h": 280}, "highlight_margin": 16, "padding": 2,
     "images": {"AS": {"x": 2, "y": 2, "w": 200, "h": 280}, ...}}

Rectangles are in pixels from the top left of ``cards.png``. Faces are named by
the engine's card text (``AS`` ... ``KC``); four-colour faces add ``-4c``
(diamonds and clubs only); ``back``, ``empty`` and ``stock`` are card-sized;
``highlight`` is the card plus ``highlight_margin`` on every side, to be drawn
centred on the card or empty slot it marks.
"""
