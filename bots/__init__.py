"""Computer players. They see only a seat's ``SeatView`` (see tests/test_no_peek.py).

    bot = bots.make("normal", seat=3, seed=1)
    action = bot.choose(view, rng)
"""

from __future__ import annotations

from .base import Bot
from .random_bot import RandomBot
from .scripted import LEVELS, ScriptedBot

NAMES = ("random", *LEVELS)


def make(name: str, seat: int, seed: int = 0) -> Bot:
    """A bot by name: ``random``, ``easy``, ``normal`` or ``hard``."""
    if seat not in range(6):
        raise ValueError(f"unknown seat {seat!r} (seats are 0..5)")
    if name == "random":
        return RandomBot(seat)
    if name in LEVELS:
        return ScriptedBot(seat, name)
    raise ValueError(f"unknown bot {name!r} (use one of {', '.join(NAMES)})")


__all__ = ["Bot", "make", "NAMES", "RandomBot", "ScriptedBot"]
