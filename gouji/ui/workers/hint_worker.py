"""Hints from a bot that searches (expert), asked on a thread so the table keeps
drawing while it thinks; the quick bots' hints are made at once."""

from __future__ import annotations

import threading

from bots.hints import Hint, suggest
from gouji.engine.view import SeatView


class HintWorker:
    """One request at a time, tagged with the table's stream length it was made for;
    a new moment's request stops the old one (its search would hold the workers)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._stamp = -1
        self._result: list[Hint] | None = None
        self._stop = threading.Event()

    def ask(self, view: SeatView, stamp: int, level: str) -> list[Hint] | None:
        """The hints for this moment: at once for a quick level; for ``expert``
        None until the search is done (it is started by the first ask)."""
        if level != "expert":
            return suggest(view, 3)
        with self._lock:
            if self._stamp != stamp:
                self._stop.set()
                self._stamp, self._result, self._stop = stamp, None, threading.Event()
                threading.Thread(target=self._run, args=(view, stamp, self._stop), name="gouji-hint",
                                 daemon=True).start()
            return self._result

    def pending(self, stamp: int) -> bool:
        """A search for this moment is under way."""
        with self._lock:
            return self._stamp == stamp and self._result is None

    def ready(self, stamp: int) -> bool:
        with self._lock:
            return self._stamp == stamp and self._result is not None

    def close(self) -> None:
        """The table is going: a search still running stops."""
        self._stop.set()

    def _run(self, view: SeatView, stamp: int, stop: threading.Event) -> None:
        try:
            hints = suggest(view, 3, level="expert", cancel=stop)
        except Exception:   # a search that fails still leaves a hint: hard's
            hints = suggest(view, 3)
        with self._lock:
            if self._stamp == stamp:   # else a newer moment asked meanwhile: this answer is stale
                self._result = hints
