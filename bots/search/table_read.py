"""Reading the table the expert sits at: how each other player plays, from
his public moves only (a seat's ``SeatView``), so the search neither guesses
hands by hard's habits for a player who does not have them nor plays him out
as hard in its rollouts.

Two signs a player shows early and hard reads poorly:

* how often he passes on an opponent's play while his hand is long (hard: 28%
  of such chances, sd 13 points per deal; a passive player 60%, the normal
  level 52%, a hoarder of 2s and jokers 46%);
* how many of the cards he plays while his hand is still long are 2s and
  jokers (hard 10%; one who keeps them 0–4%, one who spends them 15–18%).

(Measured at mid-deal over 30 qingdao deals per style, one team each: the
table in docs/search.md, "Reading the table"; the figures are written below
as the calibration points.) Each sign is shrunk toward hard's own figure by how few
chances the player has had (``PASS_PRIOR``, ``SPEND_PRIOR``), then turned
into the rollout's knobs for that seat (``Knobs``: the wish to beat rather
than pass, the price of 2s and jokers) along hard-like bots with those knobs
shifted — hard's own knobs for a player within one spread of hard's figures —
and into ``trust``: the share of guessed deals that read his hidden
cards by hard's habits (bots/search/inference.py). A player whose own later
plays broke a habit is never read by it (``Guess.liars``); in a match, one
who broke them in an earlier deal is trusted less in the next
(``Memory``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from gouji.engine.seats import SEATS, same_team
from gouji.engine.view import SeatView

from .reading import Facts
from .rollout import HARD_KNOBS, Knobs

LONG_HAND = 8          # passes with a hand this short or shorter keep a group to go out: not a style
EARLY_HAND = 16        # cards played while the hand was longer than this are "early"
HARD_PASS, PASS_SD = 0.277, 0.13     # hard's share of passes on an opponent's play, and its spread per deal
HARD_SPEND, SPEND_SD = 0.100, 0.055  # hard's share of 2s and jokers among its early cards
PASS_PRIOR = 12.0      # chances' worth of hard's figure a player starts with
SPEND_PRIOR = 20.0     # early cards' worth of hard's figure
# (pass share, beat_bias) of hard and of hard with the bias moved (-1.2 passes 57%, +0.3 25%); the
# aggressive side is drawn flatter than measured, so a hard player's spread reads about even
PASS_TO_BIAS = ((0.15, 0.3), (HARD_PASS, HARD_KNOBS.beat_bias), (0.574, -1.2), (0.68, -1.5))
# (share of 2s and jokers, scale on their price): hard's costs doubled played 3.5%, at 0.3 of them 15%
SPEND_TO_COST = ((0.0, 2.5), (0.035, 2.0), (HARD_SPEND, 1.0), (0.152, 0.3))
TRUST = 0.9            # the share of guesses that read a player by hard's habits before he shows otherwise
# (1.0 puts more cards in the right hand against hard, 67.7% against 66.1%, yet won 2.5 +- 2.2 points
# of deals fewer at 100 ms, paired over 600 deals; docs/search.md, stop 59)
MEMORY_FACTOR = 0.4    # ... times this for each earlier deal of the match in which he broke one


@dataclass(frozen=True)
class SeatRead:
    """One player as the search sees him."""

    knobs: Knobs = HARD_KNOBS
    trust: float = TRUST
    pass_share: float = HARD_PASS    # the shrunk figures behind them (for tests and the arena's notes)
    spend_share: float = HARD_SPEND


@dataclass
class Memory:
    """What the expert remembers of the match's earlier deals: per seat, the
    deals in which his own plays broke one of hard's habits."""

    broke: dict[int, set[int]] = field(default_factory=dict)   # seat -> deal indices

    def note(self, deal_index: int, liars: frozenset[int]) -> None:
        for seat in liars:
            self.broke.setdefault(seat, set()).add(deal_index)

    def earlier(self, seat: int, deal_index: int) -> int:
        return sum(1 for d in self.broke.get(seat, ()) if d < deal_index)


def read_table(view: SeatView, facts: Facts, liars: frozenset[int] = frozenset(),
               memory: Memory | None = None) -> tuple[SeatRead, ...]:
    """Each seat's read (the seat itself: hard's, it is not guessed)."""
    return tuple(SeatRead() if seat == view.seat else _read_seat(view, facts, seat, liars, memory)
                 for seat in SEATS)


def _read_seat(view: SeatView, facts: Facts, seat: int, liars: frozenset[int], memory: Memory | None) -> SeatRead:
    passes, chances, spent, early = signs(view, facts, seat)
    pass_share = (passes + PASS_PRIOR * HARD_PASS) / (chances + PASS_PRIOR)
    spend_share = (spent + SPEND_PRIOR * HARD_SPEND) / (early + SPEND_PRIOR)
    distance = max(abs(pass_share - HARD_PASS) / PASS_SD, abs(spend_share - HARD_SPEND) / SPEND_SD)
    beyond = max(0.0, distance - 1.0)   # within one spread of hard's figures, a player is read as hard
    trust = 0.0 if seat in liars else TRUST * math.exp(-beyond * beyond / 2)
    # ... and played out as hard: knobs moved along hard's own spread cost the
    # search against hard tables (docs/search.md, "What the read knobs are worth")
    knobs = HARD_KNOBS if beyond == 0.0 else _knobs(pass_share, spend_share)
    if memory is not None:
        trust *= MEMORY_FACTOR ** memory.earlier(seat, view.deal_index)
    return SeatRead(knobs, trust, pass_share, spend_share)


def _knobs(pass_share: float, spend_share: float) -> Knobs:
    """Hard's follow moved to a player's own wish to beat and price of 2s and jokers."""
    scale = _between(SPEND_TO_COST, spend_share)
    return Knobs(_between(PASS_TO_BIAS, pass_share), HARD_KNOBS.cost_two * scale,
                 HARD_KNOBS.cost_small * scale, HARD_KNOBS.cost_big * scale)


def signs(view: SeatView, facts: Facts, seat: int) -> tuple[int, int, int, int]:
    """(passes on an opponent's play with a long hand, such chances taken or
    passed, 2s and jokers among the cards played early, cards played early)."""
    mine = [(seq, play.size) for seq, who, play in facts.plays if who == seat]
    now = view.counts[seat]

    def held_after(seq: int) -> int:   # his hand size right after the seq-th play of the deal
        return now + sum(size for at, size in mine if at > seq)

    passes = sum(1 for p in facts.passes if p.seat == seat and not p.burning and not same_team(seat, p.owner)
                 and held_after(p.seq) > LONG_HAND)
    follows = sum(1 for f in facts.follows if f.seat == seat and not f.burning and not same_team(seat, f.owner)
                  and held_after(f.seq - 1) > LONG_HAND)
    spent = early = 0
    for seq, who, play in facts.plays:
        if who == seat and held_after(seq - 1) > EARLY_HAND:
            spent += play.twos + play.small + play.big
            early += play.size
    return passes, passes + follows, spent, early


def _between(points: Sequence[tuple[float, float]], x: float) -> float:
    """Piecewise-linear through ``points`` (sorted by x), flat beyond the ends."""
    if x <= points[0][0]:
        return points[0][1]
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        if x <= x1:
            return y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    return points[-1][1]


__all__ = ["SeatRead", "Memory", "read_table", "signs", "TRUST"]
