"""How often the expert's rollouts play a style's own move (issue 38: rollouts that do not assume hard):

    python -m gouji.cli.fidelity [--deals 30] [--seed 1] [--rules qingdao] [--styles normal,passive,...]

For each style, hard plays the even seats and the style the odd ones (seeds
``--seed`` on). At every decision of the card play with more than one legal
action, the rollout policy (bots/search/rollout.py), holding the real cards,
picks its move for that seat with three sets of knobs: hard's (``hard``), the
style's own (``own``: ``bots.styles.style_knobs``, the panel's oracle on
style) and the table reading's (``read``: bots/search/table_read.py, from the
next seat's view, as an opponent would read him). The share of the real moves
each picks is printed, for the style's seats and for hard's, one JSON line per
style. It says how true the rollouts' picture of a table is when the cards
are known; the guessing of the cards is measured by ``gouji.cli.searchbench``.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Sequence

import bots
from bots.search.reading import read_history
from bots.search.rollout import HARD_KNOBS, Knobs, policy
from bots.search.table_read import read_table
from bots.styles import STYLES, make_style, style_knobs

from ..engine.actions import Move, parse_action
from ..engine.game import Game
from ..engine.phases import PLAY_PHASES
from ..engine.rules import PRESETS, RuleSet
from ..engine.seats import SEATS, team
from .output import safe_streams

SOURCES = ("hard", "own", "read")
SIDES = ("style_seats", "hard_seats")   # the style's seats (odd), hard's (even)


def measure(style: str, deals: int, seed: int, rules: RuleSet) -> dict[str, object]:
    """Agreement of the rollout policy with the real moves, per knob source and side."""
    own = style_knobs(style)
    if own is None:
        raise ValueError(f"the rollouts have no knobs for {style!r}")
    agree = {side: dict.fromkeys(SOURCES, 0) for side in SIDES}
    chances = dict.fromkeys(SIDES, 0)
    for deal_seed in range(seed, seed + deals):
        players = [bots.make("hard", s) if team(s) == 0 else make_style(style, s, deal_seed) for s in SEATS]
        owns = tuple(HARD_KNOBS if team(s) == 0 else own for s in SEATS)
        game, rng = Game.new_deal(deal_seed, rules), random.Random(deal_seed)
        while not game.is_over:
            seat = game.current_seat
            assert seat is not None
            view = game.view(seat)
            action = players[seat].choose(view, rng)
            if game.phase in PLAY_PHASES and len(game.legal_actions()) > 1:
                side = SIDES[team(seat) == 0]
                chances[side] += 1
                real = parse_action(action)
                for source, knobs in (("hard", HARD_KNOBS), ("own", owns[seat]), ("read", _read(game, seat))):
                    agree[side][source] += _same(policy(game, rng, _only(seat, knobs)), real)
            game.apply(action)
    return {"style": style, "deals": deals, "seeds": [seed, seed + deals - 1],
            **{side: {"decisions": chances[side],
                      **{source: round(agree[side][source] / max(1, chances[side]), 4) for source in SOURCES}}
               for side in SIDES}}


def _read(game: Game, seat: int) -> Knobs:
    """The seat's knobs as the next seat (an opponent) reads them from his own view."""
    reader = game.view((seat + 1) % 6)
    return read_table(reader, read_history(reader))[seat].knobs


def _only(seat: int, knobs: Knobs) -> tuple[Knobs, ...]:
    return tuple(knobs if s == seat else HARD_KNOBS for s in SEATS)


def _same(move: Move, real: Move) -> bool:
    """Same kind and cards (a move's spelling aside)."""
    return move.kind == real.kind and move.play == real.play


def main(argv: Sequence[str] | None = None) -> int:
    safe_streams()
    parser = argparse.ArgumentParser(prog="python -m gouji.cli.fidelity", description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=30, help="deal seeds per style (default 30)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--rules", choices=sorted(PRESETS), default="qingdao")
    parser.add_argument("--styles", default="normal,passive,spender,hoarder",
                        help=f"comma-separated, any of {', '.join(s for s in STYLES if style_knobs(s))}")
    args = parser.parse_args(argv)
    styles = [s for s in args.styles.split(",") if s]
    unknown = [s for s in styles if s not in STYLES or style_knobs(s) is None]
    if unknown or not styles or args.deals < 1:
        parser.error(f"unknown style {', '.join(unknown)}" if unknown
                     else "--styles needs a style" if not styles else "--deals must be at least 1")
    for style in styles:
        print(json.dumps(measure(style, args.deals, args.seed, RuleSet.preset(args.rules))), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
