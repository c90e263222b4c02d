"""Guessing the hidden hands: worlds consistent with what a seat has seen.

A world deals the unseen cards (``Knowledge.unseen``) to the other seats by
their known hand sizes. Nothing here looks at a real hand, so the guesses
are as good as the view allows and no better. Used by ``hard`` to judge
how likely a play is to stand, above all the 冲牌 under 憋3 (RULES §7).
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Sequence

from gouji.cards import N_RANKS, THREE
from gouji.movegen import beating_plays, feasible, remainder
from gouji.plays import Play, is_dead, is_gouji
from gouji.seats import SEATS, opposite, same_team
from gouji.view import SeatView

World = list[list[int] | None]   # per seat: guessed rank counts, None for me and players out


def view_rng(view: SeatView) -> random.Random:
    """A generator fixed by the view alone, so a choice replays exactly."""
    key = repr((view.seat, len(view.history), view.hand, view.counts, view.standing)).encode()
    return random.Random(zlib.crc32(key))


def sample_worlds(view: SeatView, unseen: Sequence[int], n: int) -> list[World]:
    rng = view_rng(view)
    others = [s for s in SEATS if s != view.seat and view.counts[s] > 0]
    cards = [rank for rank in range(N_RANKS) for _ in range(unseen[rank])]
    return [_deal(cards, others, view, rng) for _ in range(n)]


def _deal(cards: list[int], others: list[int], view: SeatView, rng: random.Random) -> World:
    """One deal of the unseen cards; under 憋3 everyone still in holds a 3 for his last play."""
    pile = list(cards)
    world: World = [None] * len(SEATS)
    for seat in others:
        world[seat] = [0] * N_RANKS
    if view.rules.bie_san:
        for seat in others:
            if THREE in pile:
                pile.remove(THREE)
                world[seat][THREE] += 1   # type: ignore[index]
    rng.shuffle(pile)
    for seat in others:
        hand = world[seat]
        assert hand is not None
        need = view.counts[seat] - sum(hand)
        for rank in pile[:need]:
            hand[rank] += 1
        del pile[:need]
    return world


def holds_beat(hand: Sequence[int], play: Play, as_small: bool) -> bool:
    return next(beating_plays(hand, play, as_small), None) is not None


def holds_burn(hand: Sequence[int], play: Play, as_small: bool, bie_san: bool) -> bool:
    """A beat after which the burner's cards still pass the §3.5 test."""
    return any(feasible(remainder(hand, t), bie_san) for t in beating_plays(hand, play, as_small))


def stand_chance(view: SeatView, worlds: list[World], play: Play) -> float:
    """Share of worlds in which no opponent could take ``play`` from me.

    Teammates are trusted not to. A protected 够级 can only be answered by my
    对头 or burned; otherwise anyone not locked out may beat it.
    """
    if is_dead(play, view.rules) or not worlds:
        return 1.0
    me, rules = view.seat, view.rules
    as_small = rules.mixed_jokers == "as_small"
    rival = opposite(me)
    protected = is_gouji(play) and not view.chaos and (
        me in view.gou_si_ji or (view.counts[rival] > 0 and rival not in view.revolted))
    threats = [s for s in SEATS if not same_team(s, me) and view.counts[s] > 0 and s not in view.revolted
               and (s == rival or s not in view.passed or view.chaos)]
    stands = 0
    for world in worlds:
        for seat in threats:
            hand = world[seat]
            if hand is None:
                continue
            if not protected or seat == rival or seat in view.wutou:
                taken = holds_beat(hand, play, as_small)
            else:
                taken = holds_burn(hand, play, as_small, rules.bie_san)
            if taken:
                break
        else:
            stands += 1
    return stands / len(worlds)
