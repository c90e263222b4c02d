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
from dataclasses import dataclass

from gouji.engine.game import Game
from gouji.engine.view import SeatView

from .inference import Guess, Hands, build_guess, sample_hands
from .reading import Facts, read_history
from .rollout import Job, run_games

_opened: tuple[bytes, tuple[SeatView, Facts, Guess]] | None = None   # this process's last source, unpacked
_template: tuple[bytes, Game] | None = None   # this process's last source as a game, for ``Game.guessed``


@dataclass(frozen=True)
class DealSource:
    """The view, what its history proves and the bounds on the hidden hands, pickled."""

    key: int        # fixed by the view and the bot's seed: deal i's seed is derived from it
    payload: bytes

    @classmethod
    def of(cls, view: SeatView, seed: int, inference: bool) -> "DealSource":
        facts = read_history(view)
        guess = build_guess(view, facts, inference)
        key = repr((seed, view.seat, len(view.history), view.hand, view.counts, view.standing, view.phase))
        source = cls(zlib.crc32(key.encode()), pickle.dumps((view, facts, guess), pickle.HIGHEST_PROTOCOL))
        _keep(source.payload, (view, facts, guess))   # drawn here too when there is no pool
        return source

    def hands(self, index: int) -> tuple[Hands, int]:
        """Guessed deal ``index`` as rank counts per seat, and its rollout seed."""
        rng = random.Random((self.key << 24) + index)
        hands = sample_hands(self._open()[2], rng)
        return hands, rng.getrandbits(31)

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

    def _open(self) -> tuple[SeatView, Facts, Guess]:
        last = _opened   # read once: a search on another thread may swap it
        if last is not None and last[0] == self.payload:
            return last[1]
        unpacked = pickle.loads(self.payload)
        _keep(self.payload, unpacked)
        return unpacked


def _keep(payload: bytes, unpacked: tuple[SeatView, Facts, Guess]) -> None:
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
