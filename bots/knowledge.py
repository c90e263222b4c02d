"""What a seat can know from its view: the cards it has not seen yet.

Counting uses only public plays and the seat's own hand (RULES §3.11).
"""

from __future__ import annotations

from dataclasses import dataclass

from gouji.engine.cards import N_RANKS, deck_counts
from gouji.engine.events import BURN, PLAY
from gouji.engine.plays import Play, is_dead, is_gouji, kai_dian_eligible, parse_play
from gouji.engine.rules import RuleSet
from gouji.engine.seats import SEATS, opposite, others_from
from gouji.engine.view import SeatView


@dataclass
class Knowledge:
    unseen: list[int]        # per rank: cards neither in my hand nor played
    played_by: list[list[int]]  # per seat: rank counts he has played


def count_cards(view: SeatView) -> Knowledge:
    played = [[0] * N_RANKS for _ in range(6)]
    for event in view.history:
        if (event.kind == PLAY or event.kind == BURN) and event.seat is not None:
            counts = parse_play(event.cards).counts()
            row = played[event.seat]
            for rank in range(N_RANKS):
                row[rank] += counts[rank]
    total = deck_counts(view.rules.deck)
    unseen = [total[r] - view.hand[r] - sum(p[r] for p in played) for r in range(N_RANKS)]
    return Knowledge([max(0, n) for n in unseen], played)


# ----- public facts of the deal, read from the view (the reasons' conditions use them) -----

def in_deal(view: SeatView, seat: int) -> bool:
    """Still holding cards and playing: not gone out, not a revolutionary (§8.6)."""
    return view.counts[seat] > 0 and seat not in view.revolted


def may_act_on(view: SeatView, seat: int) -> bool:
    """In the deal and not locked out of the standing play by a pass (§3.2)."""
    if not in_deal(view, seat):
        return False
    if seat not in view.passed or (view.chaos and view.rules.chaos_dagang):
        return True
    owner, play = view.standing_owner, view.standing_play
    if owner is None or play is None or owner != opposite(seat):
        return False
    return view.rules.lockout_lifts_on_any_opposite_play or is_gouji(play)


def leader_if_stands(view: SeatView) -> int | None:
    """Who leads next if the standing play wins its round (§3.8): its owner, or
    when he has gone out, 接风 (his 对头 after a 够级 or dead 底牌), never a 闷'd player."""
    owner, play = view.standing_owner, view.standing_play
    if owner is None or play is None:
        return None
    if in_deal(view, owner):
        return owner
    live = [s for s in SEATS if in_deal(view, s)]
    if not live:
        return None
    rival = opposite(owner)
    if not view.chaos and (is_gouji(play) or is_dead(play, view.rules)) and in_deal(view, rival):
        seat = rival
    else:
        seat = _next_live(view, owner)
    candidate = seat
    for _ in SEATS:
        if candidate not in view.men:
            return candidate
        candidate = _next_live(view, candidate)
    return seat


def _next_live(view: SeatView, seat: int) -> int:
    return next(s for s in others_from(seat) if in_deal(view, s))


def past_deadline(view: SeatView, seat: int, seq: int) -> bool:
    """§5: a play made as the deal's ``seq``-th counts for 开点 only up to the
    deadline (头科's 底牌 for 头科 and his 对头, 二科's for everyone else)."""
    first = view.finish_order[0] if view.finish_order else None
    index = 0 if first is not None and seat in (first, opposite(first)) else 1
    return len(view.deadline) > index and seq > view.deadline[index]


def can_open(play: Play, rules: RuleSet) -> bool:
    """Which plays open (开点) when they stand (§5): the engine's own rule."""
    return kai_dian_eligible(play, rules)


def would_open(view: SeatView, seat: int, play: Play, seq: int) -> bool:
    """Whether ``play`` of ``seat``, made as play number ``seq``, makes him open
    (开点, §5) if it wins its round: 开点 is on, he has not opened, the play is
    eligible (``can_open``: under ``standard`` not a play with jokers nor a
    single 2) and it is made by his deadline. A player
    whose 对头 revolted opens by his 要头 plays, or counts as opened (§8.6)."""
    if not view.rules.kai_dian or seat in view.opened or seat in view.yaotou:
        return False
    if opposite(seat) in view.revolted or seat in view.revolted:
        return False
    return can_open(play, view.rules) and not past_deadline(view, seat, seq)
