"""A seat at a network table for a program with a loop of its own (the
pygame UI): the ``TableClient`` runs on an asyncio loop in a worker thread,
and the caller, in its own thread, only polls and posts:

    seat = RemoteSeat("ws://192.168.1.5:8765", "K7M2Q", "小明")
    seat.join()                      # Refusal (zh/en) if the host says no
    ...each frame:
    news = seat.poll()               # what arrived since the last poll
    news.view                        # the seat's SeatView (None before the start)
    news.events                      # the new events of the stream, in order
    seat.act("play KK")              # a refusal comes back in a later poll's errors
    seat.close()

Nothing here blocks the caller's loop for long: ``join`` waits for the
welcome (a few hundred milliseconds on a LAN), everything else returns at once.
The link's thread does the reading: after every message it puts what changed
into a queue (``News``), and ``poll`` only empties that queue — it never waits
for the other thread, however busy it is (the caller's frame stays on time).
Actions go the other way as coroutines handed to the link's loop, unawaited.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import queue
import threading
from collections import Counter
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..engine.events import Event
from ..engine.view import SeatView
from .client import TableClient
from .protocol import Refusal
from .records import NetRecord


@dataclass(frozen=True)
class News:
    """What changed at the table since the last poll."""

    view: SeatView | None
    turn: int
    events: tuple[Event, ...] = ()
    notices: tuple[dict[str, Any], ...] = ()
    said: tuple[tuple[int, str], ...] = ()
    errors: tuple[Refusal, ...] = ()
    results: tuple[dict[str, Any], ...] = ()
    seats: list[dict[str, Any]] = field(default_factory=list)
    over: bool = False
    closed: Refusal | None = None
    config: dict[str, Any] = field(default_factory=dict)   # the table's settings (rules preset, bots, deals …)
    started: bool = False
    record: NetRecord | None = None                         # the match, at its end
    connected: bool = True                                  # False while the link is down (coming back)
    clock: tuple[int, float] | None = None                  # the host's move timer: (seat to act, when it runs
                                                            # out on time.monotonic()), while it runs


DELTAS = ("events", "notices", "said", "errors", "results")   # News fields that hold only what is new
WATCH_EVERY = 1.0   # seconds: the watcher also looks without a message (a safety net; every change comes with one)


def merged(items: Sequence[News]) -> News:
    """Several queued News as one: the newest state, and everything new of each, in order."""
    joined: dict[str, Any] = {name: tuple(x for item in items for x in getattr(item, name)) for name in DELTAS}
    return replace(items[-1], **joined)


def quiet(news: News) -> News:
    """The same state with nothing new (what a frame reads when no message came)."""
    nothing: dict[str, Any] = {name: () for name in DELTAS}
    return replace(news, **nothing)


class RemoteSeat:
    def __init__(self, url: str, room: str, name: str, **options: Any) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="gouji-net", daemon=True)
        self._thread.start()
        self.client = self._call(self._make(url, room, name, options))
        self._seen: Counter[str] = Counter()   # how many of each kind of news were queued (the loop's thread)
        self._reader: concurrent.futures.Future[None] | None = None
        self._watcher: concurrent.futures.Future[None] | None = None
        self._queue: queue.SimpleQueue[News] = queue.SimpleQueue()   # the loop's thread puts, the caller takes
        self._pushed: tuple[tuple[Any, ...], tuple[int, ...]] | None = None   # the state as last queued
        self._last = News(None, 0)              # the caller's thread: the state as last polled, nothing new

    @staticmethod
    async def _make(url: str, room: str, name: str, options: dict[str, Any]) -> TableClient:
        return TableClient(url, room, name, **options)   # made on its loop: its asyncio parts belong there

    def _call(self, work: Coroutine[Any, Any, Any], timeout: float | None = 30.0) -> Any:
        return asyncio.run_coroutine_threadsafe(work, self._loop).result(timeout)

    def join(self) -> None:
        """Connect and sit down (or take the seat back, with ``token=`` given); Refusal if refused."""
        self._call(self.client.connect())
        self._reader = asyncio.run_coroutine_threadsafe(self.client.run(), self._loop)
        if self._watcher is None or self._watcher.done():
            self._watcher = asyncio.run_coroutine_threadsafe(self._watch(), self._loop)

    def rejoin(self) -> None:
        """After the link stayed down (the host was gone): try again with the seat's token; Refusal,
        OSError or TimeoutError if it still cannot."""
        if self._reader is not None and not self._reader.done():
            return   # still reading, or still coming back by itself
        self.join()

    @property
    def seat(self) -> int | None:
        return self.client.seat

    @property
    def token(self) -> str | None:
        """Keep it to come back to this seat after a crash (``RemoteSeat(..., token=...)``)."""
        return self.client.token

    def poll(self) -> News:
        """The seat's view now, and what arrived since the last poll — what the link's thread queued;
        never waits for that thread."""
        items: list[News] = []
        with contextlib.suppress(queue.Empty):
            while True:
                items.append(self._queue.get_nowait())
        if not items:
            return self._last
        news = merged(items)
        self._last = quiet(news)
        return news

    # ----- on the link's loop ------------------------------------------------------------
    async def _watch(self) -> None:
        """After each message the client reads (or a change of the link), queue the news for ``poll``."""
        while True:
            with contextlib.suppress(TimeoutError):
                await self.client.wait_until(self._changed, WATCH_EVERY)
            if self._changed():
                self._queue.put(self._news())

    def _state(self) -> tuple[tuple[Any, ...], tuple[int, ...]]:
        """What ``News`` shows: the objects the client replaces on a message (compared by identity: an
        equal new view is still news), and the counts of what it appends."""
        c = self.client
        kept = (c.view, c.seats, c.config, c.record, c.closed, c.clock, c.started, c.connected, c.over)
        return kept, (c.turn, len(c.stream), len(c.results), *(c.tally[name] for name in DELTAS))

    def _changed(self) -> bool:
        if self._pushed is None:
            return True
        (kept, counts), (was_kept, was_counts) = self._state(), self._pushed
        return counts != was_counts or any(a is not b for a, b in zip(kept, was_kept, strict=True))

    def _news(self) -> News:
        c = self.client
        self._pushed = self._state()
        totals = {"events": len(c.stream), "results": len(c.results), **c.tally}
        fresh = {}
        for name, attribute in (("events", "stream"), ("notices", "notices"), ("said", "said"),
                                ("errors", "errors"), ("results", "results")):
            new = totals.get(name, 0) - self._seen[name]
            fresh[name] = tuple(getattr(c, attribute)[-new:]) if new > 0 else ()
            self._seen[name] = totals.get(name, 0)
        clock = (int(c.clock["seat"]), c.clock_ends) if c.clock is not None and c.clock_ends is not None else None
        return News(c.view, c.turn, fresh["events"], fresh["notices"], fresh["said"], fresh["errors"],
                    fresh["results"], list(c.seats), c.over, c.closed, dict(c.config), c.started, c.record,
                    c.connected, clock)

    # ----- the caller's actions (handed to the loop, not awaited) ---------------------------
    def act(self, action: str, cards: list[int] | None = None, turn: int | None = None) -> None:
        """Play ``action``; with ``turn`` (that of the view it was chosen from), only if the link has seen no
        later view by the time it is sent: the caller reads views a frame late, and an action chosen for
        an earlier moment (the host's timer played for the seat meanwhile) must not land on the next."""
        self._post(self._act(action, cards, turn))

    async def _act(self, action: str, cards: list[int] | None, turn: int | None) -> None:
        if turn is None or turn == self.client.turn:
            await self.client.act(action, cards)

    def say(self, phrase: str) -> None:
        self._post(self.client.say(phrase))

    def mute(self, seat: int) -> None:
        self._loop.call_soon_threadsafe(self.client.mute, seat)

    def unmute(self, seat: int) -> None:
        self._loop.call_soon_threadsafe(self.client.unmute, seat)

    def start(self) -> None:
        self._post(self.client.start())

    def configure(self, **settings: Any) -> None:
        """rules=, bots=, deals=, move_seconds= (the host only, in the lobby)."""
        self._post(self.client.configure(**settings))

    def swap(self, a: int, b: int) -> None:
        self._post(self.client.swap(a, b))

    def _post(self, work: Coroutine[Any, Any, None]) -> None:
        """Send without waiting; a link that is down shows as ``closed`` or a later reconnect."""
        future = asyncio.run_coroutine_threadsafe(work, self._loop)
        future.add_done_callback(lambda done: done.cancelled() or done.exception())

    def close(self) -> None:
        """Leave the table and stop the link's thread; a second call does nothing
        (its loop is gone: a coroutine handed to it would never run)."""
        if not self._loop.is_running():
            return
        if self._watcher is not None:
            self._watcher.cancel()   # before the loop stops: a task left pending would be destroyed noisily
        try:
            self._call(self.client.close(), 5.0)
            if self._reader is not None:
                self._reader.result(5.0)
        finally:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(5.0)


__all__ = ["RemoteSeat", "News"]
