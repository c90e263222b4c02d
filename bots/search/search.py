"""Determinised search: the candidate actions, each played out from many
guessed deals of the hidden cards, valued in the match's own terms.

Every guessed deal plays every candidate with the same rollout seed (common
random numbers), so the comparison between candidates is much sharper than
their values. The budget is a time (the game) or a number of rollouts (tests
and the arena): with a number, the guessed deals and seeds depend only on the
view and the bot's seed, so a decision replays exactly, with or without the
worker pool, on any machine.
"""

from __future__ import annotations

import itertools
import math
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import CancelledError, Future
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, replace

from gouji.engine.seats import team
from gouji.engine.view import SeatView

from .deals import Batch, DealSource, run_batch
from .rollout import Job, Knobs, Stakes
from .table_read import Memory

DEFAULT_THINK_MS = 600.0
# A rollout budget: rollouts per worker job, in whole guessed deals (at least
# one): three deals of a pair of candidates, two of three, one of more.
JOB_ROLLOUTS = 6
MIN_DEALS = 2
# A time budget: a worker job is a slice of time, not a number of deals; the
# worker stops it at the slice's end or the deadline itself (``Batch.until``,
# ``Batch.spell``), so no worker idles while the deciding process guesses which
# job can still finish, and the deciding process handles a few jobs, not dozens.
SLICE = 0.05          # seconds, at least: also how long a called-off search's worker may go on
SLICES = 6            # ... or the budget over this: each job costs the deciding process's pool threads
                      # ~1.6 ms of CPU, so at 0.6 s, 100 ms slices halve its 38 ms a decision
SLICE_DEALS = 1024    # deal numbers a slice may use: more than it can play
NO_CAP = 1 << 62      # a time budget's deal numbers: the deadline ends the search
TRIBUTE_CARD = 0.4   # points a tribute card next deal is worth (a 2 or a joker changes hands)
MATCH_WIN = 1.0      # in the match's last deal, winning the match is worth this many 头科s on top of the points
STALL = 10.0         # seconds past the deadline after which a silent worker counts as hung
WAIT_SLICE = 0.02    # how often a wait for a worker looks at the stop event
TWO_PHASE = True     # find the challenger on half the deals, test it on the other half


@dataclass(frozen=True)
class Budget:
    """``think_nodes`` rollouts per searched decision (exact replay), else ``think_ms``."""

    think_ms: float | None = None
    think_nodes: int | None = None

    def __post_init__(self) -> None:
        if self.think_nodes is not None and self.think_nodes < 1:
            raise ValueError(f"think_nodes must be at least 1, got {self.think_nodes}")
        if self.think_ms is not None and self.think_ms <= 0:
            raise ValueError(f"think_ms must be positive, got {self.think_ms}")

    @property
    def seconds(self) -> float:
        return (self.think_ms if self.think_ms is not None else DEFAULT_THINK_MS) / 1000.0


@dataclass(frozen=True)
class Outcome:
    """A candidate's average over the guessed deals, and how it compares with
    the first candidate deal by deal (mean and standard error of the difference)."""

    action: str
    mean: float
    rollouts: int
    gain: float = 0.0
    error: float = 0.0
    tested: bool = True   # measured against the first on more deals than those that selected it


class Cancelled(Exception):
    """The search was called off (the table was dropped or the game quit)."""


class Stalled(Exception):
    """A worker gave no answer long past the deadline: the pool is given up."""


def default_workers() -> int:
    """Every core, but no more than four (the gain flattens and memory grows)."""
    return max(1, min(os.cpu_count() or 1, 4))


def stakes_of(view: SeatView) -> Stakes:
    """What the deal's result sets up beyond its points: the next deal's
    tribute when there is a next deal (§5–§8.3); in the last deal (a lone deal
    is a match of one) the match, which the running totals decide (§4)."""
    rules = view.rules
    if view.deal_index + 1 >= view.series_length:
        mine = team(view.seat)
        lead = view.totals[mine] - view.totals[1 - mine]
        return Stakes(match_win=MATCH_WIN * rules.place_points[0], lead=lead, last=True)
    if not rules.tribute:
        return Stakes()
    declared = tuple((d, t) for d, t, _ in view.declared)
    return Stakes(TRIBUTE_CARD, declared)


def search(view: SeatView, candidates: Sequence[str], budget: Budget, seed: int = 0, n_workers: int = 1,
           inference: bool = True, cancel: threading.Event | None = None,
           started: float | None = None, memory: Memory | None = None,
           styles: Sequence[Knobs | None] | None = None) -> list[Outcome]:
    """Each candidate's average over guessed deals, in the order given, and its
    gain over the first (hard's choice). With more than two candidates, half
    the budget finds the best challenger and the other half measures it
    against the first alone on fresh deals, counted with the ones that picked
    it: a gain picked as the best of several is flattered by luck, and the
    fresh deals dilute that luck (replayed on logged decisions, this kept
    10–15% more of the gain than judging on the fresh deals alone). A time budget runs from
    ``started`` (``time.perf_counter()``; default now): the decision's start.
    ``memory``: what the bot remembers of the match's earlier deals (table_read.py);
    ``styles``: per seat, rollout knobs in place of the table reading's (None keeps it: a
    measuring oracle on style, ``ExpertBot.styles``)."""
    started = time.perf_counter() if started is None else started
    source = DealSource.of(view, seed, inference, memory, styles)
    deals = itertools.count()   # deal numbers: phase two goes on to fresh ones
    stakes = stakes_of(view)
    cands = tuple(candidates)
    fixed = budget.think_nodes is not None
    deadline = math.inf if fixed else started + budget.seconds

    def rows_for(actions: tuple[str, ...], share: float, until: float) -> list[list[float]]:
        rollouts = Job(view.rules, view.seat, actions, stakes, source.knobs)   # the same for every batch of the phase
        if fixed:
            total = max(MIN_DEALS, math.ceil(share * (budget.think_nodes or 0) / len(actions)))
            chunk, spell = max(1, JOB_ROLLOUTS // len(actions)), math.inf
        else:
            total, chunk, spell = NO_CAP, SLICE_DEALS, max(SLICE, budget.seconds / SLICES)

        def job(batch: list[int], deal_seconds: float) -> Batch:
            return Batch(source, tuple(batch), rollouts, until, deal_seconds, spell)
        return _run(deals, job, total, chunk, until, n_workers, cancel)

    if len(cands) <= 2 or not TWO_PHASE:
        return outcomes_of(cands, rows_for(cands, 1.0, deadline))
    seen = rows_for(cands, 0.5, deadline - budget.seconds / 2)
    first = outcomes_of(cands, seen)
    best = max(range(1, len(cands)), key=lambda i: first[i].gain)
    pair = (cands[0], cands[best])
    final = outcomes_of(pair, [[row[0], row[best]] for row in seen] + rows_for(pair, 0.5, deadline))
    rest = (final[1] if i == best else replace(o, tested=False) for i, o in enumerate(first[1:], 1))
    return [final[0], *rest]


def outcomes_of(actions: Sequence[str], rows: list[list[float]]) -> list[Outcome]:
    """Each action's average over ``rows`` (one per guessed deal, a value per
    action) and its gain over the first, deal by deal."""
    return [_outcome(action, [row[i] - row[0] for row in rows], [row[i] for row in rows])
            for i, action in enumerate(actions)]


def rollouts_of(outcomes: Sequence[Outcome]) -> int:
    """How many rollouts a search's outcomes took: every candidate on the first
    phase's deals (an untested runner-up's count) and the pair on the second's
    (the pair's count beyond the first phase's)."""
    untested = [o.rollouts for o in outcomes if not o.tested]
    if not untested:
        return sum(o.rollouts for o in outcomes)
    first = untested[0]
    return first * len(outcomes) + 2 * (outcomes[0].rollouts - first)


def _outcome(action: str, diffs: list[float], values: list[float]) -> Outcome:
    n = len(values)
    if not n:
        return Outcome(action, 0.0, 0)
    gain = sum(diffs) / n
    spread = sum((d - gain) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return Outcome(action, sum(values) / n, n, gain, math.sqrt(spread / n))


def _run(deals: Iterator[int], job: Callable[[list[int], float], Batch], total: int, chunk: int,
         deadline: float, n_workers: int, cancel: threading.Event | None) -> list[list[float]]:
    """Rollout rows in the order of the deals, in the pool when there is one."""
    from . import pool as workers  # multiprocessing is loaded only when a search first runs
    pool = workers.get_pool(n_workers)
    if pool is not None:
        try:
            return _run_pool(pool, deals, job, total, chunk, deadline, n_workers, cancel)
        except (workers.BrokenProcessPool, Stalled, CancelledError, RuntimeError) as exc:
            if workers.closing():   # the game is quitting
                raise Cancelled() from None
            if not isinstance(exc, (workers.BrokenProcessPool, Stalled)):
                raise   # a bug, not a dead worker: the expert answers hard's choice
            workers.forget_broken(pool)   # a worker died: carry on here
    return _run_here(deals, job, total, chunk, deadline, cancel)


def _run_here(deals, job, total: int, chunk: int, deadline: float,
              cancel: threading.Event | None) -> list[list[float]]:
    rows: list[list[float]] = []
    started, made = time.perf_counter(), 0
    while made < total:   # counts deal numbers handed out: a deal that gets stuck gives no row
        _check(cancel)
        now = time.perf_counter()
        per_deal = (now - started) / len(rows) if rows else 0.0
        if now + per_deal > deadline:
            break
        batch = [next(deals) for _ in range(min(chunk, total - made))]
        made += len(batch)
        rows += run_batch(job(batch, per_deal))
    return rows


def _run_pool(pool, deals, job, total: int, chunk: int, deadline: float, n_workers: int,
              cancel: threading.Event | None) -> list[list[float]]:
    """One batch per worker in flight until the first comes back, then two (a
    worker never waits for the next). The worker itself begins no deal that
    would end past the deadline; a batch that begins too late returns at once."""
    rows: list[list[float]] = []
    pending: deque[Future] = deque()
    made = done = 0
    started = time.perf_counter()
    try:
        while True:
            _check(cancel)
            while made < total and len(pending) < (2 if done else 1) * n_workers:
                now = time.perf_counter()
                per_deal = (now - started) * n_workers / len(rows) if rows else 0.0   # one worker's time per deal
                if now + per_deal > deadline:
                    break
                batch = [next(deals) for _ in range(min(chunk, total - made))]
                made += len(batch)
                pending.append(pool.submit(run_batch, job(batch, per_deal)))
            if not pending:
                return rows
            got = _collect(pending.popleft(), cancel, deadline)
            if not got and math.isfinite(deadline):
                total = made   # the worker found no time for a deal: more jobs would only spin
            rows += got
            done += 1
    finally:
        for future in pending:
            future.cancel()


def _collect(future: Future, cancel: threading.Event | None, deadline: float) -> list[list[float]]:
    """A batch's rows, waiting in short slices so a stop is heard at once; a
    worker that answers nothing long after the deadline (``STALL`` seconds; per
    batch when the budget is a rollout count) counts as broken, so a hung
    worker can never hold the table's turn."""
    give_up = (deadline if math.isfinite(deadline) else time.perf_counter()) + STALL
    while True:
        _check(cancel)
        try:
            return future.result(timeout=WAIT_SLICE)
        except FutureTimeout:
            if time.perf_counter() > give_up:
                raise Stalled(f"a rollout worker gave no answer for {STALL:.0f} s") from None


def _check(cancel: threading.Event | None) -> None:
    if cancel is not None and cancel.is_set():
        raise Cancelled()


__all__ = ["Budget", "Outcome", "Cancelled", "search", "outcomes_of", "rollouts_of", "stakes_of", "DEFAULT_THINK_MS"]
