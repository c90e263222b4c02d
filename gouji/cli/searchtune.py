"""Tune the expert's pick offline, from logged decisions:

    python -m gouji.cli.searchtune log --deals 8 --rollouts 400 --out tune.json
    python -m gouji.cli.searchtune replay tune.json [--budget 80]

``log`` plays deals with hard bots and, at a share of the decisions where the
expert would search, plays every candidate out from the same ``--rollouts``
guessed deals (the search's own rollouts, in its worker pool), keeping each
deal's points. ``replay`` then replays the expert's two-phase search with a
budget of ``--budget`` rollouts (about what 100 ms buys on two cores) on the
first half of each decision's deals, many times over in a shuffled order,
for a grid of pick bars (standard errors and margin, ``bots.expert.pick``),
and judges the action each picks on the other half: its gain over hard's
choice in the search's value and in the share of deals won, and how often
hard's choice is overridden. What a perfect pick would gain is printed beside
them. A fast way to compare bars: an arena run of 600 deals takes most of an
hour, a replay seconds.

The guessed deals judge the search by its own guesses. ``log`` also plays
each candidate out on the real hands, so ``replay`` judges every pick by the
truth too (``true_*``, with standard errors): once by the policy's own
continuation (``truth``, close to what the hard bots would really do) and
``--truth-playouts`` times with varied continuations (``truths``: the policy
making a random legal move at 5% of the steps). One real deal played one way
is a single chaotic outcome; the varied ones' average is what ``replay``
judges by when the log has them. ``log`` keeps the deal's opening, where the
expert does not search, and each decision's cards still in hands (``left``).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path

import bots
from bots.expert import MARGIN, ExpertBot, Z, pick
from bots.search import pool as workers
from bots.search.deals import Batch, DealSource, run_batch
from bots.search.rollout import Job, Stakes, run_games
from bots.search.search import outcomes_of, stakes_of

from ..engine.game import Game
from ..engine.rules import PRESETS, RuleSet
from ..engine.seats import SEATS
from .arguments import seed_argument
from .output import safe_streams

DEAL_COST = 0.4    # drawing a guessed deal costs about 0.4 of a rollout (gouji.cli.searchbench)
BATCH = 25         # guessed deals per worker task while logging
EXPLORE = 0.05     # the truth judge's varied continuations: the share of random legal moves
GRID = [(z, margin) for z in (0.5, 1.0, 1.5) for margin in (0.0, 0.1, 0.25)]


def log_decisions(deals: int, rollouts: int, share: float, rules: RuleSet, seed: int, n_workers: int,
                  playouts: int = 0) -> list[dict]:
    """Decisions where the expert would search, each with its candidates' points per guessed deal."""
    chosen = random.Random(seed)
    found = []
    for deal_seed in range(seed, seed + deals):
        game = Game.new_deal(deal_seed, rules)
        players = [bots.make("hard", s) for s in SEATS]
        rng = random.Random(deal_seed)
        while not game.is_over:
            seat = game.current_seat
            assert seat is not None
            view = game.view(seat)
            if view.phase.in_play:
                expert = ExpertBot(seat, workers=1)
                # the opening too: the data to judge the expert's gate
                candidates = expert.candidates(view, expert.hard.rank_actions(view), opening=False)
                if len(candidates) > 1 and chosen.random() < share:
                    found.append((deal_seed, len(game.actions), view, candidates, game.position()))
            game.apply(players[seat].choose(view, rng))
    return [_played_out(item, rollouts, n_workers, playouts) for item in found]


def _played_out(item: tuple, rollouts: int, n_workers: int, playouts: int) -> dict:
    deal_seed, step, view, candidates, position = item
    source = DealSource.of(view, 0, True)
    job = Job(view.rules, view.seat, tuple(candidates), Stakes())   # points only: the value is added back
    batches = [Batch(source, tuple(range(i, min(i + BATCH, rollouts))), job) for i in range(0, rollouts, BATCH)]
    pool = workers.get_pool(n_workers)
    futures = [] if pool is None else [pool.submit(run_batch, b) for b in batches]
    real = Game.from_position(position, view.rules).clone(light=True)
    truth = run_games(job, [real], [0])   # the real hands, played out by the policy
    truths = explored_truths(position, job, playouts)   # ... and with varied continuations, while the pool works
    if pool is None:
        rows = [row for batch in batches for row in run_batch(batch)]
    else:
        rows = [row for future in futures for row in future.result()]
    stakes = stakes_of(view)
    return {"seed": deal_seed, "step": step, "left": sum(view.counts), "candidates": candidates, "points": rows,
            "truth": truth[0] if truth else None, "truths": truths,   # lone deals: no tribute
            "match_win": stakes.match_win, "lead": stakes.lead}


def explored_truths(position: str, job: Job, playouts: int) -> list[list[float]]:
    """Each candidate played out ``playouts`` times on the real hands, the policy
    making a random legal move at ``EXPLORE`` of the steps (the same draws for
    every candidate of a playout; one that gets stuck is left out for all): the
    average of these varied continuations judges a candidate far less noisily
    than one chaotic outcome does."""
    root = Game.from_position(position, job.rules).clone(light=True)
    return run_games(job, [root] * playouts, range(playouts), explore=EXPLORE)


def value(points: float, decision: dict) -> float:
    """The search's value of a deal's points (``rollout.deal_value``) for a lone or last deal."""
    margin = decision["lead"] + points
    return points + decision["match_win"] * ((margin > 0) - (margin < 0))


def replayed_pick(rows: list[list[float]], candidates: list[str], budget: float, z: float, margin: float) -> int:
    """The candidate the search (bots/search/search.py) would pick from these guessed
    deals with ``budget`` rollouts: all candidates on half, then the best
    challenger against hard's choice on fresh deals counted with those; the
    index of the pick."""
    k = len(candidates)
    if k <= 2:
        n = max(2, int(budget / (k + DEAL_COST)))
        return candidates.index(pick(outcomes_of(candidates, rows[:n]), margin, z))
    n1 = max(2, int(budget / 2 / (k + DEAL_COST)))
    first = outcomes_of(candidates, rows[:n1])
    challenger = max(range(1, k), key=lambda i: first[i].gain)
    n2 = max(2, int(budget / 2 / (2 + DEAL_COST)))
    pair = [candidates[0], candidates[challenger]]
    final = outcomes_of(pair, [[row[0], row[challenger]] for row in rows[:n1 + n2]])
    return candidates.index(pick(final, margin, z))


def replay(decisions: list[dict], budget: float, repeats: int, seed: int = 1) -> dict[str, object]:
    rng = random.Random(seed)
    judged = [item for item in map(_judged, decisions) if item is not None]
    if not judged:
        raise ValueError("no decision in the log has enough guessed deals to replay")
    results = [{"z": z, "margin": margin, "current": (z, margin) == (Z, MARGIN),
                **_score(judged, budget, repeats, rng, z, margin)} for z, margin in GRID]
    perfect = {}
    for name in dict.fromkeys(name for _, _, judges in judged for name in judges):   # a log may mix old and new
        gains = [judges[name] for _, _, judges in judged if name in judges]
        perfect[name] = round(statistics.fmean(max(g) for g in gains), 4)
    return {"decisions": len(judged), "truth": sum("true_value_gain" in j for _, _, j in judged),
            "budget": budget, "repeats": repeats, "perfect": perfect, "bars": results}


def _judged(d: dict) -> tuple[list[list[float]], list[str], dict[str, list[float]]] | None:
    """The guessed deals a replayed search may use (the first half), and each
    candidate's gain over hard's choice by every judge: the held-out half of
    the guessed deals and, when the log has it, the real hands (``truth``)."""
    rows = [[value(p, d) for p in row] for row in d["points"]]
    half, k = len(rows) // 2, len(d["candidates"])
    if half < 4 or k < 2:
        return None
    held = list(zip(rows[half:], d["points"][half:]))
    judges = {"value_gain": [statistics.fmean(r[i] - r[0] for r, _ in held) for i in range(k)],
              "won_gain": [statistics.fmean((p[i] > 0) - (p[0] > 0) for _, p in held) for i in range(k)]}
    truths = d.get("truths") or ([d["truth"]] if d.get("truth") else [])   # older logs: one playout
    if truths:
        real = [[value(p, d) for p in row] for row in truths]
        judges["true_value_gain"] = [statistics.fmean(r[i] - r[0] for r in real) for i in range(k)]
        judges["true_won_gain"] = [statistics.fmean(float((p[i] > 0) - (p[0] > 0)) for p in truths) for i in range(k)]
    return rows[:half], d["candidates"], judges


def _score(judged: list, budget: float, repeats: int, rng: random.Random, z: float, margin: float) -> dict[str, float]:
    """Each judge's average gain of the bar's picks over hard's choice, with its
    standard error across decisions (``_se``): one real deal's outcome is a
    single, very noisy draw, so the truth needs that error beside it."""
    per: dict[str, list[float]] = {}
    overridden = 0
    for rows, candidates, judges in judged:
        picks = []
        for _ in range(repeats):
            order = rows[:]
            rng.shuffle(order)
            picks.append(replayed_pick(order, candidates, budget, z, margin))
        overridden += sum(i != 0 for i in picks)
        for name, gains in judges.items():
            per.setdefault(name, []).append(statistics.fmean(gains[i] for i in picks))
    out: dict[str, float] = {}
    for name, values in per.items():
        out[name] = round(statistics.fmean(values), 4)
        if name.startswith("true_"):
            out[name + "_se"] = round(statistics.pstdev(values) / len(values) ** 0.5, 4)
    out["overridden"] = round(overridden / (len(judged) * repeats), 3)
    return out


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m gouji.cli.searchtune", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    log = sub.add_parser("log", help="log decisions with every candidate's rollouts")
    log.add_argument("--deals", type=int, default=8, help="deals played by hard bots (default 8)")
    log.add_argument("--rollouts", type=int, default=400, help="guessed deals per decision (default 400)")
    log.add_argument("--share", type=float, default=0.4, help="share of searched decisions kept (default 0.4)")
    log.add_argument("--rules", choices=sorted(PRESETS), default="qingdao")
    log.add_argument("--seed", type=seed_argument, default=500, help="first deal's seed (default 500)")
    log.add_argument("--workers", type=int, default=2, help="worker processes (default 2; 1 = none)")
    log.add_argument("--truth-playouts", type=int, default=16,
                     help="varied continuations on the real hands per decision (default 16; 0 = one, unvaried)")
    log.add_argument("--out", type=Path, required=True, help="the log to write (JSON)")
    rep = sub.add_parser("replay", help="replay searches on a log for a grid of pick bars")
    rep.add_argument("log", type=Path, help="a log written by the log command")
    rep.add_argument("--budget", type=float, default=80.0, help="rollouts per searched decision (default 80)")
    rep.add_argument("--repeats", type=int, default=40, help="replays per decision and bar (default 40)")
    args = parser.parse_args(argv)
    if args.command == "log" and (args.deals < 1 or args.rollouts < 8 or not 0 < args.share <= 1 or args.workers < 1
                                  or args.truth_playouts < 0):
        parser.error("--deals and --workers must be at least 1, --rollouts at least 8, --share in (0, 1], "
                     "--truth-playouts at least 0")
    if args.command == "replay" and (args.budget < 2 or args.repeats < 1):
        parser.error("--budget must be at least 2 and --repeats at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    safe_streams()
    args = parse_args(argv)
    if args.command == "log":
        decisions = log_decisions(args.deals, args.rollouts, args.share, RuleSet.preset(args.rules),
                                  args.seed, args.workers, args.truth_playouts)
        args.out.write_text(json.dumps({"rules": args.rules, "decisions": decisions}))
        print(json.dumps({"decisions": len(decisions), "out": str(args.out)}))
        return 0
    try:
        decisions = json.loads(args.log.read_text())["decisions"]
        print(json.dumps(replay(decisions, args.budget, args.repeats)))
    except (OSError, ValueError, KeyError, TypeError, IndexError) as exc:
        print(f"searchtune: cannot replay {args.log}: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
