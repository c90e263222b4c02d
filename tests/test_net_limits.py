"""The host's limits, one by one over loopback: no acting for another seat or
out of turn, no replays, floods slowed then cut off, idle and silent links
closed, a player who stops reading dropped, host rights, quick phrases
(relayed, rate-limited, muted at the player's end) and the move timer."""

from __future__ import annotations

import asyncio
import json
from typing import Any
from unittest import mock

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from gouji.net.client import TableClient
from gouji.net.host import Connection, HostConfig
from gouji.net.loopback import SECRET, running_host, sit, table_of, url_of
from gouji.net.ratelimit import Bucket
from gouji.net.room import RoomConfig


class Raw:
    """A bare connection that sends exactly what it is told."""

    def __init__(self, ws) -> None:
        self.ws, self.seq = ws, 0

    async def send(self, kind: str, seq: int | None = None, **fields: Any) -> None:
        self.seq = self.seq + 1 if seq is None else seq
        await self.ws.send(json.dumps({"v": 1, "type": kind, "seq": self.seq, **fields}))

    async def next(self, kind: str, timeout: float = 5.0) -> dict:
        async with asyncio.timeout(timeout):
            while True:
                message = json.loads(await self.ws.recv())
                if message["type"] == kind:
                    return message


async def raw_seat(host, room, name: str = "raw", **hello: Any) -> Raw:
    ws = await connect(url_of(host), proxy=None)
    raw = Raw(ws)
    await raw.send("hello", room=room.code, name=name, **hello)
    await raw.next("welcome")
    return raw


def run(scenario) -> None:
    asyncio.run(scenario())


def test_no_action_for_another_seat_out_of_turn_or_twice():
    async def scenario():
        async with running_host(HostConfig(host_secret=SECRET, bot_delay=0.2)) as host:
            room, players = await table_of(host, 6, deals=1, seed=12)
            mover = next(c for c in players.clients if c.my_turn)
            other = next(c for c in players.clients if c is not mover)
            legal = mover.view.legal_actions[0]
            await other.act(legal)                              # not his turn: the mover's action, refused
            await other.wait_until(lambda: other.errors, 5)
            assert other.errors[-1].code == "not_your_turn" and room.turn == 0
            await mover._send("act", turn=0, action=legal, seat=other.seat)   # no way to name another seat
            await mover.wait_until(lambda: mover.errors, 5)
            assert mover.errors[-1].code == "unknown_field"
            await mover.act("play 2222222222")
            await mover.wait_until(lambda: len(mover.errors) == 2, 5)
            assert mover.errors[-1].code == "illegal" and mover.errors[-1].zh and room.turn == 0
            await mover.act(legal)
            await mover.act(legal)                              # sent twice: applied once
            await mover.wait_until(lambda: len(mover.errors) == 3, 5)
            assert mover.errors[-1].code in ("stale", "not_your_turn") and room.turn == 1
            mover._seq -= 1                                     # the same message number again: a replay
            await mover._send("ping")
            await mover.wait_until(lambda: len(mover.errors) == 4, 5)
            assert mover.errors[-1].code == "replayed"
            await players.close()
    run(scenario)


@pytest.mark.slow
def test_a_flood_is_slowed_then_cut_off():
    async def scenario():
        config = HostConfig(host_secret=SECRET, rate=5, burst=5, max_refusals=30)
        async with running_host(config) as host:
            room = host.open_table(RoomConfig())
            raw = await raw_seat(host, room)
            for _ in range(100):
                try:
                    await raw.send("ping")
                except ConnectionClosed:
                    break
            answers: list[dict] = []
            try:
                async with asyncio.timeout(5):
                    async for text in raw.ws:
                        answers.append(json.loads(text))
            except ConnectionClosed:
                pass
            kinds = [a["type"] for a in answers]
            assert 1 <= kinds.count("pong") <= 15               # the burst, and what the rate let through
            assert [a for a in answers if a.get("code") == "too_fast"][0]["en"]
            assert answers[-1]["type"] == "bye" and answers[-1]["code"] == "too_many_refusals"
            assert kinds.count("error") <= 5                    # told at most once a second, not per message
            assert raw.ws.close_code == 1008
            fresh = await raw_seat(host, room, "fresh")         # the host itself is fine
            await fresh.send("ping")
            await fresh.next("pong")
            await fresh.ws.close()
    run(scenario)


@pytest.mark.slow
def test_silent_and_idle_links_are_closed():
    async def scenario():
        async with running_host(HostConfig(host_secret=SECRET, hello_timeout=0.3, idle_timeout=0.6)) as host:
            room = host.open_table(RoomConfig())
            async with connect(url_of(host), proxy=None) as mute:   # connects, never says hello
                bye = Raw(mute)
                assert (await bye.next("bye"))["code"] == "no_hello"
            idle = await raw_seat(host, room)                       # joins, then says nothing
            assert (await idle.next("bye", 3))["code"] == "idle"
            talker = TableClient(url_of(host), room.code, "talker", ping_every=0.1)
            await talker.connect()                                  # the client's pings keep it open
            readers = asyncio.create_task(talker.run())
            await asyncio.sleep(1.0)
            assert talker.closed is None and room.present == {talker.seat}
            await talker.close()
            await readers
    run(scenario)


def test_a_player_who_does_not_read_is_dropped_not_buffered():
    ws = mock.Mock()
    conn = Connection(ws, asyncio.Queue(3), Bucket(1, 1, 0), Bucket(1, 1, 0), Bucket(1, 1, 0))
    for n in range(3):
        conn.send({"n": n})
    assert not conn.gone and conn.queue.qsize() == 3
    conn.send({"n": 3})
    assert conn.gone and conn.queue.qsize() == 3
    ws.transport.abort.assert_called_once()
    conn.send({"n": 4})                                         # nothing more is queued for him
    assert conn.queue.qsize() == 3


def test_only_the_host_configures_swaps_and_starts():
    async def scenario():
        async with running_host() as host:
            room = host.open_table(RoomConfig())
            players = await sit(host, room, 2)
            boss, guest = players.clients
            for ask in (guest.start(), guest.swap(0, 1), guest.configure(bots="easy")):
                await ask
            await guest.wait_until(lambda: len(guest.errors) == 3, 5)
            assert {e.code for e in guest.errors} == {"not_host"} and not room.started
            await boss.configure(rules="basic", bots="easy", deals=2, move_seconds=30)
            await boss.swap(1, 3)
            await guest.wait_until(lambda: guest.seat == 3 and guest.config.get("bots") == "easy", 5)
            assert room.config == RoomConfig("basic", 2, "easy", 30) and room.holders[3].name == "p1"
            await boss.start()
            await guest.wait_until(lambda: guest.view is not None, 5)
            assert guest.rules.series_length == 2 and guest.view.seat == 3
            await players.close()
    run(scenario)


def test_quick_phrases_are_relayed_rate_limited_and_muted_at_will():
    async def scenario():
        async with running_host() as host:
            room = host.open_table(RoomConfig())
            players = await sit(host, room, 3)
            talker, friend, quiet = players.clients
            quiet.mute(talker.seat)
            for phrase in ("hurry", "nice", "gouji", "thanks"):   # the burst is three
                await talker.say(phrase)
            await friend.wait_until(lambda: len(friend.said) == 3, 5)
            await talker.wait_until(lambda: talker.errors, 5)
            assert friend.said == [(talker.seat, "hurry"), (talker.seat, "nice"), (talker.seat, "gouji")]
            assert talker.errors[-1].code == "too_chatty"
            await friend.say("sorry")
            await quiet.wait_until(lambda: quiet.said, 5)
            assert quiet.said == [(friend.seat, "sorry")]          # the muted seat's phrases never show
            await players.close()
    run(scenario)


@pytest.mark.slow
def test_the_move_timer_plays_for_a_player_who_does_not_act():
    async def scenario():
        async with running_host(HostConfig(host_secret=SECRET)) as host:
            room = host.open_table(RoomConfig(deals=1, move_seconds=1), seed=4)
            players = await sit(host, room, 6)              # nobody will act
            first = players.clients[0]
            await first.start()
            await first.wait_until(lambda: first.view is not None, 5)
            seat = room.match.current_seat
            assert first.clock["seat"] == seat and 0 < first.clock["left"] <= 1.0
            await first.wait_until(lambda: {"seat": seat, "what": "timeout"} in first.notices, 3)
            await first.wait_until(lambda: first.turn == 1, 3)
            assert room.turn == 1                            # one move, played for him, and the clock runs on
            await players.close()
    run(scenario)
