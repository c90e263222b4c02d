"""Names and counts seen from one seat, shared by every scene that draws a
table (the table itself, a review): who is who relative to the viewer, and
the card counter. Pure apart from the texts."""

from __future__ import annotations

from ...engine import events as ev
from ...engine.cards import RANK_OF_CARD, counts_of_cards, deck_counts
from ...engine.seats import order_from
from ..i18n import t
from .board import Board


def seat_name(viewer: int, seat: int, lang: str) -> str:
    """Name for the log: role and name (对头大张 / Zhang), "you" for the viewer."""
    if seat == viewer:
        return t("you", lang)
    place = order_from(viewer, seat)
    return t("log_name", lang, role=t(f"role_{place}", lang), name=t(f"name_{place}", lang))


def badge_name(viewer: int, seat: int, lang: str) -> tuple[str, str]:
    """(name, role) on a seat's badge."""
    if seat == viewer:
        return t("you", lang), t("role_0", lang)
    place = order_from(viewer, seat)
    return t(f"name_{place}", lang), t(f"role_{place}", lang)


def unseen_counts(board: Board, deck: int) -> list[int]:
    """记牌器: per rank, cards the viewer has not seen (deck − hand − played so far)."""
    seen = counts_of_cards(board.hand)
    for event in board.deal_events:
        if event.kind in (ev.PLAY, ev.BURN):
            for card in event.card_ids:
                seen[RANK_OF_CARD[card]] += 1
    return [max(0, a - b) for a, b in zip(deck_counts(deck), seen)]


__all__ = ["seat_name", "badge_name", "unseen_counts"]
