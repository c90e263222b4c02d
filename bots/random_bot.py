"""Uniformly random over the legal actions: the baseline every bot must beat."""

from __future__ import annotations

import random

from gouji.engine.view import SeatView


class RandomBot:
    name = "random"

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def choose(self, view: SeatView, rng: random.Random) -> str:
        if not view.legal_actions:
            raise ValueError(f"seat {self.seat} was asked to act but has no legal action")
        return rng.choice(view.legal_actions)
