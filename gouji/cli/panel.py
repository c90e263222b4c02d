"""The evaluation panel: is the expert strong against every table, or only against the bot it models?

    python -m gouji.sim --panel --games 20 --seed 7001 --rules qingdao --think-nodes 16 --workers 2
    python -m gouji.sim --panel --opponents hoarder,spender --games 50 --think-nodes 48 --json panel.json

The expert's search guesses that the other seats play like ``hard``. The panel
plays it against opponents of other styles (``bots.styles``: the levels, a
noisy hard, a hoarder of 2s and jokers, a spender, a passive player) and, on the
very same deals, plays ``hard`` against them too: whatever the expert gains
over hard at a table is its own, not the deals' luck.

For each opponent, each deal seed is played four times: the tested bot (team
A) against the opponent (team B), first on the even seats and then on the odd
seats, as the arena plays each seed twice with the teams swapped (both sides
get the same cards); then hard in the same two seatings. A seed's margin is
team A's points minus team B's (``raw_team_points``), averaged over its two
seatings; the difference is the expert's margin minus hard's, seed by seed,
and its standard error is over the seeds (paired). "Won" counts the deals
(two per seed) where team A's points were above 0.

For measurement only, ``GOUJI_ORACLE_STYLES=1`` gives the experts an oracle on
style (``oracle_styles``): their rollouts play each opponent as the style sitting
there plays (docs/search.md, "What modelling the opponents' style is worth").

With ``--think-nodes`` (rollouts instead of time) the figures replay exactly,
whatever ``--workers``: the workers are processes that play the seeds side by
side, each expert searching in its own process. With ``--think-ms`` (the issue's
real budget) the seeds are played one after another and ``--workers`` is the
search's own worker pool, as at a table: each search gets every worker.
"""

from __future__ import annotations

import math
import os
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import bots
from bots.styles import STYLES, make_style, style_knobs

from ..engine.rules import RuleSet
from ..engine.scoring import raw_team_points
from ..engine.seats import SEATS, team
from .arena import Arena, Thinking
from .output import emit, note, write_json

BASELINE = "hard"                    # the bot whose results the tested one is measured against
OPPONENTS = (*STYLES, "random", "expert")   # any of these may sit at the panel's tables
DEFAULT_OPPONENTS = STYLES


ORACLE_ENV = "GOUJI_ORACLE_STYLES"   # set (not "0"): the measuring oracle on style, below


def oracle_styles() -> bool:
    """Whether the panel gives its experts the oracle on style (measurement only,
    issue 38): their rollouts play each opponent's seat with the knobs of the
    style sitting there (``bots.styles.style_knobs``), partners' seats as the
    table reading has them. It tells how a seat plays, never what it holds;
    an upper bound on what modelling the opponents' style can be worth."""
    return os.environ.get(ORACLE_ENV, "0") not in ("", "0")


def make_player(name: str, seat: int, seed: int, thinking: Thinking) -> bots.Bot:
    """A panel seat's bot: a style of ``bots.styles``, else a bot of ``bots.make``."""
    if name in STYLES:
        return make_style(name, seat, seed)
    return bots.make(name, seat, seed, thinking.think_ms, thinking.think_nodes, thinking.workers,
                     thinking.inference)


@dataclass
class PanelArena(Arena):
    """The arena's deal loop with the panel's styles in the seats, counting failed searches."""

    search_errors: int = 0

    def make_players(self, names: list[str], seed: int) -> list[bots.Bot]:
        players = [make_player(name, seat, seed, self.thinking) for seat, name in enumerate(names)]
        if oracle_styles():
            for seat, player in enumerate(players):
                if isinstance(player, bots.ExpertBot):
                    player.styles = tuple(None if team(s) == team(seat) else style_knobs(name)
                                          for s, name in enumerate(names))
        return players

    def done_with(self, players: list[bots.Bot]) -> None:
        self.search_errors += sum(getattr(player, "search_errors", 0) for player in players)


@dataclass(frozen=True)
class Job:
    """One deal seed against one opponent: four deals."""

    opponent: str
    seed: int
    tested: str
    rules: RuleSet
    thinking: Thinking


@dataclass
class SeedResult:
    opponent: str
    seed: int
    margins: dict[str, float]    # bot -> team A's points minus team B's, averaged over the two seatings
    won: dict[str, int]          # bot -> deals of the two where team A's points were above 0
    decisions: int
    illegal: int
    search_errors: int
    times: dict[str, list[float]]


def play_seed(job: Job) -> SeedResult:
    """The tested bot, then hard, as team A against the opponent, each in both seatings."""
    arena = PanelArena(job.rules, job.thinking)
    margins: dict[str, float] = {}
    won: dict[str, int] = {}
    for bot in (job.tested, BASELINE):
        total = wins = 0
        for a_team in (0, 1):   # team A on the even seats, then on the odd seats (as run_match)
            names = [bot if team(s) == a_team else job.opponent for s in SEATS]
            game = arena.play(job.seed, names)
            raw = raw_team_points(game.places, job.rules)
            total += raw[a_team] - raw[1 - a_team]
            wins += raw[a_team] > 0
        margins[bot], won[bot] = total / 2, wins
    return SeedResult(job.opponent, job.seed, margins, won, arena.decisions, arena.illegal,
                      arena.search_errors, dict(arena.times))


def mean_and_se(values: Sequence[float]) -> tuple[float, float | None]:
    """The mean and its standard error (sample standard deviation over sqrt(n)); no error for one value."""
    if not values:
        raise ValueError("no values")
    mean = math.fsum(values) / len(values)
    if len(values) < 2:
        return mean, None
    return mean, statistics.stdev(values) / math.sqrt(len(values))


def paired(first: Sequence[float], second: Sequence[float]) -> tuple[float, float | None]:
    """``first`` minus ``second`` measured on the same deals: the mean difference and its standard error."""
    if len(first) != len(second):
        raise ValueError("paired figures need the same deals on both sides")
    return mean_and_se([a - b for a, b in zip(first, second)])


def _r(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


def summarize(results: list[SeedResult], opponents: Sequence[str], tested: str) -> dict[str, Any]:
    """Per opponent and over all of them: margins, the paired difference and deals won."""
    rows = []
    by_seed: dict[int, list[float]] = {}
    for opponent in opponents:
        mine = sorted((r for r in results if r.opponent == opponent), key=lambda r: r.seed)
        row: dict[str, Any] = {"opponent": opponent, "seeds": len(mine), "deals": 2 * len(mine)}
        for bot in dict.fromkeys((tested, BASELINE)):
            margin, se = mean_and_se([r.margins[bot] for r in mine])
            won = sum(r.won[bot] for r in mine)
            row[bot] = {"margin": _r(margin), "se": _r(se), "won": won, "won_share": _r(won / (2 * len(mine)))}
        diffs = [r.margins[tested] - r.margins[BASELINE] for r in mine]
        diff, se = mean_and_se(diffs)
        row["difference"] = {"mean": _r(diff), "se": _r(se)}
        # seed, margins, deals won of two: enough to pool runs by seed (gouji.cli.panelpool)
        row["per_seed"] = [[r.seed, r.margins[tested], r.margins[BASELINE], r.won[tested], r.won[BASELINE]]
                           for r in mine]
        row["illegal"] = sum(r.illegal for r in mine)
        row["search_error_seeds"] = [r.seed for r in mine if r.search_errors]   # hard's choice was played there
        for r, d in zip(mine, diffs):
            by_seed.setdefault(r.seed, []).append(d)
        rows.append(row)
    # over the panel: each seed's difference averaged over the opponents (they share the deals), then over seeds
    diff, se = mean_and_se([math.fsum(ds) / len(ds) for _, ds in sorted(by_seed.items())])
    overall: dict[str, Any] = {"difference": {"mean": _r(diff), "se": _r(se)}}
    for bot in dict.fromkeys((tested, BASELINE)):
        overall[bot] = {"margin": _r(math.fsum(row[bot]["margin"] for row in rows) / len(rows)),
                        "won": sum(row[bot]["won"] for row in rows)}
    worst = min(rows, key=lambda row: row["difference"]["mean"])
    overall["worst_opponent"] = worst["opponent"]
    return {"opponents": rows, "overall": overall}


def run_panel(games: int, seed: int, opponents: Sequence[str], rules: RuleSet, thinking: Thinking,
              tested: str = "expert", processes: int = 1, progress: bool = True) -> dict[str, Any]:
    """The panel's figures (JSON-ready). With a rollout budget, ``processes`` > 1
    plays the seeds side by side, each expert searching in the process playing
    its deal (the figures replay whatever the processes). With a time budget the
    seeds are played one after another and every search gets the worker pool of
    ``thinking.workers`` processes, as in the game and the arena: side by side,
    a search would get one core, half what its budget buys at a real table."""
    timed = thinking.think_nodes is None
    thinking = replace(thinking, workers=(thinking.workers or processes) if timed else 1)
    processes = 1 if timed else processes
    jobs = [Job(opponent, seed + i, tested, rules, thinking) for opponent in opponents for i in range(games)]
    if timed:
        PanelArena(rules, thinking).warm_up(tested, BASELINE)   # the workers start before the clock runs
    start = time.perf_counter()
    results: list[SeedResult] = []
    if processes > 1:
        with ProcessPoolExecutor(processes, mp_context=get_context("spawn")) as pool:
            for result in pool.map(play_seed, jobs):
                results.append(result)
                _progress(progress, result, games, seed, start)
    else:
        for job in jobs:
            results.append(play_seed(job))
            _progress(progress, results[-1], games, seed, start)
    seconds = time.perf_counter() - start
    timing = Arena(rules, thinking)
    for result in results:
        for name, spent in result.times.items():
            timing.times[name] += spent
    config = {"tested": tested, "baseline": BASELINE, "games": games, "seeds": [seed, seed + games - 1],
              "deals_per_opponent": 2 * games, "rules": rules.preset_name() or "custom",
              **{k: v for k, v in thinking.summary().items() if timed or k != "workers"}, "processes": processes,
              **({"oracle_styles": True} if oracle_styles() else {})}
    return {"panel": config, **summarize(results, opponents, tested),
            "decisions": sum(r.decisions for r in results), "illegal": sum(r.illegal for r in results),
            "search_errors": sum(r.search_errors for r in results),
            "seconds": round(seconds, 1), "decision_ms": timing.decision_ms()}


def _progress(show: bool, result: SeedResult, games: int, seed: int, start: float) -> None:
    if show and result.seed == seed + games - 1:
        note(f"panel: {result.opponent} done ({2 * games} deals each; {time.perf_counter() - start:.0f} s so far)")


TIMING = ("seconds", "decision_ms")   # the only figures that do not replay


def table(figures: dict[str, Any]) -> str:
    """The panel as text: one line per opponent, the tested bot and hard side by side."""
    config = figures["panel"]
    tested, base = config["tested"], config["baseline"]
    budget = (f"{config['think_nodes']} rollouts" if "think_nodes" in config
              else f"{config['think_ms']:g} ms" if "think_ms" in config else "the default time")
    if "workers" in config:   # a time budget: the search's own pool
        budget += f" on {config['workers']} worker{'s' if config['workers'] != 1 else ''}"
    first, last = config["seeds"]
    lines = [f"Panel: {tested} and {base} as team A, each against every opponent on the same deals "
             f"({config['rules']}, seeds {first}-{last}, each played with the teams swapped: "
             f"{config['deals_per_opponent']} deals per opponent; {budget} per searched decision)"
             + ("; MEASURING ORACLE: the rollouts play each opponent with its own style's knobs"
                if config.get("oracle_styles") else ""),
             "margin = team A's points per deal minus the opponent's; difference paired by deal, +- one standard error",
             ""]
    head = (f"{'opponent':<10} {tested + ' margin':>14} {base + ' margin':>12} {'difference':>11} {'+- se':>6} "
            f"{tested + ' won':>11} {base + ' won':>9}")
    lines += [head, "-" * len(head)]
    for row in figures["opponents"]:
        diff, deals = row["difference"], row["deals"]
        lines.append(f"{row['opponent']:<10} {row[tested]['margin']:>+14.2f} {row[base]['margin']:>+12.2f} "
                     f"{diff['mean']:>+11.2f} {_se(diff['se']):>6} "
                     f"{str(row[tested]['won']) + '/' + str(deals):>11} {str(row[base]['won']) + '/' + str(deals):>9}")
    overall = figures["overall"]
    n = sum(row["deals"] for row in figures["opponents"])
    lines.append("-" * len(head))
    lines.append(f"{'all':<10} {overall[tested]['margin']:>+14.2f} {overall[base]['margin']:>+12.2f} "
                 f"{overall['difference']['mean']:>+11.2f} {_se(overall['difference']['se']):>6} "
                 f"{str(overall[tested]['won']) + '/' + str(n):>11} {str(overall[base]['won']) + '/' + str(n):>9}")
    lines.append("")
    lines.append(f"smallest difference: against {overall['worst_opponent']}; "
                 f"{figures['decisions']} decisions, {figures['illegal']} illegal, "
                 f"{figures['search_errors']} search errors, {figures['seconds']:g} s")
    return "\n".join(lines)


def _se(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.2f}"


def json_path_problem(path: str) -> str | None:
    """Why the figures could not be written to ``path`` (checked before a long run), or None."""
    target = Path(path)
    if not path or target.is_dir():
        return f"--json {path!r} is a folder, not a file" if path else "--json needs a file name"
    folder = target.parent
    if not folder.is_dir():
        return f"--json {path!r}: the folder {str(folder)!r} does not exist"
    if not os.access(folder, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        return f"--json {path!r} cannot be written here"
    return None


def main_panel(games: int, seed: int, opponents: Sequence[str], rules: RuleSet, thinking: Thinking,
               tested: str, processes: int, json_path: str | None) -> int:
    """Run the panel, print its table, write the figures; the exit status."""
    figures = run_panel(games, seed, opponents, rules, thinking, tested, processes)
    return show_figures(figures, json_path)


def show_figures(figures: dict[str, Any], json_path: str | None) -> int:
    """Print the panel's table and write its figures to ``json_path`` (if given); the exit status."""
    if json_path is not None and (status := write_json(json_path, figures)):
        emit(table(figures))
        return status
    return emit(table(figures))


__all__ = ["BASELINE", "OPPONENTS", "DEFAULT_OPPONENTS", "run_panel", "play_seed", "mean_and_se", "paired",
           "summarize", "table", "json_path_problem", "main_panel", "show_figures", "make_player", "PanelArena",
           "TIMING"]
