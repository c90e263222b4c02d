"""One lesson step as the table scene drives it (pure, no pygame).

``LessonSession`` is what a ``Table`` drives during a lesson step: the
learner's action goes to the ``LessonRunner``, which judges it. A right
answer is played on a copy of the step's table that the scene draws from,
and the step's fixed replies (``then``) follow on that copy one at a time,
as bots' moves would, so the director animates them. A wrong answer leaves
the copy as it was (the move is taken back). Illegal actions never get here:
the table refuses them with the engine's reason.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence

from ...engine.errors import IllegalAction
from ...engine.events import Event
from ...engine.view import SeatView
from ...learn import LessonRunner, Outcome, Verdict


class LessonSession:
    """The table of the runner's current step, shown move by move."""

    def __init__(self, runner: LessonRunner, on_outcome: Callable[[Outcome], None] = lambda outcome: None) -> None:
        if runner.table is None:
            raise RuntimeError("start the runner's step first")
        self.runner = runner
        self.shown = runner.table.clone()
        self.replies: deque[str] = deque()
        self.on_outcome = on_outcome
        self.outcomes: list[Outcome] = []

    # ----- what the table reads ------------------------------------------
    @property
    def current_seat(self) -> int | None:
        return self.shown.current_seat

    @property
    def answered(self) -> bool:
        return self.runner.answered

    @property
    def is_over(self) -> bool:
        """Nothing more to do in this step: answered and every reply shown."""
        return self.runner.answered and not self.replies

    @property
    def events(self) -> list[Event]:
        return self.shown.events

    def legal_actions(self) -> list[str]:
        return self.shown.legal_actions()

    def view(self, seat: int) -> SeatView:
        return self.shown.view(seat)

    def check(self, action: str, cards: Sequence[int] | None = None) -> IllegalAction | None:
        if self.runner.answered and not self.replies:
            return IllegalAction("这一步已经完成", "this step is done")
        return self.shown.check(action, cards)

    # ----- acting ----------------------------------------------------------
    def apply(self, action: str, cards: Sequence[int] | None = None) -> list[Event]:
        """The learner's answer (judged by the runner) or the step's next reply."""
        if self.runner.answered:
            if not self.replies:
                raise IllegalAction("这一步已经完成", "this step is done")
            self.replies.popleft()
            return self.shown.apply(action, cards)
        outcome = self.runner.submit(action)
        self.outcomes.append(outcome)
        if outcome.verdict == Verdict.ACCEPTED:
            self.replies.extend(self.runner.step.then)
            events = self.shown.apply(action, cards)
        else:
            events = []
        self.on_outcome(outcome)
        return events

    def next_reply(self) -> str | None:
        """The step's next fixed reply, while the right answer plays on."""
        return self.replies[0] if self.runner.answered and self.replies else None
