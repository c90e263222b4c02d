"""What a seat can know from its view: the cards it has not seen yet.

Counting uses only public plays and the seat's own hand (RULES §3.11).
"""

from __future__ import annotations

from dataclasses import dataclass

from gouji.engine.cards import N_RANKS, deck_counts
from gouji.engine.events import BURN, PLAY
from gouji.engine.plays import parse_play
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
