"""Deals and matches played for tests: to the end (or a stopping point), by bots or at random."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

import bots
from gouji import Game, Match, RuleSet

Played = TypeVar("Played", Game, Match)


def play_out(game: Played, seed: int = 0, players: Sequence[bots.Bot] | None = None,
             stop: Callable[[Played], bool] | None = None) -> Played:
    """Play ``game`` (a deal or a match) until it is over or ``stop(game)``: each seat by its
    bot in ``players``, or uniformly at random; an illegal choice fails the test."""
    rng = random.Random(seed)
    while not game.is_over and not (stop is not None and stop(game)):
        if players is None:
            game.apply(rng.choice(game.legal_actions()))
            continue
        seat = game.current_seat
        assert seat is not None
        game.apply(players[seat].choose(game.view(seat), rng))
    return game


def random_match(seed: int, rules: RuleSet, steps: int | None = None) -> Match:
    """A match played by uniform random choices for ``steps`` actions (None: to the end)."""
    return play_out(Match.new(seed, rules), seed, stop=lambda m: steps is not None and len(m.actions) >= steps)


def bot_match(seed: int, rules: RuleSet, level: str = "normal", deals: int | None = None) -> Match:
    """A match played by six bots of ``level``, through ``deals`` deals (None: to the end)."""
    players = [bots.make(level, seat, seed) for seat in range(6)]
    return play_out(Match.new(seed, rules), seed, players, stop=lambda m: deals is not None and len(m.results) >= deals)
