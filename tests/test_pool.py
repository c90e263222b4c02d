"""The expert's worker pool and the private parts of CPython's pool it leans on
(bots/search/executor_parts.py): each is still found on this Python, and a
shutdown stops a worker in the middle of a long task at once."""

from __future__ import annotations

import threading
import time

from bots.search import executor_parts, pool


def test_every_private_part_is_found_on_this_python():
    workers = pool.get_pool(2)
    assert workers is not None
    try:
        ready = pool.warm_up(2)
        pids = {future.result(timeout=120) for future in ready}
        found = executor_parts.workers_of(workers)
        assert len(found) == 2 and {p.pid for p in found} >= pids - {None}
        assert all(p in executor_parts.pool_children() for p in found)
        manager = executor_parts.manager_of(workers)
        assert isinstance(manager, threading.Thread) and manager.is_alive()
    finally:
        pool.shutdown()
    assert all(not p.is_alive() for p in found)
    assert executor_parts.pool_children() == []


def test_the_exit_hook_registers_where_the_interpreter_runs_it_before_joining_threads():
    assert executor_parts.before_thread_joins(lambda: None)   # runs (harmlessly) at this test run's exit


def test_a_shutdown_stops_a_worker_in_the_middle_of_a_long_task():
    workers = pool.get_pool(2)
    assert workers is not None
    workers.submit(time.sleep, 60.0)
    while not executor_parts.workers_of(workers):
        time.sleep(0.05)
    begun = time.perf_counter()
    pool.shutdown()
    assert time.perf_counter() - begun < 10.0
    assert executor_parts.pool_children() == []
    assert pool.closing()


def test_fewer_than_two_workers_means_no_pool():
    assert pool.get_pool(1) is None and pool.get_pool(0) is None
    assert pool.warm_up(1) == []
