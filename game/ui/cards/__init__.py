"""The card images: one pipeline from the atlas file to the textures drawn.

- `atlas_image`: reads the card sheet (`cards.png` cut by `cards.json`)
  and scales the cards; no arcade.
- `atlas`: the sheet as textures, one per face and back.
- `images`: which image each card shows, and the images scaled to the
  cards' size on a worker thread.
- `loading`: the `CardPipeline` launch makes and hands to the table: the
  images at launch, from the cache an earlier launch left or decoded while
  arcade imports, the sheets loaded and the images waiting to be cached.
- `cache`: the scaled images kept on disk between launches.

May import layout only.
"""
