"""The rules of Gouji, pure: cards, plays, legality, the deal flow, ``Game``,
the match layer (``Match``, tribute, pre-deal steps), views and scoring.

Nothing here imports pygame, the store, the UI or the bots, or does file,
clock or network I/O; randomness comes only from seeded ``random.Random``.
"""
