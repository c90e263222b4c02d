"""A friend who arrives after the start takes a seat a bot was playing, from the next action on."""

from __future__ import annotations

import asyncio

from gouji.net.client import TableClient
from gouji.net.loopback import Players, play_to_the_end, running_host, table_of, url_of
from gouji.ui.model.board import Board


def test_a_late_comer_takes_a_bots_seat_plays_it_out_and_keeps_only_his_deals(tmp_path):
    async def scenario() -> tuple[TableClient, TableClient]:
        async with running_host() as host:
            room, players = await table_of(host, 2, deals=2, seed=11)
            first = players.clients[0]
            playing = asyncio.create_task(play_to_the_end(players, timeout=60))
            await first.wait_until(lambda: len(first.results) >= 1, 60)   # the first deal is over
            late = TableClient(url_of(host), room.code, "Late")
            await late.connect()
            assert late.seat == 2 and 0 < late.since <= room.turn   # the match goes on meanwhile
            assert room.holders[2] is not None and room.holders[2].name == "Late"
            reader = asyncio.create_task(late.run())
            await late.wait_until(lambda: late.view is not None, 5)
            # the deals over before he came come before his first view: the table shows a deal's result once it has
            # one per deal (a late comer froze at his first deal's end, holding the whole table)
            assert [r["deal"] for r in late.results] == [0] and late.results[0]["places"] == first.results[0]["places"]
            # the table scene draws his cards from the events he has seen: the deal so far comes with his first view
            shown = Board.fold(late.stream, late.seat).hand
            assert sorted(shown) == sorted(late.view.hand_cards) and shown
            await first.wait_until(lambda: any(n.get("what") == "joined" and n.get("seat") == 2
                                               for n in first.notices), 5)
            reader.cancel()
            await asyncio.gather(reader, return_exceptions=True)
            both = Players([late])
            await asyncio.gather(playing, play_to_the_end(both, timeout=60))
            await both.close()
            await players.close()
            return first, late
    first, late = asyncio.run(scenario())
    assert late.over and late.totals == first.totals
    assert [r["deal"] for r in late.results] == [0, 1] == [r["deal"] for r in first.results]
    assert late.since > late.record.ends[0]          # he sat down after the first deal's end
    history, problem = late.record.write_history(tmp_path / "h.sqlite3", late.seat, "normal", since=late.since)
    assert problem is None
    deals = history.deals()
    assert [d.index for d in deals] == [1] and deals[0].human == late.seat   # the first deal was a bot's
