"""A game closed or crashed mid-match takes its own seat back: the seat tokens kept on disk."""

from __future__ import annotations

import asyncio
import json
import time

import pytest

from gouji.net.loopback import running_host, table_of, url_of
from gouji.store.seat_tokens import FRESH_FOR, KEEP, keep_seat_token, seat_token, tokens_path
from gouji.ui.scenes.net_session import join


def test_a_kept_token_is_found_by_address_and_code_and_forgotten_on_none(tmp_path):
    path = tmp_path / "t.json"
    keep_seat_token("ws://10.0.0.5:47777", "K7M2Q", "tok-1", path)
    assert seat_token("ws://10.0.0.5:47777", "k7m2q", path) == "tok-1"   # codes are typed in either case
    assert seat_token("ws://10.0.0.6:47777", "K7M2Q", path) is None
    keep_seat_token("ws://10.0.0.5:47777", "K7M2Q", None, path)
    assert seat_token("ws://10.0.0.5:47777", "K7M2Q", path) is None


def test_only_the_newest_tables_are_kept_and_old_ones_expire(tmp_path):
    path = tmp_path / "t.json"
    for i in range(KEEP + 4):
        keep_seat_token("ws://h:1", f"ROOM{i}", f"tok{i}", path)
    kept = json.loads(path.read_text())
    assert len(kept) == KEEP and seat_token("ws://h:1", "ROOM0", path) is None
    assert seat_token("ws://h:1", f"ROOM{KEEP + 3}", path) == f"tok{KEEP + 3}"
    stale = {"ws://h:1 OLD": ["tok", time.time() - FRESH_FOR - 60]}
    path.write_text(json.dumps(stale))
    assert seat_token("ws://h:1", "OLD", path) is None


@pytest.mark.parametrize("text", ["", "{", "[1, 2]", '{"ws://h:1 R": "tok"}', '{"ws://h:1 R": [5, 1.0]}',
                                  '{"ws://h:1 R": ["tok", true]}', '{"ws://h:1 R": ["' + "x" * 500 + '", 1.0]}',
                                  '{"ws://h:1 R": ["tok", 1e300]}', b"\xff\xfe{}"])
def test_a_damaged_file_is_read_as_empty_and_rewritten_whole(tmp_path, text):
    path = tmp_path / "t.json"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    assert seat_token("ws://h:1", "R", path) is None
    keep_seat_token("ws://h:1", "S", "tok", path)
    assert seat_token("ws://h:1", "S", path) == "tok"


def test_a_file_that_cannot_be_written_costs_nothing_but_the_memory(tmp_path):
    path = tmp_path / "t.json"
    path.mkdir()   # a folder where the file should be: every read and write fails
    keep_seat_token("ws://h:1", "R", "tok", path)   # no exception
    assert seat_token("ws://h:1", "R", path) is None


def test_a_restarted_game_joins_its_own_seat_again_and_a_new_table_seats_it_anew(home):
    async def scenario() -> tuple[int | None, int | None, int | None]:
        async with running_host() as host:
            room, players = await table_of(host, 1, deals=2, seed=5)
            url = url_of(host)
            first = await asyncio.to_thread(join, url, room.code, "小明")
            seat = first.seat
            await asyncio.to_thread(first.close)          # the game is closed (or crashed) mid-match
            again = await asyncio.to_thread(join, url, room.code, "小明")
            back = again.seat
            assert again.token is not None and seat_token(url, room.code) == again.token
            await asyncio.to_thread(again.close)
            other = host.open_table(room.config)         # a kept token that is not this table's
            keep_seat_token(url, other.code, "not-a-token-of-this-table")
            fresh = await asyncio.to_thread(join, url, other.code, "小明")
            new_seat, new_token = fresh.seat, fresh.token
            await asyncio.to_thread(fresh.close)
            await players.close()
            assert new_token is not None and seat_token(url, other.code) == new_token
            return seat, back, new_seat
    seat, back, new_seat = asyncio.run(scenario())
    assert back == seat          # the same seat, by its token (not by the name)
    assert new_seat is not None
    assert tokens_path().parent == home / "data"
