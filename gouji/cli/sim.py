"""Headless deals for tests and benchmarks.

    python -m gouji.sim --games 200 --seed 1 --bots random
    python -m gouji.sim --games 200 --seed 1 --team-a normal --team-b random
    python -m gouji.sim --matches 50 --seed 1 --team-a hard --team-b normal --rules qingdao
    python -m gouji.sim --games 300 --team-a expert --team-b hard --rules qingdao --think-nodes 48
    python -m gouji.sim --panel --games 20 --seed 7001 --rules qingdao --think-nodes 16 --workers 2

prints one JSON line of figures. With ``--bots random`` every decision
enumerates the full ``legal_actions()`` of the seat to act; with teams, each
seed is played twice with the teams swapped. ``--panel`` plays the expert
(or ``--team-a``) and hard against a panel of opponent styles on the same
deals and prints a table (gouji.cli.panel); ``--json PATH`` writes its figures, and
the arena's with each seed's row (``gouji.cli.arenapair`` pairs two runs seed by seed).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence

import bots

from ..engine.game import Game
from ..engine.rules import PRESETS, RuleSet
from .arena import Thinking, run_match, run_matches
from .arguments import check_seed_range, seed_argument
from .output import safe_streams, write_json
from .panel import DEFAULT_OPPONENTS, OPPONENTS, json_path_problem, main_panel


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
    parser.add_argument("--seed", type=seed_argument, default=1, help="first seed (default 1)")
    parser.add_argument("--bots", choices=["random"], default=None,
                        help="every seat plays uniformly at random (engine benchmark)")
    parser.add_argument("--team-a", choices=bots.NAMES, help="bot of team A (arena mode)")
    parser.add_argument("--team-b", choices=bots.NAMES, help="bot of team B (arena mode)")
    parser.add_argument("--matches", type=int, default=None,
                        help="arena mode: whole matches (series of deals with tribute) instead of deals")
    parser.add_argument("--rules", choices=sorted(PRESETS), default="basic")
    parser.add_argument("--think-ms", type=float, default=None, metavar="MS",
                        help="searching bots (expert): time per searched decision")
    parser.add_argument("--think-nodes", type=int, default=None, metavar="N",
                        help="searching bots: rollouts per searched decision instead (replays exactly)")
    parser.add_argument("--workers", type=int, default=None,
                        help="searching bots: worker processes (default: every core up to 4; 1 = none); "
                             "with --panel and --think-nodes, processes that play the deals side by side")
    parser.add_argument("--no-inference", action="store_true",
                        help="searching bots guess hidden hands from the card count alone (measures the inference)")
    parser.add_argument("--panel", action="store_true",
                        help="the evaluation panel: --team-a (default expert) and hard, each against every "
                             "--opponents style on the same deals, side by side (--games seeds per opponent)")
    parser.add_argument("--opponents", default=None, metavar="LIST",
                        help=f"--panel's opponents, comma-separated (default {','.join(DEFAULT_OPPONENTS)}; "
                             f"any of {', '.join(OPPONENTS)})")
    parser.add_argument("--json", default=None, metavar="PATH",
                        help="--panel or the arena (--team-a/--team-b): also write the figures, with each "
                             "seed's, to PATH (gouji.cli.panelpool, gouji.cli.arenapair read them)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    check_seed_range(parser, args.seed, max(args.games, args.matches or 0), "the number of deals")
    if args.panel:
        check_panel(parser, args)
    elif args.opponents is not None:
        parser.error("--opponents goes with --panel")
    elif args.json is not None:
        if args.team_a is None:
            parser.error("--json goes with --panel or the arena (--team-a and --team-b)")
        check_json_path(parser, args.json)
    if not args.panel and (args.team_a is None) != (args.team_b is None):
        parser.error("give both --team-a and --team-b")
    if args.matches is not None and (args.matches < 1 or args.team_a is None):
        parser.error("--matches needs a number ≥ 1 and both --team-a and --team-b")
    if args.think_ms is not None and args.think_ms <= 0:
        parser.error("--think-ms must be positive")
    if (args.think_nodes is not None and args.think_nodes < 1) or (args.workers is not None and args.workers < 1):
        parser.error("--think-nodes and --workers must be at least 1")
    return args


def check_panel(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """``--panel``'s flags: the opponents by name, a file the figures can be written to."""
    if args.bots or args.team_b or args.matches is not None:
        parser.error("--panel picks the opponents itself (use --opponents), and plays deals, not --matches: "
                     "leave out --bots, --team-b and --matches")
    args.team_a = args.team_a or "expert"
    names = DEFAULT_OPPONENTS if args.opponents is None else [
        name.strip().lower() for name in args.opponents.split(",")]
    unknown = [name for name in names if name not in OPPONENTS]
    if unknown or not names:
        shown = ", ".join(repr(name[:20]) for name in unknown) or "nothing"
        parser.error(f"--opponents: unknown opponent {shown} (use a comma-separated list of {', '.join(OPPONENTS)})")
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        parser.error(f"--opponents names {', '.join(twice)} more than once")
    args.opponents = list(names)
    if args.json is not None:
        check_json_path(parser, args.json)


def check_json_path(parser: argparse.ArgumentParser, path: str) -> None:
    """Refuse, before a long run, a --json file that could not be written."""
    problem = json_path_problem(path)
    if problem:
        parser.error(problem)


def bots_default_workers() -> int:
    """Every core, up to four (the searching bots' own default)."""
    from bots.search.search import default_workers
    return default_workers()


def main(argv: Sequence[str] | None = None) -> int:
    safe_streams()
    args = parse_args(argv)
    rules = RuleSet.preset(args.rules)
    thinking = Thinking(args.think_ms, args.think_nodes, args.workers, not args.no_inference)
    if args.panel:
        processes = args.workers if args.workers is not None else bots_default_workers()
        return main_panel(args.games, args.seed, args.opponents, rules, thinking, args.team_a, processes, args.json)
    if args.matches:
        result = run_matches(args.matches, args.seed, args.team_a, args.team_b, rules, thinking)
    elif args.team_a:
        result = run_match(args.games, args.seed, args.team_a, args.team_b, rules, thinking)
    else:
        result = run_random(args.games, args.seed, rules)
    per_seed = result.pop("per_seed", None)
    print(json.dumps(result, ensure_ascii=False))
    if args.json is not None:
        return write_figures(args.json, {**result, "per_seed": per_seed})
    return 0


def write_figures(path: str, figures: dict) -> int:
    """The arena's figures with each seed's row, to ``path``; the exit status."""
    return write_json(path, figures, indent=None)


if __name__ == "__main__":
    sys.exit(main())
