"""What a quiz topic's generator makes, and the seeded order of its options."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .lessons import Text


@dataclass(frozen=True)
class Draft:
    """What a topic's generator makes; ``make_question`` adds topic and seed."""

    prompt: Text
    options: tuple[Text, ...]
    answer: int
    explanation: Text
    show: tuple[str, ...] = ()   # plays or hands to draw as cards, in notation
    position: str = ""           # a deal position (notation) the UI may draw, or ""


def shuffled(rng: random.Random, right: Text, wrong: Sequence[Text]) -> tuple[tuple[Text, ...], int]:
    """The right option among up to three wrong ones, in a seeded order; (options, answer)."""
    options = [right, *dict.fromkeys(w for w in wrong if w != right)][:4]
    rng.shuffle(options)
    return tuple(options), options.index(right)
