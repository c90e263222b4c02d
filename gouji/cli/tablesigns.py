"""The signs the expert reads each player by (bots/search/table_read.py), measured per style:

    python -m gouji.cli.tablesigns [--deals 30] [--steps 120] [--rules qingdao] [--styles hard,passive,...]

For each style, hard plays the even seats and the style the odd ones, from
seed 3000 on, to ``--steps`` actions; the odd seats' signs are read from
seat 0's view: the share of passes on an opponent's play with a long hand, and
of 2s and jokers among the cards played early (mean and spread over the seats
with enough chances). Besides the panel's styles (bots.styles) it knows the
hard-like bots the table reading is calibrated on: ``bias-1.2``, ``bias+0.3``
(hard's beat bias moved), ``cost0.3``, ``cost2`` (its price of 2s and jokers
scaled). Prints one JSON line per style.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from collections.abc import Sequence
from dataclasses import replace

import bots
from bots.scripted import LEVELS, Style
from bots.search.reading import read_history
from bots.search.table_read import signs
from bots.styles import STYLES, StyledBot, make_style

from ..engine.game import Game
from ..engine.rules import PRESETS, RuleSet
from ..engine.seats import SEATS, team
from .output import safe_streams

_HARD = LEVELS["hard"]
CALIBRATION: dict[str, Style] = {
    "bias-1.2": replace(_HARD, beat_bias=-1.2),
    "bias+0.3": replace(_HARD, beat_bias=0.3),
    "cost0.3": replace(_HARD, cost_two=_HARD.cost_two * 0.3, cost_small=_HARD.cost_small * 0.3,
                       cost_big=_HARD.cost_big * 0.3),
    "cost2": replace(_HARD, cost_two=_HARD.cost_two * 2, cost_small=_HARD.cost_small * 2,
                     cost_big=_HARD.cost_big * 2),
}


def player(style: str, seat: int, seed: int) -> bots.Bot:
    if style in CALIBRATION:
        return StyledBot(seat, style, CALIBRATION[style])
    return make_style(style, seat, seed)


def measure(style: str, deals: int, steps: int, rules: RuleSet) -> dict[str, object]:
    """The odd seats' signs at ``steps`` actions into each deal."""
    passes, spends = [], []
    for seed in range(3000, 3000 + deals):
        players = [bots.make("hard", s) if team(s) == 0 else player(style, s, seed) for s in SEATS]
        game, rng = Game.new_deal(seed, rules), random.Random(seed)
        while not game.is_over and len(game.actions) < steps:
            seat = game.current_seat
            assert seat is not None
            game.apply(players[seat].choose(game.view(seat), rng))
        view = game.view(0)
        facts = read_history(view)
        for seat in (1, 3, 5):
            passed, chances, spent, early = signs(view, facts, seat)
            if chances >= 4:
                passes.append(passed / chances)
            if early >= 6:
                spends.append(spent / early)
    return {"style": style, "pass_share": _stat(passes), "spend_share": _stat(spends)}


def _stat(values: Sequence[float]) -> dict[str, float | int]:
    if len(values) < 2:
        return {"n": len(values)}
    return {"mean": round(statistics.mean(values), 3), "sd": round(statistics.stdev(values), 3), "n": len(values)}


def main(argv: Sequence[str] | None = None) -> int:
    safe_streams()
    parser = argparse.ArgumentParser(prog="python -m gouji.cli.tablesigns", description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--steps", type=int, default=120)
    parser.add_argument("--rules", choices=sorted(PRESETS), default="qingdao")
    parser.add_argument("--styles", default=",".join((*STYLES, *CALIBRATION)))
    args = parser.parse_args(argv)
    known = (*STYLES, *CALIBRATION)
    styles = [s for s in args.styles.split(",") if s]
    unknown = [s for s in styles if s not in known]
    if unknown or args.deals < 1 or args.steps < 1:
        parser.error(f"unknown style {', '.join(unknown)} (use {', '.join(known)})" if unknown
                     else "--deals and --steps must be at least 1")
    for style in styles:
        print(json.dumps(measure(style, args.deals, args.steps, RuleSet.preset(args.rules))), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
