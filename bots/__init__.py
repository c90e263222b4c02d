"""Computer players. They see only a seat's ``SeatView`` (see tests/test_no_peek.py).

    bot = bots.make("normal", seat=3, seed=1)
    action = bot.choose(view, rng)
"""

from __future__ import annotations

import sys
from concurrent.futures import Future

from .base import Bot
from .expert import ExpertBot
from .random_bot import RandomBot
from .scripted import LEVELS, ScriptedBot

NAMES = ("random", *LEVELS, "expert")


def shutdown() -> None:
    """Stop the expert's worker processes now, if a search started them (this
    also happens by itself when the program exits)."""
    pool = sys.modules.get("bots.search.pool")
    if pool is not None:
        pool.shutdown()


def warm_up(level: str, workers: int | None = None) -> list[Future]:
    """A table of ``level`` bots is about to play: for ``expert``, start its worker
    processes now (``workers``, default every core up to four) so that its
    first search does not wait for them."""
    if level == "expert":
        from .search import pool
        from .search.search import default_workers
        return pool.warm_up(default_workers() if workers is None else workers)
    return []


def make(name: str, seat: int, seed: int = 0, think_ms: float | None = None, think_nodes: int | None = None,
         workers: int | None = None, inference: bool = True) -> Bot:
    """A bot by name: ``random``, ``easy``, ``normal``, ``hard`` or ``expert``.

    The search budget (``think_ms`` per decision, or ``think_nodes`` rollouts
    for an exact replay) and the worker processes (``workers``; 1 = none)
    matter only to ``expert``; the other bots ignore them. ``inference=False``
    makes the expert guess hidden hands from the card count alone (to measure
    what reading the play is worth).
    """
    if seat not in range(6):
        raise ValueError(f"unknown seat {seat!r} (seats are 0..5)")
    if name == "random":
        return RandomBot(seat)
    if name in LEVELS:
        return ScriptedBot(seat, name)
    if name == "expert":
        return ExpertBot(seat, seed, think_ms, think_nodes, workers, inference)
    raise ValueError(f"unknown bot {name!r} (use one of {', '.join(NAMES)})")


__all__ = ["Bot", "make", "NAMES", "RandomBot", "ScriptedBot", "ExpertBot", "shutdown", "warm_up"]
