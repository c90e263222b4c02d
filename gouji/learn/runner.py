"""The lesson runner the Learn screen drives, pure: it sets up each step's
table, judges the learner's action and plays on with the lesson's replies.

>>> from gouji.learn.lessons import load_lesson
>>> runner = LessonRunner(load_lesson("rounds"))
>>> start = runner.start_step()
>>> start.seat == runner.table.current_seat
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Union

from ..engine import Event, Game, IllegalAction, Match, parse_action
from .lessons import Lesson, LessonError, Step, Text

Table = Union[Game, Match]
FILL_LIMIT = 5000   # actions a match step may play on before its learner is asked


class Verdict(StrEnum):
    ACCEPTED = "accepted"   # the right answer: the table plays on
    WRONG = "wrong"         # legal, but not what the lesson teaches: the table is as it was
    ILLEGAL = "illegal"     # the rules refuse it: the engine's reason


@dataclass(frozen=True)
class Outcome:
    verdict: Verdict
    text: Text                       # explanation, the lesson's feedback, or the refusal reason
    events: tuple[Event, ...] = ()   # what happened on the table (for a wrong answer: what would have)
    action: str = ""


@dataclass(frozen=True)
class StepStart:
    index: int          # 0-based step number
    count: int          # steps in the lesson
    table: Table
    seat: int           # the learner's seat, the one to act
    prompt: Text
    show: tuple[str, ...]


def fill(table: Table, seat: int, phase: str) -> None:
    """Play the first legal action until ``seat`` is asked in ``phase``."""
    for _ in range(FILL_LIMIT):
        if table.current_seat == seat and str(table.phase) == phase:
            return
        actions = table.legal_actions()
        if not actions:
            break
        table.apply(actions[0])
    raise ValueError(f"seat {seat} is never asked in the {phase} phase")


def build_table(step: Step, previous: Table | None) -> Table:
    """The table a step starts from; ValueError (IllegalAction included) says why not."""
    table: Table
    if step.source == "hands":
        table = Game.from_hands(list(step.hands), step.leader, step.ruleset())
    elif step.source == "position":
        table = Game.from_position(step.position, step.ruleset())
    elif step.source == "seed":
        table = Match.new(step.seed, step.ruleset())
    elif previous is None:
        raise ValueError("there is no previous step to continue from")
    else:
        table = previous.clone()
    for number, action in enumerate(step.before, 1):
        refusal = table.check(action)
        if refusal is not None:
            raise ValueError(f"before[{number}] {action!r} is refused: {refusal.en}")
        table.apply(action)
    if step.until:
        fill(table, step.seat, step.until)
    return table


def play_then(table: Table, step: Step) -> list[Event]:
    """Apply the step's fixed replies; ValueError names one the rules refuse."""
    events: list[Event] = []
    for number, action in enumerate(step.then, 1):
        refusal = table.check(action)
        if refusal is not None:
            raise ValueError(f"then[{number}] {action!r} is refused: {refusal.en}")
        events += table.apply(action)
    return events


class LessonRunner:
    """Walks a lesson step by step: ``start_step``, ``submit`` until accepted, ``next_step``."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.index = 0
        self.table: Table | None = None
        self.answered = False     # the current step got its right answer
        self.mistakes = 0         # wrong or illegal answers in this lesson
        self._after: Table | None = None   # the table as the last answered step left it

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    @property
    def finished(self) -> bool:
        return self.answered and self.index == len(self.lesson.steps) - 1

    def start_step(self) -> StepStart:
        """Set up the current step's table (again, if it was started before)."""
        step = self.step
        try:
            self.table = build_table(step, self._after)
        except ValueError as exc:
            raise LessonError(f"{self.lesson.file}: steps[{self.index + 1}]: {exc}") from None
        if self.table.current_seat != step.seat:
            raise LessonError(f"{self.lesson.file}: steps[{self.index + 1}].seat: seat {step.seat} is not "
                              f"the one to act (seat {self.table.current_seat} is)")
        self.answered = False
        return StepStart(self.index, len(self.lesson.steps), self.table, step.seat, step.prompt, step.show)

    def submit(self, action: str) -> Outcome:
        """Judge the learner's action on the current step's table."""
        table, step = self.table, self.step
        if table is None:
            raise RuntimeError("start_step() first")
        if self.answered:
            raise RuntimeError("this step is answered: next_step()")
        refusal = table.check(action)
        if refusal is not None:
            self.mistakes += 1
            return Outcome(Verdict.ILLEGAL, _reason(refusal), action=action)
        canonical = str(parse_action(action))
        if canonical not in step.accept:
            self.mistakes += 1
            trial = table.clone()
            return Outcome(Verdict.WRONG, step.feedback_for(canonical), tuple(trial.apply(canonical)), canonical)
        events = table.apply(canonical)
        try:
            events += play_then(table, step)
        except ValueError as exc:
            raise LessonError(f"{self.lesson.file}: steps[{self.index + 1}]: {exc}") from None
        self.answered = True
        self._after = table
        return Outcome(Verdict.ACCEPTED, step.explain, tuple(events), canonical)

    def next_step(self) -> StepStart | None:
        """Move on after a right answer; None when the lesson is finished."""
        if not self.answered:
            raise RuntimeError("the current step is not answered yet")
        if self.index + 1 >= len(self.lesson.steps):
            return None
        self.index += 1
        return self.start_step()


def _reason(refusal: IllegalAction) -> Text:
    return Text(refusal.zh, refusal.en)
