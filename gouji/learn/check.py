"""Check lessons against the engine: every step can be set up, its learner is
the seat to act, every accepted answer is legal and plays on, and at least
one legal action is not accepted (a real choice). Pure; the data test and
``python -m gouji.learn --check`` use it."""

from __future__ import annotations

from .lessons import Lesson, Step
from .runner import Table, build_table, play_then

MIN_STEPS = 2


def check_lesson(lesson: Lesson) -> list[str]:
    """Every problem of one lesson, each naming its file and step; [] if none.

    A step that continues is checked from the table of every accepted answer
    of the step before (the learner may have given any of them)."""
    problems: list[str] = []
    if len(lesson.steps) < MIN_STEPS:
        problems.append(f"{lesson.file}: needs at least {MIN_STEPS} steps, has {len(lesson.steps)}")
    afters: list[Table] = []
    for number, step in enumerate(lesson.steps, 1):
        where = f"{lesson.file}: steps[{number}]"
        bases: list[Table | None] = list(afters) if step.source == "continue" else [None]
        if not bases:
            problems.append(f"{where}: continues, but the step before left no table to continue from")
        afters = []
        for base in bases:
            found, tables = _check_step(step, base, where)
            problems += [p for p in found if p not in problems]
            afters += tables
    return problems


def _check_step(step: Step, base: Table | None, where: str) -> tuple[list[str], list[Table]]:
    """Problems of one step from one starting table, and the table after each accepted answer."""
    try:
        table = build_table(step, base)
    except ValueError as exc:
        return [f"{where}: {exc}"], []
    problems = _check_choice(table, where, step.seat, step.accept)
    legal = set(table.legal_actions())
    problems += [f"{where}.wrong: {action!r} is not a legal answer that is not accepted"
                 for action, _ in step.wrong if action not in legal or action in step.accept]
    afters: list[Table] = []
    for answer in step.accept:
        after = table.clone()
        try:
            after.apply(answer)
            play_then(after, step)
        except ValueError as exc:
            problems.append(f"{where}: after {answer!r}: {exc}")
            continue
        afters.append(after)
    return problems, afters


def _check_choice(table: Table, where: str, seat: int, accept: tuple[str, ...]) -> list[str]:
    if table.current_seat != seat:
        return [f"{where}.seat: seat {seat} is not the one to act (seat {table.current_seat} is, "
                f"phase {table.phase})"]
    legal = set(table.legal_actions())
    problems = [f"{where}.accept: {answer!r} is not legal here (legal: {', '.join(sorted(legal)[:12])})"
                for answer in accept if answer not in legal]
    if legal <= set(accept):
        problems.append(f"{where}.accept: every legal action is accepted, so there is no choice to make")
    return problems


def check_all(lessons: list[Lesson]) -> list[str]:
    problems: list[str] = []
    ids = [lesson.id for lesson in lessons]
    problems += [f"lesson id {i!r} is used twice" for i in sorted(set(ids)) if ids.count(i) > 1]
    for lesson in lessons:
        problems += check_lesson(lesson)
    return problems
