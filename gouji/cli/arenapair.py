"""Two arena runs against the same opponent, compared seed by seed:

    python -m gouji.sim --games 300 --seed 1 --team-a expert --team-b hard ... --json base.json
    python -m gouji.sim --games 300 --seed 1 --team-a expert --team-b hard ... --json new.json   (another version)
    python -m gouji.cli.arenapair base.json --new new.json [--json pair.json]

Each side may be several runs (on other seeds), pooled by seed; a seed in two
runs of one side is refused. On the seeds both sides played, it prints team
A's margin (its points per deal minus team B's; for ``--matches``, per match
of totals) and share of deals (matches) won on each side, and the difference
new minus base with its standard error over the seeds, paired (both sides got
the same cards). Pairing helps only as far as the two sides' results on a seed
agree: two versions of the expert against hard at 64 rollouts, whose play parts
ways within a deal, agreed hardly at all (seeds 1-150: correlation 0.05), so
the paired error was no smaller than two separate runs' would be. The runs must be
of the same kind (deals or matches), rules and team B; team A, the budget
and the version of the code are what is compared.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from .output import emit, safe_streams, write_json
from .panel import mean_and_se
from .runfiles import RUN_ERRORS, load_runs, refuse_runs

SAME = ("rules", "team_b")   # what the two sides must share (team B by its bot)


class PairError(ValueError):
    """Runs that cannot be compared, and why (in English; the command adds the Chinese)."""


def kind_of(run: dict[str, Any]) -> str:
    """"deals" or "matches": what a run's seeds played."""
    return "matches" if "matches" in run else "deals"


def rows_by_seed(runs: Sequence[dict[str, Any]]) -> dict[int, list[int]]:
    """One side's runs pooled: seed -> [A's points, B's points, A's wins, B's wins] over its two seatings."""
    rows: dict[int, list[int]] = {}
    for run in runs:
        if "per_seed" not in run:
            raise PairError("a run without each seed's row: run it again with gouji.sim --json")
        for seed, a, b, a_won, b_won in run["per_seed"]:
            if seed in rows:
                raise PairError(f"seed {seed} is in two runs of one side")
            rows[int(seed)] = [a, b, a_won, b_won]
    return rows


def describe(runs: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """What one side measured: the kind, rules, the bots and budget; refused if its runs differ."""
    first = _config(runs[0])
    for run in runs[1:]:
        if _config(run) != first:
            raise PairError(f"the runs of one side differ: {first} against {_config(run)}")
    return first


def _config(run: dict[str, Any]) -> dict[str, Any]:
    budget: dict[str, Any] = {key: run[key] for key in ("think_ms", "think_nodes", "inference") if key in run}
    return {"kind": kind_of(run), "rules": run["rules"], "team_a": run["team_a"]["bot"],
            "team_b": run["team_b"]["bot"], **budget}


def pair(base: Sequence[dict[str, Any]], new: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The paired comparison (JSON-ready) on the seeds both sides played."""
    if not base or not new:
        raise PairError("each side needs a run")
    sides = describe(base), describe(new)
    for key in ("kind", *SAME):
        if sides[0][key] != sides[1][key]:
            raise PairError(f"the sides differ in {key}: {sides[0][key]} against {sides[1][key]}")
    rows = rows_by_seed(base), rows_by_seed(new)
    seeds = sorted(set(rows[0]) & set(rows[1]))
    if len(seeds) < 2:
        raise PairError(f"the sides share {len(seeds)} seed(s); a standard error needs two")
    out: dict[str, Any] = {"kind": sides[0]["kind"], "rules": sides[0]["rules"], "team_b": sides[0]["team_b"],
                           "seeds": len(seeds), "first_seed": seeds[0], "last_seed": seeds[-1],
                           "only_base": len(rows[0]) - len(seeds), "only_new": len(rows[1]) - len(seeds)}
    per: dict[str, list[list[float]]] = {}
    for name, side, config in (("base", rows[0], sides[0]), ("new", rows[1], sides[1])):
        margins = [(side[s][0] - side[s][1]) / 2 for s in seeds]     # per deal (match): two seatings a seed
        wins = [side[s][2] / 2 for s in seeds]
        per[name] = [margins, wins]
        out[name] = {**{k: v for k, v in config.items() if k not in ("kind", *SAME)},
                     "margin": _r(mean_and_se(margins)[0]), "won_share": _r(mean_and_se(wins)[0]),
                     "b_won_share": _r(sum(side[s][3] for s in seeds) / (2 * len(seeds)))}
    for index, key in ((0, "margin"), (1, "won_share")):
        mean, se = mean_and_se([n - b for n, b in zip(per["new"][index], per["base"][index])])
        out[f"{key}_difference"] = {"mean": _r(mean), "se": _r(se)}
    return out


def _r(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


def table(result: dict[str, Any]) -> str:
    """The comparison as text."""
    unit = "match" if result["kind"] == "matches" else "deal"
    lines = [f"{result['seeds']} seeds ({result['first_seed']}-{result['last_seed']}) both sides played, "
             f"each twice with the teams swapped; {result['rules']}, team B {result['team_b']}"
             + (f"; left out: {result['only_base']} seeds of base only, {result['only_new']} of new only"
                if result["only_base"] or result["only_new"] else ""),
             f"margin = team A's points per {unit} minus team B's; won = team A's share of the {result['kind']} "
             f"won (B: team B's)", ""]
    for name in ("base", "new"):
        side = result[name]
        budget = ", ".join(f"{k} {v}" for k, v in side.items() if k not in ("margin", "won_share", "b_won_share"))
        lines.append(f"{name:<5} margin {side['margin']:>+7.3f}  won {100 * side['won_share']:5.1f}% "
                     f"(B {100 * side['b_won_share']:4.1f}%)  [{budget}]")
    margin, won = result["margin_difference"], result["won_share_difference"]
    lines.append(f"new - base: margin {margin['mean']:+.3f} +- {margin['se']:.3f}, "
                 f"won {100 * won['mean']:+.1f} +- {100 * won['se']:.1f} points of share (paired by seed)")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    safe_streams()
    parser = argparse.ArgumentParser(prog="python -m gouji.cli.arenapair", description=__doc__.splitlines()[0])
    parser.add_argument("base", nargs="+", metavar="BASE.json", help="the base side: runs of gouji.sim ... --json")
    parser.add_argument("--new", nargs="+", required=True, metavar="NEW.json", help="the side compared with it")
    parser.add_argument("--json", default=None, metavar="PATH", help="also write the comparison to PATH")
    args = parser.parse_args(argv)
    try:
        result = pair(load_runs(args.base), load_runs(args.new))
    except RUN_ERRORS as exc:
        return refuse_runs(exc, ("对局结果文件", "an arena run"),
                           ("这两组对局不能逐局比较", "these arena runs cannot be compared"),
                           "gouji.sim --team-a ... --json", PairError)
    if args.json is not None and (status := write_json(args.json, result, "the comparison")):
        return status
    return emit(table(result))


if __name__ == "__main__":
    raise SystemExit(main())
