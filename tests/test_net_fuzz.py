"""Protocol fuzzing against a running host: random bytes, random JSON,
messages of the right shape with wrong fields, other versions, huge frames —
before and after joining. Each is refused in words (or the link is closed),
the host never fails on one, and afterwards it still serves a whole match."""

from __future__ import annotations

import asyncio
import json
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from gouji.net.host import FRAME_LIMIT, Host, HostConfig
from gouji.net.loopback import SECRET, play_to_the_end, table_of
from gouji.net.protocol import CLIENT_TYPES, MAX_CLIENT_MESSAGE, PROTOCOL_VERSION
from gouji.net.room import RoomConfig

pytestmark = pytest.mark.slow
FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class HostThread:
    """A host on its own loop in a thread, as a real one runs beside the players."""

    def __init__(self, config: HostConfig) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.host = self.run(self._start(config))
        self.started = self.seat_at_a_started_table()

    async def _start(self, config: HostConfig) -> Host:
        host = Host(config)
        self.lobby = host.open_table(RoomConfig(deals=1), seed=1)
        await host.start()
        return host

    def seat_at_a_started_table(self) -> tuple[str, str]:
        """A seat at a long match under way (its bots play slowly): the room code and the seat's token."""
        room = self.run(self._open(RoomConfig(deals=99)))
        with connect(self.url, proxy=None, open_timeout=5) as ws:
            ws.send(json.dumps({"v": 1, "type": "hello", "seq": 1, "room": room, "name": "host",
                                "host_secret": SECRET}))
            token = json.loads(ws.recv(timeout=5))["token"]
            ws.send(json.dumps({"v": 1, "type": "start", "seq": 2}))
            while json.loads(ws.recv(timeout=5))["type"] != "view":
                pass
        return room, token

    async def _open(self, config: RoomConfig) -> str:
        return self.host.open_table(config, seed=2).code

    def run(self, work, timeout: float = 60):
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(timeout)

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.host.port}"

    def stop(self) -> None:
        self.run(self.host.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


@pytest.fixture(scope="module")
def served():
    host = HostThread(HostConfig(host_secret=SECRET, rate=1e6, burst=1e6, max_refusals=10 ** 9,
                                 hello_timeout=2, idle_timeout=5, bot_delay=0.05))
    yield host
    assert host.host.internal_errors == 0   # nothing reached a bug of ours
    host.stop()


def replies(ws, until: str = "", wait: float = 2.0) -> list[dict]:
    """What the host answers until it closes the link, sends ``until``, or goes quiet."""
    found: list[dict] = []
    try:
        while not found or found[-1]["type"] != until:
            found.append(json.loads(ws.recv(timeout=wait)))
            wait = 0.05 if not until else wait
    except (TimeoutError, ConnectionClosed):
        pass
    return found


def worded(message: dict) -> bool:
    return bool(message.get("zh")) and bool(message.get("en")) and message["type"] in ("error", "bye")


json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                       max_size=4),
                           max_leaves=20)
garbage = st.one_of(st.binary(max_size=300), st.text(max_size=300), json_values.map(json.dumps),
                    st.builds(lambda v, t: json.dumps({"v": v, "type": t, "seq": 1}), json_values,
                              st.sampled_from(sorted(CLIENT_TYPES))))


@FUZZ
@given(payload=garbage)
def test_garbage_instead_of_a_hello_is_refused_in_words(served, payload):
    with connect(served.url, proxy=None, open_timeout=5) as ws:
        ws.send(payload)
        answer = replies(ws)
    assert answer and all(worded(m) for m in answer)
    assert answer[-1]["type"] == "bye"


def shaped(kind: str, fields: dict, seq) -> str:
    message = {"v": PROTOCOL_VERSION, "type": kind, **fields}
    if seq is not None:
        message["seq"] = seq
    return json.dumps(message)


field_values = st.one_of(json_values, st.integers(-3, 300), st.sampled_from(["pass", "play 3", "play KK", "noburn",
                                                                              "declare", "return 5", "hurry"]))
messages = st.builds(shaped, st.sampled_from(sorted(CLIENT_TYPES)),
                     st.dictionaries(st.sampled_from(["turn", "action", "cards", "phrase", "a", "b", "rules", "bots",
                                                      "deals", "room", "name", "seat", "x"]), field_values,
                                     max_size=4),
                     st.one_of(st.none(), st.just("next"), json_values))
# messages that pass the checks of shape, to reach the checks of the table: seat, turn, rules, host rights
plausible = {"turn": st.integers(0, 400), "cards": st.lists(st.integers(0, 215), max_size=5),
             "action": st.sampled_from(["pass", "noburn", "rang", "declare", "nodeclare", "revolt", "play 3",
                                        "play 33", "play KK", "play 2", "burn AAA", "return 5", "yaotou"]),
             "phrase": st.sampled_from(["hurry", "nice", "thanks", "gouji"]), "a": st.integers(0, 5),
             "b": st.integers(0, 5), "rules": st.sampled_from(["basic", "qingdao"]),
             "bots": st.sampled_from(["easy", "random"]), "deals": st.integers(1, 9),
             "move_seconds": st.integers(0, 30), "room": st.just("K7M2Q"), "name": st.just("again"),
             "token": st.just("x" * 20), "host_secret": st.just("guess")}
well_shaped = st.sampled_from(sorted(CLIENT_TYPES)).flatmap(
    lambda kind: st.fixed_dictionaries({}, optional={name: plausible[name] for name in CLIENT_TYPES[kind]}).map(
        lambda fields: shaped(kind, fields, "next")))


@FUZZ
@given(started=st.booleans(), payloads=st.lists(st.one_of(well_shaped, well_shaped, messages, garbage), min_size=1,
                                                 max_size=6))
def test_a_seated_player_sending_nonsense_is_answered_and_still_served(served, started, payloads):
    """In the lobby, or at a match under way (where his actions meet the real checks of seat, turn and rules)."""
    with connect(served.url, proxy=None, open_timeout=5) as ws:
        room, token = served.started if started else (served.lobby.code, None)
        hello = {"v": PROTOCOL_VERSION, "type": "hello", "seq": 1, "room": room, "name": "fuzz"}
        ws.send(json.dumps({**hello, "token": token} if token else hello))
        assert json.loads(ws.recv(timeout=5))["type"] == "welcome"
        seq = 1
        for payload in payloads:
            if '"seq": "next"' in str(payload):
                seq += 1
                payload = payload.replace('"seq": "next"', f'"seq": {seq}')
            ws.send(payload)
        ws.send(json.dumps({"v": PROTOCOL_VERSION, "type": "ping", "seq": 2 ** 53}))
        answer = replies(ws, until="pong")
    assert answer and answer[-1]["type"] == "pong", answer[-3:]   # still there, and still listening
    assert all(worded(m) for m in answer if m["type"] in ("error", "bye"))


def test_big_frames_are_refused_and_huge_ones_close_only_their_link(served):
    with connect(served.url, proxy=None, open_timeout=5) as ws:
        ws.send(json.dumps({"v": 1, "type": "hello", "seq": 1, "room": served.lobby.code, "name": "big"}))
        ws.recv(timeout=5)
        ws.send(json.dumps({"v": 1, "type": "ping", "seq": 2, "pad": "x" * MAX_CLIENT_MESSAGE}))
        ws.send(json.dumps({"v": 1, "type": "ping", "seq": 3}))
        answer = [m for m in replies(ws, until="pong") if m["type"] != "seats"]
        assert [m["type"] for m in answer] == ["error", "pong"] and answer[0]["code"] == "too_big"
        ws.send("x" * (FRAME_LIMIT + 1))
        with pytest.raises(ConnectionClosed) as info:
            ws.recv(timeout=5)
        assert info.value.rcvd.code == 1009   # too big to read at all: closed by websockets itself


def test_after_all_that_the_host_still_plays_a_whole_match(served):
    async def match() -> tuple[tuple[int, int] | None, tuple[int, int]]:
        room, players = await table_of(served.host, 6, deals=1, seed=8)   # people only: the bots here are slow
        try:
            await play_to_the_end(players, timeout=30)
            return players.clients[0].totals, room.match.totals
        finally:
            await players.close()
    seen, real = served.run(match())
    assert seen == real
