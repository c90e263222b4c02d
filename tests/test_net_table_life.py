"""A shared table's life beyond one match: every seat has one name, the host's,
at every end; a table where every person is away waits ``alone_grace``, then
its bots play the match out (a player who comes back finds it finished, with
its record); a host that closes tells every player so, in words."""

from __future__ import annotations

import asyncio

from gouji.net.client import TableClient
from gouji.net.host import HostConfig
from gouji.net.loopback import SECRET, Players, running_host, table_of, url_of
from gouji.net.room import BOT_NAMES, Room
from gouji.ui.i18n import t


def test_the_bots_names_are_the_offline_tables_names_from_the_hosts_chair():
    assert [BOT_NAMES[k] for k in range(1, 6)] == [(t(f"name_{k}", "zh"), t(f"name_{k}", "en")) for k in range(1, 6)]
    room = Room("K7M2Q")
    room.join("房主", admin=True)
    room.join("朋友")
    room.swap(0, 3)   # the host now sits at seat 3: the bots are named from there
    names = room.shown_names()
    assert names[3] == ("房主", "房主") and names[1] == ("朋友", "朋友")
    assert names[4] == BOT_NAMES[1] and names[2] == BOT_NAMES[5] and names[0] == BOT_NAMES[3]


def test_every_player_gets_the_same_name_for_every_seat():
    async def scenario():
        async with running_host(HostConfig(host_secret=SECRET)) as host:
            _, players = await table_of(host, 3, deals=1, seed=4)
            a, b, c = players.clients
            await c.wait_until(lambda: len(c.seats) == 6 and all(s.get("shown") for s in c.seats), 5)
            shown = [[tuple(s["shown"]) for s in client.seats] for client in (a, b, c)]
            assert shown[0] == shown[1] == shown[2]
            assert shown[0][:3] == [("p0", "p0"), ("p1", "p1"), ("p2", "p2")] and shown[0][3] == BOT_NAMES[3]
            await players.close()
    asyncio.run(scenario())


def test_a_table_everyone_left_is_played_out_by_its_bots_after_the_grace():
    async def scenario():
        config = HostConfig(host_secret=SECRET, alone_grace=0.4)
        async with running_host(config) as host:
            room, players = await table_of(host, 2, deals=1, seed=9)
            a, b = players.clients
            token, seat = b.token, b.seat
            for client in (a, b):
                client.drop()
            await asyncio.sleep(0.2)
            assert not room.present and not room.over
            turn = room.turn
            await asyncio.sleep(0.1)
            assert room.turn == turn            # within the grace: the table waits for its people
            for _ in range(200):
                if room.over:
                    break
                await asyncio.sleep(0.05)
            assert room.over                    # then the bots finish it
            back = TableClient(url_of(host), room.code, "b", token=token)
            await back.connect()
            readers = Players([back])
            await back.wait_until(lambda: back.over, 5)
            assert back.seat == seat and back.record is not None and back.record.replay().is_over
            await readers.close()
            await players.close()
    asyncio.run(scenario())


def test_a_host_that_closes_tells_every_player_in_words():
    async def scenario():
        async with running_host(HostConfig(host_secret=SECRET)) as host:
            _, players = await table_of(host, 2, deals=1, seed=3)
            await host.close(tell=True)
            for client in players.clients:
                await client.wait_until(lambda c=client: c.closed is not None, 5)
                assert (client.closed.code, client.closed.zh, client.closed.en) == \
                    ("table_closed", "房主关闭了这张桌子", "the host closed the table")
            await asyncio.wait_for(asyncio.gather(*players.readers), 5)   # no coming back to a closed table
            await players.close()
    asyncio.run(scenario())
