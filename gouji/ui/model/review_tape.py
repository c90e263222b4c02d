"""What a review scene draws at each step of a ``Review``: the reviewed seat's
``SeatView`` (for the badges, the score and the prompt line) and a ``Board``
folded over the deal's events so far, with every hand open.

Views come from replaying the match one action at a time, so stepping
forward costs one action; every step seen is kept, so stepping back is free.
No pygame here.
"""

from __future__ import annotations

from dataclasses import replace

from ...engine import events as ev
from ...engine.events import Event
from ...engine.match import Match
from ...engine.view import SeatView
from ...review import Review
from .board import Board, in_hand_order


class Tape:
    def __init__(self, review: Review) -> None:
        self.review = review
        self.seat = review.seat
        whole = review.play_from_here(len(review))
        self._actions, self._choices = whole.actions, whole.card_choices
        self._match: Match | None = None
        self._at = -1                                  # the step self._match stands at
        self._views: dict[int, SeatView] = {}
        self._boards: dict[int, Board] = {}

    def view(self, step: int) -> SeatView:
        """The reviewed seat's view at ``step`` (0 … len(review))."""
        step = max(0, min(step, len(self.review)))
        if step not in self._views:
            if self._match is None or step < self._at:
                self._match, self._at = self.review.play_from_here(step).match(), step
            while self._at < step:
                index = self.review.first_action + self._at
                self._match.apply(self._actions[index], self._choices[index])
                self._at += 1
                self._keep(self._at)
            self._keep(step)
        return self._views[step]

    def _keep(self, step: int) -> None:
        match = self._match
        assert match is not None
        ended = len(match.results) > self.review.ref.deal
        view = match.finished_view(self.seat) if ended else None
        self._views.setdefault(step, view or match.view(self.seat))

    def board(self, step: int) -> Board:
        """What lies on the table at ``step``: plays, words, places and the log; the seat's own hand."""
        if step not in self._boards:
            frame = self.review.frames[step]
            board = Board.fold((_public(e) for e in frame.log), human=self.seat)
            board.hand = in_hand_order(frame.hands[self.seat])
            self._boards[step] = board
        return self._boards[step]

    def open_hands(self, step: int) -> dict[int, tuple[int, ...]]:
        hands = self.review.frames[step].hands
        return {seat: in_hand_order(cards) for seat, cards in enumerate(hands) if seat != self.seat}


def _public(event: Event) -> Event:
    """A review lies open: a tribute's (the giver's) private copy is logged like any other fact."""
    if event.kind in ev.TRANSFERS and event.private_to is not None:
        return replace(event, private_to=None)
    return event


__all__ = ["Tape"]
