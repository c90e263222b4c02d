"""Enumerate the plays a hand can make (leads, beats) and the burn test.

Plays come out as ``Play`` values, small tuples ``(rank, naturals, twos,
small, big)`` that the hot path makes by the thousand.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .cards import BIG, NATURALS, SMALL, THREE, TWO
from .plays import NO_RANK, Play

_new = tuple.__new__   # Play(...) without the NamedTuple constructor's extra call: the hot path


def lead_plays(hand: Sequence[int], bie_san: bool) -> Iterator[Play]:
    """Every play the hand can lead. Under 憋3 the 3s go last and alone."""
    h2, hx, hX = hand[TWO], hand[SMALL], hand[BIG]
    if bie_san and hand[THREE] and sum(hand) == hand[THREE]:
        yield _new(Play, (THREE, hand[THREE], 0, 0, 0))
        return
    for rank in NATURALS:
        have = hand[rank]
        if not have or (bie_san and rank == THREE):
            continue
        for n in range(1, have + 1):
            for t in range(h2 + 1):
                for s in range(hx + 1):
                    for b in range(hX + 1):
                        yield _new(Play, (rank, n, t, s, b))
    for t in range(1, h2 + 1):
        for s in range(hx + 1):
            for b in range(hX + 1):
                yield _new(Play, (TWO, 0, t, s, b))
    for s in range(hx + 1):
        for b in range(hX + 1):
            if s + b:
                yield _new(Play, (NO_RANK, 0, 0, s, b))


def beating_plays(hand: Sequence[int], standing: Play, as_small: bool) -> Iterator[Play]:
    """Every play from ``hand`` that beats ``standing`` (RULES §1.3).

    ``as_small`` is the ``mixed_jokers = as_small`` house rule.
    """
    mixed = as_small and standing.big and standing.small
    if standing.big and not mixed:
        return
    need_big = standing.big + standing.small if mixed else standing.small
    size = standing.size
    h2, hx, hX = hand[TWO], hand[SMALL], hand[BIG]
    if not (h2 or hx or hX):   # naturals only (common late in a deal): the loops below, unrolled
        if not need_big:
            for rank in range(standing.rank + 1, TWO):
                if hand[rank] >= size:
                    yield _new(Play, (rank, size, 0, 0, 0))
        return
    for b in range(min(hX, size) + 1):
        for s in range(min(hx, size - b) + 1):
            eff_big = 0 if (as_small and b and s) else b
            if eff_big < need_big:
                continue
            rest = size - b - s
            if rest == 0:
                yield _new(Play, (NO_RANK, 0, 0, s, b))
                continue
            if rest <= h2 and TWO > standing.rank:
                yield _new(Play, (TWO, 0, rest, s, b))
            for rank in range(standing.rank + 1, TWO):
                have = hand[rank]
                if not have:
                    continue
                for n in range(max(1, rest - h2), min(have, rest) + 1):
                    yield _new(Play, (rank, n, rest - n, s, b))


def remainder(hand: Sequence[int], t: Play) -> list[int]:
    rank, naturals, twos, small, big = t
    left = list(hand)
    if naturals:
        left[rank] -= naturals
    left[TWO] -= twos
    left[SMALL] -= small
    left[BIG] -= big
    return left


def feasible(left: Sequence[int], bie_san: bool) -> bool:
    """The burn test of §3.5: can these cards still go out with a joker on every play but the last?

    >>> from gouji.engine.cards import parse_counts
    >>> feasible(parse_counts("x99666J"), False), feasible(parse_counts("xX99666J"), False)
    (False, True)
    """
    return left[SMALL] + left[BIG] >= jokers_needed(left, bie_san)


def jokers_needed(left: Sequence[int], bie_san: bool) -> int:
    """How many jokers a burner's cards need to go out: one on every play but the last.

    Under 憋3 the 3s are the last play and carry nothing, so every play before them
    needs a joker, a lone 2 too.

    >>> from gouji.engine.cards import parse_counts
    >>> jokers_needed(parse_counts("99666J"), False), jokers_needed(parse_counts("99666333"), True)
    (2, 2)
    """
    ranks = sum(1 for r in NATURALS if left[r])
    if bie_san and left[THREE]:
        ranks -= 1  # the 3s are the final play and carry nothing
        return ranks if ranks else int(left[TWO] > 0)
    return max(ranks - 1, 0)


def empties(hand: Sequence[int], t: Play) -> bool:
    rank, naturals, twos, small, big = t
    return naturals + twos + small + big == sum(hand)
