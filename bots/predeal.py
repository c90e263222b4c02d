"""Choices before the first lead: tribute returns, 宣点/预点, 革命, 要头/无头.
Each is scored from the seat's own hand only."""

from __future__ import annotations

from gouji.engine.view import SeatView

# the hand judgements live in handplan (the reasons' conditions use them too); named here as before
from .handplan import gouji_groups, many_gouji, power, return_cost, strong_hand, weak_hand
from .reasons import Reason, reason

PRE_PLAY = ("return", "declare", "predeclare", "revolt", "yaotou")
__all__ = ["PRE_PLAY", "score_pre_play", "power", "gouji_groups", "strong_hand", "weak_hand", "many_gouji",
           "return_cost"]


def score_pre_play(view: SeatView, action: str, declare_power: float = 15.0) -> tuple[float, Reason]:
    """The score of a choice before the first lead, with a reason true for that
    choice: the bot's own judgement when the choice agrees with it, else what
    the choice does (the reasons never argue for a choice with the bot's case
    against it)."""
    hand = list(view.hand)
    kind, _, cards = action.partition(" ")
    if kind == "return":   # the cheapest returns get ``return_low`` in ScriptedBot.rank_actions
        return -return_cost(hand, cards, view.rules.bie_san), reason("return_other")
    if kind in ("declare", "nodeclare"):
        if view.phase == "predeclare":  # before seeing a card: not worth four
            if kind == "nodeclare":
                return 0.0, reason("no_predeclare")
            return -1.0, reason("declare_plain")
        strong = strong_hand(hand, declare_power)
        good = (kind == "declare") == strong
        if kind == "declare":
            return (1.0 if good else 0.0), reason("declare" if strong else "declare_plain")
        return (1.0 if good else 0.0), reason("no_declare_plain" if strong else "no_declare")
    if kind in ("revolt", "norevolt"):
        weak = weak_hand(hand)
        good = (kind == "revolt") == weak
        if kind == "revolt":
            return (1.0 if good else 0.0), reason("revolt" if weak else "revolt_plain")
        return (1.0 if good else 0.0), reason("no_revolt_plain" if weak else "no_revolt")
    if kind in ("yaotou", "wutou"):
        many = many_gouji(hand)
        good = (kind == "yaotou") == many
        if kind == "yaotou":
            return (1.0 if good else 0.0), reason("yaotou" if many else "yaotou_plain")
        return (1.0 if good else 0.0), reason("wutou_plain" if many else "wutou")
    return 0.0, reason("save_cards")
