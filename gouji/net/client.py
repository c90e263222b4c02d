"""A player's end of a table: connects, joins (or takes a seat back with its
token), and keeps what the seat may know, ready for a screen or a bot:

- ``view``: the seat's ``SeatView``, the engine's own type, rebuilt from the
  host's messages (equal to the host's ``match.view(seat)``), and ``turn``;
- ``stream``: every event the seat has seen, in order (the public ones and
  its own private ones), and ``notices`` (who left, came back, ran out of time);
- ``seats``, ``config``, ``results`` (each deal's end), ``record`` (the
  match through the last deal that ended, replayed and checked here: the
  host sends it with each ``deal_end`` and at the match's end), ``said``
  (quick phrases, muted seats left out);
- ``act(action)`` sends an action string for the current turn; a refusal
  comes back in ``errors`` with its reason in both languages.

``run()`` reads until the table closes, and when the link drops it comes
back with its token (for ``reconnect_for`` seconds): the view comes back
whole, the stream misses what happened while it was away. Everything the host sends
is checked as it is read: a bad message is counted in ``problems``, never raised.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.protocol import State

from ..engine.events import Event
from ..engine.rules import RuleSet
from ..engine.view import SeatView
from .protocol import MAX_HOST_MESSAGE, Refusal, encode, make, read_host_message
from .records import NetRecord, RecordError
from .wire import WireError, events_from_wire, view_from_wire

KEEP = 200      # errors, notices and phrases kept (the newest)
FACTS = ("burn_wins", "men", "revolted", "declared", "pre_declared")   # a deal's public facts (room.public_facts)
KEEPALIVE = 20.0   # seconds: websockets' own ping, and how long its pong may take (a dead link is found)


class TableClient:
    def __init__(self, url: str, room: str, name: str, *, token: str | None = None, host_secret: str | None = None,
                 ping_every: float = 15.0, reconnect_for: float = 0.0, open_timeout: float = 5.0) -> None:
        self.url, self.room, self.name = url, room, name
        self.token, self.host_secret = token, host_secret
        self.ping_every, self.reconnect_for, self.open_timeout = ping_every, reconnect_for, open_timeout
        self.seat: int | None = None
        self.admin = False
        self.title = ""
        self.seats: list[dict[str, Any]] = []
        self.config: dict[str, Any] = {}
        self.started = False
        self.since = 0                 # the match's actions before this seat became ours (a late comer)
        self.rules: RuleSet | None = None
        self.view: SeatView | None = None
        self.turn = 0
        self.clock: dict[str, Any] | None = None    # the move timer of the seat to act, as the last view said
        self.clock_ends: float | None = None         # ... and when it runs out here, on time.monotonic()
        self.stream: list[Event] = []
        self.notices: list[dict[str, Any]] = []
        self.said: list[tuple[int, str]] = []
        self.muted: set[int] = set()
        self.results: list[dict[str, Any]] = []
        self.record: NetRecord | None = None
        self.totals: tuple[int, int] | None = None
        self.errors: list[Refusal] = []
        self.problems: list[str] = []
        self.tally: Counter[str] = Counter()   # notices, said, errors ever received (the lists keep the newest)
        self.closed: Refusal | None = None     # the host's last word (bye): do not come back
        self.connects = 0
        self._ws: ClientConnection | None = None
        self._seq = 0
        self._history: tuple[Event, ...] = ()
        self._tick = asyncio.Event()
        self._stopping = False

    # ----- connecting ---------------------------------------------------------
    async def connect(self) -> None:
        """Open the link and join; Refusal (with its reason) if the host will not have us."""
        ws = await connect(self.url, open_timeout=self.open_timeout, max_size=MAX_HOST_MESSAGE, compression=None,
                           proxy=None, ping_interval=KEEPALIVE, ping_timeout=KEEPALIVE)
        self._ws, self._history = ws, ()   # the host sends the whole view again
        hello: dict[str, Any] = {"room": self.room, "name": self.name}
        if self.token:
            hello["token"] = self.token
        if self.host_secret:
            hello["host_secret"] = self.host_secret
        try:
            await self._send("hello", **hello)
            await self._welcomed(ws)
        except BaseException:
            await ws.close()
            raise
        self.connects += 1

    async def _welcomed(self, ws: ClientConnection) -> None:
        kind = None
        while kind != "welcome":
            try:
                raw = await asyncio.wait_for(ws.recv(), self.open_timeout)
            except ConnectionClosed:
                raise self.closed or Refusal("closed", "主机关闭了连接", "the host closed the connection") from None
            kind = self._handle(raw)
            if kind == "bye":
                assert self.closed is not None
                raise self.closed

    async def run(self) -> None:
        """Read the host's messages until the table closes (coming back when the link drops)."""
        while not self._stopping:
            ws = self._ws
            if ws is None:
                return
            pinger = asyncio.get_running_loop().create_task(self._ping(ws))
            try:
                async for raw in ws:
                    self._handle(raw)
            except ConnectionClosed:
                pass
            finally:
                pinger.cancel()
            self._touch()
            if self._stopping or self.closed is not None or not await self._come_back():
                return

    async def _come_back(self) -> bool:
        """Reconnect with the seat token, for ``reconnect_for`` seconds."""
        if not self.token or self.reconnect_for <= 0:
            return False
        loop = asyncio.get_running_loop()
        deadline, delay = loop.time() + self.reconnect_for, 0.05
        while loop.time() < deadline and not self._stopping:
            await asyncio.sleep(delay)
            try:
                await self.connect()
                return True
            except Refusal as refusal:
                if refusal.code != "closed":
                    self.closed = refusal
                    return False
            except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError):
                pass
            delay = min(1.0, delay * 2)
        return False

    async def close(self) -> None:
        self._stopping = True
        if self._ws is not None:
            await self._ws.close()

    def drop(self) -> None:
        """Cut the link at once, as a crash or a pulled cable would (tests)."""
        if self._ws is not None:
            self._ws.transport.abort()

    async def _ping(self, ws: ClientConnection) -> None:
        """The host closes a link it hears nothing from: say we are here."""
        with contextlib.suppress(ConnectionClosed):
            while True:
                await asyncio.sleep(self.ping_every)
                await self._send("ping")

    # ----- acting ----------------------------------------------------------------
    async def act(self, action: str, cards: list[int] | None = None) -> None:
        """Play ``action`` (text such as ``"play KK"``) for the current turn."""
        fields: dict[str, Any] = {"turn": self.turn, "action": action}
        if cards is not None:
            fields["cards"] = list(cards)
        await self._send("act", **fields)

    async def say(self, phrase: str) -> None:
        await self._send("say", phrase=phrase)

    async def configure(self, **settings: Any) -> None:
        """rules=, bots=, deals=, move_seconds= (the host only, before the start)."""
        await self._send("configure", **settings)

    async def swap(self, a: int, b: int) -> None:
        await self._send("swap", a=a, b=b)

    async def start(self) -> None:
        await self._send("start")

    def mute(self, seat: int) -> None:
        """Hide this seat's quick phrases from now on (the host still relays them; this end drops them)."""
        self.muted.add(seat)

    def unmute(self, seat: int) -> None:
        self.muted.discard(seat)

    async def _send(self, kind: str, **fields: Any) -> None:
        if self._ws is None:
            raise ConnectionError("not connected")
        self._seq += 1
        await self._ws.send(encode({**make(kind, **fields), "seq": self._seq}))

    # ----- waiting -------------------------------------------------------------------
    @property
    def my_turn(self) -> bool:
        return self.view is not None and self.view.my_turn and not self.over

    @property
    def connected(self) -> bool:
        """The link is up now (False while it is down and ``run`` tries to come back, and after)."""
        return self._ws is not None and self._ws.state is State.OPEN

    @property
    def over(self) -> bool:
        return self.totals is not None

    async def wait_until(self, ready: Callable[[], bool], timeout: float | None = None) -> None:
        """Until ``ready()`` holds after some message (TimeoutError after ``timeout`` seconds)."""
        async with asyncio.timeout(timeout):
            while not ready():
                tick = self._tick
                await tick.wait()

    def _touch(self) -> None:
        tick, self._tick = self._tick, asyncio.Event()
        tick.set()

    # ----- reading --------------------------------------------------------------------
    def _handle(self, raw: str | bytes) -> str | None:
        try:
            data = read_host_message(raw)
            kind = str(data["type"])
            handler = HANDLERS.get(kind)
            if handler is None:
                raise WireError(f"unknown message type {kind[:20]!r}")
            handler(self, data)
            return kind
        except (Refusal, WireError, RecordError, KeyError, TypeError, ValueError) as exc:
            if len(self.problems) < KEEP:
                self.problems.append(f"{type(exc).__name__}: {str(exc)[:200]}")
            return None
        finally:
            self._touch()

    def _welcome(self, data: dict[str, Any]) -> None:
        self.seat = _seat(data["seat"])
        self.admin, self.title = bool(data.get("admin")), str(data.get("title", ""))[:40]
        since = data.get("since", 0)   # a late comer's seat is his from this action on (older hosts: 0)
        self.since = since if isinstance(since, int) and not isinstance(since, bool) and since >= 0 else 0
        if isinstance(data.get("token"), str):
            self.token = data["token"]

    def _seats(self, data: dict[str, Any]) -> None:
        seats = data["seats"]
        if not isinstance(seats, list) or len(seats) != 6 or not all(isinstance(s, dict) for s in seats):
            raise WireError("seats: six seats expected")
        self.seats, self.config, self.started = seats, dict(data["config"]), bool(data["started"])
        change = data.get("change")
        if isinstance(change, dict) and "seat" in change:
            self._keep("notices", change)

    def _start(self, data: dict[str, Any]) -> None:
        self.rules = RuleSet.from_dict(data["rules"])
        self.started = True

    def _view(self, data: dict[str, Any]) -> None:
        if self.rules is None:
            raise WireError("a view before the start")
        keep = data["history_from"]
        if not isinstance(keep, int) or not 0 <= keep <= len(self._history):
            raise WireError("history_from out of range")
        history = self._history[:keep] + events_from_wire(data["history"])
        view = view_from_wire(data["view"], self.rules, history)
        if view.seat != self.seat:
            raise WireError("a view of another seat")
        turn = data["turn"]
        if not isinstance(turn, int) or isinstance(turn, bool):
            raise WireError("turn is not a number")
        events = events_from_wire(data["events"])
        if not self.stream:   # the first view (a late comer, a new app on the token): the deal so far, seen once
            events = history + tuple(e for e in events if e not in history)
        self.stream.extend(events)
        self._history, self.view, self.turn = history, view, turn
        clock = data.get("clock")
        self.clock = clock if isinstance(clock, dict) else None
        self.clock_ends = _clock_ends(self.clock)

    def _deal_end(self, data: dict[str, Any]) -> None:
        places = data["places"]
        if not isinstance(places, list) or sorted(places) != list(range(6)):
            raise WireError("a deal's places are the six seats")
        if any(kept["deal"] == data["deal"] for kept in self.results):
            return   # told again on rejoining: the host tells everyone who (re)joins the deals already over
        kept = {key: data[key] for key in ("deal", "places", "score", "totals", "opened")}
        kept.update({key: data[key] for key in FACTS if isinstance(data.get(key), list)})   # newer hosts say more
        self.results.append(kept)
        if "record" in data:   # the match through this deal (a host that deals by deal seeds)
            self.record = self._checked(NetRecord.from_message(data["record"]), data)

    def _checked(self, record: NetRecord, data: dict[str, Any]) -> NetRecord:
        """A record through the deal ``data`` ended, replayed by the engine (RecordError if it is not that)."""
        deal, end = data.get("deal"), data.get("end_action")
        if record.deal_seeds is None or len(record.ends) != _whole(deal) + 1 or record.ends[-1] != _whole(end):
            raise RecordError("the deal's record does not end with that deal")
        match = record.replay(self.record)   # kept in the record: the history and the deal codes use it
        if list(match.results[-1].places) != data["places"]:   # e.g. another first drawer: the seats turned
            raise RecordError("the deal's record does not replay to the places the host announced")
        return record

    def _match_end(self, data: dict[str, Any]) -> None:
        totals = data["totals"]
        self.totals = (int(totals[0]), int(totals[1]))   # over, whatever the record: the deals' are kept
        record = NetRecord.from_message(data["record"])
        record.replay(self.record)   # checked (only what the last deal's record lacks is replayed)
        self.record = record

    def _said(self, data: dict[str, Any]) -> None:
        seat = _seat(data["seat"])
        if seat not in self.muted:
            self._keep("said", (seat, str(data["phrase"])[:40]))

    def _error(self, data: dict[str, Any]) -> None:
        self._keep("errors", Refusal(str(data.get("code"))[:40], str(data.get("zh"))[:400], str(data.get("en"))[:400]))

    def _bye(self, data: dict[str, Any]) -> None:
        self.closed = Refusal(str(data.get("code"))[:40], str(data.get("zh"))[:400], str(data.get("en"))[:400])

    def _pong(self, data: dict[str, Any]) -> None:
        pass

    def _keep(self, name: str, item: Any) -> None:
        """Add to a list of which only the newest are kept; ``tally`` counts all ever added."""
        items = getattr(self, name)
        items.append(item)
        del items[:-KEEP]
        self.tally[name] += 1


HANDLERS: dict[str, Callable[[TableClient, dict[str, Any]], None]] = {
    "welcome": TableClient._welcome, "seats": TableClient._seats, "start": TableClient._start,
    "view": TableClient._view, "deal_end": TableClient._deal_end, "match_end": TableClient._match_end,
    "said": TableClient._said, "error": TableClient._error, "bye": TableClient._bye, "pong": TableClient._pong,
}



def _clock_ends(clock: dict[str, Any] | None) -> float | None:
    """When a view's move timer runs out here (on ``time.monotonic()``), or None when it has none (or a bad one)."""
    if clock is None:
        return None
    seat, left = clock.get("seat"), clock.get("left")
    if not isinstance(seat, int) or isinstance(seat, bool) or not isinstance(left, (int, float)) \
            or isinstance(left, bool):
        return None
    return time.monotonic() + max(0.0, float(left))


def _whole(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise WireError("not a whole number")
    return value


def _seat(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 6:
        raise WireError("not a seat")
    return value




__all__ = ["TableClient"]
