"""Check lessons against the engine: every step can be set up, its learner is
the seat to act, every accepted answer is legal and plays on, at least one
legal action is not accepted (a real choice), and nothing the table then says
is false — no seat is said to open (开点) after its deadline. Pure; the data
test and ``python -m gouji.learn --check`` use it."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..engine import Event, EventKind
from ..engine.seats import opposite
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


def step_tables(lesson: Lesson) -> Iterator[tuple[int, Step, Table]]:
    """(number, step, table) for every table a step may start from: one per
    step, or, for a step that continues, one per accepted answer of the step
    before. Steps that cannot be set up are left out (``check_lesson`` names them)."""
    afters: list[Table] = []
    for number, step in enumerate(lesson.steps, 1):
        bases: list[Table | None] = list(afters) if step.source == "continue" else [None]
        afters = []
        for base in bases:
            try:
                table = build_table(step, base)
            except ValueError:
                continue
            yield number, step, table
            for answer in step.accept:
                after = table.clone()
                try:
                    after.apply(answer)
                    play_then(after, step)
                except ValueError:
                    continue
                afters.append(after)


def _check_step(step: Step, base: Table | None, where: str) -> tuple[list[str], list[Table]]:
    """Problems of one step from one starting table, and the table after each accepted answer."""
    try:
        table = build_table(step, base)
    except ValueError as exc:
        return [f"{where}: {exc}"], []
    problems = _check_choice(table, where, step.seat, step.accept)
    legal = table.legal_actions()
    problems += [f"{where}.wrong: {action!r} is not a legal answer that is not accepted"
                 for action, _ in step.wrong if action not in legal or action in step.accept]
    afters: list[Table] = []
    for answer in step.accept:
        after = table.clone()
        try:
            events = after.apply(answer)
            events += play_then(after, step)
        except ValueError as exc:
            problems.append(f"{where}: after {answer!r}: {exc}")
            continue
        problems += [f"{where}: after {answer!r}: {p}" for p in false_openings(table, events)]
        afters.append(after)
    if table.current_seat == step.seat:   # a wrong answer shows what would have happened: true too
        for action in legal:
            if action not in step.accept:
                trial = table.clone()
                problems += [f"{where}: after the wrong answer {action!r}: {p}"
                             for p in false_openings(table, trial.apply(action))]
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


def false_openings(table: Table, events: Sequence[Event]) -> list[str]:
    """Each 开点 in ``events`` (what ``table`` did next) that §5's deadline forbids.

    Worked out from the finishing order alone, not from the engine's record of
    the deadlines (a position that leaves out ``deadline=`` gets that record
    wrong): a play opens only if made no later than the 底牌 of 头科 (for 头科
    and his 对头) or of 二科 (for everyone else; for a 要头 player always 二科's,
    §8.6). The play that opens is the one standing when its round ends, so
    every seat that went out before it ended went out before it was made —
    except its owner, whose standing 底牌 it is (and which counts)."""
    view = table.view(0)
    out = list(view.finish_order)
    yaotou = set(view.yaotou) | {seat for seat, _ in view.yaotou_left}
    problems = []
    for event in events:
        if event.kind == EventKind.DEAL_START:
            out, yaotou = [], set()
        elif event.kind == EventKind.OUT and event.seat is not None:
            out.append(event.seat)
        elif event.kind == EventKind.OPENED and event.seat is not None:
            seat = event.seat
            before = [s for s in out if s != seat]
            pair = bool(before) and seat in (before[0], opposite(before[0])) and seat not in yaotou
            deadline = 0 if pair else 1
            if len(before) > deadline:
                whose = "头科" if deadline == 0 else "二科"
                problems.append(f"seat {seat} is said to open (开点), but his deadline, {whose}'s 底牌 "
                                f"(seat {before[deadline]}), had passed: a position with seats out needs "
                                f"deadline= (§5)")
    return problems


def check_all(lessons: list[Lesson]) -> list[str]:
    problems: list[str] = []
    ids = [lesson.id for lesson in lessons]
    problems += [f"lesson id {i!r} is used twice" for i in sorted(set(ids)) if ids.count(i) > 1]
    for lesson in lessons:
        problems += check_lesson(lesson)
    return problems
