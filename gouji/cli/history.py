"""The player's history from the command line.

    python -m gouji.history            # a summary in Chinese and English
    python -m gouji.history --json     # {"deals": N, "matches": M, "finished": F,
                                       #  "last": {"code": "GJ1:…", "places": [...], "seat": S, "deal": D}}
    python -m gouji.history --stats [--level hard] [--preset qingdao] [--practice]

reads ``history.sqlite3`` in the player's data folder (``GOUJI_HOME`` respected) and never
creates it. ``matches`` counts every recorded match, ``finished`` those played to the end;
``last`` is the newest deal (null when there is none). A damaged database is kept aside with
a message on stderr.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from ..engine.dealcode import DealCodeError, encode
from ..engine.scoring import PLACE_NAMES_EN, PLACE_NAMES_ZH
from ..store.history import History
from ..store.stats import statistics
from .output import emit, emit_json, note, safe_streams


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m gouji.history", description="Gouji history 够级历史记录",
                                     epilog=__doc__.split("\n\n")[1],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    shape = parser.add_mutually_exclusive_group()
    shape.add_argument("--json", action="store_true", help="counts and the newest deal's code, as JSON")
    shape.add_argument("--stats", action="store_true", help="the statistics, as JSON")
    parser.add_argument("--level", help="statistics of one bot level only")
    parser.add_argument("--preset", help="statistics of one rules preset only")
    parser.add_argument("--practice", action="store_true", help="statistics of practice games instead")
    return parser.parse_args(argv)


def summary(history: History) -> dict[str, Any]:
    deals, matches, finished = history.counts()
    last: dict[str, Any] | None = None
    newest = history.deals(practice=None, limit=1)
    if newest:
        deal = newest[0]
        found = history.deal_ref(deal)
        code: str | None = None
        if found is not None:
            try:
                code = encode(found[0])
            except DealCodeError as exc:   # recorded by a game whose rules differ from this one's
                note(f"{exc.zh}\n{exc.en}")
        last = {"code": code, "places": list(deal.places), "seat": deal.human, "deal": deal.index}
    return {"deals": deals, "matches": matches, "finished": finished, "last": last}


def text(data: dict[str, Any]) -> str:
    lines = [f"已记录 {data['deals']} 局、{data['matches']} 场比赛（{data['finished']} 场打完）",
             f"{data['deals']} deals and {data['matches']} matches recorded ({data['finished']} finished)"]
    last = data["last"]
    if last is not None:
        place = last["places"].index(last["seat"])
        lines += [f"最近一局：{PLACE_NAMES_ZH[place]}  /  last deal: {PLACE_NAMES_EN[place]}", f"{last['code']}"]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    safe_streams()
    args = parse_args(argv)
    history = History()
    if args.stats:
        stats = statistics(history.deals(practice=None), history.matches(practice=None), args.level, args.preset,
                           practice=args.practice)
        data: dict[str, Any] = asdict(stats)
    else:
        data = summary(history)
    for problem in history.take_problems():
        note(problem)
    return emit_json(data) if args.json or args.stats else emit(text(data))


if __name__ == "__main__":
    sys.exit(main())
