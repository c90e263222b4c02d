"""Pool evaluation-panel runs by seed and print the panel of them all:

    python -m gouji.sim --panel ... --json a.json   (several runs, on other seeds or opponents)
    python -m gouji.cli.panelpool a.json b.json [--json all.json]

Runs pool only when they measured the same bots under the same rules and
budget; a seed played against the same opponent in two files is refused (it
would count twice). Each opponent's row is over the seeds it was played on,
so opponents may have different numbers of deals.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from .output import safe_streams
from .panel import SeedResult, show_figures, summarize
from .runfiles import RUN_ERRORS, load_runs, refuse_runs

SAME = ("tested", "baseline", "rules", "think_nodes", "think_ms", "workers", "oracle_styles")   # what runs must share


class PoolError(ValueError):
    """Runs that cannot be pooled, and why (in English; the command adds the Chinese)."""


def pool(runs: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The panel's figures over every run's seeds (the same shape as ``run_panel``'s, timings summed)."""
    if not runs:
        raise PoolError("no runs to pool")
    config = {key: runs[0]["panel"][key] for key in SAME if key in runs[0]["panel"]}
    for run in runs[1:]:
        other = {key: run["panel"][key] for key in SAME if key in run["panel"]}
        if other != config:
            raise PoolError(f"the runs differ in what they measured: {config} against {other}")
    results, opponents = _seed_results(runs, config["tested"], config["baseline"])
    figures = summarize(results, opponents, config["tested"])
    deals = sorted({row["deals"] for row in figures["opponents"]})
    seeds = [r.seed for r in results]
    panel = {**config, "games": len(set(seeds)), "seeds": [min(seeds), max(seeds)], "runs": len(runs),
             "deals_per_opponent": deals[0] if len(deals) == 1 else f"{deals[0]}-{deals[-1]}"}
    totals = {key: sum(run[key] for run in runs) for key in ("decisions", "illegal", "search_errors", "seconds")}
    return {"panel": panel, **figures, **totals}


def _seed_results(runs: Sequence[dict[str, Any]], tested: str,
                  base: str) -> tuple[list[SeedResult], list[str]]:
    results: list[SeedResult] = []
    opponents: list[str] = []
    seen: set[tuple[str, int]] = set()
    for run in runs:
        for row in run["opponents"]:
            opponent = row["opponent"]
            if opponent not in opponents:
                opponents.append(opponent)
            errors = set(row.get("search_error_seeds", ()))
            for entry in row["per_seed"]:
                if len(entry) != 5:
                    raise PoolError("a run written before the panel kept each seed's deals won: run it again")
                seed, mine, theirs, mine_won, theirs_won = entry
                if (opponent, seed) in seen:
                    raise PoolError(f"seed {seed} against {opponent} is in two runs")
                seen.add((opponent, seed))
                results.append(SeedResult(opponent, seed, {tested: mine, base: theirs},
                                          {tested: mine_won, base: theirs_won}, 0, 0, int(seed in errors), {}))
    return results, opponents


def main(argv: Sequence[str] | None = None) -> int:
    safe_streams()
    parser = argparse.ArgumentParser(prog="python -m gouji.cli.panelpool", description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", metavar="RUN.json", help="figures written by gouji.sim --panel --json")
    parser.add_argument("--json", default=None, metavar="PATH", help="also write the pooled figures to PATH")
    args = parser.parse_args(argv)
    try:
        figures = pool(load_runs(args.runs))
    except RUN_ERRORS as exc:
        return refuse_runs(exc, ("面板结果文件", "a panel run"),
                           ("这些面板结果不能合并", "these panel runs cannot be pooled"),
                           "gouji.sim --panel --json", PoolError)
    return show_figures(figures, args.json)


if __name__ == "__main__":
    raise SystemExit(main())
