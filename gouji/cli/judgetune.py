"""The expert's judgement with other weights, played without search against an opponent:

    python -m gouji.cli.judgetune --games 1000 --seed 220000 --try rang_value=0.8,overshoot=0.25 --try overshoot=0.25

The expert plays hard's scripted choice wherever it does not search (the
deal's opening at a small budget, a clear best action), so better weights
there would carry into its play. This plays the judgement
(``bots.scripted.EXPERT_JUDGEMENT``, changed by ``--base``) against
``--opponent`` (any panel style, hard by default) on lone deals, each seed
twice with the teams swapped, then each ``--try`` on the same seeds. It prints
the judgement's margin (its points per deal minus the opponent's) and share of
deals won, and each change's difference from the base, paired by seed (the
scripted bots are deterministic, so a change that alters no decision differs
by exactly zero). Weights are the numeric fields of ``bots.scripted.Style``.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from dataclasses import fields, replace
from multiprocessing import Pool
from typing import Any

from bots.base import Bot
from bots.scripted import EXPERT_JUDGEMENT, ScriptedBot, Style
from bots.styles import STYLES, make_style

from ..engine.rules import PRESETS, RuleSet
from ..engine.scoring import raw_team_points
from ..engine.seats import SEATS, team
from .arena import Arena, add_seating
from .arguments import check_seed_range, seed_argument
from .output import emit, safe_streams, write_json
from .panel import mean_and_se

Changes = dict[str, Any]   # weight -> number (int for the counts), as Style's fields say
WEIGHTS: dict[str, type[float] | type[int]] = {   # numbers, not flags
    f.name: int if type(f.default) is int else float for f in fields(Style) if type(f.default) in (float, int)}
MAX_WORKERS = 64
MAX_GAMES = 1_000_000   # seeds a side: days of play already
MAX_COUNT = 1000   # guessed deals per decision: more only makes a run endless
JUDGE = "judgement"   # the arena's name for the seats that play the judgement tried


def changes_argument(text: str) -> Changes:
    """``--try``/``--base``: ``weight=value`` pairs joined by commas, e.g. ``rang_value=0.8,stop_cards=4``."""
    out: Changes = {}
    for item in filter(None, text.split(",")):
        name, sep, value = item.partition("=")
        if not sep or name not in WEIGHTS:
            raise argparse.ArgumentTypeError(
                f"{item[:40]!r} is not weight=value with one of the weights: {', '.join(sorted(WEIGHTS))}")
        out[name] = _number(name, value)
    return out


def _number(name: str, text: str) -> float | int:
    """A finite number; a count (``worlds``, ``stop_cards``) is a whole number from 1 to ``MAX_COUNT``."""
    try:
        value = WEIGHTS[name](text)
    except ValueError:
        kind = "whole number" if WEIGHTS[name] is int else "number"
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a {kind} (for {name})") from None
    if not math.isfinite(value) or (WEIGHTS[name] is int and not 1 <= value <= MAX_COUNT):
        raise argparse.ArgumentTypeError(f"{name} must be a finite number"
                                         + (f" from 1 to {MAX_COUNT}" if WEIGHTS[name] is int else ""))
    return value


class JudgeArena(Arena):
    """The arena with the judgement tried in the seats named ``JUDGE`` and a panel style in the others."""

    def __init__(self, rules: RuleSet, style: Style) -> None:
        super().__init__(rules)
        self.style = style

    def make_players(self, names: list[str], seed: int) -> list[Bot]:
        return [ScriptedBot(seat, "hard", self.style) if name == JUDGE else make_style(name, seat, seed)
                for seat, name in enumerate(names)]


def play_seed(job: tuple[int, Changes, str, str]) -> list[int]:
    """One seed, both seatings: ``[seed, judgement's points, opponent's, judgement's wins, opponent's]``."""
    seed, changes, opponent, preset = job
    rules = RuleSet.preset(preset)
    arena = JudgeArena(rules, replace(EXPERT_JUDGEMENT, **changes))
    row = [seed, 0, 0, 0, 0]
    for mine in (0, 1):
        game = arena.play(seed, [JUDGE if team(s) == mine else opponent for s in SEATS])
        raw = raw_team_points(game.places, rules)
        add_seating(row, raw[mine], raw[1 - mine], raw[mine] > 0, raw[1 - mine] > 0)
    return row


def screen(seed: int, games: int, tries: Sequence[Changes], base: Changes | None = None,
           opponent: str = "hard", preset: str = "qingdao", workers: int = 1) -> dict[str, Any]:
    """The base judgement and each try on seeds ``seed .. seed + games - 1`` (JSON-ready)."""
    base = base or {}
    sides = [base, *({**base, **t} for t in tries)]
    jobs = [(seed + i, side, opponent, preset) for side in sides for i in range(games)]
    if workers > 1:
        with Pool(workers) as pool:
            rows = pool.map(play_seed, jobs, chunksize=4)
    else:
        rows = [play_seed(job) for job in jobs]
    per_side = [rows[k * games:(k + 1) * games] for k in range(len(sides))]
    out: dict[str, Any] = {"seed": seed, "games": games, "deals": 2 * games, "opponent": opponent,
                           "rules": preset, "base": {"changes": base, **_side(per_side[0])}, "tries": []}
    for changes, rows_of in zip(tries, per_side[1:]):
        out["tries"].append({"changes": changes, **_side(rows_of), **_difference(rows_of, per_side[0])})
    return out


def _side(rows: Sequence[list[int]]) -> dict[str, Any]:
    """A side's margin and shares won, and its rows (as gouji.sim's ``per_seed``)."""
    margin = mean_and_se([(r[1] - r[2]) / 2 for r in rows])[0]
    return {"margin": round(margin, 4), "won_share": round(sum(r[3] for r in rows) / (2 * len(rows)), 4),
            "opponent_won_share": round(sum(r[4] for r in rows) / (2 * len(rows)), 4), "per_seed": list(rows)}


def _difference(rows: Sequence[list[int]], base: Sequence[list[int]]) -> dict[str, float | None]:
    margin = mean_and_se([((r[1] - r[2]) - (b[1] - b[2])) / 2 for r, b in zip(rows, base)])
    won = mean_and_se([(r[3] - b[3]) / 2 for r, b in zip(rows, base)])
    return {"margin_difference": round(margin[0], 4), "margin_se": _r(margin[1]),
            "won_difference": round(won[0], 4), "won_se": _r(won[1])}


def _r(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


def table(result: dict[str, Any]) -> str:
    """The screen as text."""
    lines = [f"the expert's judgement without search against {result['opponent']}, {result['rules']}, "
             f"seeds {result['seed']}-{result['seed'] + result['games'] - 1} ({result['deals']} deals)",
             "margin = its points per deal minus the opponent's; differences are paired by seed", ""]
    base = result["base"]
    lines.append(f"base {_text(base['changes']) or 'as shipped'}: margin {base['margin']:+.3f}, "
                 f"won {100 * base['won_share']:.1f}% (opponent {100 * base['opponent_won_share']:.1f}%)")
    for t in result["tries"]:
        se, won_se = t["margin_se"] or 0.0, t["won_se"] or 0.0
        lines.append(f"{_text(t['changes']) or '(no change)'}: margin {t['margin']:+.3f} "
                     f"({t['margin_difference']:+.3f} +- {se:.3f}), won {100 * t['won_share']:.1f}% "
                     f"({100 * t['won_difference']:+.1f} +- {100 * won_se:.1f} points)")
    return "\n".join(lines)


def _text(changes: Changes) -> str:
    return ",".join(f"{k}={v}" for k, v in changes.items())


def main(argv: Sequence[str] | None = None) -> int:
    safe_streams()
    parser = argparse.ArgumentParser(prog="python -m gouji.cli.judgetune", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="seeds, each played twice (default 100)")
    parser.add_argument("--seed", type=seed_argument, default=1, help="the first seed (default 1)")
    parser.add_argument("--opponent", choices=STYLES, default="hard", help="the other team's style (default hard)")
    parser.add_argument("--rules", choices=list(PRESETS), default="qingdao", help="preset (default qingdao)")
    parser.add_argument("--base", type=changes_argument, default={}, metavar="W=V,...",
                        help="changes to the shipped judgement that every side shares")
    parser.add_argument("--try", dest="tries", type=changes_argument, action="append", default=[],
                        metavar="W=V,...", help="a change to measure against the base (repeat for more)")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1; the result is the same)")
    parser.add_argument("--json", default=None, metavar="PATH", help="also write the result to PATH")
    args = parser.parse_args(argv)
    if not 2 <= args.games <= MAX_GAMES or not 1 <= args.workers <= MAX_WORKERS:
        parser.error(f"--games must be from 2 (a standard error needs two seeds) to {MAX_GAMES}, "
                     f"and --workers from 1 to {MAX_WORKERS}")
    check_seed_range(parser, args.seed, args.games, "--games")
    result = screen(args.seed, args.games, args.tries, args.base, args.opponent, args.rules, args.workers)
    if args.json is not None and (status := write_json(args.json, result, "the result")):
        return status
    return emit(table(result))


if __name__ == "__main__":
    raise SystemExit(main())
