"""How likely a play is to stand, over guessed deals of the hidden hands.

A world is a guessed deal (``Hands``) drawn by the one sampler of the bots
(bots/search/inference.py) from what every seat can know: the card count, the
hand sizes, 憋3's 3s and a revolutionary's missing 2s and jokers. Nothing here
looks at a real hand, so the guesses are as good as the view allows and no
better. Used by ``hard`` to judge how likely a play is to stand, above all
the 冲牌 under 憋3 (RULES §7).
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Sequence

from gouji.engine.movegen import beating_plays, feasible, remainder
from gouji.engine.plays import Play, is_dead, is_gouji
from gouji.engine.seats import SEATS, opposite, same_team
from gouji.engine.view import SeatView

from .search.inference import Hands, draw, loose_guess


def view_rng(view: SeatView) -> random.Random:
    """A generator fixed by the view alone, so a choice replays exactly."""
    key = repr((view.seat, len(view.history), view.hand, view.counts, view.standing)).encode()
    return random.Random(zlib.crc32(key))


def sample_worlds(view: SeatView, n: int, unseen: Sequence[int] | None = None) -> list[Hands]:
    """``n`` guessed deals from what any seat knows (no reading of the play), fixed
    by the view; ``unseen`` is the card count, if the caller has made it."""
    guess, rng = loose_guess(view, unseen), view_rng(view)
    return [draw(guess, rng) for _ in range(n)]


def holds_beat(hand: Sequence[int], play: Play, as_small: bool) -> bool:
    return next(beating_plays(hand, play, as_small), None) is not None


def holds_burn(hand: Sequence[int], play: Play, as_small: bool, bie_san: bool) -> bool:
    """A beat after which the burner's cards still pass the §3.5 test."""
    return any(feasible(remainder(hand, t), bie_san) for t in beating_plays(hand, play, as_small))


def stand_chance(view: SeatView, worlds: list[Hands], play: Play, later: bool = False,
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
