"""Leaving and coming back: a player whose link dies mid-deal has his seat
played by a bot at once (托管) and the table is told; he takes it back with
his seat token — and only with it."""

from __future__ import annotations

import asyncio

import pytest

from gouji.engine.events import NOBURN, PASS, PLAY
from gouji.net.botclient import play_seat
from gouji.net.client import TableClient
from gouji.net.host import HostConfig
from gouji.net.loopback import SECRET, Players, play_to_the_end, running_host, table_of, url_of
from gouji.net.protocol import Refusal

ACTED = (PLAY, PASS, NOBURN)


@pytest.mark.slow
def test_a_dropped_player_is_replaced_by_a_bot_and_takes_his_seat_back():
    async def scenario():
        async with running_host(HostConfig(host_secret=SECRET, bot_delay=0.003)) as host:
            room, players = await table_of(host, 3, deals=2, seed=21)
            a, b, lost = players.clients
            tasks = [asyncio.create_task(play_seat(c, seed=i)) for i, c in enumerate(players.clients)]
            await a.wait_until(lambda: a.turn >= 40, 20)
            seat, token = lost.seat, lost.token
            tasks[2].cancel()
            lost.drop()                                      # as a crash or a pulled cable would
            await a.wait_until(lambda: {"seat": seat, "what": "left"} in a.notices, 5)
            assert {"seat": seat, "what": "left"} in b.notices
            gone_at = len(room.match.events)
            await a.wait_until(lambda: any(e.seat == seat and e.kind in ACTED for e in room.match.events[gone_at:]),
                               10)                           # 托管: the host's bot played his seat
            assert seat not in room.present and not room.over
            back = TableClient(url_of(host), room.code, "back again", token=token)
            await back.connect()
            rejoined_at = room.turn
            readers = Players([back])
            assert back.seat == seat and back.token == token
            await a.wait_until(lambda: {"seat": seat, "what": "back"} in a.notices, 5)
            await back.wait_until(lambda: back.view is not None, 5)
            assert back.view == room.match.view(seat) or back.turn < room.turn   # the whole view, at once
            tasks[2] = asyncio.create_task(play_seat(back, seed=2))
            async with asyncio.timeout(30):
                await asyncio.gather(*tasks)
            assert rejoined_at < len(room.match.actions) - 20      # he came back mid-match, and played on
            for client in (a, b, back):
                await client.wait_until(lambda c=client: c.over, 5)
                assert client.totals == room.match.totals
                assert client.view == room.match.view(client.seat)
                assert client.record.replay().actions == room.match.actions
            assert host.internal_errors == 0
            await players.close()
            await readers.close()
    asyncio.run(scenario())


def test_only_a_true_token_takes_a_seat_back():
    async def scenario():
        async with running_host() as host:
            room, players = await table_of(host, 2, deals=1, seed=3)
            other, other_players = await table_of(host, 1, deals=1, seed=4)
            token = players.clients[1].token
            for room_code, given in ((room.code, "made-up-token"), (other.code, token)):
                with pytest.raises(Refusal) as info:
                    await TableClient(url_of(host), room_code, "thief", token=given).connect()
                assert info.value.code == "bad_token"
            twin = TableClient(url_of(host), room.code, "twin", token=token)
            await twin.connect()                   # the same seat from elsewhere: the newer link wins
            old = players.clients[1]
            await old.wait_until(lambda: old.closed is not None, 5)
            assert old.closed.code == "replaced" and twin.seat == old.seat
            await play_to_the_end(Players([players.clients[0], twin]), timeout=30)
            await players.close()
            await other_players.close()
    asyncio.run(scenario())
