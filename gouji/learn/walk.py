"""Play a lesson through in text (``python -m gouji.learn --walk ID``): for
each step the prompt, a wrong answer, an illegal one, then the right one and
what the table does next. For authors checking what a lesson teaches."""

from __future__ import annotations

from collections.abc import Callable

from ..engine import Game
from ..engine.cards import counts_of_cards, format_counts
from .lessons import Lesson
from .runner import LessonRunner, Outcome, StepStart, Table

ILLEGAL_TRY = "play XXXXX"   # nobody holds five 大王: always refused, with a reason


def walk(lesson: Lesson, lang: str, say: Callable[[str], None]) -> None:
    say(f"== {lesson.id} (§{lesson.section}) {lesson.title.get(lang)}")
    say(lesson.text.get(lang))
    if lesson.show:
        say(f"   cards: {' '.join(lesson.show)}")
    runner = LessonRunner(lesson)
    start: StepStart | None = runner.start_step()
    while start is not None:
        table = start.table
        say(f"\n-- step {start.index + 1}/{start.count}: seat {start.seat} to act ({table.phase})")
        if isinstance(table, Game):
            say(f"   position: {table.position()}")
        say(f"   hand: {_hand(table, start.seat)}")
        say(f"   {start.prompt.get(lang)}")
        legal = table.legal_actions()
        say(f"   legal: {', '.join(legal)}")
        wrong = [a for a in legal if a not in runner.step.accept]
        if wrong:
            _report(say, runner.submit(wrong[0]), lang)
        _report(say, runner.submit(ILLEGAL_TRY), lang)
        _report(say, runner.submit(runner.step.accept[0]), lang)
        start = runner.next_step()
    say(f"\nlesson finished ({runner.mistakes} deliberate mistakes)")


def _hand(table: Table, seat: int) -> str:
    return format_counts(counts_of_cards(table.hand_cards(seat)))


def _report(say: Callable[[str], None], outcome: Outcome, lang: str) -> None:
    say(f"   > {outcome.action or '(illegal try)'}: {outcome.verdict} — {outcome.text.get(lang)}")
    shown = [str(e) for e in outcome.events if e.private_to is None]
    if shown:
        say("     " + " · ".join(shown))
