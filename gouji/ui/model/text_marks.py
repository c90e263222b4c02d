"""Marks inside texts that are wrapped to lines (``Fonts.wrap``): a group of cards
stays on one line, and one wider than a whole line breaks between two cards,
never inside a card's name ("大 / 王"). Only wrapped text may carry them: the
wrapper draws KEEP as a space and SPLIT as nothing."""

from __future__ import annotations

import re

KEEP = "\u00a0"   # a space no line breaks at
SPLIT = "\u200b"  # between two cards of a group: the only break a too-wide group may take


def bound(cards: str) -> str:
    """Spoken cards ("大王 大王 2 2", "big joker 2 2") as one group for the wrapper: it
    may break between two cards, never inside "big joker"."""
    return re.sub(r" (?!joker)", KEEP + SPLIT, cards).replace(" ", KEEP)


__all__ = ["KEEP", "SPLIT", "bound"]
