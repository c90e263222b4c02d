"""Tools around the game, not part of a player's session: the self-test of a
build, the frame benchmark and the screenshot maker."""
