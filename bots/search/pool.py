"""One pool of worker processes for every searching bot, started on first use.

Workers are spawned (not forked: the game's process holds a window, sound and
threads), each runs ``deals.run_batch``, and each exits by itself when the
process that started it is gone, so a killed game leaves none behind.
``shutdown()`` stops them at once; it also runs when the interpreter exits.
A frozen executable needs ``multiprocessing.freeze_support()`` first thing in
its entry script (build/entry.py).
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import threading
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import wait

from .executor_parts import before_thread_joins, manager_of, pool_children, spawn_context, workers_of

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None
_size = 0
_closing = False   # shutdown() was called: searches in progress give up instead of going on alone
WORKER_NICENESS = 5   # below the game's process: a frame is never kept waiting by a rollout


def get_pool(workers: int) -> ProcessPoolExecutor | None:
    """The shared pool with ``workers`` processes (made once), or None for
    ``workers`` ≤ 1: then the caller runs its rollouts itself."""
    global _pool, _size, _closing
    if workers <= 1:
        return None
    with _lock:
        _closing = False
        if _pool is None or _size != workers:
            _stop(_pool)
            _pool = ProcessPoolExecutor(workers, mp_context=spawn_context(), initializer=_watch_parent)
            _size = workers
        return _pool


def warm_up(workers: int) -> list[Future]:
    """Start the workers now (a table of expert bots was just set), so that the
    first search does not wait for them to start and import the engine. The
    futures answer when they are ready (the table does not wait; the arena does)."""
    pool = get_pool(workers)
    return [pool.submit(_ready) for _ in range(workers)] if pool is not None else []


def _ready() -> int:
    """A worker's first task: load the search's modules before the first search needs them."""
    from . import deals  # noqa: F401
    return os.getpid()


def forget_broken(broken: ProcessPoolExecutor | None = None) -> None:
    """After a worker died (``BrokenProcessPool``): the next ``get_pool`` starts afresh.
    Given the pool that broke, a newer one (another thread's) is left alone."""
    global _pool
    with _lock:
        if broken is not None and broken is not _pool:
            return
        _stop(_pool)
        _pool = None


def shutdown() -> None:
    """Stop the workers now; queued work is dropped and searches in progress end.
    A later search starts a new pool."""
    global _pool, _closing
    with _lock:
        _closing = _pool is not None
        _stop(_pool)
        _pool = None


def closing() -> bool:
    """Did ``shutdown`` stop the pool under a search (which should then give up)?"""
    return _closing


def _stop(pool: ProcessPoolExecutor | None) -> None:
    if pool is None:
        return
    processes = workers_of(pool)
    processes += [p for p in pool_children() if p not in processes]   # any the executor lost track of
    manager = manager_of(pool)   # shutdown() forgets it
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:   # a rollout batch in progress is not worth waiting for
        if process.is_alive():
            process.terminate()
    if manager is not None:   # it reaps the workers too: when two threads waitpid one worker,
        # the loser gets ECHILD and multiprocessing then reports the dead worker alive
        manager.join(timeout=2.0)
    for process in processes:
        process.join(timeout=1.0)
        if process.is_alive():   # still starting up, or ignoring SIGTERM: no second chance
            process.kill()
            process.join(timeout=1.0)


def _watch_parent() -> None:
    """In a worker: give way to the game's own process (its frames come first),
    and exit as soon as the parent process is gone."""
    nice = getattr(os, "nice", None)   # not on Windows
    if nice is not None:
        try:
            nice(WORKER_NICENESS)
        except OSError:
            pass
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="gouji-parent-watch", daemon=True).start()


# Stop the workers before the interpreter waits for its threads: concurrent.futures
# would otherwise let queued rollouts finish first (threading's exit hooks run
# before atexit's, the latest registered first). A worker still starting up on a
# loaded machine has been seen to outlive its pool's shutdown: ``_stop`` looks
# for any child running a worker loop too.
before_thread_joins(shutdown)
atexit.register(shutdown)

__all__ = ["get_pool", "shutdown", "forget_broken", "warm_up", "BrokenProcessPool"]
