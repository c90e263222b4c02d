"""The parts of CPython's process pool that ``pool.py`` needs and the standard
library does not expose, in one place.

``ProcessPoolExecutor.shutdown(wait=False)`` neither stops a worker in the
middle of a task nor says which processes it started, and concurrent.futures
waits for queued work at exit. The workers are found through a spawn context
of our own (public API); the executor's process table, its manager thread and
the early exit hook are private names, each read here with a fallback, so a
Python that renames one degrades (a worker is left to finish its batch)
instead of failing, and tests/test_pool.py checks on every run that each is
still found.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.context import SpawnContext, SpawnProcess
from multiprocessing.process import BaseProcess


def workers_of(pool: ProcessPoolExecutor) -> list[BaseProcess]:
    """The processes ``pool`` started and still knows of (``_processes``)."""
    return list((getattr(pool, "_processes", None) or {}).values())


def manager_of(pool: ProcessPoolExecutor) -> threading.Thread | None:
    """The thread that feeds ``pool``'s workers and reaps them (``_executor_manager_thread``);
    read it before ``shutdown``, which forgets it."""
    manager = getattr(pool, "_executor_manager_thread", None)
    return manager if isinstance(manager, threading.Thread) else None


class _TrackedProcess(SpawnProcess):
    """A spawned process that remembers itself once started (``_started``)."""

    def start(self) -> None:
        super().start()
        _started.add(self)


class _TrackingContext(SpawnContext):
    Process = _TrackedProcess


_started: "weakref.WeakSet[BaseProcess]" = weakref.WeakSet()


def spawn_context() -> SpawnContext:
    """The spawn context for a pool whose workers ``pool_children`` can always find."""
    return _TrackingContext()


def pool_children() -> list[BaseProcess]:
    """Every live worker a pool made with ``spawn_context`` started, including
    one its pool lost track of while it was starting up (the executor's own
    list, ``_processes``, has been seen to miss it on a loaded machine)."""
    return [p for p in list(_started) if p.is_alive()]


def before_thread_joins(hook: Callable[[], None]) -> bool:
    """Run ``hook`` at exit before the interpreter joins its threads
    (``threading._register_atexit``: concurrent.futures' own exit hook would
    first let queued work finish). False when this Python has no such hook."""
    register = getattr(threading, "_register_atexit", None)
    if register is None:
        return False
    register(hook)
    return True


__all__ = ["workers_of", "manager_of", "spawn_context", "pool_children", "before_thread_joins"]
