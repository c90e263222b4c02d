"""Timings of what the app does after every action, with and without the history:

    python -m gouji.cli.historybench [--matches 2] [--rules qingdao]

plays whole matches with six ``normal`` bots in a throwaway folder and prints one
JSON line of milliseconds: ``save`` (the atomic save after every action, p50/p95),
``record_idle`` (``History.record`` after an action that ended no deal, p50/max),
``record_deal`` (… after one that did: the deal's transaction, p50/max), and the
deal codes (``encode``/``decode`` of each deal, p50/max) and reviews (``review``
to build one, ``analyse`` to judge its decisions, p50/max).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import bots

from ..engine.dealcode import DealRef, decode, encode
from ..engine.match import Match
from ..engine.rules import PRESETS, RuleSet
from ..review import Review, analyse
from ..store.history import History
from ..store.saves import save_match
from .output import safe_streams


def timed(work: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = work()
    return (time.perf_counter() - start) * 1000, result


def figures(samples: list[float], high: str = "max") -> dict[str, float]:
    ordered = sorted(samples)
    top = ordered[-1] if high == "max" else ordered[int(len(ordered) * 0.95)]
    return {"p50": round(statistics.median(ordered), 3), high: round(top, 3)}


def play(seed: int, rules: RuleSet, folder: Path, times: dict[str, list[float]]) -> Match:
    match = Match.new(seed, rules)
    players = {seat: bots.make("normal", seat, seed) for seat in range(6)}
    history, rng = History(folder / "history.sqlite3"), random.Random(seed)
    while not match.is_over:
        seat = match.current_seat
        assert seat is not None
        deals = len(match.results)
        match.apply(players[seat].choose(match.view(seat), rng))
        times["save"].append(timed(lambda: save_match(match, folder / "match.json"))[0])
        key = "record_deal" if len(match.results) > deals else "record_idle"
        times[key].append(timed(lambda: history.record(match))[0])
    return match


def run(matches: int, rules: RuleSet) -> dict[str, Any]:
    times: dict[str, list[float]] = {key: [] for key in ("save", "record_idle", "record_deal", "encode", "decode",
                                                         "review", "analyse")}
    with tempfile.TemporaryDirectory(prefix="gouji-bench-") as folder:
        for seed in range(1, matches + 1):
            match = play(seed, rules, Path(folder), times)
            for k, result in enumerate(match.results):
                ref = DealRef(rules, seed, tuple(match.actions[:result.end_action]), k, 0)
                took, code = timed(lambda: encode(ref))
                times["encode"].append(took)
                times["decode"].append(timed(lambda: decode(code))[0])
                took, review = timed(lambda: Review(ref))
                times["review"].append(took)
                times["analyse"].append(timed(lambda: analyse(review))[0])
    out: dict[str, Any] = {"matches": matches, "rules": rules.preset_name() or "custom", "unit": "ms"}
    out.update({key: figures(values, "p95" if key == "save" else "max") for key, values in times.items()})
    return out


def main(argv: Sequence[str] | None = None) -> int:
    safe_streams()
    parser = argparse.ArgumentParser(prog="python -m gouji.cli.historybench", description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=2, help="whole matches to play (default 2)")
    parser.add_argument("--rules", choices=sorted(PRESETS), default="qingdao")
    args = parser.parse_args(argv)
    if args.matches < 1:
        parser.error("--matches must be at least 1")
    print(json.dumps(run(args.matches, RuleSet.preset(args.rules))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
