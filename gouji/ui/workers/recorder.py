"""The history, kept off the loop: every use of the player's ``History``
database runs on one worker thread, in order, so the table never waits for
SQLite (a deal's record takes ~8 ms, the first one ~40 ms) and the
statistics and history screens load without freezing.

After every applied action the app calls ``after_action``: it costs a length
comparison unless a deal has just ended. Screens ask for data with ``ask``
and poll the ``Future``. What goes wrong (a locked, damaged or newer database
kept aside) comes back through ``problems()`` as text in both languages for
the app's notices; nothing raises into the loop.

A deal that meets another program's lock on the database is tried again, and
again, until it is written or the program ends (its match's save still holds
it then, and the next start records it). ``after_action(..., then=…)`` runs
``then`` on the worker once the deal is in the history: the app drops a
finished match's save only then, so a kill at the end of a match loses nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar
from weakref import WeakKeyDictionary

from ...engine.match import Match
from ...store.history import History
from ...store.records import Seating

T = TypeVar("T")
RETRY_FIRST, RETRY_MOST = 0.25, 8.0   # seconds between tries while the database is locked (doubling)


class Recorder:
    def __init__(self, history: History | None = None, enabled: bool = True) -> None:
        self.history = history or History()
        self.enabled = enabled            # an unattended run leaves the history alone
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="gouji-history")
        self._lock = threading.Lock()
        self._problems: list[str] = []
        self._sent: WeakKeyDictionary[Match, int] = WeakKeyDictionary()   # match -> deals handed to the worker
        self._last: Future | None = None
        self._closing = threading.Event()

    def after_action(self, match: Match, seating: Seating, then: Callable[[], None] | None = None) -> None:
        """Call after every action: hands a deal that just ended to the worker; ``then`` runs
        there once every deal of the match so far is in the history (not if it could not be written)."""
        done = len(match.results)
        if not self.enabled or self._sent.get(match, 0) >= done:
            return
        self._sent[match] = done
        copy = match.clone()   # the loop goes on applying actions to the live match meanwhile
        self._last = self._pool.submit(self._guarded, lambda h: self._record(h, copy, seating, match, then), None)

    def _record(self, history: History, match: Match, seating: Seating, key: Match,
                then: Callable[[], None] | None) -> None:
        """Write the deal, trying again while another program holds the database."""
        wait = RETRY_FIRST
        while True:
            history.record(match, seating, key=key)
            if not history.busy or self._closing.wait(wait):
                break
            wait = min(wait * 2, RETRY_MOST)
        if not history.failed and then is not None:
            then()

    def ask(self, work: Callable[[History], T], default: T | None = None) -> Future:
        """Run ``work(history)`` on the worker, after everything asked before it; ``default`` if it raises."""
        future: Future = self._pool.submit(self._guarded, work, default)
        self._last = future
        return future

    def _guarded(self, work: Callable[[History], T], default: T | None) -> T | None:
        try:
            result = work(self.history)
        except Exception as exc:   # never into the loop: a message instead
            self._note(f"历史记录出错：{exc} / the history failed: {exc}")
            return default
        for problem in self.history.take_problems():
            self._note(problem)
        return result

    def _note(self, text: str) -> None:
        with self._lock:
            if text not in self._problems:
                self._problems.append(text)

    def problems(self) -> list[str]:
        """Messages since the last call (both languages each), for the notices."""
        with self._lock:
            found, self._problems = self._problems, []
        return found

    def wait(self, timeout: float = 10.0) -> None:
        """Until everything handed over so far is done (tests, quitting)."""
        last = self._last
        if last is not None:
            last.result(timeout)

    def close(self, patience: float = 3.0) -> None:
        """Finish what was handed over; a deal still meeting a lock is given ``patience`` seconds
        more, then left to its match's save (the next start records it)."""
        last = self._last
        if last is not None:
            try:
                last.result(patience)
            except Exception:   # a timeout: stop retrying; other failures were reported already
                pass
        self._closing.set()
        self._pool.shutdown(wait=True)


__all__ = ["Recorder"]
