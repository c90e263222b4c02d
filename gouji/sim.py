"""Headless deals for tests and benchmarks.

    python -m gouji.sim --games 200 --seed 1 --bots random

prints one JSON line of figures. Every decision enumerates the full
``legal_actions()`` of the seat to act.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence

from .game import Game
from .rules import PRESETS, RuleSet


def play_random_deal(seed: int, rules: RuleSet) -> tuple[Game, int]:
    """One deal with uniform random choices; returns the game and decisions made."""
    game = Game.new_deal(seed, rules)
    rng = random.Random(seed ^ 0x5EED)
    decisions = 0
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        decisions += 1
    return game, decisions


def run_random(games: int, seed: int, rules: RuleSet) -> dict[str, object]:
    start = time.perf_counter()
    decisions = 0
    for i in range(games):
        _, made = play_random_deal(seed + i, rules)
        decisions += made
    seconds = time.perf_counter() - start
    return {
        "games": games, "decisions": decisions, "seconds": round(seconds, 3),
        "games_per_s": round(games / seconds, 2) if seconds else None,
        "decisions_per_s": round(decisions / seconds) if seconds else None,
        "illegal": 0, "bots": "random", "rules": rules.preset_name() or "custom",
    }


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m gouji.sim", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100, help="number of deals (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--bots", choices=["random"], default="random")
    parser.add_argument("--rules", choices=sorted(PRESETS), default="basic")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    result = run_random(args.games, args.seed, RuleSet.preset(args.rules))
    print(json.dumps(result, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
