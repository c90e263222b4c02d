"""The guessed deals of one decision, numbered 0, 1, 2 …: deal ``i`` is drawn
from its own seed, so any process can draw it by itself and a search replays
exactly in or out of the worker pool. A worker is sent the bounds once per
decision, as bytes (it keeps the last it was sent); drawing the deals there
leaves the deciding process nearly idle, so two workers get two whole cores."""

from __future__ import annotations

import math
import pickle
import random
import time
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

from gouji.engine.game import Game
from gouji.engine.view import SeatView

from .inference import Guess, Hands, build_guess, read_only, sample_hands
from .reading import Facts, read_history
from .rollout import Job, Knobs, run_games
from .table_read import Memory, SeatRead, read_table

Opened = tuple[SeatView, Facts, Guess, tuple[float, ...]]   # ..., each seat's trust in hard's habits
_opened: tuple[bytes, Opened] | None = None   # this process's last source, unpacked
_variants: dict[tuple[bytes, frozenset[int]], Guess] = {}   # the last source's guesses by the seats read by habits
_template: tuple[bytes, Game] | None = None   # this process's last source as a game, for ``Game.guessed``


@dataclass(frozen=True)
class DealSource:
    """The view, what its history proves, the bounds on the hidden hands and how
    far each player is read by hard's habits, pickled; and how the rollouts
    play each seat (``knobs``, for the search's ``Job``)."""

    key: int        # fixed by the view and the bot's seed: deal i's seed is derived from it
    payload: bytes
    knobs: tuple[Knobs, ...]

    @classmethod
    def of(cls, view: SeatView, seed: int, inference: bool, memory: Memory | None = None,
           styles: Sequence[Knobs | None] | None = None) -> "DealSource":
        """``styles``: per seat, knobs that replace the table reading's for the
        rollouts (None keeps it) — the measuring oracle on style (``ExpertBot.styles``)."""
        facts = read_history(view)
        guess = build_guess(view, facts, inference)
        table = read_table(view, facts, guess.liars, memory) if inference else tuple(SeatRead() for _ in range(6))
        if memory is not None:
            memory.note(view.deal_index, guess.liars)   # read in the match's later deals
        trust = tuple(1.0 if not inference else read.trust for read in table)
        opened = (view, facts, guess, trust)
        key = repr((seed, view.seat, len(view.history), view.hand, view.counts, view.standing, view.phase))
        knobs = tuple(read.knobs for read in table)
        if styles is not None:
            knobs = tuple(read if given is None else given for read, given in zip(knobs, styles))
        source = cls(zlib.crc32(key.encode()), pickle.dumps(opened, pickle.HIGHEST_PROTOCOL), knobs)
        _keep(source.payload, opened)   # drawn here too when there is no pool
        return source

    def hands(self, index: int) -> tuple[Hands, int]:
        """Guessed deal ``index`` as rank counts per seat, and its rollout seed.
        Each player is read by hard's habits in this deal with his trust's chance."""
        rng = random.Random((self.key << 24) + index)
        guess, trust = self._open()[2:]
        readers = frozenset(s for s in guess.others if trust[s] >= 1.0 or rng.random() < trust[s])
        hands = sample_hands(self._variant(readers), rng)
        return hands, rng.getrandbits(31)

    def _variant(self, readers: frozenset[int]) -> Guess:
        """The guess whose habits read only ``readers`` (made once per source and set of seats)."""
        guess = self._open()[2]
        if readers >= frozenset(guess.others):
            return guess
        key = (self.payload, readers)
        found = _variants.get(key)
        if found is None:
            if _variants and next(iter(_variants))[0] != self.payload:
                _variants.clear()   # a new decision: the old guesses are done with
            found = _variants[key] = read_only(guess, readers)
        return found

    def game(self, index: int) -> tuple[Game, int]:
        """Guessed deal ``index`` as a game to play out (light), and its rollout
        seed: ``Game.from_view`` with these hands, made as a cheap ``guessed``
        copy of this process's one game of the source."""
        global _template
        hands, seed = self.hands(index)
        last = _template   # read once: a search on another thread may swap it
        if last is None or last[0] != self.payload:
            view = self._open()[0]
            last = _template = (self.payload, Game.from_view(view, hands))
        return last[1].guessed(hands), seed

    def _open(self) -> Opened:
        last = _opened   # read once: a search on another thread may swap it
        if last is not None and last[0] == self.payload:
            return last[1]
        unpacked = pickle.loads(self.payload)
        _keep(self.payload, unpacked)
        return unpacked


def _keep(payload: bytes, unpacked: Opened) -> None:
    global _opened
    _opened = (payload, unpacked)


@dataclass(frozen=True)
class Batch:
    """Rollouts from the guessed deals ``indices`` of ``source``: what a worker is
    sent. ``rollouts`` names the candidates and stakes; whoever runs the batch
    draws its positions. With a time budget, no deal is begun that would end
    past ``until`` (a ``time.perf_counter`` time: the clock is system-wide, so
    the deciding process's deadline means the same in a worker), judged by the
    last deal's time or, for the first, ``deal_seconds``: the worker stops the
    decision on time itself instead of the deciding process guessing which
    job can still finish. ``spell`` caps how long the batch runs (seconds from
    when the worker begins it): a time-budgeted job is a slice of the decision
    (far more deal numbers than it will use), not a fixed number of deals."""

    source: DealSource
    indices: tuple[int, ...]
    rollouts: Job
    until: float = math.inf
    deal_seconds: float = 0.0
    spell: float = math.inf


def run_batch(batch: Batch) -> list[list[float]]:
    rows: list[list[float]] = []
    last = batch.deal_seconds
    until = min(batch.until, time.perf_counter() + batch.spell)
    for index in batch.indices:
        begun = time.perf_counter()
        if begun + last > until:
            break
        game, seed = batch.source.game(index)
        rows += run_games(batch.rollouts, [game], [seed])
        last = time.perf_counter() - begun
    return rows


__all__ = ["DealSource", "Batch", "run_batch"]
