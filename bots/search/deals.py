"""The guessed deals of one decision, numbered 0, 1, 2 …: deal ``i`` is drawn
from its own seed, so any process can draw it by itself and a search replays
exactly in or out of the worker pool. A worker is sent the bounds once per
decision, as bytes (it keeps the last it was sent); drawing the deals there
leaves the deciding process nearly idle, so two workers get two whole cores."""

from __future__ import annotations

import pickle
import random
import zlib
from dataclasses import dataclass, replace

from gouji.engine.view import SeatView

from .inference import Guess, build_guess, sample_hands
from .replay import Facts, position_of, read_history
from .rollout import Job, run_job

_opened: tuple[bytes, tuple[SeatView, Facts, Guess]] | None = None   # this process's last source, unpacked


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

    def deal(self, index: int) -> tuple[str, int]:
        """Guessed deal ``index`` as a position, and its rollout seed."""
        view, facts, guess = self._open()
        rng = random.Random((self.key << 24) + index)
        hands = sample_hands(guess, rng)
        return position_of(view, facts, hands), rng.getrandbits(31)

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
    draws its positions."""

    source: DealSource
    indices: tuple[int, ...]
    rollouts: Job


def run_batch(batch: Batch) -> list[list[float]]:
    drawn = [batch.source.deal(i) for i in batch.indices]
    return run_job(replace(batch.rollouts, positions=tuple(p for p, _ in drawn), seeds=tuple(s for _, s in drawn)))


__all__ = ["DealSource", "Batch", "run_batch"]
