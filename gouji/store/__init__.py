"""The player's files: settings, the house-rules file, the autosave, and the
paths of the game's own assets. Nothing here imports the UI."""
