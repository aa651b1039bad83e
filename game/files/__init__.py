"""The player's files and their safe writing.

- `atomic_files`: reading small files without blocking, writing atomically,
  never through a link;
- `background_writer`: saves written off the frame, the newest winning;
- `folder_lock`: one Spider per data folder;
- `storage`: the data folder and its three files (settings, statistics and
  history, the game in progress), a damaged file moved aside;
- `saved_game`: the game in progress as the file keeps it;
- `shared_file`: a file holding a shared game (``--replay FILE``);
- `desktop`: the application's identity, and the menu entry and icons
  written into the user's data folder.

May import `game.records`, `game.words`, `game.system` and `game.engine`.
"""
