"""Pure helpers on rank counts: how far a hand is from going out, what a play
costs it, and whether a play can still be beaten by the cards not yet seen."""

from __future__ import annotations

from collections.abc import Sequence

from gouji.engine.cards import ACE, BIG, NATURALS, SMALL, THREE, TWO
from gouji.engine.plays import NO_RANK, Play

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
