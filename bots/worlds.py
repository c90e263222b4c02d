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

from gouji.engine.cards import N_RANKS, THREE, TWO
from gouji.engine.movegen import beating_plays, feasible, remainder
from gouji.engine.plays import Play, is_dead, is_gouji
from gouji.engine.seats import SEATS, opposite, same_team
from gouji.engine.view import SeatView

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
    """One deal of the unseen cards. Under 憋3 everyone still in holds a 3 for his
    last play; a revolutionary holds no 2 or joker (and under 憋3 no 3, §8.6)."""
    pile = list(cards)
    rng.shuffle(pile)
    world: World = [None] * len(SEATS)
    for seat in others:
        world[seat] = [0] * N_RANKS
    bie_san = view.rules.bie_san
    sitting_out = [s for s in others if s in view.revolted]
    if bie_san:
        for seat in others:
            if seat not in view.revolted and THREE in pile:
                pile.remove(THREE)
                world[seat][THREE] += 1   # type: ignore[index]
    for seat in sitting_out:
        allowed = [i for i, r in enumerate(pile) if r < TWO and not (bie_san and r == THREE)]
        _give(world, seat, pile, allowed[:view.counts[seat]], view)
    for seat in others:
        hand = world[seat]
        assert hand is not None
        _give(world, seat, pile, list(range(view.counts[seat] - sum(hand))), view)
    return world


def _give(world: World, seat: int, pile: list[int], picks: list[int], view: SeatView) -> None:
    hand = world[seat]
    assert hand is not None
    picks = picks[:max(0, view.counts[seat] - sum(hand))]
    for index in picks:
        hand[pile[index]] += 1
    for index in sorted(picks, reverse=True):
        del pile[index]


def holds_beat(hand: Sequence[int], play: Play, as_small: bool) -> bool:
    return next(beating_plays(hand, play, as_small), None) is not None


def holds_burn(hand: Sequence[int], play: Play, as_small: bool, bie_san: bool) -> bool:
    """A beat after which the burner's cards still pass the §3.5 test."""
    return any(feasible(remainder(hand, t), bie_san) for t in beating_plays(hand, play, as_small))


def stand_chance(view: SeatView, worlds: list[World], play: Play, later: bool = False,
                 gousiji: bool = True) -> float:
    """Share of worlds in which no opponent could take ``play`` from me.

    Teammates are trusted not to. A protected 够级 can only be answered by my
    对头 or burned (§3.4); otherwise anyone not locked out may beat it (§3.2).
    ``later``: the play comes in a later round, where nobody has passed yet;
    ``gousiji``: my 够死级, if I have one, is still unused by then.
    """
    if is_dead(play, view.rules) or not worlds:
        return 1.0
    me, rules = view.seat, view.rules
    as_small = rules.jokers_mix_as_small
    protected = is_protected(view, play, gousiji)
    passed = frozenset() if later else view.passed
    threats = [s for s in SEATS if not same_team(s, me) and view.counts[s] > 0 and s not in view.revolted
               and _may_play(view, s, play, protected, passed)]
    stands = 0
    for world in worlds:
        for seat in threats:
            hand = world[seat]
            if hand is None:
                continue
            plain = seat == opposite(me) or seat in view.wutou or not protected
            if plain and seat not in view.burning:
                taken = holds_beat(hand, play, as_small)
            else:
                taken = holds_burn(hand, play, as_small, rules.bie_san)
            if taken:
                break
        else:
            stands += 1
    return stands / len(worlds)


def is_protected(view: SeatView, play: Play, gousiji: bool = True) -> bool:
    """My 够级 play can only be answered by my 对头 or burned (§3.4): not in
    四人乱缠, and when I am 无头 only under a 够死级 or a 要头 play (§3.7, §8.6)."""
    if not is_gouji(play) or view.chaos:
        return False
    me, rival = view.seat, opposite(view.seat)
    if (gousiji and me in view.gou_si_ji) or (me in view.yaotou and me not in view.wutou):
        return True
    return view.counts[rival] > 0 and rival not in view.revolted


def _may_play(view: SeatView, seat: int, play: Play, protected: bool, passed: frozenset[int]) -> bool:
    """Pass lockout as the engine has it (§3.2, §3.9); the 对头 step of a protected
    play asks my 对头 whatever he did before."""
    if seat not in passed:
        return True
    if view.chaos and view.rules.chaos_dagang:
        return True
    if seat != opposite(view.seat):
        return False
    return protected or view.rules.lockout_lifts_on_any_opposite_play or is_gouji(play)
