"""Reviews made off the frame loop: decoding a code and replaying its match
take from tens of milliseconds (a first deal) to seconds (the last deal of a
99-deal match, or a stranger's crafted code), so they run on a worker thread
while the screen keeps drawing; the player may cancel, and the worker then
stops at its next look at the cancel flag.

``ReviewLoader.start(make)`` runs ``make(stopped)`` — ``stopped()`` answers
whether the player cancelled — and returns a ``Job`` to poll each frame.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from ...engine.dealcode import DealCodeError

T = TypeVar("T")


@dataclass
class Job(Generic[T]):
    future: Future
    cancel: threading.Event = field(default_factory=threading.Event)

    def done(self) -> bool:
        return self.future.done()

    def outcome(self) -> tuple[T | None, tuple[str, str] | None]:
        """(what was made, None) or (None, (zh, en) why not); call once ``done()``."""
        try:
            return self.future.result(), None
        except DealCodeError as exc:
            return None, (exc.zh, exc.en)
        except (ValueError, TypeError) as exc:   # IllegalAction: a record that does not replay
            why = f"{exc.zh} / {exc.en}" if hasattr(exc, "zh") and hasattr(exc, "en") else str(exc)[:300]
            return None, (why, why)
        except Exception as exc:   # a fault of ours must not end the game: said, not raised into the loop
            why = f"{type(exc).__name__}: {str(exc)[:300]}"
            return None, (f"无法读取（{why}）", f"it could not be read ({why})")

    def wait(self, timeout: float = 60.0) -> None:
        """Until the work is done (tests, a screenshot run)."""
        try:
            self.future.result(timeout)
        except Exception:   # the outcome reports it
            pass


class ReviewLoader:
    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="gouji-review")

    def start(self, make: Callable[[Callable[[], bool]], T]) -> Job[T]:
        """Cancel nothing else: jobs run one after the other, each stoppable on its own."""
        cancel = threading.Event()
        future = self._pool.submit(make, cancel.is_set)
        return Job(future, cancel)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


__all__ = ["Job", "ReviewLoader"]
