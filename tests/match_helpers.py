"""Matches played for tests of codes, history and review: random or by bots."""

from __future__ import annotations

import random

import bots
from gouji import Match, RuleSet


def random_match(seed: int, rules: RuleSet, steps: int | None = None) -> Match:
    """A match played by uniform random choices for ``steps`` actions (None: to the end)."""
    match = Match.new(seed, rules)
    rng = random.Random(seed)
    while not match.is_over and (steps is None or len(match.actions) < steps):
        match.apply(rng.choice(match.legal_actions()))
    return match


def bot_match(seed: int, rules: RuleSet, level: str = "normal", deals: int | None = None) -> Match:
    """A match played by six bots of ``level``, through ``deals`` deals (None: to the end)."""
    match = Match.new(seed, rules)
    players = {seat: bots.make(level, seat, seed) for seat in range(6)}
    rng = random.Random(seed)
    while not match.is_over and (deals is None or len(match.results) < deals):
        seat = match.current_seat
        assert seat is not None
        match.apply(players[seat].choose(match.view(seat), rng))
    return match
