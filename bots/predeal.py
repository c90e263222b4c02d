"""Choices before the first lead: tribute returns, 宣点/预点, 革命, 要头/无头.
Each is scored from the seat's own hand only."""

from __future__ import annotations

from gouji.engine.cards import ACE, BIG, KING, NATURALS, SMALL, THREE, TWO, parse_counts
from gouji.engine.plays import GOUJI_MINIMUM
from gouji.engine.view import SeatView

from .handplan import moves_needed, strength
from .reasons import Reason, reason

PRE_PLAY = ("return", "declare", "predeclare", "revolt", "yaotou")


def power(hand) -> float:
    """Rough strength: 2s and jokers win rounds and answer 够级."""
    return hand[TWO] + 1.5 * hand[SMALL] + 2.0 * hand[BIG] + 0.5 * hand[ACE] + 0.25 * hand[KING]


def gouji_groups(hand) -> int:
    flex = hand[TWO] + hand[SMALL] + hand[BIG]
    groups = sum(1 for r, need in GOUJI_MINIMUM.items() if hand[r] >= need)
    return groups + (1 if flex >= 2 else 0)


def score_pre_play(view: SeatView, action: str, declare_power: float = 15.0) -> tuple[float, Reason]:
    hand = list(view.hand)
    kind, _, cards = action.partition(" ")
    if kind == "return":
        return -_return_cost(hand, parse_counts(cards), view.rules.bie_san), reason("return_low")
    if kind in ("declare", "nodeclare"):
        if view.phase == "predeclare":  # before seeing a card: not worth four
            return (0.0 if kind == "nodeclare" else -1.0), reason("no_declare")
        strong = power(hand) >= declare_power
        good = (kind == "declare") == strong
        return (1.0 if good else 0.0), reason("declare" if kind == "declare" else "no_declare")
    if kind in ("revolt", "norevolt"):
        weak = moves_needed(hand) >= 10 or sum(1 for r in (KING, ACE) if hand[r] >= 2) == 0
        good = (kind == "revolt") == weak
        return (1.0 if good else 0.0), reason("revolt" if kind == "revolt" else "no_revolt")
    if kind in ("yaotou", "wutou"):
        many = gouji_groups(hand) >= 3
        good = (kind == "yaotou") == many
        return (1.0 if good else 0.0), reason("yaotou" if kind == "yaotou" else "wutou")
    return 0.0, reason("save_cards")


def _return_cost(hand, give, bie_san: bool) -> float:
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
