"""Shuffling and dealing one deal from its seed (RULES §1.1, §2).

Everything random comes from one ``random.Random(seed)``, so a deal is fully
determined by ``(rules, seed, first_drawer, leader)``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .cards import FOUR, N_PACKS, THREE, card_rank, card_suit
from .rules import RuleSet
from .seats import N_SEATS, next_seat

# Cards of each short-deck rank that stay in the deck: (rank, how many kept).
SHORT_DECKS = {216: (), 196: ((THREE, 6), (FOUR, 6)), 198: ((THREE, 6), (FOUR, 8))}


@dataclass(frozen=True)
class DealtCards:
    """The result of dealing: card ids per seat, and who leads."""

    hands: tuple[tuple[int, ...], ...]
    leader: int
    first_drawer: int
    liang: tuple[int, int] | None  # (seat, suit) that won 亮3, or None


def build_deck(deck: int) -> tuple[list[int], list[list[int]]]:
    """The cards dealt at random, and per short rank the cards handed out first."""
    kept: dict[int, int] = dict(SHORT_DECKS[deck])
    free: list[int] = []
    given: dict[int, list[int]] = {rank: [] for rank in kept}
    for pack in range(N_PACKS):
        for index in range(54):
            card = pack * 54 + index
            rank = card_rank(card)
            if rank in kept:
                if len(given[rank]) < kept[rank]:
                    given[rank].append(card)
                continue
            free.append(card)
    # 196 hands every player one 3 and one 4 first; 198 one 3 (its 4s are dealt).
    pre = [given[THREE]] if deck == 198 else list(given.values())
    if deck == 198:
        free.extend(given[FOUR])
    return free, pre


def deal_cards(rules: RuleSet, seed: int, first_drawer: int | None = None,
               leader: int | None = None) -> DealtCards:
    """Deal a deal. Without ``leader`` the lead goes by 亮3 (or at random)."""
    rng = random.Random(seed)
    if first_drawer is None:
        first_drawer = rng.randrange(N_SEATS)
    free, pre = build_deck(rules.deck)
    order = [next_seat(first_drawer, i) for i in range(N_SEATS)]
    hands: list[list[int]] = [[] for _ in range(N_SEATS)]
    sequence: list[tuple[int, int]] = []
    for group in pre:
        group = group[:]
        rng.shuffle(group)
        sequence.extend((order[i % N_SEATS], card) for i, card in enumerate(group))
    rng.shuffle(free)
    sequence.extend((order[i % N_SEATS], card) for i, card in enumerate(free))
    liang_rank = FOUR if rules.bie_san else THREE
    watch = _LiangWatch(liang_rank)
    for seat, card in sequence:
        hands[seat].append(card)
        watch.see(seat, card)
    liang = None
    if leader is None:
        if rules.first_lead == "liang3" and watch.leader is not None:
            leader, liang = watch.leader, (watch.leader, watch.leader_suit)
        else:
            leader = rng.randrange(N_SEATS)
    return DealtCards(tuple(tuple(h) for h in hands), leader, first_drawer, liang)


class _LiangWatch:
    """亮3 while dealing: first to two same-suit 3s leads; strictly more takes over (顶班)."""

    def __init__(self, rank: int) -> None:
        self.rank = rank
        self.held = [[0] * 4 for _ in range(N_SEATS)]
        self.leader: int | None = None
        self.leader_suit = -1

    def best(self, seat: int) -> int:
        return max(self.held[seat])

    def see(self, seat: int, card: int) -> None:
        if card_rank(card) != self.rank:
            return
        suit = card_suit(card)
        self.held[seat][suit] += 1
        count = self.held[seat][suit]
        if count < 2:
            return
        if self.leader is None or (seat != self.leader and count > self.best(self.leader)):
            self.leader, self.leader_suit = seat, suit
        elif seat == self.leader and count >= self.held[seat][self.leader_suit]:
            self.leader_suit = suit
