"""Speed of the expert's search on one core, from typical mid-deal positions:

    python -m gouji.cli.searchbench [--positions 20] [--seconds 0.5] [--rules qingdao] [--decisions 40]

prints one JSON line: full-deal rollouts per second (median over the
positions, and the range; and as it would be without the engine's fast
paths: a deep copy of the game and every move checked), the steps of a rollout, and what guessing one deal
of the hidden cards costs (history read, bounds, draw, position text) in
microseconds, and how well the guesses place the hidden cards: the share of
the other seats' cards a guessed deal puts in the right hand, with the
inference (``guess_right``) and from the card count alone (``guess_right_uniform``),
over all cards and over the 2s and jokers; and how well a guessed deal explains
the play so far (``story_misfits``): the share of the other players' moves
the rollout policy would not have made holding the guessed cards, for the
real hands, the guesses and the card count alone (bots/search/story.py; the
gap says how much the play reveals that the guesses miss). The positions come from ``hard``
bots playing a deal to a random point between a quarter and three quarters of
its length; ``rollouts_per_s_endgame`` is the rate from the same deals played on to
the deal's last stage (``ENDGAME_CARDS`` or fewer cards in hands), where a rollout
budget buys ``ENDGAME_DEPTH`` times its rollouts (``endgame_speedup``: how many
times faster a rollout is there). ``--policy-seeds N`` also plays the rollout policy (one team, from
the first lead) against ``hard`` over N seeds, seats swapped: its share of
deals won and points per deal, which says how far the rollouts' picture of
play is from a real opponent's. ``--decisions N`` also runs N of the
expert's searched decisions at ``--think-ms`` (default 100) in its pool of
``--workers`` (default 2): rollouts per decision, the decisions' time, and
the deciding process's own CPU time per decision (the pool's cost).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from copy import deepcopy

import bots
from bots.expert import ENDGAME_CARDS
from bots.search.inference import build_guess, sample_hands
from bots.search.reading import read_history
from bots.search.rollout import play_out, policy
from bots.search.story import story_of

from ..engine.cards import TWO
from ..engine.game import Game
from ..engine.rules import PRESETS, RuleSet
from ..engine.scoring import raw_team_points
from ..engine.seats import SEATS, team
from .output import safe_streams


def mid_deal(seed: int, rules: RuleSet) -> Game:
    """A deal played by hard bots to somewhere in its middle half."""
    full = _played(seed, rules, None)
    return _played(seed, rules, random.Random(seed).randint(len(full.actions) // 4, 3 * len(full.actions) // 4))


def end_deal(seed: int, rules: RuleSet) -> Game:
    """A deal played by hard bots into its last stage (the expert's endgame)."""
    return _played(seed, rules, None, ENDGAME_CARDS)


def _played(seed: int, rules: RuleSet, steps: int | None, cards: int = -1) -> Game:
    """Played ``steps`` actions, or until ``cards`` or fewer are in hands, or to the end."""
    game = Game.new_deal(seed, rules)
    players = [bots.make("hard", s) for s in SEATS]
    rng = random.Random(seed)
    while not game.is_over and (steps is None or len(game.actions) < steps) and _in_hands(game) > cards:
        seat = game.current_seat
        assert seat is not None
        game.apply(players[seat].choose(game.view(seat), rng))
    return game


def rollout_rate(game: Game, seconds: float, slow: bool = False) -> tuple[float, float]:
    """Rollouts per second from this position, and steps per rollout. ``slow``: without the
    engine's fast paths (``copy.deepcopy`` of the game, every move checked), as before them."""
    light = game.clone(light=True)
    started, count, steps = time.perf_counter(), 0, 0
    while time.perf_counter() - started < seconds:
        copy = deepcopy(game) if slow else light.clone(light=True)
        steps += play_out(copy, random.Random(count), validate=slow)
        count += 1
    return count / (time.perf_counter() - started), steps / count


def _in_hands(game: Game) -> int:
    return sum(sum(game.hand_counts(seat)) for seat in SEATS)


def guess_cost(game: Game, repeat: int = 20) -> float:
    """Microseconds to guess one deal: read the history, bound and draw the hands, make the game."""
    seat = game.current_seat
    assert seat is not None
    view = game.view(seat)
    rng = random.Random(1)
    started = time.perf_counter()
    for _ in range(repeat):
        facts = read_history(view)
        Game.from_view(view, sample_hands(build_guess(view, facts), rng))
    return (time.perf_counter() - started) / repeat * 1e6


def guess_accuracy(game: Game, use_inference: bool, draws: int = 40) -> tuple[float, float]:
    """The share of the hidden cards (all; 2s and jokers) a guessed deal puts in the right hand."""
    seat = game.current_seat
    assert seat is not None
    view = game.view(seat)
    facts = read_history(view)
    guess = build_guess(view, facts, use_inference)
    rng = random.Random(7)
    right = [0, 0]
    total = [0, 0]
    for _ in range(draws):
        hands = sample_hands(guess, rng)
        for other in SEATS:
            if other == seat:
                continue
            real = game.hand_counts(other)
            for rank, held in enumerate(real):
                hit = min(held, hands[other][rank])
                for k in (0, 1) if rank >= TWO else (0,):
                    right[k] += hit
                    total[k] += held
    return right[0] / max(1, total[0]), right[1] / max(1, total[1])


def main(argv: Sequence[str] | None = None) -> int:
    safe_streams()
    parser = argparse.ArgumentParser(prog="python -m gouji.cli.searchbench", description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20, help="mid-deal positions (default 20)")
    parser.add_argument("--seconds", type=float, default=0.5, help="rollouts per position for this long (default 0.5)")
    parser.add_argument("--rules", choices=sorted(PRESETS), default="qingdao")
    parser.add_argument("--policy-seeds", type=int, default=0,
                        help="also play the rollout policy against hard over this many seeds (default 0)")
    parser.add_argument("--decisions", type=int, default=0,
                        help="also time this many of the expert's searched decisions in its worker pool (default 0)")
    parser.add_argument("--think-ms", type=float, default=100.0, help="their budget (default 100)")
    parser.add_argument("--workers", type=int, default=2, help="their worker processes (default 2)")
    args = parser.parse_args(argv)
    if args.positions < 1 or args.seconds <= 0 or args.policy_seeds < 0 or args.decisions < 0:
        parser.error("--positions must be at least 1, --seconds positive, --policy-seeds and --decisions not negative")
    if args.think_ms <= 0 or args.workers < 1:
        parser.error("--think-ms must be positive and --workers at least 1")
    rules = RuleSet.preset(args.rules)
    games = [g for g in (mid_deal(seed, rules) for seed in range(args.positions)) if not g.is_over]
    rates = [rollout_rate(game, args.seconds) for game in games]
    per_s = [rate for rate, _ in rates]
    ends = [g for g in (end_deal(seed, rules) for seed in range(args.positions)) if not g.is_over]
    end_rate = statistics.median(rollout_rate(game, args.seconds)[0] for game in ends) if ends else 0.0
    print(json.dumps({
        "rules": args.rules, "positions": len(games),
        "rollouts_per_s": round(statistics.median(per_s)),
        "rollouts_per_s_range": [round(min(per_s)), round(max(per_s))],
        "rollouts_per_s_without_fast_paths": round(statistics.median(rollout_rate(g, args.seconds, True)[0]
                                                                     for g in games)),
        "steps_per_rollout": round(statistics.median(steps for _, steps in rates)),
        "rollouts_per_s_endgame": round(end_rate),
        "endgame_speedup": round(end_rate / statistics.median(per_s), 1),
        "guess_us": round(statistics.median(guess_cost(game) for game in games)),
        **accuracy(games),
        "story_misfits": story_misfits(games),
        **(policy_vs_hard(args.policy_seeds, rules) if args.policy_seeds else {}),
        **(decision_throughput(args.decisions, args.think_ms, args.workers, rules) if args.decisions else {}),
    }, ensure_ascii=False))
    return 0


def policy_vs_hard(seeds: int, rules: RuleSet) -> dict[str, object]:
    """The rollout policy's team against hard's (hard decides before the first lead)."""
    won, points = [0, 0], [0, 0]
    hard = [bots.make("hard", s) for s in SEATS]
    for seed in range(1000, 1000 + seeds):
        for policy_team in (0, 1):
            game = Game.new_deal(seed, rules)
            rng = random.Random(seed)
            while not game.is_over:
                seat = game.current_seat
                assert seat is not None
                if team(seat) == policy_team and game.phase.in_play:
                    game.apply_move(policy(game, rng))
                else:
                    game.apply(hard[seat].choose(game.view(seat), rng))
            raw = raw_team_points(game.places, rules)
            for side, who in ((policy_team, 0), (1 - policy_team, 1)):
                won[who] += raw[side] > 0
                points[who] += raw[side]
    deals = 2 * seeds
    return {"policy_vs_hard_deals": deals, "policy_won": round(won[0] / deals, 3), "hard_won": round(won[1] / deals, 3),
            "policy_points": round(points[0] / deals, 2), "hard_points": round(points[1] / deals, 2)}


def decision_throughput(decisions: int, think_ms: float, workers: int, rules: RuleSet) -> dict[str, object]:
    """The expert's searched decisions at a time budget, in its worker pool:
    rollouts per decision, the decision's time, and the deciding process's own
    CPU time (its threads feed the pool: what the workers do not get)."""
    from bots.expert import ExpertBot
    from bots.search import pool
    from bots.search.search import rollouts_of
    for ready in pool.warm_up(workers):
        ready.result(timeout=60)
    rollouts: list[int] = []
    wall: list[float] = []
    cpu: list[float] = []
    for seed in range(10 * decisions):
        if len(rollouts) >= decisions:
            break
        game = mid_deal(seed, rules)
        seat = game.current_seat
        if seat is None:
            continue
        bot = ExpertBot(seat, seed, think_ms=think_ms, workers=workers)
        view = game.view(seat)
        cpu_start, start = time.process_time(), time.perf_counter()
        decision = bot.decide(view)
        spent, spent_cpu = time.perf_counter() - start, time.process_time() - cpu_start
        if decision.outcomes:
            rollouts.append(rollouts_of(decision.outcomes))
            wall.append(spent * 1000)
            cpu.append(spent_cpu * 1000)
    if not rollouts:
        return {"searched_decisions": 0}
    per_decision = {"median": statistics.median(rollouts), "mean": round(statistics.fmean(rollouts), 1)}
    return {"searched_decisions": len(rollouts), "think_ms": think_ms, "workers": workers,
            "rollouts_per_decision": per_decision,
            "decision_ms_p50": round(statistics.median(wall), 1), "decision_ms_max": round(max(wall), 1),
            "deciding_process_cpu_ms": round(statistics.median(cpu), 1)}


def accuracy(games: list[Game]) -> dict[str, list[float]]:
    """[all cards, 2s and jokers], averaged over the positions, with and without the inference."""
    out = {}
    for key, use in (("guess_right", True), ("guess_right_uniform", False)):
        pairs = [guess_accuracy(game, use) for game in games]
        out[key] = [round(statistics.mean(p[k] for p in pairs), 3) for k in (0, 1)]
    return out


KINDS = 8   # the misfit kinds ``story_misfits`` reports


def story_misfits(games: list[Game], draws: int = 8) -> dict[str, object]:
    """The share of the other players' moves so far the rollout policy would
    not have made from the real hands, from guessed deals and from deals of
    the card count alone, over all the positions; and the guessed deals'
    misfits by kind (``bots.search.story.misfit_kind``), the most common
    ``KINDS`` as shares of them all."""
    missed = {"real": 0, "guessed": 0, "uniform": 0}
    kinds: Counter[str] = Counter()
    steps = {key: 0 for key in missed}
    for game in games:
        seat = game.current_seat
        assert seat is not None
        view = game.view(seat)
        facts = read_history(view)
        story = story_of(view)
        if story is None:
            continue
        real = [game.hand_counts(s) for s in SEATS]
        theirs = sum(who != seat for who, _ in story.steps)
        missed["real"] += story.misfits(real)   # first: the replayed states are the real ones
        steps["real"] += theirs
        for key, use in (("guessed", True), ("uniform", False)):
            guess, rng = build_guess(view, facts, use), random.Random(11)
            for _ in range(draws):
                missed[key] += story.misfits(sample_hands(guess, rng), kinds=kinds if use else None)
                steps[key] += theirs
    shares: dict[str, object] = {key: round(missed[key] / max(1, steps[key]), 3) for key in missed}
    shares["guessed_by_kind"] = {kind: round(n / max(1, missed["guessed"]), 3) for kind, n in kinds.most_common(KINDS)}
    return shares


if __name__ == "__main__":
    sys.exit(main())
