"""The player's files: settings, the house-rules file, the autosave, the
history database with the statistics over it, and the paths of the game's own
assets. Nothing here imports the UI."""
