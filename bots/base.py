"""The bot protocol: a bot sees one seat's view and answers with an action."""

from __future__ import annotations

import random
from typing import Protocol

from gouji.engine.view import SeatView


class Bot(Protocol):
    """``choose`` returns an action in the engine's text form, e.g. ``"play KK"``.

    It is given only the seat's ``SeatView`` (never the game) and an rng; a
    bot must be a pure function of those two, so its choice replays exactly.
    """

    seat: int
    name: str

    def choose(self, view: SeatView, rng: random.Random) -> str: ...
