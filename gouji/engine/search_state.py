"""What a search may read and do on a deal in play (``Game.flow``): a narrow view of
the engine's own state, stepped in place with no copies and no text, for the
expert's rollouts (bots/search/rollout.py) and its replays of the play so far
(bots/search/story.py). The engine's ``DealFlow`` is the one implementation;
anything else in it stays the engine's business."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from .actions import Move
from .phases import Phase
from .plays import Play
from .rules import RuleSet
from .state import DealSetup


class SearchState(Protocol):
    rules: RuleSet
    setup: DealSetup                 # the deal's start (who revolted, who chose 要头, …)
    phase: Phase
    current: int | None              # who acts; None once the deal is over
    owner: int | None                # the standing play's owner
    standing: Play | None            # the play to beat
    counts: list[list[int]]          # rank counts per seat (read only: use ``set_hands``)
    burning: dict[int, int]          # burner -> owner of the 够级 he first beat

    def moves(self) -> list[Move]:
        """The legal moves of the seat to act."""

    def act(self, move: Move, card_ids: Sequence[int] | None = None) -> None:
        """Apply one of ``moves()`` (not checked: the hot path)."""

    def beats(self) -> Iterable[Play]:
        """The plays of the seat to act that beat the standing play."""

    def hand_size(self, seat: int) -> int: ...

    def rang_allowed(self, seat: int) -> bool:
        """Whether ``seat`` may 让 now (§3.6)."""

    def opened(self) -> list[bool]:
        """开点 per seat so far (§5, with §8.6's revolution rules)."""

    def copy(self, record: bool = True, cards: bool = True) -> "SearchState":
        """An independent copy (``record``: keep the event log; ``cards``: the card ids too)."""

    def set_hands(self, counts: list[list[int]]) -> None:
        """Other hands, the same size each (a guessed deal; the lists are taken, not copied):
        the 冲牌 flag follows them (§7)."""


__all__ = ["SearchState"]
