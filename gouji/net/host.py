"""The host: tables over WebSockets, authoritative.

One asyncio loop serves every table. Each connection is read by its own
handler (checked, rate-limited, timed out when idle) and written by its own
writer from a bounded queue (a player who stops reading is dropped, never
buffered without end; he comes back with his token and gets the whole view
again). Each started table has a driver task that plays the bots' seats —
the empty ones, those whose person is away (托管) and those whose move timer
ran out. A person's action is applied in his handler, at once.

Nothing a player sends can act for another seat or out of turn (room.py
checks the seat, the turn and the rules), and nothing he receives carries
another seat's hidden cards: he gets only his own seat's ``SeatView`` and the
events visible to his seat; at each deal's end the record through it (its
deals' seeds, never a later deal's: room.py draws each deal's seed apart).
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import math
from collections.abc import Coroutine
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from ..engine.events import Event
from ..store.saves import dump
from ..version import version
from .codes import new_room_code
from .phrases import phrase
from .protocol import MAX_CLIENT_MESSAGE, ClientMessage, Refusal, encode, make, read_client_message
from .ratelimit import Bucket
from .room import TIMEOUT, Room, RoomConfig
from .state import TableFiles, load_rooms
from .wire import event_to_wire, history_delta, view_to_wire

if TYPE_CHECKING:
    from .discovery import Announcer

log = logging.getLogger("gouji.net")
FRAME_LIMIT = 16 * 1024      # bytes: past this websockets closes the connection (1009); below, we refuse in words
INCOMING_FRAMES = 8          # frames websockets buffers per connection before it stops reading
GOING_AWAY, POLICY, TOO_BIG, BUSY = 1001, 1008, 1009, 1013
REPLACED = Refusal("replaced", "这个座位从另一处连接上了", "this seat connected from elsewhere")
TABLE_CLOSED = Refusal("table_closed", "房主关闭了这张桌子", "the host closed the table")


@dataclass
class HostConfig:
    host: str = "127.0.0.1"
    port: int = 0                       # 0: any free port (``Host.port`` tells which)
    state_dir: Path | None = None       # where tables are kept between runs (None: in memory only)
    host_secret: str | None = None      # who joins with it may configure, swap and start
    autostart: int = 0                  # start a table when this many people sit at it (0: the host starts it)
    bot_delay: float = 0.0              # seconds a bot waits before it plays (people follow the play)
    rejoin_grace: float = 30.0          # seconds a restarted host waits for its people before 托管
    alone_grace: float = 120.0          # seconds a table waits with every person away before bots finish it
    hello_timeout: float = 10.0         # a connection must say hello within this
    idle_timeout: float = 60.0          # ... and then something (a ping at least) within this, again and again
    ping_interval: float | None = 20.0  # websockets' keepalive: a half-open connection is found and closed
    ping_timeout: float | None = 20.0
    max_message: int = MAX_CLIENT_MESSAGE
    outbox_limit: int = 256             # messages queued for one player before he counts as gone
    rate: float = 20.0                  # messages a second a player may send on average ...
    burst: float = 40.0                 # ... and at once
    phrase_rate: float = 0.5            # quick phrases a second on average ...
    phrase_burst: float = 3.0           # ... and at once
    max_refusals: int = 50              # refused or over-the-limit messages at once before the link is closed ...
    refusal_rate: float = 1.0           # ... forgiven at this rate a second (a long match's odd refusal is no flood)
    max_connections: int = 512
    announce: bool = False              # advertise the tables on the LAN (zeroconf)
    announce_interfaces: tuple[str, ...] | None = None   # where (None: every interface)


@dataclass(eq=False)
class Connection:
    """One player's connection: who he is, what he was last sent, his limits."""

    ws: ServerConnection
    queue: asyncio.Queue[str]
    bucket: Bucket                      # messages
    phrases: Bucket                     # quick phrases
    strikes: Bucket                     # refusals
    table: "Table | None" = None
    seat: int = -1
    last_seq: int = 0
    refusals: int = 0
    warned_at: float = -math.inf
    history: tuple[Event, ...] | None = None   # the view's history the player holds
    gone: bool = False

    def send(self, message: dict[str, Any]) -> None:
        if self.gone:
            return
        try:
            self.queue.put_nowait(encode(message))
        except asyncio.QueueFull:   # he does not read: drop him (he can come back with his token)
            self.gone = True
            self.ws.transport.abort()

    async def write(self) -> None:
        while True:
            text = await self.queue.get()
            try:
                await self.ws.send(text)
            finally:
                self.queue.task_done()

    async def finish(self, message: dict[str, Any], code: int, reason: str) -> None:
        """Send a last message, then close."""
        self.send(message)
        try:
            await asyncio.wait_for(self.queue.join(), 1.0)
        except TimeoutError:
            pass
        self.gone = True
        await self.ws.close(code, reason)


class Close(Exception):
    """End this connection after telling the player why."""

    def __init__(self, refusal: Refusal, code: int = POLICY) -> None:
        super().__init__(refusal.en)
        self.refusal, self.code = refusal, code


@dataclass(eq=False)
class Table:
    """A room on the host, with its connections and its driver."""

    room: Room
    files: TableFiles | None
    conns: dict[int, Connection] = field(default_factory=dict)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    driver: asyncio.Task[None] | None = None
    reported: int = 0                   # deals whose end the players have been told
    writing: asyncio.Lock = field(default_factory=asyncio.Lock)   # one save of this table at a time
    saved: int = 0                      # the actions the state folder holds

    def broadcast(self, message: dict[str, Any]) -> None:
        for conn in list(self.conns.values()):
            conn.send(message)


class Host:
    def __init__(self, config: HostConfig | None = None) -> None:
        self.config = config or HostConfig()
        self.tables: dict[str, Table] = {}
        self.problems: list[str] = []
        self.internal_errors = 0            # messages our own bugs failed to handle (tests want none)
        self._server: Server | None = None
        self._conns: set[Connection] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._hello_failures: dict[str, Bucket] = {}
        self._closing = False
        self._announcer: Announcer | None = None
        if self.config.state_dir is not None:
            rooms, self.problems = load_rooms(self.config.state_dir)
            for room in rooms:
                self._add(room)

    # ----- tables ----------------------------------------------------------
    def open_table(self, config: RoomConfig | None = None, code: str | None = None, seed: int | None = None) -> Room:
        """A new table (or the kept one of that code, as it was). Given a ``seed`` its deals follow from it
        (replays, tests); otherwise they are drawn at random when its match starts."""
        if code is not None and code in self.tables:
            return self.tables[code].room
        code = code or new_room_code(set(self.tables))
        room = Room(code, config or RoomConfig()) if seed is None else \
            Room(code, config or RoomConfig(), seed, replayable=True)   # a given seed: its deals follow from it
        table = self._add(room)
        self._save_room(table)
        self._schedule_announce(table)
        return room

    def _add(self, room: Room) -> Table:
        files = TableFiles(self.config.state_dir, room.code) if self.config.state_dir is not None else None
        table = Table(room, files)
        room.alone_grace = self.config.alone_grace
        self.tables[room.code] = table
        return table

    @property
    def port(self) -> int:
        assert self._server is not None, "the host has not started"
        return int(self._server.sockets[0].getsockname()[1])

    async def start(self) -> None:
        now = asyncio.get_running_loop().time()
        for table in self.tables.values():
            table.room.grace_until = now + self.config.rejoin_grace   # everyone is away after a restart
            table.room.alone_grace, table.room.empty_since = self.config.alone_grace, now
            table.room.turn_began = now
            if table.room.started:
                self._drive(table)
        c = self.config
        self._server = await serve(self._serve, c.host, c.port, max_size=FRAME_LIMIT, max_queue=INCOMING_FRAMES,
                                   compression=None, ping_interval=c.ping_interval, ping_timeout=c.ping_timeout,
                                   open_timeout=c.hello_timeout, close_timeout=2, server_header=None)
        if c.announce:
            from .discovery import Announcer  # zeroconf only where discovery is wanted
            self._announcer = Announcer(self.port, c.announce_interfaces)
            for table in self.tables.values():
                await self._announce(table)

    async def start_announcing(self, interfaces: tuple[str, ...] | None = None) -> str | None:
        """Advertise the tables on the LAN from now on. Discovery is a convenience: what went wrong
        (no multicast, no network) is returned, never raised — the tables are joined by address."""
        if self._announcer is not None:
            return None
        try:
            from .discovery import Announcer
            self._announcer = Announcer(self.port, interfaces)
        except Exception as exc:
            return f"{type(exc).__name__}: {str(exc)[:160]}"
        before = len(self.problems)
        for table in self.tables.values():
            await self._announce(table)
        return self.problems[-1] if len(self.problems) > before else None

    async def close(self, tell: bool = False) -> None:
        """Stop serving. ``tell``: every player hears the table is closed for good (a host in a player's
        own game); without it the links just drop and the players keep coming back (a server that restarts
        on its state folder)."""
        self._closing = True
        for table in self.tables.values():
            if table.driver is not None:
                table.driver.cancel()
        if tell:
            bye = make("bye", code=TABLE_CLOSED.code, zh=TABLE_CLOSED.zh, en=TABLE_CLOSED.en)
            await asyncio.gather(*(conn.finish(bye, GOING_AWAY, TABLE_CLOSED.code) for conn in list(self._conns)
                                   if conn.table is not None), return_exceptions=True)
        if self._announcer is not None:
            await self._announcer.close()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    async def serve_forever(self) -> None:
        assert self._server is not None
        await self._server.serve_forever()

    # ----- one connection ------------------------------------------------------
    async def _serve(self, ws: ServerConnection) -> None:
        loop = asyncio.get_running_loop()
        c = self.config
        if len(self._conns) >= c.max_connections:
            await ws.close(BUSY, "the host is full")
            return
        now = loop.time()
        conn = Connection(ws, asyncio.Queue(c.outbox_limit), Bucket(c.rate, c.burst, now),
                          Bucket(c.phrase_rate, c.phrase_burst, now), Bucket(c.refusal_rate, c.max_refusals, now))
        self._conns.add(conn)
        writer = loop.create_task(conn.write())
        try:
            await self._greet(conn)
            await self._listen(conn)
        except Close as close:
            await conn.finish(make("bye", code=close.refusal.code, zh=close.refusal.zh, en=close.refusal.en),
                              close.code, close.refusal.code)
        except ConnectionClosed:
            pass
        except Exception:   # our bug: this link ends, the host and its tables go on
            log.exception("a connection failed")
            self.internal_errors += 1
        finally:
            conn.gone = True
            writer.cancel()
            self._conns.discard(conn)
            self._leave(conn)

    async def _greet(self, conn: Connection) -> None:
        try:
            raw = await asyncio.wait_for(conn.ws.recv(), self.config.hello_timeout)
        except TimeoutError:
            raise Close(Refusal("no_hello", "连接后没有及时打招呼", "no hello in time after connecting")) from None
        try:
            message = self._read(conn, raw)
        except Refusal as refusal:
            raise Close(refusal) from None
        if message.type != "hello":
            raise Close(Refusal("hello_first", "请先发 hello 加入一张桌子", "say hello first, to join a table"))
        self._join(conn, message.fields)

    def _join(self, conn: Connection, fields: dict[str, Any]) -> None:
        table = self.tables.get(fields["room"])
        if table is not None and self._closing:
            raise Close(TABLE_CLOSED, GOING_AWAY)
        if table is None:
            self._count_failure(conn)
            raise Close(Refusal("no_room", "没有这个房间号的桌子", "there is no table with this room code"))
        secret = fields.get("host_secret")
        admin = secret is not None and self.config.host_secret is not None and hmac.compare_digest(
            secret.encode("utf-8"), self.config.host_secret.encode("utf-8"))
        if secret is not None and not admin:
            self._count_failure(conn)
            raise Close(Refusal("bad_secret", "主机密码不对", "the host secret is wrong"))
        room = table.room
        try:
            joined = room.join(fields["name"], fields.get("token"), admin)
        except Refusal as refusal:
            if refusal.code == "bad_token":
                self._count_failure(conn)
            raise Close(refusal) from None
        old = table.conns.get(joined.seat)
        if old is not None:   # the same seat from a new connection: the old one is stale (half-open)
            old.table = None
            self._later(old.finish(make("bye", code=REPLACED.code, zh=REPLACED.zh, en=REPLACED.en), POLICY,
                                   REPLACED.code))
        conn.table, conn.seat = table, joined.seat
        table.conns[joined.seat] = conn
        room.present.add(joined.seat)
        room.empty_since = None
        self._save_room(table)
        conn.send(self._welcome(room, joined.seat, joined.token))
        self._tell_seats(table, {"seat": joined.seat, "what": "back" if joined.back else "joined"})
        if room.started:
            conn.send(self._start_message(room))
            for index in range(table.reported):   # the deals over before he came (a late comer, a restarted game)
                conn.send(self._deal_end(room, index))
            self._send_view(table, conn, ())
            if room.over:   # finished while he was away (the bots played it out): its record
                conn.send(self._match_end(room))
        elif self.config.autostart and room.people() >= self.config.autostart:
            self._start(table)
        table.changed.set()
        self._schedule_announce(table)

    def _later(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` on its own, keeping it referenced until it is done."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _count_failure(self, conn: Connection) -> None:
        """Wrong rooms, tokens and secrets: a guesser is slowed down per address."""
        address = str(conn.ws.remote_address[0]) if conn.ws.remote_address else "?"
        now = asyncio.get_running_loop().time()
        if len(self._hello_failures) > 1024:
            self._hello_failures.clear()
        bucket = self._hello_failures.setdefault(address, Bucket(1.0, 10.0, now))
        if not bucket.take(now):
            raise Close(Refusal("too_many_tries", "试错太多次了，请稍后再试", "too many wrong tries: wait a little"))

    async def _listen(self, conn: Connection) -> None:
        loop = asyncio.get_running_loop()
        c = self.config
        while True:
            try:
                raw = await asyncio.wait_for(conn.ws.recv(), c.idle_timeout)
            except TimeoutError:
                raise Close(Refusal("idle", "太久没有动静，连接已关闭", "nothing heard for too long: closed")) from None
            now = loop.time()
            if not conn.bucket.take(now):   # over the limit: dropped unread, told at most once a second
                warn = now - conn.warned_at >= 1.0
                conn.warned_at = now if warn else conn.warned_at
                self._refuse(conn, Refusal("too_fast", "消息发得太快了，请慢一点", "messages too fast: slow down"),
                             None, warn)
                continue
            message: ClientMessage | None = None
            try:
                message = self._read(conn, raw)
                await self._dispatch(conn, message)
            except Refusal as refusal:
                self._refuse(conn, refusal, message.seq if message is not None else None)
            except Close:
                raise
            except Exception:   # our bug, not the player's: keep serving, say so, and log it for us
                log.exception("a message could not be handled")
                self.internal_errors += 1
                self._refuse(conn, Refusal("internal", "主机出错了，这条消息没有处理",
                                           "the host failed to handle this message"), None)

    def _refuse(self, conn: Connection, refusal: Refusal, ref: int | None, warn: bool = True) -> None:
        conn.refusals += 1
        if not conn.strikes.take(asyncio.get_running_loop().time()):
            raise Close(Refusal("too_many_refusals", "被拒绝的消息太多，连接已关闭",
                                "too many refused messages: the connection is closed"))
        if warn:
            conn.send(refusal.message(ref))

    def _read(self, conn: Connection, raw: str | bytes) -> ClientMessage:
        message = read_client_message(raw, self.config.max_message)
        if message.seq <= conn.last_seq:
            raise Refusal("replayed", f"消息序号 {message.seq} 已经用过（重复或乱序的消息）",
                          f"message number {message.seq} was already used (a repeated or reordered message)")
        conn.last_seq = message.seq
        return message

    # ----- what a player asks ---------------------------------------------------------
    async def _dispatch(self, conn: Connection, message: ClientMessage) -> None:
        table, kind, fields = conn.table, message.type, message.fields
        if table is None:   # this seat was taken over by a newer link of the same player
            raise Close(REPLACED)
        room = table.room
        if kind == "ping":
            conn.send(make("pong"))
        elif kind == "hello":
            raise Refusal("already_joined", "你已经在这张桌子上了", "you have already joined this table")
        elif kind == "act":
            events = room.submit(conn.seat, fields["turn"], fields["action"], fields.get("cards"))
            await self._applied(table, events)
        elif kind == "say":
            self._say(conn, fields["phrase"])
        else:
            self._admin(conn, table, kind, fields)

    def _admin(self, conn: Connection, table: Table, kind: str, fields: dict[str, Any]) -> None:
        room = table.room
        if not room.is_admin(conn.seat):
            raise Refusal("not_host", "只有主机（用主机密码加入的人）能这样做",
                          "only the host (who joined with the host secret) can do this")
        if kind == "configure":
            room.configure(fields.get("rules"), fields.get("bots"), fields.get("deals"), fields.get("move_seconds"))
            self._save_room(table)
            self._tell_seats(table, {"what": "configured"})
        elif kind == "swap":
            self._swap(table, fields["a"], fields["b"])
        elif kind == "start":
            self._start(table)

    def _swap(self, table: Table, a: int, b: int) -> None:
        table.room.swap(a, b)
        moved = {b: table.conns.pop(a, None), a: table.conns.pop(b, None)}
        for seat, conn in moved.items():
            if conn is not None:
                conn.seat = seat
                table.conns[seat] = conn
                conn.send(self._welcome(table.room, seat, None))
        self._save_room(table)
        self._tell_seats(table, {"what": "swapped", "seats": [a, b]})

    def _say(self, conn: Connection, phrase_id: str) -> None:
        assert conn.table is not None
        if not conn.phrases.take(asyncio.get_running_loop().time()):
            raise Refusal("too_chatty", "快捷语发得太频繁了", "quick phrases too often: wait a little")
        said = phrase(phrase_id)
        assert said is not None   # the protocol let only known ids through
        conn.table.broadcast(make("said", seat=conn.seat, phrase=said.id, zh=said.zh, en=said.en))

    # ----- the match -------------------------------------------------------------------
    def _start(self, table: Table) -> None:
        room = table.room
        room.start()
        assert room.match is not None
        room.turn_began = asyncio.get_running_loop().time()
        self._save_room(table)
        self._save_match(table)
        self._tell_seats(table, {"what": "started"})
        table.broadcast(self._start_message(room))
        for conn in list(table.conns.values()):
            self._send_view(table, conn, room.match.events)   # the deal so far: dealing, 亮3, tribute
        self._drive(table)
        self._schedule_announce(table)

    def _drive(self, table: Table) -> None:
        if table.driver is None or table.driver.done():
            table.reported = len(table.room.match.results) if table.room.match is not None else 0
            table.driver = asyncio.get_running_loop().create_task(self._run_table(table))

    async def _run_table(self, table: Table) -> None:
        """Play the seats no person plays now, until the match is over."""
        room = table.room
        while not room.over and not self._closing:
            try:
                await self._next_step(table)
            except Exception:   # our bug: log it, and keep the table going rather than stall it
                log.exception("a table's driver failed")
                self.internal_errors += 1
                await asyncio.sleep(0.1)

    async def _next_step(self, table: Table) -> None:
        """Play one seat that no person plays now, or wait until something changes."""
        room, loop = table.room, asyncio.get_running_loop()
        reason, wake = room.who_plays(loop.time())
        if reason is None:
            table.changed.clear()
            timeout = None if wake is None else max(0.0, wake - loop.time())
            try:
                await asyncio.wait_for(table.changed.wait(), timeout)
            except TimeoutError:
                pass
            return
        turn = room.turn
        if self.config.bot_delay:
            await asyncio.sleep(self.config.bot_delay)
            if room.turn != turn or room.who_plays(loop.time())[0] is None:
                return   # the person acted, or came back, meanwhile
        await self._play_bot(table, reason)
        await asyncio.sleep(0)   # a table of bots must not keep the other tables waiting

    async def _play_bot(self, table: Table, reason: str) -> None:
        room = table.room
        assert room.match is not None
        seat, turn = room.match.current_seat, room.turn
        assert seat is not None
        if reason == TIMEOUT:
            self._tell_seats(table, {"seat": seat, "what": "timeout"})
        view = room.match.view(seat)
        if room.thinks(seat):   # the expert searches: off the loop (it reads only this view)
            action = await asyncio.to_thread(room.bot_action, seat, view)
        else:
            action = room.bot_action(seat, view)
        if room.turn == turn and not room.over:
            await self._applied(table, room.match.apply(action))

    async def _applied(self, table: Table, events: list[Event]) -> None:
        """An action was applied: keep it, then tell every player what his seat sees."""
        room = table.room
        assert room.match is not None
        await self._keep_match(table)   # before anyone hears of it: a restarted host never forgets a seen action
        room.turn_began = asyncio.get_running_loop().time()
        for conn in list(table.conns.values()):
            self._send_view(table, conn, events)
        results = room.match.results
        while table.reported < len(results):
            table.broadcast(self._deal_end(room, table.reported))
            table.reported += 1
        if room.over:
            table.broadcast(self._match_end(room))
        table.changed.set()

    def _send_view(self, table: Table, conn: Connection, events: list[Event] | tuple[Event, ...]) -> None:
        room = table.room
        assert room.match is not None
        view = room.match.view(conn.seat)
        keep, added = history_delta(conn.history, view.history)
        conn.history = view.history
        conn.send(make("view", turn=room.turn, view=view_to_wire(view), history_from=keep,
                       history=[event_to_wire(e) for e in added],
                       events=[event_to_wire(e) for e in events if e.visible_to(conn.seat)],
                       clock=self._clock(room)))

    def _clock(self, room: Room) -> dict[str, Any] | None:
        """The move timer of the seat to act, if it runs."""
        seat = room.match.current_seat if room.match is not None else None
        if not room.config.move_seconds or seat is None or seat not in room.present:
            return None
        left = room.turn_began + room.config.move_seconds - asyncio.get_running_loop().time()
        return {"seat": seat, "left": round(max(0.0, left), 1)}

    # ----- leaving -------------------------------------------------------------------------
    def _leave(self, conn: Connection) -> None:
        table = conn.table
        if table is None or table.conns.get(conn.seat) is not conn:
            return   # never joined, or replaced by a newer connection of the same seat
        del table.conns[conn.seat]
        table.room.present.discard(conn.seat)
        if not table.room.present:   # the last person left: bots finish the match after alone_grace
            table.room.empty_since = asyncio.get_running_loop().time()
        self._tell_seats(table, {"seat": conn.seat, "what": "left"})
        table.changed.set()   # his turn now: the bot takes over (托管)
        self._schedule_announce(table)

    # ----- messages ----------------------------------------------------------------------------
    def _welcome(self, room: Room, seat: int, token: str | None) -> dict[str, Any]:
        holder = room.holders[seat]
        message = make("welcome", room=room.code, seat=seat, admin=room.is_admin(seat), title=room.config.title,
                       app=version(), since=holder.since if holder is not None else 0)
        if token is not None:
            message["token"] = token
        return message

    def _tell_seats(self, table: Table, change: dict[str, Any]) -> None:
        room = table.room
        shown = room.shown_names()
        seats = [{"seat": s, "person": h is not None, "name": h.name if h else None, "present": s in room.present,
                  "admin": bool(h and h.admin), "shown": list(shown[s])} for s, h in enumerate(room.holders)]
        config = {**asdict(room.config), "autostart": self.config.autostart}   # the lobby says when it starts
        table.broadcast(make("seats", seats=seats, config=config, started=room.started, change=change))

    @staticmethod
    def _deal_end(room: Room, index: int) -> dict[str, Any]:
        """A deal's end, with the record through it (the player keeps the deal even if he leaves)."""
        message = make("deal_end", **room.deal_result(index))
        record = room.deal_record(index)
        if record is not None:
            message["record"] = record
        return message

    @staticmethod
    def _match_end(room: Room) -> dict[str, Any]:
        assert room.match is not None
        return make("match_end", totals=list(room.match.totals), record=room.record())

    @staticmethod
    def _start_message(room: Room) -> dict[str, Any]:
        assert room.match is not None
        return make("start", rules=room.match.rules.to_dict())

    # ----- keeping and announcing ----------------------------------------------------------
    def _save_room(self, table: Table) -> None:
        if table.files is not None:
            self._report(table.files.save_room(table.room))

    def _save_match(self, table: Table) -> None:
        if table.files is not None:
            self._report(table.files.save_match(table.room))

    async def _keep_match(self, table: Table) -> None:
        """Save the match after an action: written in a worker thread (a disk's fsync takes milliseconds
        that the other tables need), one write of a table after the other."""
        files, match = table.files, table.room.match
        if files is None or match is None:
            return
        async with table.writing:
            while table.saved < len(match.actions):   # another action may come while the worker writes
                count, text = len(match.actions), dump(match)   # taken on the loop, written off it
                self._report(await asyncio.to_thread(files.write_match, text))
                table.saved = count

    def _report(self, problem: str | None, failed: str = "could not keep a table") -> None:
        if problem:
            log.warning("%s: %s", failed, problem)
            if len(self.problems) < 100:
                self.problems.append(problem)

    def _schedule_announce(self, table: Table) -> None:
        if self._announcer is not None:
            self._later(self._announce(table))

    async def _announce(self, table: Table) -> None:
        assert self._announcer is not None
        if self._closing:   # the announcer is closed: a leaving link's last announce has nowhere to go
            return
        room = table.room
        try:
            await self._announcer.publish(room.code, room.config.title or room.code, room.free_seats())
        except Exception as exc:   # discovery is a convenience: a LAN without multicast still plays by address
            self._report(f"discovery: {type(exc).__name__}: {str(exc)[:100]}", "could not announce a table on the LAN")


__all__ = ["Host", "HostConfig", "Table", "Connection"]
