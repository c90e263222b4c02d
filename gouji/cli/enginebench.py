"""Timings of the engine primitives a search leans on, from mid-deal positions:

    python -m gouji.cli.enginebench [--deals 20] [--rules qingdao]

prints one JSON line of microseconds per call (medians over the positions):
``clone``, ``clone_light``, ``deepcopy`` (what a copy cost before ``clone``),
``position``, ``from_position``, ``apply_move`` (validated), ``apply_trusted``
(``validate=False``) and ``step``: a trusted move and the next legal moves,
what one step of a rollout costs the engine.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from ..engine.game import Game
from ..engine.rules import PRESETS, RuleSet
from .output import safe_streams


def mid_deal(seed: int, rules: RuleSet) -> Game:
    """A deal played at random to about half its length."""
    game = Game.new_deal(seed, rules)
    rng = random.Random(seed)
    for _ in range(120):
        if game.is_over:
            break
        game.apply_move(rng.choice(game.legal_moves()))
    return game


def per_call(action: Callable[[], object], repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        action()
    return (time.perf_counter() - start) / repeat * 1e6


def measure(game: Game, repeat: int) -> dict[str, float]:
    position = game.position()
    move = game.legal_moves()[0]

    def apply(validate: bool, then_moves: bool = False) -> Callable[[], object]:
        def run() -> object:
            other = game.clone(light=True)
            other.apply_move(move, validate=validate)
            return other.legal_moves() if then_moves else None
        return run

    clone_light = per_call(lambda: game.clone(light=True), repeat)
    return {
        "clone": per_call(game.clone, repeat),
        "clone_light": clone_light,
        "deepcopy": per_call(lambda: copy.deepcopy(game), max(1, repeat // 20)),
        "position": per_call(game.position, repeat),
        "from_position": per_call(lambda: Game.from_position(position, game.rules), max(1, repeat // 5)),
        "apply_move": per_call(apply(True), repeat) - clone_light,
        "apply_trusted": per_call(apply(False), repeat) - clone_light,
        "step": per_call(apply(False, then_moves=True), repeat) - clone_light,
    }


def main(argv: Sequence[str] | None = None) -> int:
    safe_streams()
    parser = argparse.ArgumentParser(prog="python -m gouji.cli.enginebench", description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20, help="mid-deal positions to time (default 20)")
    parser.add_argument("--repeat", type=int, default=400, help="calls per position (default 400)")
    parser.add_argument("--rules", choices=sorted(PRESETS), default="qingdao")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.repeat < 1:
        parser.error("--deals and --repeat must be at least 1")
    rules = RuleSet.preset(args.rules)
    rows = [measure(game, args.repeat) for game in (mid_deal(seed, rules) for seed in range(args.deals))
            if not game.is_over]
    result = {key: round(statistics.median(row[key] for row in rows), 2) for key in rows[0]}
    print(json.dumps({"unit": "microseconds per call, median", "rules": args.rules, "positions": len(rows), **result},
                     ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
