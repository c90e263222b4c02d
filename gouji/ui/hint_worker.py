"""Hints from a bot that searches (expert), asked on a thread so the table keeps
drawing while it thinks; the quick bots' hints are made at once."""

from __future__ import annotations

import threading

from bots.hints import Hint, suggest
from gouji.engine.view import SeatView


class HintWorker:
    """One request at a time, tagged with the table's stream length it was made for."""

    def __init__(self) -> None:
        self._stamp = -1
        self._result: list[Hint] | None = None
        self._thread: threading.Thread | None = None

    def ask(self, view: SeatView, stamp: int, level: str) -> list[Hint] | None:
        """The hints for this moment: at once for a quick level; for ``expert``
        None until the search is done (it is started by the first ask)."""
        if level != "expert":
            return suggest(view, 3)
        if self._stamp != stamp:
            self._stamp, self._result = stamp, None
            self._thread = threading.Thread(target=self._run, args=(view, stamp), name="gouji-hint", daemon=True)
            self._thread.start()
        return self._result

    def pending(self, stamp: int) -> bool:
        """A search for this moment is under way."""
        return self._stamp == stamp and self._result is None

    def ready(self, stamp: int) -> bool:
        return self._stamp == stamp and self._result is not None

    def _run(self, view: SeatView, stamp: int) -> None:
        try:
            hints = suggest(view, 3, level="expert")
        except Exception:   # a search that fails still leaves a hint: hard's
            hints = suggest(view, 3)
        if self._stamp == stamp:
            self._result = hints
