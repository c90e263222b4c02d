"""Pure helpers on rank counts: how far a hand is from going out, what a play
costs it, whether a play can still be beaten by the cards not yet seen, and
the judgements of a whole hand before the first lead (宣点, 革命, 要头, 还贡)."""

from __future__ import annotations

from collections.abc import Sequence

from gouji.engine.cards import ACE, BIG, KING, NATURALS, SMALL, THREE, TWO, parse_counts
from gouji.engine.plays import GOUJI_MINIMUM, NO_RANK, Play

Hand = Sequence[int]


def moves_needed(hand: Hand, bie_san: bool = False) -> int:
    """Plays needed to empty the hand if nothing is split: one per natural rank;
    2s and jokers ride along (one extra play when they are all that is left).
    Under 憋3 they cannot ride with the 3s, which go alone and last (RULES §7)."""
    flex = hand[TWO] + hand[SMALL] + hand[BIG]
    if bie_san and hand[THREE]:
        others = sum(1 for r in NATURALS if r != THREE and hand[r])
        return 1 + others + (1 if flex and not others else 0)
    groups = sum(1 for r in NATURALS if hand[r])
    if groups:
        return groups
    return 1 if flex else 0


def after(hand: Hand, play: Play) -> list[int]:
    left = list(hand)
    for rank, n in enumerate(play.counts()):
        left[rank] -= n
    return left


def is_single_play(hand: Hand, bie_san: bool = False) -> bool:
    """Can the whole hand go in one play?"""
    naturals = [r for r in NATURALS if hand[r]]
    if bie_san and hand[THREE]:
        return len(naturals) == 1 and not (hand[TWO] or hand[SMALL] or hand[BIG])
    return len(naturals) <= 1 and sum(hand) > 0


def closing_play(hand: Hand) -> Play | None:
    """Under 憋3, the strongest play that could come just before the 3s (the 冲牌):
    the top non-3 rank with every 2 and joker attached."""
    twos, small, big = hand[TWO], hand[SMALL], hand[BIG]
    for rank in range(ACE, THREE, -1):
        if hand[rank]:
            return Play(rank, hand[rank], twos, small, big)
    if twos or small or big:
        return Play(TWO if twos else NO_RANK, 0, twos, small, big)
    return None


def breaks_group(hand: Hand, play: Play) -> bool:
    """The play takes some but not all naturals of its rank."""
    return play.naturals > 0 and play.rank < TWO and play.naturals < hand[play.rank]


def beatable_by(play: Play, pool: Hand, max_size: int, as_small: bool = False) -> bool:
    """Could some single hand drawn from ``pool`` (at most ``max_size`` cards) beat it?"""
    n = play.size
    if n > max_size:
        return False
    mixed = as_small and play.big and play.small
    if play.big and not mixed:
        return False
    need_big = play.big + play.small if mixed else play.small
    for b in range(need_big, min(pool[BIG], n) + 1):
        for s in range(0, min(pool[SMALL], n - b) + 1):
            if as_small and b and s:
                continue
            rest = n - b - s
            if rest == 0:
                return True
            if TWO > play.rank and pool[TWO] >= rest:
                return True
            for rank in range(max(play.rank + 1, 0), TWO):
                if pool[rank] and pool[rank] + pool[TWO] >= rest:
                    return True
    return False


def strength(rank: int) -> float:
    """How useful a natural rank is for winning rounds (0 for 3 … 1 for A)."""
    return rank / ACE if rank <= ACE else 1.0


# ----- judgements of a whole hand, before the first lead (bots/predeal.py) -----

def power(hand: Hand) -> float:
    """Rough strength: 2s and jokers win rounds and answer 够级."""
    return hand[TWO] + 1.5 * hand[SMALL] + 2.0 * hand[BIG] + 0.5 * hand[ACE] + 0.25 * hand[KING]


def gouji_groups(hand: Hand) -> int:
    flex = hand[TWO] + hand[SMALL] + hand[BIG]
    groups = sum(1 for r, need in GOUJI_MINIMUM.items() if hand[r] >= need)
    return groups + (1 if flex >= 2 else 0)


def strong_hand(hand: Hand, declare_power: float = 15.0) -> bool:
    """Strong enough to declare (宣点) that the 对头 will not open."""
    return power(hand) >= declare_power


def weak_hand(hand: Hand) -> bool:
    """Too weak to play out: revolting (革命) is better."""
    return moves_needed(hand) >= 10 or sum(1 for r in (KING, ACE) if hand[r] >= 2) == 0


def many_gouji(hand: Hand) -> bool:
    """Enough 够级 plays to want 要头's three protected ones."""
    return gouji_groups(hand) >= 3


def return_cost(hand: Hand, cards: str, bie_san: bool) -> float:
    """What giving back these cards (notation, a 还贡) costs the hand."""
    return _return_cost(hand, parse_counts(cards), bie_san)


def _return_cost(hand: Hand, give: Sequence[int], bie_san: bool) -> float:
    """What giving these cards back costs: their strength, less a group emptied."""
    cost = 0.0
    for rank, n in enumerate(give):
        if not n:
            continue
        value = strength(rank) if rank in NATURALS else {TWO: 2.0, SMALL: 3.0, BIG: 4.0}[rank]
        cost += value * n
        if n == hand[rank] and rank in NATURALS:
            cost -= 0.8  # a whole group gone: one play fewer to go out
            if bie_san and rank == THREE:
                cost += 3.0  # the 3s must stay: they are the last play
    return cost
